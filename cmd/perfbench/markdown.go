package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/paired"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/workloads"
)

// The Markdown reports (--format markdown) are for a pull request's job
// summary or comment: a reader takes in the verdict at a glance, then only
// what failed or moved, and can unfold the full table. They use the same
// columns as the terminal tables.

// markdownIcon marks a verdict so it reads at a glance in a rendered
// report.
func markdownIcon(v band.Verdict) string {
	switch v {
	case band.Pass:
		return "✅"
	case band.Fail:
		return "❌"
	case band.Broken:
		return "💥"
	case band.Unbaselined:
		return "⚪"
	case band.Unsure:
		return "❔"
	}
	return "➖"
}

// markdownCell escapes a table cell: a pipe would end the cell and a line
// break the row.
func markdownCell(s string) string {
	if s == "" {
		return "—"
	}
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// markdownRow writes one table row.
func markdownRow(b *strings.Builder, cells ...string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + markdownCell(c) + " |")
	}
	b.WriteString("\n")
}

// markdownTable writes a header, its separator and the rows.
func markdownTable(b *strings.Builder, header []string, rows [][]string) {
	markdownRow(b, header...)
	b.WriteString("|" + strings.Repeat(" --- |", len(header)) + "\n")
	for _, r := range rows {
		markdownRow(b, r...)
	}
}

// markdownDetails writes a collapsed section.
func markdownDetails(b *strings.Builder, summary string, body func(*strings.Builder)) {
	fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n", summary)
	body(b)
	b.WriteString("\n</details>\n")
}

// markdownMove says whether a judged number moved, and by how much: a
// baselined time whose 95% interval lies wholly on one side of its
// baseline, at least ratchet.MinDrop away from it (the ratio to the
// baseline); a count that passes off its bound (below its ceiling, above
// its floor: the bound can be tightened). A
// number that failed or broke is reported as that, not as a move.
func markdownMove(n band.Judged) (string, bool) {
	if n.BandVerdict.Failed() {
		return "", false
	}
	switch n.Band.Kind {
	case band.KindTime:
		if !n.Band.Baselined() {
			return "", false
		}
		ratio := n.Median / n.Band.Baseline
		outside := n.Lo > n.Band.Baseline || n.Hi < n.Band.Baseline
		if outside && math.Abs(ratio-1) >= ratchet.MinDrop {
			return markdownRatio(n), true
		}
	case band.KindCount:
		if n.Median != n.Band.Ceiling {
			return markdownCountGap(n), true
		}
	}
	return "", false
}

// markdownCountGap says how far a count lies from its bound, in the words
// of its direction: "3 below the ceiling 957", "2 above the floor 10",
// "1 off the exact 240".
func markdownCountGap(n band.Judged) string {
	bound := n.Band.Ceiling
	side := "below"
	if n.Median > bound {
		side = "above"
	}
	what := "the " + string(n.Band.Direction())
	if n.Band.Direction() == band.Exactly {
		side, what = "off", "the exact value"
	}
	return fmt.Sprintf("%s %s %s %s", band.Format(math.Abs(n.Median-bound)), side, what, band.Format(bound))
}

// markdownRatio prints a time against its baseline: "1.52× 0.601".
func markdownRatio(n band.Judged) string {
	if n.Band.Kind != band.KindTime || !n.Band.Baselined() || n.BandVerdict == band.Broken {
		return ""
	}
	return fmt.Sprintf("%s× baseline %s", band.Format(n.Median/n.Band.Baseline), band.Format(n.Band.Baseline))
}

// writeMarkdownOutcome writes the Markdown report of scenarios or perf:
// the verdict and a tally, the numbers that failed, broke or moved (value,
// interval, band, ratio to the baseline), the baselines perf moved, and
// the full table, collapsed.
func writeMarkdownOutcome(w io.Writer, command string, o ratchet.Outcome) error {
	var b strings.Builder
	tally := map[band.Verdict]int{}
	total := 0
	var rows [][]string
	moved := 0
	for _, sc := range o.Scenarios {
		if sc.Broken != "" || len(sc.Numbers) == 0 {
			// One row for the scenario: every number of it broke for the
			// same reason.
			tally[band.Broken] += max(len(sc.Numbers), 1)
			total += max(len(sc.Numbers), 1)
			rows = append(rows, []string{markdownIcon(band.Broken) + " broken", sc.Name, "all", "—", "—", "—", sc.Broken})
			continue
		}
		for _, n := range sc.Numbers {
			tally[n.BandVerdict]++
			total++
			value, ci := "—", "—"
			if n.BandVerdict != band.Broken {
				value = band.Format(n.Median) + " " + n.Unit
				if n.Band.Kind == band.KindTime {
					ci = ratchet.Spread(n)
				}
			}
			switch how, ok := markdownMove(n); {
			case n.BandVerdict.Failed():
				note := markdownRatio(n)
				switch {
				case n.Reason != "":
					note = n.Reason
				case n.Band.Kind == band.KindCount:
					note = markdownCountGap(n)
				}
				rows = append(rows, []string{markdownIcon(n.BandVerdict) + " " + n.BandVerdict.String(), sc.Name, n.Name, value, ci, n.Band.String(), note})
			case ok:
				moved++
				rows = append(rows, []string{"↕ moved", sc.Name, n.Name, value, ci, n.Band.String(), how})
			}
		}
	}
	fmt.Fprintf(&b, "## %s perfbench %s: %s\n\n", markdownIcon(o.Verdict), command, o.Verdict)
	var parts []string
	for _, v := range []band.Verdict{band.Fail, band.Broken, band.Unbaselined, band.Pass} {
		if tally[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", tally[v], v))
		}
	}
	if moved > 0 {
		parts = append(parts, fmt.Sprintf("%d moved", moved))
	}
	fmt.Fprintf(&b, "%s — %d numbers in %d scenarios on `%s`.\n", strings.Join(parts, ", "), total, len(o.Scenarios), o.Machine)

	if len(rows) == 0 {
		b.WriteString("\nNothing failed, broke or moved.\n")
	} else {
		b.WriteString("\n### Failed, broken or moved\n\n")
		markdownTable(&b, []string{"verdict", "scenario", "number", "value", "95% CI", "band", "vs baseline / why"}, rows)
	}
	if len(o.Moves) > 0 {
		b.WriteString("\n### Baselines moved\n\n")
		for _, m := range o.Moves {
			fmt.Fprintf(&b, "- %s\n", markdownCell(m.String()))
		}
	}
	markdownDetails(&b, fmt.Sprintf("All %d numbers", total), func(b *strings.Builder) {
		markdownTable(b, ratchet.Columns, o.Rows())
	})
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMarkdownWorkloads writes the Markdown report of workloads: the
// verdict and a tally, the criteria that failed or broke and the workloads
// measured twice, and every criterion, collapsed.
func writeMarkdownWorkloads(w io.Writer, results []workloads.Result) error {
	var b strings.Builder
	verdicts := make([]band.Verdict, len(results))
	tally := map[band.Verdict]int{}
	var rows, all [][]string
	criteria := 0
	for i, r := range results {
		verdicts[i] = r.Verdict
		for _, c := range r.Criteria {
			criteria++
			tally[c.Verdict]++
			word := c.Verdict.String()
			if c.Verdict == band.None {
				word = "reported"
			}
			all = append(all, []string{r.Workload, word, c.Name, c.ValueString(), c.Limit.String(), c.Detail})
			if c.Verdict.Failed() {
				rows = append(rows, []string{markdownIcon(c.Verdict) + " " + c.Verdict.String(), r.Workload, c.Name, c.ValueString(), c.Limit.String(), c.Detail})
			}
		}
		if r.Remeasured && !r.Verdict.Failed() {
			var first []string
			for _, c := range r.First {
				first = append(first, c.Name+" at "+c.ValueString())
			}
			rows = append(rows, []string{"↕ remeasured", r.Workload, "—", "—", "—",
				"first measurement failed (" + strings.Join(first, "; ") + "); the second stands"})
		}
	}
	verdict := band.Worst(verdicts...)
	if len(results) == 0 {
		verdict = band.Broken
	}
	fmt.Fprintf(&b, "## %s perfbench workloads: %s\n\n", markdownIcon(verdict), verdict)
	var parts []string
	for _, v := range []band.Verdict{band.Fail, band.Broken, band.Pass, band.None} {
		if tally[v] > 0 {
			word := v.String()
			if v == band.None {
				word = "reported"
			}
			parts = append(parts, fmt.Sprintf("%d %s", tally[v], word))
		}
	}
	fmt.Fprintf(&b, "%s — %d criteria in %d workloads, each a slope or a same-run ratio.\n", strings.Join(parts, ", "), criteria, len(results))
	if len(rows) == 0 {
		b.WriteString("\nNothing failed, broke or was measured twice.\n")
	} else {
		b.WriteString("\n### Failed, broken or measured twice\n\n")
		markdownTable(&b, []string{"verdict", "workload", "criterion", "value", "limit", "detail"}, rows)
	}
	markdownDetails(&b, fmt.Sprintf("All %d criteria", criteria), func(b *strings.Builder) {
		markdownTable(b, []string{"workload", "verdict", "criterion", "value", "limit", "detail"}, all)
	})
	_, err := io.WriteString(w, b.String())
	return err
}

// checkFormat checks a --format of table or markdown against --json.
func checkFormat(format string, asJSON bool) error {
	switch {
	case format != "table" && format != "markdown":
		return usagef("--format %q: want table or markdown", format)
	case format != "table" && asJSON:
		return usagef("--json and --format %s are two different outputs; pick one", format)
	}
	return nil
}

// writeMarkdownPaired writes the Markdown report of a paired run
// (scenarios --base): the verdict and a tally, the numbers that were
// unsure (first), failed, broke, improved, stayed within the tolerance or
// otherwise moved (head, base, the head/base ratio and its interval, what
// moved and what the run could see), and every number, collapsed.
func writeMarkdownPaired(w io.Writer, base string, o paired.Outcome) error {
	var b strings.Builder
	tally := map[band.Verdict]int{}
	moved := map[string]int{}
	var rows, all [][]string
	for _, n := range o.Numbers {
		tally[n.Verdict]++
		row := []string{n.Scenario, n.Name, pairedValue(n.Head), pairedValue(n.Base), n.Unit, pairedRatio(n)}
		all = append(all, append(slices.Clone(row), pairedVerdict(n.Verdict), join(n.Note, n.Sees())))
	}
	for _, n := range pairedListed(o) {
		_, h := n.Heading()
		label := "↕ " + h
		switch h {
		case "unsure":
			label = markdownIcon(band.Unsure) + " unsure"
		case "failed":
			label = markdownIcon(n.Verdict) + " " + n.Verdict.String()
		default:
			moved[h]++
		}
		rows = append(rows, []string{label, n.Scenario, n.Name, pairedValue(n.Head), pairedValue(n.Base), n.Unit, pairedRatio(n), join(n.Note, n.Sees())})
	}
	for _, br := range o.Broken {
		rows = append(rows, []string{markdownIcon(band.Broken) + " broken", "—", "—", "—", "—", "—", "—", br})
	}
	fmt.Fprintf(&b, "## %s perfbench scenarios --base %s: %s\n\n", markdownIcon(o.Verdict), markdownCell(base), o.Verdict)
	var parts []string
	for _, v := range []band.Verdict{band.Unsure, band.Fail, band.Broken, band.Pass} {
		if tally[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", tally[v], v))
		}
	}
	for _, h := range []string{"improved", "within tolerance", "changed"} {
		if moved[h] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", moved[h], h))
		}
	}
	if len(o.Broken) > 0 {
		parts = append(parts, fmt.Sprintf("%d broken scenarios", len(o.Broken)))
	}
	fmt.Fprintf(&b, "%s — head (this build) against base (%s), run in alternate processes; %s.\n",
		strings.Join(parts, ", "), markdownCell(base), o.Rule())
	if len(rows) == 0 {
		b.WriteString("\nNothing was unsure, failed, broke or moved.\n")
	} else {
		b.WriteString("\n### Unsure, failed, broken or moved\n\n")
		markdownTable(&b, []string{"verdict", "scenario", "number", "head", "base", "unit", "head/base [interval]", "what moved"}, rows)
	}
	markdownDetails(&b, fmt.Sprintf("All %d numbers", len(o.Numbers)), func(b *strings.Builder) {
		markdownTable(b, []string{"scenario", "number", "head", "base", "unit", "head/base [interval]", "verdict", "what moved"}, all)
	})
	_, err := io.WriteString(w, b.String())
	return err
}
