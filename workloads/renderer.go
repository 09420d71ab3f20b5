package workloads

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	_ "github.com/perfbench/perfbench/renderer/raster" // the "cpu" renderer
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

// The renderer's own work on a hover frame, at s1, s13 and s26: the CPU
// rasteriser's in the gate list, the GPU renderer's by name (CI runs it in
// its gpu build, where the renderer exists). The engine's hover is O(depth)
// (static-slope holds that); these hold the renderer behind it to the
// damage, not the document: the scene examines the chunks its index files
// under the damage, and draws and uploads what covers it.
var (
	rendererSlope = &Workload{
		Name: "renderer-slope",
		Help: "Hover frames over the gallery's table at s1, s13 and s26, drawn by the CPU rasteriser: " +
			"the chunks its scene examines and the items it draws per frame must not grow with the document.",
		Gate:    true,
		Limits:  []Limit{sceneChunksSlope, instancesSlope, rendererTime},
		rounds:  8,
		measure: func(rounds int) sample.Measurement { return measureRenderer("cpu", rounds) },
		judge: func(m *sample.Measurement) []Criterion {
			return judgeRenderer(m, []slopeCount{{sceneChunksSlope, counter.SceneChunksVisited}, {instancesSlope, counter.InstancesWritten}})
		},
	}
	rendererSlopeGPU = &Workload{
		Name: "renderer-slope-gpu",
		Help: "The same hover frames drawn by the GPU renderer (a -tags gpu build): " +
			"the chunks its scene examines and the instance and uniform bytes it uploads per frame must not grow with the document.",
		Limits:  []Limit{sceneChunksSlope, bufferBytesSlope, rendererTime},
		rounds:  8,
		measure: func(rounds int) sample.Measurement { return measureRenderer("gpu", rounds) },
		judge: func(m *sample.Measurement) []Criterion {
			return judgeRenderer(m, []slopeCount{{sceneChunksSlope, counter.SceneChunksVisited}, {bufferBytesSlope, counter.BufferBytes}})
		},
	}
)

// rendererSizes are the documents: 2 140, 5 908 and 9 990 elements.
var rendererSizes = []gallery.Size{gallery.S1, gallery.S13, gallery.S26}

var (
	// Counts are the design, and a hover's damage is the same two rows at
	// every size, so the ratio is 1 exactly. A scene that walks the whole
	// display list examined 1 932, 4 716 and 7 732 chunks a frame (4.0×).
	sceneChunksSlope = Limit{Name: "chunks examined per hover frame s26/s1", Unit: "×", Shape: Ceiling, Hi: 1,
		Why: "counts are the design: the damage is the same two rows at every size, so the ideal 1 is exact; a walk of the display list reads 4.0"}
	instancesSlope = Limit{Name: "items drawn per hover frame s26/s1", Unit: "×", Shape: Ceiling, Hi: 1,
		Why: "what covers the same damage is the same at every size"}
	bufferBytesSlope = Limit{Name: "bytes uploaded per hover frame s26/s1", Unit: "×", Shape: Ceiling, Hi: 1,
		Why: "instance data for the same damage is the same at every size; a frame that re-uploaded the whole list would grow with it"}
	// The time is reported: the CPU rasteriser's hover frame is its pixel
	// work, flat by construction, and llvmpipe's is mostly the driver's.
	rendererTime = Limit{Name: "time s26/s1", Unit: "×", Shape: Report,
		Why: "reported: a same-run ratio, but dominated by the renderer's pixel or driver work, which the counts already hold flat"}
)

// slopeCount is one count a renderer slope judges, with its limit.
type slopeCount struct {
	limit Limit
	c     counter.Counter
}

const (
	rendererHovers = 16 // hover frames counted per size
	rendererBatch  = 8  // hover frames timed together (one sample)
)

// hoverer returns a step that moves the pointer to the next of the table
// rows in view, down and back up, so that every step is one crossing.
func hoverer(d *phase.Driver) func() {
	port := d.W.Rect(d.G.TableScroll)
	var rows []*document.Node
	for _, r := range d.G.TableRows {
		if rr := d.W.Rect(r); rr.Y >= port.Y && rr.Y+rr.H <= port.Y+port.H {
			rows = append(rows, r)
		}
	}
	if len(rows) < 2 {
		panic("workloads: fewer than two table rows in view")
	}
	i := 0
	return func() {
		j := i % (2 * (len(rows) - 1))
		if j >= len(rows) {
			j = 2*(len(rows)-1) - j
		}
		i++
		d.W.PointerMove(drive.Center(d.W.Rect(rows[j])))
		d.Refresh()
	}
}

func measureRenderer(name string, rounds int) sample.Measurement {
	release := counter.Exclusive()
	defer release()
	var m sample.Measurement
	steps := make([]func(), len(rendererSizes))
	for i, size := range rendererSizes {
		r, err := renderer.New(name)
		if err != nil {
			panic(err)
		}
		if c, ok := r.(renderer.Closer); ok {
			defer c.Close()
		}
		d := phase.Open(&phase.Phase{Name: "workload"}, size, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: r}})
		step := hoverer(d)
		step() // the first crossing leaves the pointer's entry out
		p := sample.Point{Series: "hover", Label: size.String(), X: float64(d.G.Controls())}
		for range rendererHovers {
			before := counter.Take()
			step()
			p.Steps = append(p.Steps, before.Delta(counter.Take()))
		}
		m.Points = append(m.Points, p)
		steps[i] = step
	}
	for r := range rounds {
		for _, i := range sample.Rotation(r, len(steps)) {
			m.Points[i].Micros = append(m.Points[i].Micros, sample.Batch(rendererBatch, func(int) { steps[i]() }))
		}
	}
	return m
}

// perFrame returns the mean of c over the point's hover frames.
func perFrame(p *sample.Point, c counter.Counter) float64 {
	var sum uint64
	for _, s := range p.Steps {
		sum += s.Get(c)
	}
	return float64(sum) / float64(max(1, len(p.Steps)))
}

func judgeRenderer(m *sample.Measurement, counts []slopeCount) []Criterion {
	pts := m.Series("hover")
	if len(pts) < 2 {
		var out []Criterion
		for _, sc := range counts {
			out = append(out, sc.limit.Broken("need at least two sizes, got %d", len(pts)))
		}
		return append(out, rendererTime.Broken("need at least two sizes, got %d", len(pts)))
	}
	first, last := pts[0], pts[len(pts)-1]
	var out []Criterion
	for _, sc := range counts {
		a, b := perFrame(last, sc.c), perFrame(first, sc.c)
		if b == 0 {
			out = append(out, sc.limit.Broken("%v read zero at %s: the renderer did nothing a hover frame can be judged by", sc.c, first.Label))
			continue
		}
		out = append(out, sc.limit.Judge(sample.Ratio(a, b), fmt.Sprintf("%v per frame: %s %.4g / %s %.4g", sc.c, last.Label, a, first.Label, b)))
	}
	return append(out, rendererTime.Judge(sample.Ratio(last.Median(), first.Median()),
		fmt.Sprintf("%s %.3g µs / %s %.3g µs", last.Label, last.Median(), first.Label, first.Median())))
}
