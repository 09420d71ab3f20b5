package workloads

import (
	"fmt"

	"gonum.org/v1/gonum/stat"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

var resizeSlope = &Workload{
	Name: "resize-slope",
	Help: "A resize frame (the window narrowed or widened by 16 px) at s1 … s26, fitted against the document's " +
		"elements, judged against the fitted cost of rebuilding the same window from nothing in the same run.",
	Gate:    true,
	Limits:  []Limit{resizeRatio, resizeFit, rebuildFit},
	rounds:  15,
	measure: measureResize,
	judge:   judgeResize,
}

// resizeSizes are the documents a resize is measured in.
var resizeSizes = []gallery.Size{gallery.S1, gallery.S2, gallery.S4, gallery.S8, gallery.S13, gallery.S26}

var (
	// The criterion is the per-element slope of a resize frame over the
	// per-element slope of a first frame over doc.Clone() in the same
	// viewport, both fitted by least squares over the same documents in the
	// same run. Slopes, not totals: the intercepts carry what does not
	// scale (glyph rasterisation in a first frame), which a per-element
	// claim should not be judged by.
	//
	// The ratio is a proportion between two real pieces of work, so it is a
	// band. A resize keeps styles, boxes and shaped runs and redoes layout,
	// fragments and emission; a rebuild does everything. Measured: 0.16 to
	// 0.21 on a loaded two-core AMD EPYC, 0.25 to 0.27 on a quiet 16-core
	// Intel Xeon (the ratio moves with the machine: a rebuild allocates and
	// is bound by memory, a resize computes). The band is about twice that
	// either side. Above 0.6, a resize pays for most of what the window
	// retained (it restyles or reshapes on resize). Below 0.08, either the
	// rebuild got three times dearer per element, or the resize stopped
	// doing a resize's work (the counts also catch that, as Broken): either
	// half moving that far is worth knowing about.
	resizeRatio = Limit{Name: "resize slope / rebuild slope", Unit: "×", Shape: Band, Lo: 0.08, Hi: 0.6, Time: true,
		Why: "a proportion of two real pieces of work, measured 0.16–0.27: above 0.6 a resize pays for what the window retained; below 0.08 a rebuild got dearer or a resize stopped relaying out"}
	resizeFit = Limit{Name: "resize cost per element", Unit: "ns", Shape: Report,
		Why: "an absolute time: reported for the advisory table, judged by nothing"}
	rebuildFit = Limit{Name: "rebuild cost per element", Unit: "ns", Shape: Report,
		Why: "an absolute time: reported for the advisory table, judged by nothing"}
)

// resizeFrames is the number of resize frames timed per document per
// round; a rebuild is timed once per document per round.
const resizeFrames = 4

func measureResize(rounds int) sample.Measurement {
	release := counter.Exclusive()
	defer release()
	var m sample.Measurement
	drivers := make([]*phase.Driver, len(resizeSizes))
	widths := make([]int, len(resizeSizes)) // resize steps taken per document
	for i, size := range resizeSizes {
		d := drive.Open(size, gallery.Options{})
		drivers[i] = d
		x := float64(d.G.Controls())
		before := counter.Take()
		resizeStep(d, &widths[i])
		rs := before.Delta(counter.Take())
		before = counter.Take()
		rebuild(d)
		rb := before.Delta(counter.Take())
		m.Points = append(m.Points,
			sample.Point{Series: "resize", Label: size.String(), X: x, Steps: []counter.Snapshot{rs}},
			sample.Point{Series: "rebuild", Label: size.String(), X: x, Steps: []counter.Snapshot{rb}})
	}
	for r := range rounds {
		for _, i := range sample.Rotation(r, len(drivers)) {
			d := drivers[i]
			sample.Collect() // a rebuild allocates a window: charge it none of the last one's garbage
			m.Points[2*i+1].Micros = append(m.Points[2*i+1].Micros, rebuild(d))
			sample.Collect()
			for range resizeFrames {
				m.Points[2*i].Micros = append(m.Points[2*i].Micros, resizeStep(d, &widths[i]))
			}
		}
	}
	return m
}

// resizeStep resizes d's window to its next width and returns the cost of
// the frame, in µs.
func resizeStep(d *phase.Driver, step *int) float64 {
	d.W.Resize(drive.ResizeWidth(*step), window.DefaultHeight)
	*step++
	d.Refresh()
	return sample.Micros(d.W.LastFrame().Cost)
}

// rebuild opens a window over a clone of d's document in the same viewport
// and returns the cost of its first frame, in µs.
func rebuild(d *phase.Driver) float64 {
	size := d.W.Size()
	w := window.New(d.G.Doc.Clone(), window.Options{Clock: &clock.Virtual{}, Width: size.X, Height: size.Y})
	w.Frame()
	return sample.Micros(w.LastFrame().Cost)
}

func judgeResize(m *sample.Measurement) []Criterion {
	resize, rebuilt := m.Series("resize"), m.Series("rebuild")
	if len(resize) < 2 || len(rebuilt) < 2 {
		why := fmt.Sprintf("need at least two sizes of each series, got %d resize and %d rebuild", len(resize), len(rebuilt))
		return []Criterion{resizeRatio.Broken("%s", why), resizeFit.Broken("%s", why), rebuildFit.Broken("%s", why)}
	}
	// The resize must have done a resize's work at every size, or its
	// slope says nothing.
	for _, p := range resize {
		if len(p.Steps) > 0 && (p.Steps[0].NodesRelaidOut == 0 || p.Steps[0].LinesWrapped == 0) {
			why := fmt.Sprintf("the resize at %s relaid out %d nodes and wrapped %d lines: it did no resize's work",
				p.Label, p.Steps[0].NodesRelaidOut, p.Steps[0].LinesWrapped)
			return []Criterion{resizeRatio.Broken("%s", why), resizeFit.Broken("%s", why), rebuildFit.Broken("%s", why)}
		}
	}
	xs, ys := fitData(resize)
	ra, rb := stat.LinearRegression(xs, ys, nil, false)
	rr2 := stat.RSquared(xs, ys, nil, ra, rb)
	xs, ys = fitData(rebuilt)
	ba, bb := stat.LinearRegression(xs, ys, nil, false)
	br2 := stat.RSquared(xs, ys, nil, ba, bb)

	fits := fmt.Sprintf("resize %.4g ns/element (R² %.2f), rebuild %.4g ns/element (R² %.2f)", rb*1e3, rr2, bb*1e3, br2)
	var c Criterion
	if !(bb > 0) {
		c = resizeRatio.Broken("the rebuild's cost did not grow with the document (%.4g ns/element): nothing to judge the resize against", bb*1e3)
	} else {
		c = resizeRatio.Judge(rb/bb, fits)
	}
	return []Criterion{
		c,
		resizeFit.Judge(rb*1e3, fmt.Sprintf("least squares over %d sizes, R² %.2f", len(resize), rr2)),
		rebuildFit.Judge(bb*1e3, fmt.Sprintf("least squares over %d sizes, R² %.2f", len(rebuilt), br2)),
	}
}
