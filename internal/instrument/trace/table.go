package trace

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/perfbench/perfbench/internal/instrument/registry"
)

// MalformedNote says how many lines were malformed and what was wrong
// with the first, for a trace that gave nothing else.
func MalformedNote(sum Summary) string {
	if len(sum.Malformed) == 0 {
		return ""
	}
	e := sum.Malformed[0]
	return fmt.Sprintf(", %d malformed (first, line %d: %s)", len(sum.Malformed), e.Line, e.Reason)
}

// WriteJSON writes the summary of the trace at path as one JSON object
// that names the file.
func WriteJSON(w io.Writer, path string, sum Summary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		File string `json:"file"`
		Summary
	}{path, sum})
}

// WriteTable writes the summary as a table:
//
//	trace.jsonl: 454 lines, 454 marks, 0 malformed; 1 epoch, 0 breaks; 0 incomplete frames; definition set 2
//	epoch 1: virtual timing, null renderer, not presented
//	metric           value  unit    quality         version  n   why
//	frame.count      40     frames  valid           v1       40
//	frame.cost.p50   780.9  µs      valid           v1       40
//	present.fps.avg  -      fps     not-applicable  v2       0   virtual timing: …
func WriteTable(w io.Writer, path string, sum Summary) error {
	fmt.Fprintf(w, "%s: %d %s, %d %s, %d malformed; %d %s, %d %s; %d incomplete %s; definition set %d\n",
		path, sum.Lines, plural(sum.Lines, "line", "lines"), sum.Marks, plural(sum.Marks, "mark", "marks"),
		len(sum.Malformed), sum.Epochs, plural(sum.Epochs, "epoch", "epochs"),
		sum.Breaks, plural(sum.Breaks, "break", "breaks"), sum.Incomplete, plural(sum.Incomplete, "frame", "frames"), sum.Defs)
	for i, src := range sum.Sources {
		fmt.Fprintf(w, "epoch %d: %s\n", i+1, src)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tvalue\tunit\tquality\tversion\tn\twhy")
	for _, r := range sum.Metrics {
		name := r.ID
		if r.Label != "" {
			name += " " + label(r.Label)
		}
		value, unit := cell(r)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\tv%d\t%d\t%s\n", name, value, unit, r.Value.Quality(), r.Version, r.N, r.Why)
	}
	return tw.Flush()
}

// cell formats a reading's value for the table: durations in µs,
// rates to two decimals, counts whole; "-" where there is no value.
func cell(r registry.Reading) (value, unit string) {
	v, ok := r.Value.Get()
	switch r.Unit {
	case "ns":
		unit = "µs"
		v /= 1e3
		value = strconv.FormatFloat(v, 'f', 1, 64)
	case "fps":
		unit = r.Unit
		value = strconv.FormatFloat(v, 'f', 2, 64)
	case "share":
		unit = "%"
		value = strconv.FormatFloat(100*v, 'f', 1, 64)
	case "ms/s":
		unit = r.Unit
		value = strconv.FormatFloat(v, 'f', 2, 64)
		if r.Band != "" {
			value += " " + r.Band
		}
	default:
		unit = r.Unit
		value = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if !ok {
		value = "-"
	}
	return value, unit
}

// label quotes a span label whose stage names would break a row.
func label(l string) string {
	if strings.ContainsFunc(l, func(r rune) bool { return !unicode.IsPrint(r) || r == ' ' }) {
		return strconv.Quote(l)
	}
	return l
}
