package workloads

import (
	"fmt"

	"gonum.org/v1/gonum/stat"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

var staticSlope = &Workload{
	Name: "static-slope",
	Help: "A one-control update (Space toggles the focused toolbar checkbox) in the idle gallery at s1 … s26: " +
		"its cost and its counts must not grow with the document.",
	Gate:    true,
	Limits:  []Limit{staticTime, staticCounts, staticFit},
	rounds:  120,
	measure: measureStatic,
	judge:   judgeStatic,
}

// staticSizes are the documents the update is measured in: 2 140 to 9 990
// elements.
var staticSizes = []gallery.Size{gallery.S1, gallery.S2, gallery.S4, gallery.S8, gallery.S13, gallery.S26}

var (
	// The ideal is 1: the update restyles one element and visits O(depth)
	// nodes at every size. Measured 0.97 to 1.08 (medians of batches of 64
	// updates, on a loaded two-core EPYC and a quiet 16-core Xeon); the
	// spread is where each window's objects landed, not the size, which is
	// why the documents are opened three times in a run. 10% admits that;
	// a walk of the document cannot hide in it: visiting 8 000 more nodes
	// at even 1 ns each is ten times the whole sub-µs update.
	staticTime = Limit{Name: "time s26/s1", Unit: "×", Shape: Ceiling, Hi: 1.10, Time: true,
		Why: "the ideal is no growth (measured 0.97–1.08, placement noise); 10% admits that and is a tenth of what a walk of the document would add"}
	// Counts are the design: one size whose update counts differ from
	// s1's is the failure, so the ceiling is zero.
	staticCounts = Limit{Name: "sizes whose update counts differ from s1's", Unit: "sizes", Shape: Ceiling, Hi: 0,
		Why: "counts are the design and identical on every machine; the ideal is zero and one is the failure"}
	// The fitted cost per element is what the advisory table remembers; it
	// is reported, never judged (it is an absolute time).
	staticFit = Limit{Name: "fitted cost per element", Unit: "ns", Shape: Report,
		Why: "an absolute time: reported for the advisory table, judged by nothing"}
)

const (
	staticBatch  = 64  // updates timed together (one sample)
	staticWarmup = 256 // updates per document before timing
	staticGC     = 10  // rounds between full collections
)

// toggle is one update: Space on the focused checkbox, and its frame.
func toggle(d *phase.Driver) {
	d.W.Key(window.Space)
	d.Refresh()
}

// staticGenerations is how many times every document is opened afresh
// during a run: one window's objects can land where the cache treats them
// a few percent better or worse than another's, and pooling the samples of
// three placements keeps that luck out of the ratio.
const staticGenerations = 3

func measureStatic(rounds int) sample.Measurement {
	release := counter.Exclusive()
	defer release()
	var m sample.Measurement
	gens := max(1, min(staticGenerations, rounds))
	for gen := range gens {
		drivers := make([]*phase.Driver, len(staticSizes))
		for i, size := range staticSizes {
			d := drive.Open(size, gallery.Options{})
			drive.Focus(d, d.G.Check) // so that the measured key changes one property
			drivers[i] = d
			if gen == 0 {
				p := sample.Point{Series: "update", Label: size.String(), X: float64(d.G.Controls())}
				for range 2 { // on, then off
					before := counter.Take()
					toggle(d)
					p.Steps = append(p.Steps, before.Delta(counter.Take()))
				}
				m.Points = append(m.Points, p)
			}
		}
		for _, d := range drivers {
			sample.Batch(staticWarmup, func(int) { toggle(d) })
		}
		n := rounds / gens
		if gen == 0 {
			n += rounds % gens
		}
		for r := range n {
			if r%staticGC == 0 {
				sample.Collect()
			}
			for _, i := range sample.Rotation(r, len(drivers)) {
				d := drivers[i]
				m.Points[i].Micros = append(m.Points[i].Micros, sample.Batch(staticBatch, func(int) { toggle(d) }))
			}
		}
	}
	return m
}

func judgeStatic(m *sample.Measurement) []Criterion {
	pts := m.Series("update")
	if len(pts) < 2 {
		return []Criterion{
			staticTime.Broken("need at least two sizes, got %d", len(pts)),
			staticCounts.Broken("need at least two sizes, got %d", len(pts)),
			staticFit.Broken("need at least two sizes, got %d", len(pts)),
		}
	}
	first, last := pts[0], pts[len(pts)-1]
	out := []Criterion{staticTime.Judge(sample.Ratio(last.Median(), first.Median()),
		fmt.Sprintf("%s %.3g µs / %s %.3g µs", last.Label, last.Median(), first.Label, first.Median()))}

	switch {
	case len(first.Steps) == 0:
		out = append(out, staticCounts.Broken("%s recorded no counts", first.Label))
	case first.Steps[0].ElementsRestyled == 0:
		out = append(out, staticCounts.Broken("the update restyled nothing at %s: the key never reached the checkbox", first.Label))
	default:
		differ, detail := 0, ""
		for _, p := range pts[1:] {
			if i, d := sample.StepsDiffer(first.Steps, p.Steps); i >= 0 {
				differ++
				if detail == "" {
					detail = fmt.Sprintf("first: %s step %d: %s", p.Label, i, d)
				}
			}
		}
		if detail == "" {
			detail = first.Steps[0].String()
		}
		out = append(out, staticCounts.Judge(float64(differ), detail))
	}

	xs, ys := fitData(pts)
	_, beta := stat.LinearRegression(xs, ys, nil, false)
	out = append(out, staticFit.Judge(beta*1e3, fmt.Sprintf("least squares over %d sizes", len(pts))))
	return out
}

// fitData returns the points' X and median µs.
func fitData(pts []*sample.Point) (xs, ys []float64) {
	for _, p := range pts {
		xs = append(xs, p.X)
		ys = append(ys, p.Median())
	}
	return xs, ys
}
