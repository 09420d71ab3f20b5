package ratchet

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/perfbench/perfbench/band"
)

// WriteReport prints the outcome as the CLI shows it: the machine, one row
// per number (this run's median with its interval, the limit, both
// verdicts), the baselines that moved, the files written, and the overall
// verdict.
func (o Outcome) WriteReport(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "machine: %s\n\n", o.Machine)
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\tnumber\tvalue\tband\tbudget\tband verdict\tbudget verdict\tnote")
	for _, sc := range o.Scenarios {
		if len(sc.Numbers) == 0 {
			fmt.Fprintf(tw, "%s\t—\t—\t—\t—\t%s\t—\t%s\n", sc.Name, sc.Verdict, sc.Broken)
			continue
		}
		for _, n := range sc.Numbers {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", sc.Name, n.Name, value(n), n.Band, n.Budget,
				verdict(n.BandVerdict), verdict(n.BudgetVerdict), note(sc, n))
		}
	}
	tw.Flush()
	// tabwriter pads the last column too; a report line has no trailing
	// blanks.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	b.Reset()
	b.WriteString(strings.Join(lines, "\n"))
	if len(o.Moves) > 0 {
		b.WriteString("\n")
	}
	for _, m := range o.Moves {
		switch m.Kind {
		case Recorded:
			fmt.Fprintf(&b, "baseline recorded: %s/%s %s %s\n", m.Scenario, m.Number, band.Format(m.To), m.Unit)
		default:
			fmt.Fprintf(&b, "baseline %s: %s/%s %s → %s %s: %s\n", m.Kind, m.Scenario, m.Number,
				band.Format(m.From), band.Format(m.To), m.Unit, m.Why)
		}
	}
	b.WriteString("\n")
	if o.BaselinesWritten {
		b.WriteString("baselines file updated\n")
	}
	if o.DocsWritten {
		b.WriteString("docs updated\n")
	}
	fmt.Fprintf(&b, "verdict: %s\n", o.Verdict)
	_, err := io.WriteString(w, b.String())
	return err
}

func value(n band.Judged) string {
	switch {
	case n.BandVerdict == band.Broken:
		return "—"
	case n.Band.Kind == band.KindCount:
		return band.Format(n.Median) + " " + n.Unit
	}
	return fmt.Sprintf("%s %s [%s, %s] n=%d", band.Format(n.Median), n.Unit, band.Format(n.Lo), band.Format(n.Hi), n.N)
}

func note(sc ScenarioOutcome, n band.Judged) string {
	var notes []string
	if n.Reason != "" {
		// A broken scenario's reason may quote lines of its stderr.
		notes = append(notes, strings.Join(strings.Fields(n.Reason), " "))
	}
	if sc.Rebaselined && n.Band.Kind == band.KindTime {
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
