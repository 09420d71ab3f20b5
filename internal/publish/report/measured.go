package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

// MeasuredNumberJSON is one number of one scenario's run, with its
// statistics and no verdict.
type MeasuredNumberJSON struct {
	Name   string    `json:"name"`
	Unit   string    `json:"unit"`
	Band   band.Band `json:"band"`
	N      int       `json:"n"`
	Median *float64  `json:"median"` // null when the number is missing
	// Lo and Hi bound the median's 95% confidence interval; Min and Max
	// are the extreme samples. All null for a count or a missing number.
	Lo      *float64  `json:"lo,omitempty"`
	Hi      *float64  `json:"hi,omitempty"`
	Min     *float64  `json:"min,omitempty"`
	Max     *float64  `json:"max,omitempty"`
	Samples []float64 `json:"samples"`
}

// MeasuredJSON is the JSON form of one scenario's numbers (scenario NAME).
type MeasuredJSON struct {
	Header
	Name    string               `json:"name"`
	Steps   int                  `json:"steps"`
	Broken  string               `json:"broken,omitempty"`
	Numbers []MeasuredNumberJSON `json:"numbers"`
}

// measuredJSON is one scenario's numbers with their medians, intervals
// and ranges.
func measuredJSON(o outcome.Outcome) MeasuredJSON {
	var sc outcome.Scenario
	if len(o.Scenarios) > 0 {
		sc = o.Scenarios[0]
	}
	out := MeasuredJSON{Name: sc.Name, Steps: sc.Steps, Broken: sc.Broken, Numbers: []MeasuredNumberJSON{}}
	finite := func(v float64) *float64 {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil
		}
		return &v
	}
	for _, m := range sc.Numbers {
		n := MeasuredNumberJSON{Name: m.Name, Unit: m.Unit, Band: m.Band, N: len(m.Samples), Samples: m.Samples}
		if n.Samples == nil {
			n.Samples = []float64{}
		}
		n.Median = finite(m.Value())
		if lo, hi, ok := m.Interval(); ok && len(m.Samples) > 0 {
			n.Lo, n.Hi = finite(lo), finite(hi)
			n.Min, n.Max = finite(slices.Min(m.Samples)), finite(slices.Max(m.Samples))
		}
		out.Numbers = append(out.Numbers, n)
	}
	return out
}

// writeScenarioResult prints one scenario's numbers without verdicts.
func writeScenarioResult(w io.Writer, o outcome.Outcome) error {
	res := measuredJSON(o)
	var b strings.Builder
	steps := "steps"
	if res.Steps == 1 {
		steps = "step"
	}
	fmt.Fprintf(&b, "scenario %s: %d %s\n", res.Name, res.Steps, steps)
	if res.Broken != "" {
		fmt.Fprintf(&b, "broken: %s\n", strings.Join(strings.Fields(res.Broken), " "))
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "number\tvalue\tunit\tspread")
	num := func(p *float64) string {
		if p == nil {
			return "∞"
		}
		return band.Format(*p)
	}
	for _, n := range res.Numbers {
		value, spread := "missing", "—"
		if n.Median != nil {
			value = band.Format(*n.Median)
		}
		switch {
		case n.Min != nil && (n.Lo == nil || n.Hi == nil):
			// benchmath gives no finite interval under six samples.
			spread = fmt.Sprintf("no interval from %d samples, range [%s, %s]", n.N, num(n.Min), num(n.Max))
		case n.Min != nil:
			spread = fmt.Sprintf("[%s, %s] n=%d, range [%s, %s]", num(n.Lo), num(n.Hi), n.N, num(n.Min), num(n.Max))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", n.Name, value, n.Unit, spread)
	}
	tw.Flush()
	if n := terminal.NotCounted(o); n != "" {
		b.WriteString("\n" + n)
	}
	_, err := io.WriteString(w, terminal.TrimLines(b.String()))
	return err
}
