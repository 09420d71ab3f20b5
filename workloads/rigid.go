package workloads

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

var rigidSlope = &Workload{
	Name: "rigid-scroll-slope",
	Help: "The wheel over the rigid (non-virtualised) scroll, 7 px a step, 40 steps down and 40 back, with 1× and " +
		"10× the shipped rows all mounted: its content moves as one layer, so a wheel frame's cost and counts " +
		"follow what is in view, not what it holds.",
	Gate:    true,
	Limits:  []Limit{rigidTime, rigidCounts},
	rounds:  150,
	measure: measureRigid,
	judge:   judgeRigid,
}

var (
	// The ideal is 1: a wheel frame translates and culls the chunks in
	// view before or after it, whatever the rows below. Measured about
	// 1.0 on a loaded two-core EPYC; 10% leaves room for the larger
	// document's cache behaviour, while a frame that visited every row
	// would cost several times more at 10× (it did: 2 005 chunks at 1×,
	// 20 005 at 10×, before the layer).
	rigidTime = Limit{Name: "time 10×/1×", Unit: "×", Shape: Ceiling, Hi: 1.10, Time: true,
		Why: "the ideal is no growth; 10% is the issue's bound, and a scroll that visited every row would cost several times more"}
	rigidCounts = Limit{Name: "wheel steps whose counts differ between 1× and 10×", Unit: "steps", Shape: Ceiling, Hi: 0,
		Why: "counts are the design and identical on every machine; a step that does more for more rows is the failure"}
)

func measureRigid(rounds int) sample.Measurement {
	release := counter.Exclusive()
	defer release()
	base := gallery.DefaultOptions.RigidRows
	sizes := []int{base, 10 * base}
	m := sample.Measurement{Points: []sample.Point{
		{Series: "wheel", Label: "1x", X: float64(sizes[0])},
		{Series: "wheel", Label: "10x", X: float64(sizes[1])},
	}}
	steps := make([]func(int), len(sizes))
	for i, rows := range sizes {
		d := drive.Open(gallery.S1, gallery.Options{RigidRows: rows})
		steps[i] = drive.Wheeler(d, d.G.Rigid, 7)
		m.Points[i].Steps = cycleCounts(steps[i])
	}
	for r := range rounds {
		sample.Collect()
		for _, i := range sample.Rotation(r, len(sizes)) {
			m.Points[i].Micros = append(m.Points[i].Micros, sample.Batch(drive.WheelCycle, steps[i]))
		}
	}
	return m
}

func judgeRigid(m *sample.Measurement) []Criterion {
	one, ten := m.Find("wheel", "1x"), m.Find("wheel", "10x")
	if one == nil || ten == nil {
		return []Criterion{rigidTime.Broken("missing: need the 1x and 10x points"), rigidCounts.Broken("missing: need the 1x and 10x points")}
	}
	out := []Criterion{rigidTime.Judge(sample.Ratio(ten.Median(), one.Median()),
		fmt.Sprintf("10x %.3g µs / 1x %.3g µs a step", ten.Median(), one.Median()))}
	var translated uint64
	for _, s := range one.Steps {
		translated += s.ChunksTranslated
	}
	switch {
	case len(one.Steps) == 0 || len(one.Steps) != len(ten.Steps):
		return append(out, rigidCounts.Broken("counts of %d and %d steps: need one cycle of each", len(one.Steps), len(ten.Steps)))
	case translated == 0:
		return append(out, rigidCounts.Broken("the wheel translated nothing: the workload measures no scrolling"))
	}
	differ, detail := countDiffering(one.Steps, ten.Steps)
	if detail == "" {
		detail = fmt.Sprintf("%d steps, %d chunks translated at 1× and at 10×", len(one.Steps), translated)
	}
	return append(out, rigidCounts.Judge(float64(differ), detail))
}
