// Package markdown writes an outcome as a pull request's comment: a
// headline, the failures and their where-tables first, the rest folded.
// Its cells are the terminal's (package terminal), escaped for a table.
package markdown

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

// The Markdown reports (--format markdown) are for a pull request's job
// summary or comment: a reader takes in the verdict at a glance, then only
// what failed or moved, and can unfold the full table. They use the same
// columns as the terminal tables.

// Icon marks a verdict so it reads at a glance in a rendered
// report.
func Icon(v band.Verdict) string {
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

// writeRow writes one table row.
func writeRow(b *strings.Builder, cells ...string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + terminal.Cell(c) + " |")
	}
	b.WriteString("\n")
}

// MarkdownTable writes a Header, its separator and the rows.
func MarkdownTable(b *strings.Builder, Header []string, rows [][]string) {
	writeRow(b, Header...)
	b.WriteString("|" + strings.Repeat(" --- |", len(Header)) + "\n")
	for _, r := range rows {
		writeRow(b, r...)
	}
}

// MarkdownDetails writes a collapsed section.
func MarkdownDetails(b *strings.Builder, summary string, body func(*strings.Builder)) {
	fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n", summary)
	body(b)
	b.WriteString("\n</details>\n")
}

// movedBy says how a judged number moved beyond its noise (band's
// Judged.Moved), against its baseline.
func movedBy(n outcome.Number) (string, bool) {
	if _, ok := n.Moved(); !ok {
		return "", false
	}
	return vsBaseline(n), true
}

// countGap says how far a count lies from its bound, in the words
// of its direction: "3 below the ceiling 957", "2 above the floor 10",
// "1 off the exact 240"; ok is false for a number with no bound.
func countGap(n outcome.Number) (string, bool) {
	if _, ok := n.Band.Past(n.Median); !ok {
		return "", false
	}
	bound := n.Band.Ceiling
	side := "below"
	if n.Median > bound {
		side = "above"
	}
	what := "the " + string(n.Band.Direction())
	if n.Band.Direction() == band.Exactly {
		side, what = "off", "the exact value"
	}
	return fmt.Sprintf("%s %s %s %s", band.Format(math.Abs(n.Median-bound)), side, what, band.Format(bound)), true
}

// vsBaseline prints a time against its baseline: "1.52× 0.601".
func vsBaseline(n outcome.Number) string {
	ratio, ok := n.VsBaseline()
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s× baseline %s", band.Format(ratio), band.Format(n.Band.Baseline))
}

// WriteJudged writes the Markdown report of scenarios or perf:
// the verdict and a tally, the numbers that failed, broke or moved (value,
// interval, band, ratio to the baseline), the baselines perf moved, and
// the full table, collapsed.
func WriteJudged(w io.Writer, program, command string, o outcome.Outcome) error {
	var b strings.Builder
	t := markdownTallies(o)
	// What failed or broke is what a reviewer must act on: it leads, and
	// what merely moved follows, folded, each in scenario order.
	fmt.Fprintf(&b, "## %s %s %s: %s\n\n", Icon(o.Verdict), program, command, o.Verdict)
	var parts []string
	for _, v := range []band.Verdict{band.Fail, band.Broken, band.Unbaselined, band.Pass} {
		if t.tally[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", t.tally[v], v))
		}
	}
	if len(t.moved) > 0 {
		parts = append(parts, fmt.Sprintf("%d moved", len(t.moved)))
	}
	fmt.Fprintf(&b, "%s — %s in %s on `%s`.\n", strings.Join(parts, ", "), terminal.Plural(t.total, "number"), terminal.Plural(len(o.Scenarios), "scenario"), o.Machine)
	b.WriteString(t.kinds.line())

	switch {
	case len(t.failed) == 0 && len(t.moved) == 0:
		b.WriteString("\nNothing failed, broke or moved.\n")
	case len(t.failed) > 0:
		b.WriteString("\n### Failed or broken\n\n")
		MarkdownTable(&b, []string{"verdict", "number (unit)", "value", "95% CI", "band", "vs baseline, and what to do"}, t.failed)
		writeWhereFailed(&b, o)
	}
	if len(t.moved) > 0 {
		MarkdownDetails(&b, fmt.Sprintf("%d moved beyond their noise, within their bands", len(t.moved)), func(b *strings.Builder) {
			MarkdownTable(b, []string{"number (unit)", "value", "95% CI", "band", "vs baseline"}, t.moved)
		})
	}
	if len(o.Moves) > 0 {
		b.WriteString("\n### Baselines moved\n\n")
		for _, m := range o.Moves {
			fmt.Fprintf(&b, "- %s\n", terminal.Cell(m.String()))
		}
	}
	MarkdownDetails(&b, fmt.Sprintf("All %s", terminal.Plural(t.total, "number")), func(b *strings.Builder) {
		MarkdownTable(b, terminal.Columns, terminal.Rows(o))
	})
	_, err := io.WriteString(w, b.String())
	return err
}

// outcomeTallies are what the Markdown report of a judged run counts
// before it writes: the numbers by verdict and by kind, and the rows of
// those that failed or broke and of those that moved.
type outcomeTallies struct {
	tally         map[band.Verdict]int
	total         int
	failed, moved [][]string
	kinds         kindTallies
}

func markdownTallies(o outcome.Outcome) outcomeTallies {
	t := outcomeTallies{tally: map[band.Verdict]int{}, kinds: kindTallies{}}
	for _, sc := range o.Scenarios {
		if sc.Broken != "" || len(sc.Numbers) == 0 {
			// One row for the scenario: every number of it broke for the
			// same reason.
			t.tally[band.Broken] += max(len(sc.Numbers), 1)
			t.total += max(len(sc.Numbers), 1)
			t.failed = append(t.failed, []string{Icon(band.Broken) + " broken", sc.Name + " (all)", "—", "—", "—", sc.Broken})
			continue
		}
		for _, n := range sc.Numbers {
			t.tally[n.BandVerdict]++
			t.total++
			how, isMoved := movedBy(n)
			t.kinds.add(n.Band.Kind, n.BandVerdict, isMoved)
			value, ci := "—", "—"
			if n.BandVerdict != band.Broken {
				value = band.Format(n.Median)
				if _, _, ok := n.Interval(); ok {
					ci = terminal.Spread(n)
				}
			}
			switch {
			case n.BandVerdict.Failed():
				note := vsBaseline(n)
				if gap, ok := countGap(n); ok {
					note = gap
				}
				if n.Reason != "" {
					note = n.Reason
				}
				note = terminal.Join(note, strings.Join(terminal.WhatToDo(n), " "))
				t.failed = append(t.failed, []string{Icon(n.BandVerdict) + " " + n.BandVerdict.String(), sc.Name + " " + n.Name + " (" + n.Unit + ")", value, ci, n.Band.String(), note})
			case isMoved:
				t.moved = append(t.moved, []string{sc.Name + " " + n.Name + " (" + n.Unit + ")", value, ci, n.Band.String(), how})
			}
		}
	}
	return t
}

// WritePaired writes the Markdown report of a paired run
// (scenarios --base), to be read in ten seconds: the verdict, then one
// sentence in plain words naming what moved and by how much, then the
// failures, compact; the unsure and the moved folded, each group's
// explanation said once in its summary; the rule; every number, folded.
// A value cell is a bare number: its unit is in the number's cell, once.
func WritePaired(w io.Writer, program, command, head, base string, o outcome.Outcome) error {
	var b strings.Builder
	kinds := kindTallies{}
	var all [][]string
	for _, n := range o.Numbers() {
		_, h := n.Heading()
		// add counts a failed or unsure number as such before it looks at
		// moved, so any heading is a move here.
		kinds.add(n.Band.Kind, n.Verdict, h != "")
		headValue, baseValue := n.Sides()
		all = append(all, []string{numberCell(n), terminal.PairedNumber(headValue), terminal.PairedNumber(baseValue), terminal.PairedRatio(n, true), terminal.PairedVerdict(n.Verdict), terminal.Join(n.Note, n.Sees())})
	}
	groups := pairedGroups(o)
	// The revision ratchet runs the same pairs against its reference
	// (base names it); anything else paired is scenarios --base.
	run := "scenarios --base " + terminal.Cell(base)
	if command == "reference" {
		run = "reference: head against " + terminal.Cell(base)
	}
	icon := Icon(o.Verdict)
	if ok, _ := o.NoChange(); ok {
		icon = Icon(band.Pass)
	}
	fmt.Fprintf(&b, "## %s %s %s: %s\n\n", icon, program, run, o.Headline())
	if head == "" {
		head = "this build"
	}
	fmt.Fprintf(&b, "%s\n\nHead: %s. Base: %s.\n", headline(o, groups["failed"]), terminal.Cell(head), terminal.Cell(base))

	if len(groups["failed"]) > 0 || len(o.Broken()) > 0 {
		b.WriteString("\n### Failed\n\n")
		var rows [][]string
		for _, n := range groups["failed"] {
			headValue, baseValue := n.Sides()
			rows = append(rows, []string{Icon(n.Verdict), numberCell(n), terminal.PairedNumber(headValue), terminal.PairedNumber(baseValue), terminal.PairedRatio(n, false), n.Note})
		}
		for _, br := range o.Broken() {
			rows = append(rows, []string{Icon(band.Broken), "—", "—", "—", "—", br})
		}
		MarkdownTable(&b, []string{"verdict", "number (unit)", "head", "base", "head/base", "what moved"}, rows)
		writeWhereFailed(&b, o)
	}
	for _, g := range []struct{ heading, summary string }{
		{"unsure", "%d unsure: the interval straddles the tolerance, so this run cannot tell; it does not fail the run"},
		{"improved", "%d improved"},
		{"within tolerance", "%d moved within the tolerance: load noise, not a change"},
		{"changed", "%d changed"},
	} {
		ns := groups[g.heading]
		if len(ns) == 0 {
			continue
		}
		MarkdownDetails(&b, fmt.Sprintf(g.summary, len(ns)), func(b *strings.Builder) {
			var rows [][]string
			for _, n := range ns {
				headValue, baseValue := n.Sides()
				rows = append(rows, []string{numberCell(n), terminal.PairedNumber(headValue), terminal.PairedNumber(baseValue), terminal.PairedRatio(n, true), shortNote(n)})
			}
			MarkdownTable(b, []string{"number (unit)", "head", "base", "head/base [interval]", "note"}, rows)
		})
	}
	b.WriteString(kinds.line())
	fmt.Fprintf(&b, "\nHow it was judged: %s\n", o.Rule())
	MarkdownDetails(&b, fmt.Sprintf("All %s", terminal.Plural(len(o.Numbers()), "number")), func(b *strings.Builder) {
		MarkdownTable(b, []string{"number (unit)", "head", "base", "head/base [interval]", "verdict", "what moved"}, all)
	})
	_, err := io.WriteString(w, b.String())
	return err
}

// pairedGroups are the listed numbers by their heading.
func pairedGroups(o outcome.Outcome) map[string][]outcome.Number {
	groups := map[string][]outcome.Number{}
	for _, n := range terminal.PairedListed(o) {
		_, h := n.Heading()
		groups[h] = append(groups[h], n)
	}
	return groups
}

// numberCell names a number with its unit, once: "hover-storm frame
// (µs/frame)".
func numberCell(n outcome.Number) string {
	return n.Scenario + " " + n.Name + " (" + n.Unit + ")"
}

// shortNote is what a folded row says beyond its group's summary: what
// the run could see, without repeating the interval beside it.
func shortNote(n outcome.Number) string {
	if n.Verdict == band.Unsure {
		return n.Sees()
	}
	return terminal.Join(n.Note, n.Sees())
}

// headline is the report's first sentence, in plain words: what moved
// and by how much, the failures first.
func headline(o outcome.Outcome, failed []outcome.Number) string {
	if len(o.Broken()) > 0 && len(failed) == 0 {
		return fmt.Sprintf("This run could not judge %s: it broke (below).", terminal.Plural(len(o.Broken()), "scenario"))
	}
	if len(failed) == 0 {
		if ok, unsure := o.NoChange(); ok {
			if unsure > 0 {
				return fmt.Sprintf("No change found: every count is the same, instructions are within their tolerance and no time is measurably slower; %s could not tell (folded below).", terminal.Plural(unsure, "time"))
			}
			return "No change: every count is the same, instructions are within their tolerance and no time is measurably slower."
		}
		var said []string
		for _, g := range []struct{ heading, words string }{{"unsure", "unsure"}, {"improved", "improved"}, {"within tolerance", "moved within the tolerance"}, {"changed", "changed"}} {
			if n := len(pairedGroups(o)[g.heading]); n > 0 {
				said = append(said, fmt.Sprintf("%d %s", n, g.words))
			}
		}
		return "Nothing failed; " + andList(said) + " (folded below)."
	}
	var what []string
	for i, n := range failed {
		if i == 3 {
			what = append(what, fmt.Sprintf("%d more (below)", len(failed)-3))
			break
		}
		what = append(what, moveWords(n)+mostIn(o, n))
	}
	return "This change makes " + andList(what) + "."
}

// mostIn says where most of a failed number's move is, when one row of
// its where-table made at least half of it: ", most of it in
// `window.(*Window).hover` (100%)"; "" where no row did or none was made.
func mostIn(o outcome.Outcome, n outcome.Number) string {
	for _, wh := range o.Where {
		if wh.Scenario != n.Scenario || wh.Number != n.Name || len(wh.Rows) == 0 {
			continue
		}
		if top := wh.Rows[0]; top.Share >= 0.5 {
			return fmt.Sprintf(", most of it in `%s` (%.0f%%)", top.Function, top.Share*100)
		}
	}
	return ""
}

// moveWords says how one failed number moved: "hover-storm do 0.35% more
// work (instructions 8366 → 8395)", "hover-storm frame 35% slower",
// "hover-storm restyles rise from 2 to 3".
func moveWords(n outcome.Number) string {
	headValue, baseValue := n.Sides()
	words, worse := n.Band.Kind.Worse(n.Name, headValue, baseValue, n.Ratio.Value)
	switch {
	case worse:
		return n.Scenario + " " + words
	case headValue > baseValue:
		return fmt.Sprintf("%s %s rise from %s to %s", n.Scenario, n.Name, band.Format(baseValue), band.Format(headValue))
	case headValue < baseValue:
		return fmt.Sprintf("%s %s fall from %s to %s", n.Scenario, n.Name, band.Format(baseValue), band.Format(headValue))
	}
	return fmt.Sprintf("%s %s fail: %s", n.Scenario, n.Name, n.Note)
}

// andList joins "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// kindTallies counts, for each kind of number a reader weighs apart, how
// many failed, were unsure or moved, so that the report says before any
// table whether exact work (instructions, counts) changed or only a time.
type kindTallies map[string]*kindTally

type kindTally struct{ numbers, failed, unsure, unbaselined, moved int }

// kindOrder is the order the kinds are told in: the exact ones first,
// since they move only when the work does.
var kindOrder = []string{"Instructions", "Counts", "Times"}

// kindName is the kind's title; a number with no kind (a band never
// declared) is told with the counts.
func kindName(k band.Kind) string {
	if t := k.Title(); t != "" {
		return t
	}
	return "Counts"
}

func (t kindTallies) add(k band.Kind, v band.Verdict, moved bool) {
	name := kindName(k)
	if t[name] == nil {
		t[name] = &kindTally{}
	}
	c := t[name]
	c.numbers++
	switch {
	case v.Failed():
		c.failed++
	case v == band.Unsure:
		c.unsure++
	case v == band.Unbaselined:
		c.unbaselined++
	case moved:
		c.moved++
	}
}

// line is one line of the kinds present, "" when there are none:
// "Instructions: 1 failed. Counts: held. Times: held, 2 moved."
func (t kindTallies) line() string {
	var parts []string
	for _, name := range kindOrder {
		c := t[name]
		if c == nil {
			continue
		}
		var said []string
		for _, p := range []struct {
			n    int
			word string
		}{{c.failed, "failed"}, {c.unsure, "unsure"}, {c.unbaselined, "unbaselined"}, {c.moved, "moved"}} {
			if p.n > 0 {
				said = append(said, fmt.Sprintf("%d %s", p.n, p.word))
			}
		}
		// Held: judged against a bound or baseline and nothing failed
		// or was unsure; a kind with no baseline yet has held nothing.
		if c.failed == 0 && c.unsure == 0 && c.unbaselined < c.numbers {
			said = append([]string{"held"}, said...)
		}
		parts = append(parts, fmt.Sprintf("**%s**: %s.", name, strings.Join(said, ", ")))
	}
	if len(parts) == 0 {
		return ""
	}
	return "\n" + strings.Join(parts, " ") + "\n"
}

// WriteWhere adds to a Markdown report a compact where-table for
// each number the outcome explains that failed is false for, and where
// its profiles are: those of failed numbers are under the failures
// already (writeWhereFailed).
func WriteWhere(w io.Writer, o outcome.Outcome) error {
	var b strings.Builder
	writeWhereTables(&b, o, "Where the other moves are", func(wh outcome.Where) bool { return !whereFailed(o, wh) })
	_, err := io.WriteString(w, b.String())
	return err
}

// writeWhereFailed writes, under a Markdown report's failures, the
// where-table of each failed number: where the reader of the comment
// reads next.
func writeWhereFailed(b *strings.Builder, o outcome.Outcome) {
	writeWhereTables(b, o, "Where", func(wh outcome.Where) bool { return whereFailed(o, wh) })
}

// whereFailed reports whether wh explains a number that failed.
func whereFailed(o outcome.Outcome, wh outcome.Where) bool {
	for _, n := range o.Numbers() {
		if n.Scenario == wh.Scenario && n.Name == wh.Number {
			if o.Against == outcome.Base {
				return n.Verdict.Failed()
			}
			return n.BandVerdict.Failed()
		}
	}
	return false
}

// writeWhereTables writes, under heading, the three top rows of each
// where-table pick picks.
func writeWhereTables(b *strings.Builder, o outcome.Outcome, heading string, pick func(outcome.Where) bool) {
	first := true
	for _, wh := range o.Where {
		if !pick(wh) {
			continue
		}
		if first {
			fmt.Fprintf(b, "\n### %s\n", heading)
			first = false
		}
		fmt.Fprintf(b, "\n**%s**\n\n", terminal.Cell(terminal.WhereHeading(wh)))
		if len(wh.Rows) == 0 {
			b.WriteString("No " + terminal.RowKind(wh) + "'s own count moved.\n")
			continue
		}
		var rows [][]string
		shown := wh.Rows[:min(whereMarkdownRows, len(wh.Rows))]
		for _, r := range shown {
			rows = append(rows, []string{"`" + terminal.RowName(wh, r) + "`", terminal.Signed(r.Self), terminal.Signed(r.Cum), terminal.Share(r.Share)})
		}
		MarkdownTable(b, []string{terminal.RowKind(wh), "self Δ", "cum Δ", "share"}, rows)
		fmt.Fprintf(b, "\n%s: %s of the change.", strings.ToUpper(terminal.RowsWord(len(shown))[:1])+terminal.RowsWord(len(shown))[1:], terminal.Share(wh.Covered(len(shown))))
		if c := terminal.PprofCommand(wh); c != "" {
			fmt.Fprintf(b, " Full profiles: `%s`.", c)
		}
		if wh.FlameGraph != "" {
			fmt.Fprintf(b, " Flame graph: `%s`.", wh.FlameGraph)
		}
		b.WriteString("\n")
	}
}

// whereMarkdownRows: a pull request's comment shows three rows of a
// where-table a number and stays short; the profiles hold the rest.
const whereMarkdownRows = 3
