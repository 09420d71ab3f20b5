// Package terminal writes an outcome for a person at a terminal: a judged
// run's table with its failures and verdict last, perf's, a paired run's,
// and the where-tables under the numbers they explain, fitted to the
// terminal's width. Package report picks it for --format table; package
// markdown reads its cells and words, so both say a number the same way.
package terminal

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// Terminal is how [WriteTerminal] lays a table out for a person
// at a terminal. The zero Terminal is 100 columns, compact, no colour.
type Terminal struct {
	// Width is the terminal's width in columns; 0 means DefaultWidth.
	Width int
	// Wide adds what a reader rarely needs: the sample count and
	// processes of an interval, the wall-clock median beside a thread-CPU
	// time, and the derivation of a time's band (its baseline and
	// tolerance, where the spread came from), and the notes.
	Wide bool
	// Color marks verdicts with ANSI colour: for a terminal only, and
	// never when NO_COLOR is set (the caller decides; see
	// https://no-color.org).
	Color bool
	// DocsStale says the run was perf --check and the docs' generated
	// section is out of date: its own verdict word, since the command
	// exits 1 although every band passed.
	DocsStale bool
}

// DefaultWidth is the width a table is fitted to when none is given:
// wider than the 80 columns of the oldest terminals, narrower than every
// window people read a terminal in today.
const DefaultWidth = 100

// VerdictWord is the last line's verdict, which matches the exit status:
// "pass" and "unbaselined" exit 0; "fail", "broken" and "docs out of date"
// exit 1.
func VerdictWord(o outcome.Outcome, docsStale bool) string {
	switch {
	case o.Verdict == band.None:
		return "broken (no scenarios)"
	case o.Verdict.Failed():
		return o.Verdict.String()
	case docsStale:
		return "docs out of date"
	}
	return o.Verdict.String()
}

// ANSI colours, used only when Terminal.Color is set.
const (
	ansiRed     = "\x1b[31m"
	ansiMagenta = "\x1b[35m"
	ansiYellow  = "\x1b[33m"
	ansiGreen   = "\x1b[32m"
	ansiBold    = "\x1b[1m"
	ansiReset   = "\x1b[0m"
)

func (t Terminal) paint(s, colour string) string {
	if !t.Color || s == "" {
		return s
	}
	return colour + s + ansiReset
}

// verdictCell is a band verdict as the table prints it: failures in
// capitals, so they stand out without colour too.
func (t Terminal) verdictCell(v band.Verdict) string {
	switch v {
	case band.Fail:
		return t.paint("FAIL", ansiRed+ansiBold)
	case band.Broken:
		return t.paint("BROKEN", ansiMagenta+ansiBold)
	case band.Unbaselined:
		return t.paint("unbaselined", ansiYellow)
	case band.Pass:
		return t.paint("pass", ansiGreen)
	}
	return v.String()
}

// ShortUnit prints a value with its unit, leaving out the part of the unit
// the number's name already says: restyles 2 restyles/frame reads
// "2 /frame", frame 1.01 µs/frame reads "1.01 µs",
// translation-relayouts 0 relayouts/translation-frame reads "0 /frame",
// and a time's unit named by its frame (resize-frame, µs/resize-frame)
// "µs". The full unit is in --wide, the JSON and the Markdown.
func ShortUnit(name, unit, value string) string {
	num, den, ok := strings.Cut(unit, "/")
	// A denominator whose first word the name starts with says it twice:
	// translation-restyles in restyles/translation-frame is per frame.
	if i := strings.Index(den, "-"); ok && i > 0 && den != name && strings.HasPrefix(name, den[:i+1]) {
		den = den[i+1:]
	}
	switch {
	case !ok:
		return value + " " + unit
	case den == name:
		return value + " " + num
	case num == name || strings.HasSuffix(name, "-"+num):
		return value + " /" + den
	}
	return value + " " + unit
}

// holds reports whether any of c's cells says something: a column of
// blanks and dashes loses nothing when it is left out.
func (c *terminalColumn) holds() bool {
	for _, cell := range c.cells {
		if cell != "" && cell != "—" {
			return true
		}
	}
	return false
}

// terminalColumn is one column: its heading and, per row, its cell.
type terminalColumn struct {
	head  string
	cells []string
	// right aligns the column right (numbers).
	right bool
}

// WriteTerminal prints a judged run's outcome for a person at a terminal,
// fitted to t.Width: the table ([WriteTable]), then a closing summary that
// repeats every failed and broken number with how far past its limit it
// lies (the rows a reader must find, on the last screen), and the verdict
// in the word the exit status means. It is what perfbench scenarios
// prints.
func WriteTerminal(w io.Writer, o outcome.Outcome, t Terminal) error {
	if t.Width <= 0 {
		t.Width = DefaultWidth
	}
	var b strings.Builder
	if err := WriteTable(&b, o, t); err != nil {
		return err
	}
	writeSummary(&b, o, t)
	fmt.Fprintf(&b, "verdict: %s\n", t.verdictLine(o))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteTable prints the machine line and one row per number under a
// line per scenario — number, value with its unit, a time's 95% interval,
// the band, the verdict, the budget — fitted to t.Width: a table still
// wider drops the budget, then the interval, before a row wraps. With
// t.Wide it adds the sample counts, the wall clock, the band's
// derivation and the notes, and fits nothing.
func WriteTable(w io.Writer, o outcome.Outcome, t Terminal) error {
	if t.Width <= 0 {
		t.Width = DefaultWidth
	}
	var b strings.Builder
	fmt.Fprintf(&b, "machine: %s\n\n", o.Machine)
	cols, headers := t.judgedColumns(o)
	shown, dropped := t.fit(cols)
	writeColumns(&b, shown, headers)
	if len(dropped) > 0 {
		// A column left out without a word reads as a run that measured
		// no interval: say which, and where they are.
		slices.Reverse(dropped)
		fmt.Fprintf(&b, "(%s left out to fit %d columns; --wide shows them)\n", strings.Join(dropped, " and "), t.Width)
	}

	if a := advisory(o); a != "" {
		b.WriteString("\n" + a)
	}
	if n := NotCounted(o); n != "" {
		b.WriteString("\n" + n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// The judged table's columns, in order; with Wide a note column follows.
const (
	cNumber = iota
	cValue
	cCI
	cBand
	cVerdict
	cBudget
	cNote
)

// judgedColumns are the judged table's columns, filled: a row per number
// under a row per scenario, whose name headers prints whole above its
// numbers (a scenario column would cost every row fourteen columns).
func (t Terminal) judgedColumns(o outcome.Outcome) (cols []*terminalColumn, headers map[int]string) {
	cols = []*terminalColumn{
		{head: "number"}, {head: "value", right: true}, {head: "95% CI"},
		{head: "band"}, {head: "verdict"}, {head: "budget"},
	}
	if t.Wide {
		cols = append(cols, &terminalColumn{head: "note"})
	}
	headers = map[int]string{}
	rows := 0
	add := func(cells ...string) {
		for i, c := range cols {
			v := ""
			if i < len(cells) {
				v = cells[i]
			}
			c.cells = append(c.cells, v)
		}
		rows++
	}
	for _, sc := range o.Scenarios {
		if len(sc.Numbers) == 0 {
			headers[rows] = sc.Name + "  " + t.verdictCell(sc.Verdict) + ": " + clipped(note(sc, outcome.Number{}), t.Width-len(sc.Name)-12)
			add()
			continue
		}
		headers[rows] = sc.Name
		add()
		for _, n := range sc.Numbers {
			value, ci := t.valueCells(n)
			budget := ""
			if n.BudgetVerdict != band.None {
				budget = "≤ " + budgetFormat(n.Budget.Max)
				if n.BudgetVerdict.Failed() {
					budget += " " + t.paint("over", ansiRed)
				}
			}
			add("  "+n.Name, value, ci, t.bandCell(n), t.verdictCell(n.BandVerdict), budget, note(sc, n))
		}
	}
	return cols, headers
}

// valueCells are a number's value with its unit and, for a time, its 95%
// interval: compact, or with --wide whole ("—" for a number that broke).
func (t Terminal) valueCells(n outcome.Number) (value, ci string) {
	value, ci = "—", "—"
	if n.BandVerdict == band.Broken {
		return value, ci
	}
	value = ShortUnit(n.Name, n.Unit, band.Format(n.Median))
	if t.Wide {
		value = band.Format(n.Median) + " " + n.Unit
	}
	if lo, hi, ok := n.Interval(); ok {
		ci = band.Format(lo) + "–" + band.Format(hi)
		if t.Wide {
			ci = Spread(n)
		}
	}
	return value, ci
}

// fit returns the judged table's columns that fit t.Width, dropping the
// budget, then the interval, before a row wraps, and clipping the names
// last; dropped names the columns left out that held anything. With Wide
// nothing is dropped, and the notes go last, where they may wrap.
func (t Terminal) fit(cols []*terminalColumn) (shown []*terminalColumn, dropped []string) {
	width := func(cs []*terminalColumn) int {
		total := 0
		for i, c := range cs {
			wd := VisibleLen(c.head)
			for _, cell := range c.cells {
				wd = max(wd, VisibleLen(cell))
			}
			if i > 0 {
				total += 2
			}
			total += wd
		}
		return total
	}
	shown = cols
	if t.Wide {
		shown = cols[:cNote]
	}
	for _, drop := range []int{cBudget, cCI} {
		if t.Wide || width(shown) <= t.Width {
			break
		}
		shown = append(shown[:0:0], shown...)
		for i, c := range shown {
			if c == cols[drop] {
				shown = append(shown[:i], shown[i+1:]...)
				break
			}
		}
		if cols[drop].holds() {
			dropped = append(dropped, cols[drop].head)
		}
	}
	if over := width(shown) - t.Width; !t.Wide && over > 0 {
		// Still too wide: a long number name (scroll's
		// translation-hit-index-rebuilds made the table 81 columns at 80).
		// The names give way last, clipped; the closing summary names a
		// failure whole.
		clipColumn(shown[0], over)
	}
	if t.Wide {
		shown = append(shown, cols[cNote])
	}
	return shown, dropped
}

// budgetFormat prints a budget in µs whole from 100 on: a frame budget
// reads 16667, not 16666.67.
func budgetFormat(v float64) string {
	if math.Abs(v) >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return band.Format(v)
}

// bandCell prints a band compactly — a time's limit and tolerance, "≤ 57.68
// (+40%)" — or, wide, with the baseline it derives from, as band.Band's
// String does.
func (t Terminal) bandCell(n outcome.Number) string {
	if t.Wide {
		return n.Band.String()
	}
	return n.Band.Short()
}

// verdictLine is the last line's word, coloured on a terminal.
func (t Terminal) verdictLine(o outcome.Outcome) string {
	word := VerdictWord(o, t.DocsStale)
	switch {
	case o.Verdict.Failed() || o.Verdict == band.None:
		return t.paint(word, ansiRed+ansiBold)
	case t.DocsStale:
		return t.paint(word, ansiYellow+ansiBold)
	}
	return t.paint(word, ansiGreen)
}

// writeSummary repeats, after the table, each failed number with its
// value, its limit and how far past it, and each broken scenario or number
// with why; and a tally. It is what the last screen of a long table must
// show.
func writeSummary(b *strings.Builder, o outcome.Outcome, t Terminal) {
	tally := map[band.Verdict]int{}
	total := 0
	var lines []string
	for _, sc := range o.Scenarios {
		if len(sc.Numbers) == 0 {
			tally[sc.Verdict]++
			total++
			lines = append(lines, fmt.Sprintf("  %s  %s: %s", t.verdictCell(band.Broken), sc.Name, clipped(note(sc, outcome.Number{}), t.Width-12-len(sc.Name))))
			continue
		}
		for _, n := range sc.Numbers {
			tally[n.BandVerdict]++
			total++
			switch n.BandVerdict {
			case band.Fail:
				lines = append(lines, "  "+t.verdictCell(band.Fail)+"  "+clipped(sc.Name+" "+n.Name+": "+pastLimit(n), t.Width-8))
				for _, l := range WhatToDo(n) {
					lines = append(lines, "        "+clipped(l, t.Width-8))
				}
				var wb strings.Builder
				n.Scenario = sc.Name
				writeWhereUnder(&wb, o, n, t.Width, "        ")
				if wb.Len() > 0 {
					lines = append(lines, strings.Split(strings.TrimSuffix(wb.String(), "\n"), "\n")...)
				}
			case band.Broken:
				lines = append(lines, fmt.Sprintf("  %s  %s %s: %s", t.verdictCell(band.Broken), sc.Name, n.Name, clipped(note(sc, n), t.Width-14-len(sc.Name)-len(n.Name))))
			}
		}
	}
	var parts []string
	for _, v := range []band.Verdict{band.Fail, band.Broken, band.Unbaselined, band.Pass} {
		if tally[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", tally[v], v))
		}
	}
	fmt.Fprintf(b, "\n%s — %s in %s\n", strings.Join(parts, ", "), Plural(total, "number"), Plural(len(o.Scenarios), "scenario"))
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if t.DocsStale {
		b.WriteString("  the docs or their charts are out of date: run perf, review the change and commit it\n")
	}
}

// pastLimit says how far a failed number lies past its limit: a time or
// an instruction count as the change over its baseline beside the
// tolerance it was allowed ("+0.35% over 8366 (tolerance 0.25%)"), a
// time with its interval; a count by how many.
func pastLimit(n outcome.Number) string {
	value := ShortUnit(n.Name, n.Unit, band.Format(n.Median))
	if _, ok := n.Band.Limit(); !ok {
		return value
	}
	if past, ok := n.Band.Past(n.Median); ok {
		return fmt.Sprintf("%s, %s: %s past it", value, n.Band.String(), band.Format(math.Abs(past)))
	}
	s := fmt.Sprintf("%s: %s over %s (tolerance %s%%)", value, band.Percent(n.Median, n.Band.Baseline), band.Format(n.Band.Baseline), band.Format(n.Band.Tolerance*100))
	if lo, hi, ok := n.Interval(); ok {
		// Last, so that a narrow terminal clips it first.
		s += fmt.Sprintf(", 95%% CI %s–%s", band.Format(lo), band.Format(hi))
	}
	return s
}

// WhatToDo says, under a failure, where its bound or baseline lives and
// how to move it if the change is meant.
func WhatToDo(n outcome.Number) []string {
	switch {
	case n.Fix != "" && n.Where != "":
		return []string{"recorded at " + n.Where + "; if the change is meant, move it with", n.Fix}
	case n.Fix != "":
		return []string{"if the change is meant, move it with", n.Fix}
	case n.Where != "":
		return []string{"bound written at " + n.Where + ";", "if the change is meant, change it there"}
	}
	return nil
}

// clipColumn narrows c by over columns, clipping its widest cells with
// "…"; its heading is shorter than any name.
func clipColumn(c *terminalColumn, over int) {
	w := VisibleLen(c.head)
	for _, cell := range c.cells {
		w = max(w, VisibleLen(cell))
	}
	keep := max(w-over, VisibleLen(c.head), 8)
	for i, cell := range c.cells {
		if r := []rune(cell); len(r) > keep {
			c.cells[i] = string(r[:keep-1]) + "…"
		}
	}
}

// writeColumns writes the columns padded to their widths, two spaces
// apart, with no trailing blanks.
func writeColumns(b *strings.Builder, cols []*terminalColumn, headers map[int]string) {
	widths := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = VisibleLen(c.head)
		for _, cell := range c.cells {
			widths[i] = max(widths[i], VisibleLen(cell))
		}
	}
	row := func(cell func(c *terminalColumn) string) {
		var line strings.Builder
		for i, c := range cols {
			s := cell(c)
			pad := strings.Repeat(" ", widths[i]-VisibleLen(s))
			if i > 0 {
				line.WriteString("  ")
			}
			if c.right {
				line.WriteString(pad + s)
			} else {
				line.WriteString(s + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	row(func(c *terminalColumn) string { return c.head })
	for r := range cols[0].cells {
		if h, ok := headers[r]; ok {
			b.WriteString(h + "\n")
			continue
		}
		row(func(c *terminalColumn) string { return c.cells[r] })
	}
}

// VisibleLen is how many columns s takes: runes, less ANSI escapes.
func VisibleLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

// clipped shortens s to n columns with an ellipsis.
func clipped(s string, n int) string {
	n = max(n, 20)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
