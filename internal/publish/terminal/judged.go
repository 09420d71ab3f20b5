package terminal

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// Columns are the columns of every per-number table perfbench prints, in
// order: the terminal tables of `perfbench scenarios` and `perfbench perf`
// and the full table of their Markdown reports. One list, so a reader who
// learnt one table has learnt them all.
var Columns = []string{"scenario", "number", "value", "unit", "95% CI", "band", "band verdict", "budget", "budget verdict", "note"}

// Rows returns one row per judged number, cells in [Columns] order: the
// value (a time's median of this run, a count's value; "—" when broken),
// its unit, a time's 95% interval and sample count, the band, both
// verdicts, the budget and a note (why broken, remeasured, rebaselined,
// straddling, warnings). A scenario with no numbers is one row saying why.
func Rows(o outcome.Outcome) [][]string {
	var rows [][]string
	for _, sc := range o.Scenarios {
		if len(sc.Numbers) == 0 {
			rows = append(rows, []string{sc.Name, "—", "—", "—", "—", "—", sc.Verdict.String(), "—", "—", note(sc, outcome.Number{})})
			continue
		}
		for _, n := range sc.Numbers {
			value, ci := "—", "—"
			if n.BandVerdict != band.Broken {
				value = band.Format(n.Median)
				if _, _, ok := n.Interval(); ok {
					ci = Spread(n)
				}
			}
			rows = append(rows, []string{sc.Name, n.Name, value, n.Unit, ci, n.Band.String(),
				n.BandVerdict.Cell(), n.Budget.String(), n.BudgetVerdict.Cell(), note(sc, n)})
		}
	}
	return rows
}

// Spread prints a time's 95% interval and sample count, the number of
// processes when more than one, and the wall-clock median beside a time
// taken on the thread-CPU clock: "[60, 68.57] n=8",
// "[1.2, 1.3] n=75 in 5 processes, wall 0.55".
func Spread(n outcome.Number) string {
	s := fmt.Sprintf("[%s, %s] n=%d", band.Format(n.Lo), band.Format(n.Hi), n.N)
	if n.Processes > 1 {
		s += fmt.Sprintf(" in %d processes", n.Processes)
	}
	if n.Wall > 0 {
		s += ", wall " + band.Format(n.Wall)
	}
	return s
}

// advisory is the line naming the times over their limits that were
// judged as advice (Options.AdvisoryTimes) and so left out of the verdict;
// "" when there were none.
func advisory(o outcome.Outcome) string {
	var names []string
	for _, sc := range o.Scenarios {
		for _, n := range sc.Advisory {
			names = append(names, sc.Name+" "+n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("advisory: %d time(s) over their limits, reported and not judged (--advisory-times): %s\n", len(names), strings.Join(names, ", "))
}

// NotCounted is one line per scenario whose instructions the run did not
// measure, saying why; "" when every count finished.
func NotCounted(o outcome.Outcome) string {
	var b strings.Builder
	for _, sc := range o.Scenarios {
		if sc.NotCounted != "" {
			fmt.Fprintf(&b, "%s: instructions %s\n", sc.Name, strings.Join(strings.Fields(sc.NotCounted), " "))
		}
	}
	return b.String()
}

// WritePerf prints a recording or checking run's outcome as `perfbench
// perf` shows it: the
// table, the baselines that moved, the files written, then the closing
// summary of failures and the verdict in the word the exit status means —
// "docs out of date" when t.DocsStale (perf --check), which exits 1.
func WritePerf(w io.Writer, o outcome.Outcome, t Terminal) error {
	if t.Width <= 0 {
		t.Width = DefaultWidth
	}
	var b strings.Builder
	if err := WriteTable(&b, o, t); err != nil {
		return err
	}
	if len(o.Moves) > 0 {
		b.WriteString("\n")
	}
	for _, m := range o.Moves {
		b.WriteString(m.String() + "\n")
	}
	var files []string
	if o.BaselinesWritten {
		files = append(files, "baselines file updated")
	}
	if o.HistoryWritten {
		files = append(files, "history updated")
	}
	if o.DocsWritten {
		files = append(files, "docs updated")
	}
	if len(o.ChartsWritten) > 0 {
		names := make([]string, len(o.ChartsWritten))
		for i, c := range o.ChartsWritten {
			names[i] = filepath.Base(c)
		}
		files = append(files, "charts updated: "+strings.Join(names, ", "))
	}
	files = append(files, o.Recovered...)
	if o.Withheld != "" {
		files = append(files, "nothing written: "+o.Withheld)
	}
	if len(files) > 0 {
		b.WriteString("\n" + strings.Join(files, "\n") + "\n")
	}
	writeSummary(&b, o, t)
	fmt.Fprintf(&b, "verdict: %s\n", t.verdictLine(o))
	_, err := io.WriteString(w, b.String())
	return err
}

// note says why a number is broken, whether it was rebaselined or
// measured twice, and what the statistics warned of.
func note(sc outcome.Scenario, n outcome.Number) string {
	var notes []string
	switch {
	case n.Reason != "":
		// A broken scenario's reason may quote lines of its stderr.
		notes = append(notes, strings.Join(strings.Fields(n.Reason), " "))
	case sc.Broken != "" && len(sc.Numbers) == 0:
		notes = append(notes, strings.Join(strings.Fields(sc.Broken), " "))
	}
	if n.Rebaselined {
		notes = append(notes, "rebaselined")
	}
	if sc.Remeasured {
		notes = append(notes, "remeasured in a fresh process")
	}
	if n.Straddles {
		notes = append(notes, "interval straddles the limit")
	}
	notes = append(notes, n.Warnings...)
	return strings.Join(notes, "; ")
}
