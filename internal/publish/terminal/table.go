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

// TrimLines drops the blanks tabwriter leaves at the end of each line.
func TrimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// BrokenReason says why a scenario judged Broken.
func BrokenReason(sc outcome.Scenario) string {
	if sc.Broken != "" {
		return sc.Broken
	}
	for _, n := range sc.Numbers {
		if n.BandVerdict == band.Broken {
			return n.Name + ": " + n.Reason
		}
	}
	return "no numbers"
}

// WritePairedTable prints one row per number: head, base, the ratio and
// its interval for a time with what the run could see, the verdict and
// what moved; then the numbers under their headings, failures first; then
// how they were judged and the verdict. It is fitted to width (0:
// DefaultWidth).
func WritePairedTable(w io.Writer, head, base string, o outcome.Outcome, width int) error {
	if width <= 0 {
		width = DefaultWidth
	}
	if head == "" {
		head = "this binary"
	}
	var b strings.Builder
	b.WriteString(wrapWords(fmt.Sprintf("head: %s; base: %s", head, base), width) + "\n\n")
	writeRows(&b, pairedRows(o, width))
	for _, br := range o.Broken() {
		fmt.Fprintf(&b, "broken: %s\n", strings.Join(strings.Fields(br), " "))
	}
	writePairedHeadings(&b, o, width)
	b.WriteString("\n" + wrapWords(o.Rule(), width) + "\n")
	verdict := o.Verdict.String()
	if ok, _ := o.NoChange(); ok {
		// The exit status is the verdict's; the words say what the run
		// found: counts and instructions the same, no time slower.
		verdict += ", " + o.Headline()
	}
	fmt.Fprintf(&b, "\nverdict: %s\n", verdict)
	_, err := io.WriteString(w, TrimLines(b.String()))
	return err
}

// pairedRows are the paired table's rows: one a number under its
// scenario, values with their units as the judged table prints them, and
// a row's note on a line of its own below it: hover-storm's table is 85
// columns, the suite's about 110 (a column for the scenario, the unit and
// the note made them 125 and more, and every row wrapped at 100). Where
// that is still too wide, a time's ratio joins its note, below its row. A
// row of one cell is a line of its own (a scenario, a note), outside the
// columns.
func pairedRows(o outcome.Outcome, width int) [][]string {
	level, same := pairedLevel(o)
	ratioHead := "head/base"
	if same {
		ratioHead += " [" + band.Format(100*level) + "% interval]"
	}
	table := func(ratioColumn bool) [][]string {
		head := []string{"number", "head", "base", ratioHead, "verdict"}
		if !ratioColumn {
			head = []string{"number", "head", "base", "verdict"}
		}
		rows := [][]string{head}
		scenario := ""
		for _, n := range o.Numbers() {
			if n.Scenario != scenario {
				scenario = n.Scenario
				rows = append(rows, []string{scenario})
			}
			note := Join(n.Note, n.Sees())
			headValue, baseValue := n.Sides()
			row := []string{"  " + n.Name, pairedValue(n, headValue), pairedValue(n, baseValue), PairedRatio(n, !same), PairedVerdict(n.Verdict)}
			if !ratioColumn {
				row = append(row[:3], row[4])
				if r := PairedRatio(n, true); r != "—" {
					note = Join("head/base "+r, note)
				}
			}
			rows = append(rows, row)
			if note != "" {
				for _, l := range strings.Split(wrapWords(note, width-4), "\n") {
					rows = append(rows, []string{"    " + l})
				}
			}
		}
		return rows
	}
	rows := table(true)
	if _, total := rowWidths(rows); total > width {
		rows = table(false)
	}
	return rows
}

// rowWidths are the widths of rows' columns, rows of one cell left out,
// and the width of them all, two spaces apart.
func rowWidths(rows [][]string) ([]int, int) {
	ws := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			if len(r) > 1 {
				ws[i] = max(ws[i], utf8.RuneCountInString(c))
			}
		}
	}
	total := 2 * (len(ws) - 1)
	for _, wd := range ws {
		total += wd
	}
	return ws, total
}

// writeRows writes rows in columns two spaces apart; a row of one cell
// is a line of its own.
func writeRows(b *strings.Builder, rows [][]string) {
	ws, _ := rowWidths(rows)
	for _, r := range rows {
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
			if len(r) > 1 && i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", ws[i]-utf8.RuneCountInString(c)))
			}
		}
		b.WriteByte('\n')
	}
}

// writePairedHeadings lists the numbers a reader must see under their
// headings (failed first), each wrapped at spaces with a hanging indent:
// a terminal cuts a long line mid-word.
func writePairedHeadings(b *strings.Builder, o outcome.Outcome, width int) {
	var headings []string
	lists := map[string][]string{}
	for _, n := range PairedListed(o) {
		_, h := n.Heading()
		if len(lists[h]) == 0 {
			headings = append(headings, h)
		}
		item := Wrap(n.Scenario+" "+n.Name+": "+Join(n.Note, n.Sees()), width, "  ", "    ")
		var wb strings.Builder
		writeWhereUnder(&wb, o, n, width, "    ")
		if wb.Len() > 0 {
			item += "\n" + strings.TrimSuffix(wb.String(), "\n")
		}
		lists[h] = append(lists[h], item)
	}
	for _, h := range headings {
		fmt.Fprintf(b, "\n%s:\n%s\n", h, strings.Join(lists[h], "\n"))
	}
}

// wrapWords breaks s into lines of at most width characters, at spaces.
func wrapWords(s string, width int) string { return Wrap(s, width, "", "") }

// Wrap breaks s at spaces into lines of at most width columns, the first
// after first and every other after rest (a list item's marker and its
// hanging indent).
func Wrap(s string, width int, first, rest string) string {
	var b strings.Builder
	b.WriteString(first)
	n := utf8.RuneCountInString(first)
	for i, w := range strings.Fields(s) {
		l := utf8.RuneCountInString(w)
		switch {
		case i == 0:
		case n+1+l > width:
			b.WriteString("\n" + rest)
			n = utf8.RuneCountInString(rest)
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}

// PairedListed returns the numbers a report lists under a heading, in
// the headings' order (failures first), each heading in the run's order.
func PairedListed(o outcome.Outcome) []outcome.Number {
	var out []outcome.Number
	for _, n := range o.Numbers() {
		if _, h := n.Heading(); h != "" {
			out = append(out, n)
		}
	}
	slices.SortStableFunc(out, func(a, b outcome.Number) int {
		ra, _ := a.Heading()
		rb, _ := b.Heading()
		return ra - rb
	})
	return out
}

// PairedRatio prints a time's ratio with its interval, the interval's
// level when the heading does not say it, and the pairs: "1.021 [1.016,
// 1.025] 60 pairs"; "—" for a count.
func PairedRatio(n outcome.Number, withLevel bool) string {
	r := n.Ratio
	if _, _, ok := n.Interval(); !ok || math.IsNaN(r.Value) {
		return "—"
	}
	level := ""
	if withLevel {
		level = " " + band.Format(100*r.Level) + "%"
	}
	return fmt.Sprintf("%s [%s, %s]%s %d pairs", band.Format(r.Value), band.Format(r.Lo), band.Format(r.Hi), level, r.Pairs)
}

// pairedLevel returns the level every time's interval shares, and false
// when they differ (or there is none).
func pairedLevel(o outcome.Outcome) (float64, bool) {
	level, seen := 0.0, false
	for _, n := range o.Numbers() {
		if _, _, ok := n.Interval(); !ok || math.IsNaN(n.Ratio.Value) {
			continue
		}
		if seen && n.Ratio.Level != level {
			return 0, false
		}
		level, seen = n.Ratio.Level, true
	}
	return level, seen
}

func Join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// PairedVerdict prints a verdict, "—" for a number listed but not judged.
func PairedVerdict(v band.Verdict) string {
	if v == band.None {
		return "—"
	}
	return v.String()
}

// PairedNumber prints one build's value of a number alone.
func PairedNumber(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return band.Format(v)
}

// pairedValue prints one build's value of n with its unit, as short as
// the judged table prints it ("240 /run", "1.25 µs").
func pairedValue(n outcome.Number, v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return ShortUnit(n.Name, n.Unit, band.Format(v))
}

// Cell escapes a table cell: a pipe would end the cell and a line
// break the row.
func Cell(s string) string {
	if s == "" {
		return "—"
	}
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// Plural is n and its noun, "1 time", "3 times".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
