package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// Where-table sizes: the terminal shows five rows a number, the Markdown
// comment three (a pull request's comment stays short; the profiles hold
// the rest), JSON every row the outcome keeps.
const (
	whereTerminalRows = 5
	whereMarkdownRows = 3
)

// WhereJSON is a where-table in the JSON report ("where"): the functions
// whose own instructions moved most for one number, docs/report-json.md.
type WhereJSON struct {
	Scenario string `json:"scenario"`
	Number   string `json:"number"`
	Unit     string `json:"unit"`
	// Base and Change are read from the profiles, a step.
	Base   float64        `json:"base"`
	Change float64        `json:"change"`
	Rows   []WhereRowJSON `json:"rows"`
	// HeadProfile and BaseProfile are the pprof files written.
	HeadProfile string `json:"head_profile,omitempty"`
	BaseProfile string `json:"base_profile,omitempty"`
	// Tag picks the number's samples in them (pprof -tagfocus).
	Tag string `json:"tag,omitempty"`
	// FlameGraph is the differential flame graph (an SVG page).
	FlameGraph string `json:"flame_graph,omitempty"`
	// Of says what a row's function names where it is not a function:
	// "allocation site", or "element" (an element a count's work was
	// for, with why it was queued).
	Of string `json:"of,omitempty"`
}

// WhereRowJSON is one function's move, a step.
type WhereRowJSON struct {
	Function string  `json:"function"`
	Self     float64 `json:"self"`
	Cum      float64 `json:"cum"`
	Share    float64 `json:"share"`
	// Elements are a few of the elements a row of elements covers,
	// ElementCount how many in all.
	Elements     []string `json:"elements,omitempty"`
	ElementCount int      `json:"element_count,omitempty"`
}

func whereJSON(o outcome.Outcome) []WhereJSON {
	var out []WhereJSON
	for _, w := range o.Where {
		j := WhereJSON{Scenario: w.Scenario, Number: w.Number, Unit: w.Unit, Base: w.Base, Change: w.Change,
			Rows: []WhereRowJSON{}, HeadProfile: w.HeadProfile, BaseProfile: w.BaseProfile, Tag: w.Tag, FlameGraph: w.FlameGraph, Of: w.Of}
		for _, r := range w.Rows {
			j.Rows = append(j.Rows, WhereRowJSON{Function: r.Function, Self: r.Self, Cum: r.Cum, Share: r.Share, Elements: r.Labels, ElementCount: r.LabelCount})
		}
		out = append(out, j)
	}
	return out
}

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

// rowName is what a row shows of what it names: a function cut to its
// package's name, an element whole.
func rowName(w outcome.Where, r outcome.WhereRow) string {
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

// signed formats a delta a step with its sign.
func signed(v float64) string {
	s := band.Format(math.Abs(v))
	if v < 0 {
		return "−" + s
	}
	return "+" + s
}

// share formats a share of the change in percent.
func share(v float64) string { return strings.Replace(fmt.Sprintf("%.1f%%", v*100), "-", "−", 1) }

// whereHeading says what a where-table explains.
func whereHeading(w outcome.Where) string {
	rel := ""
	if w.Base > 0 {
		rel = fmt.Sprintf(" (%s%.2f%%)", map[bool]string{true: "+", false: "−"}[w.Change >= 0], math.Abs(w.Change)/w.Base*100)
	}
	return fmt.Sprintf("where %s %s moved: %s %s%s", w.Scenario, w.Number, signed(w.Change), w.Unit, rel)
}

// rowKind names what a where-table's rows are.
func rowKind(w outcome.Where) string {
	switch {
	case w.Of != "":
		return w.Of
	case strings.HasPrefix(w.Unit, "allocs"):
		return "allocation site"
	}
	return "function"
}

// rowsWord names the rows shown: "this row", "these 3 rows".
func rowsWord(n int) string {
	if n == 1 {
		return "this row"
	}
	return fmt.Sprintf("these %d rows", n)
}

// pprofCommand is the command that shows a where-table's whole diff.
func pprofCommand(w outcome.Where) string {
	if w.HeadProfile == "" || w.BaseProfile == "" {
		return ""
	}
	tag := ""
	if w.Tag != "" {
		tag = " -tagfocus=" + w.Tag
	}
	return fmt.Sprintf("go tool pprof -top%s -diff_base %s %s", tag, w.BaseProfile, w.HeadProfile)
}

// WriteWhere prints the where-tables of o as a terminal report does,
// for a command that prints no table of its own (bisect).
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
		fmt.Fprintf(&b, "\n%s\n", clipped(whereHeading(wh), width))
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
		line := fmt.Sprintf("%swhere: %s %s%s, by %s", indent, signed(wh.Change), wh.Unit, rel, rowKind(wh))
		if wh.BaseProfile == "" {
			// A bound has no profile to diff against: the rows are the
			// whole number's.
			line = fmt.Sprintf("%swhere all of it: %s %s, by %s", indent, band.Format(wh.Change), wh.Unit, rowKind(wh))
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
		b.WriteString(indent + "no " + rowKind(wh) + "'s own count moved\n")
		return
	}
	shown := wh.Rows[:min(whereTerminalRows, len(wh.Rows))]
	fmt.Fprintf(b, "%s%10s  %10s  %7s  %s\n", indent, "self Δ", "cum Δ", "share", rowKind(wh))
	for _, r := range shown {
		line := fmt.Sprintf("%s%10s  %10s  %7s  %s", indent, signed(r.Self), signed(r.Cum), share(r.Share), rowName(wh, r))
		b.WriteString(clipped(line, width) + "\n")
	}
	fmt.Fprintf(b, "%s%s: %s of the change\n", indent, rowsWord(len(shown)), share(wh.Covered(len(shown))))
	if c := pprofCommand(wh); c != "" {
		b.WriteString(Wrap(c, width, indent, indent+"  ") + "\n")
	}
	if wh.FlameGraph != "" {
		b.WriteString(Wrap("flame graph: "+wh.FlameGraph, width, indent, indent+"  ") + "\n")
	}
}

// writeWhereMarkdown adds to a Markdown report a compact where-table for
// each number the outcome explains that failed is false for, and where
// its profiles are: those of failed numbers are under the failures
// already (writeWhereFailed).
func writeWhereMarkdown(w io.Writer, o outcome.Outcome) error {
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
		fmt.Fprintf(b, "\n**%s**\n\n", cell(whereHeading(wh)))
		if len(wh.Rows) == 0 {
			b.WriteString("No " + rowKind(wh) + "'s own count moved.\n")
			continue
		}
		var rows [][]string
		shown := wh.Rows[:min(whereMarkdownRows, len(wh.Rows))]
		for _, r := range shown {
			rows = append(rows, []string{"`" + rowName(wh, r) + "`", signed(r.Self), signed(r.Cum), share(r.Share)})
		}
		MarkdownTable(b, []string{rowKind(wh), "self Δ", "cum Δ", "share"}, rows)
		fmt.Fprintf(b, "\n%s: %s of the change.", strings.ToUpper(rowsWord(len(shown))[:1])+rowsWord(len(shown))[1:], share(wh.Covered(len(shown))))
		if c := pprofCommand(wh); c != "" {
			fmt.Fprintf(b, " Full profiles: `%s`.", c)
		}
		if wh.FlameGraph != "" {
			fmt.Fprintf(b, " Flame graph: `%s`.", wh.FlameGraph)
		}
		b.WriteString("\n")
	}
}
