package terminal

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// whereTerminalRows: the terminal shows five rows of a where-table a
// number (the Markdown comment three, JSON every row the outcome keeps).
const whereTerminalRows = 5

// shortFunction cuts a function's import path to its last element, as
// Go code names it (scenario.spin, paint.(*Painter).emit); pprof's -top
// shows it whole.
func shortFunction(name string) string {
	slash := strings.LastIndex(name, "/")
	// A slash inside the receiver or a closure's name is not the path's.
	if paren := strings.Index(name, "("); paren >= 0 && paren < slash {
		slash = strings.LastIndex(name[:paren], "/")
	}
	return name[slash+1:]
}

// RowName is what a row shows of what it names: a function cut to its
// package's name, an element whole.
func RowName(w outcome.Where, r outcome.WhereRow) string {
	if w.Of != "element" {
		return shortFunction(r.Function)
	}
	if len(r.Labels) == 0 {
		return r.Function
	}
	ids := strings.Join(r.Labels, " ")
	if r.LabelCount > len(r.Labels) {
		return fmt.Sprintf("%s ×%d: %s …", r.Function, r.LabelCount, ids)
	}
	return r.Function + ": " + ids
}

// Signed formats a delta a step with its sign.
func Signed(v float64) string {
	s := band.Format(math.Abs(v))
	if v < 0 {
		return "−" + s
	}
	return "+" + s
}

// Share formats a share of the change in percent.
func Share(v float64) string { return strings.Replace(fmt.Sprintf("%.1f%%", v*100), "-", "−", 1) }

// WhereHeading says what a where-table explains.
func WhereHeading(w outcome.Where) string {
	rel := ""
	if w.Base > 0 {
		rel = fmt.Sprintf(" (%s%.2f%%)", map[bool]string{true: "+", false: "−"}[w.Change >= 0], math.Abs(w.Change)/w.Base*100)
	}
	return fmt.Sprintf("where %s %s moved: %s %s%s", w.Scenario, w.Number, Signed(w.Change), w.Unit, rel)
}

// RowKind names what a where-table's rows are.
func RowKind(w outcome.Where) string {
	switch {
	case w.Of != "":
		return w.Of
	case strings.HasPrefix(w.Unit, "allocs"):
		return "allocation site"
	}
	return "function"
}

// RowsWord names the rows shown: "this row", "these 3 rows".
func RowsWord(n int) string {
	if n == 1 {
		return "this row"
	}
	return fmt.Sprintf("these %d rows", n)
}

// PprofCommand is the command that shows a where-table's whole diff.
func PprofCommand(w outcome.Where) string {
	if w.HeadProfile == "" || w.BaseProfile == "" {
		return ""
	}
	tag := ""
	if w.Tag != "" {
		tag = " -tagfocus=" + w.Tag
	}
	return fmt.Sprintf("go tool pprof -top%s -diff_base %s %s", tag, w.BaseProfile, w.HeadProfile)
}

// WriteWhere prints the where-tables of o after a terminal report's
// table, or alone for a command that prints no table of its own (bisect).
func WriteWhere(w io.Writer, o outcome.Outcome, width int) error {
	return writeWhereTerminal(w, o, width)
}

// writeWhereTerminal prints, after a run's table, a where-table for each
// number the outcome explains that the table's closing list did not
// show under its line (writeWhereUnder): the functions whose own
// instructions moved most, with their cumulative move and share of the
// change, fitted to width, and the command that shows the whole diff.
func writeWhereTerminal(w io.Writer, o outcome.Outcome, width int) error {
	if width <= 0 {
		width = DefaultWidth
	}
	var b strings.Builder
	for _, wh := range o.Where {
		if shownUnder(o, wh) {
			continue
		}
		fmt.Fprintf(&b, "\n%s\n", clipped(WhereHeading(wh), width))
		writeWhereRows(&b, wh, width, "  ")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shownUnder reports whether the closing list of a terminal report shows
// wh under its number's line: a failed number's, judged against bands or
// base, and any number a paired run lists (failed, improved or changed).
func shownUnder(o outcome.Outcome, wh outcome.Where) bool {
	for _, n := range o.Numbers() {
		if n.Scenario != wh.Scenario || n.Name != wh.Number {
			continue
		}
		if o.Against == outcome.Base {
			_, h := n.Heading()
			return h != ""
		}
		return n.BandVerdict == band.Fail
	}
	return false
}

// writeWhereUnder writes, under the line of number n in a terminal
// report's closing list, its where-table, each line after indent and
// within width: where the reader of a FAIL reads next.
func writeWhereUnder(b *strings.Builder, o outcome.Outcome, n outcome.Number, width int, indent string) {
	for _, wh := range o.Where {
		if wh.Scenario != n.Scenario || wh.Number != n.Name || !shownUnder(o, wh) {
			continue
		}
		rel := ""
		if wh.Base > 0 {
			rel = fmt.Sprintf(" (%s%.2f%%)", map[bool]string{true: "+", false: "−"}[wh.Change >= 0], math.Abs(wh.Change)/wh.Base*100)
		}
		line := fmt.Sprintf("%swhere: %s %s%s, by %s", indent, Signed(wh.Change), wh.Unit, rel, RowKind(wh))
		if wh.BaseProfile == "" {
			// A bound has no profile to diff against: the rows are the
			// whole number's.
			line = fmt.Sprintf("%swhere all of it: %s %s, by %s", indent, band.Format(wh.Change), wh.Unit, RowKind(wh))
			if wh.Of == "element" {
				line += " (why it was queued)"
			}
		}
		b.WriteString(clipped(line, width) + "\n")
		writeWhereRows(b, wh, width, indent+"  ")
	}
}

// writeWhereRows writes a where-table's rows (five), what they cover,
// the pprof command and the flame graph, each line after indent.
func writeWhereRows(b *strings.Builder, wh outcome.Where, width int, indent string) {
	if len(wh.Rows) == 0 {
		b.WriteString(indent + "no " + RowKind(wh) + "'s own count moved\n")
		return
	}
	shown := wh.Rows[:min(whereTerminalRows, len(wh.Rows))]
	fmt.Fprintf(b, "%s%10s  %10s  %7s  %s\n", indent, "self Δ", "cum Δ", "share", RowKind(wh))
	for _, r := range shown {
		line := fmt.Sprintf("%s%10s  %10s  %7s  %s", indent, Signed(r.Self), Signed(r.Cum), Share(r.Share), RowName(wh, r))
		b.WriteString(clipped(line, width) + "\n")
	}
	fmt.Fprintf(b, "%s%s: %s of the change\n", indent, RowsWord(len(shown)), Share(wh.Covered(len(shown))))
	if c := PprofCommand(wh); c != "" {
		b.WriteString(Wrap(c, width, indent, indent+"  ") + "\n")
	}
	if wh.FlameGraph != "" {
		b.WriteString(Wrap("flame graph: "+wh.FlameGraph, width, indent, indent+"  ") + "\n")
	}
}
