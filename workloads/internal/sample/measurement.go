// Package sample holds what a reference workload measured: the points of
// its sweep with their samples and counter steps, and the few statistics
// and timing helpers its measuring and judging halves share.
package sample

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// Point is what a workload measured at one point of its sweep: one size of
// the document, one model-row count, one half of a split.
type Point struct {
	// Series groups the points a criterion compares ("update", "resize",
	// "rebuild").
	Series string `json:"series"`
	// Label names the point within its series ("s26", "8x").
	Label string `json:"label"`
	// X is the point's place on the sweep axis (elements in the document,
	// model rows), or 0 where the sweep has none.
	X float64 `json:"x"`
	// Micros holds one sample per repetition, in µs: the cost of one
	// interaction step, averaged over the batch the sample timed.
	Micros []float64 `json:"micros"`
	// Steps are the counter deltas of one cycle of the interaction, step by
	// step. Counts are properties of the design: every cycle moves the same
	// counters, so one cycle stands for all of them.
	Steps []counter.Snapshot `json:"-"`
}

// Median returns the median of the point's samples, or NaN when it has
// none.
func (p *Point) Median() float64 { return Median(p.Micros) }

// Measurement is what a workload's measuring half returns and its judging
// half reads. The two halves are separate so that a judge can be fed a
// measurement a test made up.
type Measurement struct {
	Points []Point `json:"points"`
}

// Find returns the point of series and label, or nil.
func (m *Measurement) Find(series, label string) *Point {
	for i := range m.Points {
		if m.Points[i].Series == series && m.Points[i].Label == label {
			return &m.Points[i]
		}
	}
	return nil
}

// Series returns the points of one series, in sweep order.
func (m *Measurement) Series(series string) []*Point {
	var out []*Point
	for i := range m.Points {
		if m.Points[i].Series == series {
			out = append(out, &m.Points[i])
		}
	}
	return out
}

// Missing returns why m cannot be judged at all, or "": a measurement with
// no points, or a point with no samples, returned nothing to judge.
func (m *Measurement) Missing() string {
	if len(m.Points) == 0 {
		return "missing: the measurement returned no points"
	}
	for _, p := range m.Points {
		if len(p.Micros) == 0 {
			return fmt.Sprintf("missing: %s %s has no samples", p.Series, p.Label)
		}
		for _, v := range p.Micros {
			if !(v >= 0) || math.IsInf(v, 0) {
				return fmt.Sprintf("%s %s has a sample of %v µs", p.Series, p.Label, v)
			}
		}
	}
	return ""
}

// Median returns the median of xs (the mean of the middle two for an even
// count), or NaN for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Ratio returns a/b, NaN when b is not positive.
func Ratio(a, b float64) float64 {
	if !(b > 0) {
		return math.NaN()
	}
	return a / b
}

// Batch times n calls of step with one pair of clock reads and returns
// the mean cost of a call in µs. At a fraction of a µs per step, the two
// clock reads around a single step would be a tenth of what they time.
func Batch(n int, step func(i int)) float64 {
	start := time.Now()
	for i := range n {
		step(i)
	}
	return float64(time.Since(start)) / float64(n) / float64(time.Microsecond)
}

// Micros converts a duration to µs.
func Micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// Collect runs a full garbage collection, so that a batch is not charged
// for the garbage of the batches before it.
func Collect() { runtime.GC() }

// Rotation returns the order in which round r visits n subjects: each
// round starts one later than the last, so that no subject is always
// measured first (warm caches) or last (a drifting clock).
func Rotation(r, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = (r + i) % n
	}
	return out
}

// StepsDiffer returns the index of the first step whose counters differ
// between a and b, and which counters; -1 when they agree.
func StepsDiffer(a, b []counter.Snapshot) (int, string) {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i, CountersDiff(a[i], b[i])
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b)), fmt.Sprintf("%d steps against %d", len(a), len(b))
	}
	return -1, ""
}

// CountersDiff lists the counters that differ: "NodesVisited 2 → 40".
func CountersDiff(a, b counter.Snapshot) string {
	out := ""
	for _, c := range counter.All() {
		if x, y := a.Get(c), b.Get(c); x != y {
			if out != "" {
				out += ", "
			}
			out += fmt.Sprintf("%v %d → %d", c, x, y)
		}
	}
	return out
}
