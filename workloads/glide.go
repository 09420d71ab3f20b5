package workloads

import (
	"fmt"
	"slices"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

var glideSplit = &Workload{
	Name: "glide-split",
	Help: "Glide against repaint of the same rows: frames of the rigid scroll carried 24 px past its port " +
		"(translation) against frames that re-emit every one of its rows from their styles (a paint-only class " +
		"toggled on each row). A diagnostic: run on demand, never gated.",
	Gate:    false,
	Limits:  []Limit{glideRatio, glideRows},
	rounds:  40,
	measure: measureGlide,
	judge:   judgeGlide,
}

var (
	// The design goal (SPEC §3): carrying content past a port costs at
	// most half of painting it again. The ratio is a proportion between two
	// real pieces of work, but what the design wrote is a ceiling: a glide
	// that got cheaper is the point.
	glideRatio = Limit{Name: "glide / repaint", Unit: "×", Shape: Ceiling, Hi: 0.5, Time: true,
		Why: "the design goal: a glide costs at most half of repainting the same rows"}
	// Like for like: the repaint re-emits the rows a glide frame carries —
	// those in the port before or after it (the scroll content moves as one
	// layer, so rows out of view are not carried). A row cut by the edge of
	// that range may count in one half and not the other: three chunks (its
	// background and two labels) at each edge.
	glideRows = Limit{Name: "|chunks repainted − chunks glided|", Unit: "chunks", Shape: Ceiling, Hi: 6,
		Why: "the two halves must touch the same rows, or the ratio compares nothing; one row at each edge may differ"}
)

// glideBatch is the number of frames of each half timed per round.
const glideBatch = 40

// repaintClass is the class toggled on every rigid row for the repaint
// half. The gallery's "primary" changes background and text colour only:
// the row restyles, its labels inherit the colour, and all of them
// re-emit, with no layout.
const repaintClass = "primary"

func measureGlide(rounds int) sample.Measurement {
	release := counter.Exclusive()
	defer release()
	d := drive.Open(gallery.Shipped, gallery.Options{})
	// Give every row a background of its own, so that each row has a chunk
	// both halves can touch (a row with nothing to paint has none).
	for _, r := range d.G.RigidRows {
		d.G.Doc.AddClass(r, "row-even")
	}
	d.W.Invalidate()
	d.W.Quiet()

	glide := drive.Wheeler(d, d.G.Rigid, 24)
	// The rows a glide frame carries: in the port, or within one glide
	// step below it.
	port := d.W.Rect(d.G.Rigid)
	port.H += 24
	var carried []*document.Node
	for _, r := range d.G.RigidRows {
		if d.W.Rect(r).Intersects(port) {
			carried = append(carried, r)
		}
	}
	on := false
	repaint := func(int) {
		on = !on
		for _, r := range carried {
			if on {
				d.G.Doc.AddClass(r, repaintClass)
			} else {
				d.G.Doc.RemoveClass(r, repaintClass)
			}
		}
		d.W.Invalidate()
		d.Refresh()
	}
	halves := []func(int){glide, repaint}
	m := sample.Measurement{Points: []sample.Point{{Series: "split", Label: "glide"}, {Series: "split", Label: "repaint"}}}
	for i, f := range halves {
		m.Points[i].Steps = stepCounts(f, 2)
		sample.Batch(glideBatch, f) // warm up
	}
	frame := 0
	for r := range rounds {
		sample.Collect()
		for _, i := range sample.Rotation(r, len(halves)) {
			for range glideBatch {
				halves[i](frame)
				frame++
				m.Points[i].Micros = append(m.Points[i].Micros, sample.Micros(d.W.LastFrame().Cost))
			}
		}
	}
	return m
}

// stepCounts runs n steps and returns each one's counters.
func stepCounts(step func(int), n int) []counter.Snapshot {
	out := make([]counter.Snapshot, n)
	for i := range out {
		before := counter.Take()
		step(i)
		out[i] = before.Delta(counter.Take())
	}
	return out
}

func judgeGlide(m *sample.Measurement) []Criterion {
	g, r := m.Find("split", "glide"), m.Find("split", "repaint")
	if g == nil || r == nil {
		return []Criterion{glideRatio.Broken("missing: need the glide and repaint points"), glideRows.Broken("missing: need the glide and repaint points")}
	}
	out := []Criterion{glideRatio.Judge(sample.Ratio(g.Median(), r.Median()),
		fmt.Sprintf("glide %.3g µs / repaint %.3g µs a frame", g.Median(), r.Median()))}
	if len(g.Steps) == 0 || len(r.Steps) == 0 {
		return append(out, glideRows.Broken("no counts were recorded"))
	}
	translated := slices.MaxFunc(g.Steps, func(a, b counter.Snapshot) int { return int(a.ChunksTranslated) - int(b.ChunksTranslated) }).ChunksTranslated
	emitted := slices.MinFunc(r.Steps, func(a, b counter.Snapshot) int { return int(a.ChunksEmitted) - int(b.ChunksEmitted) }).ChunksEmitted
	for _, s := range g.Steps {
		if s.BoxesRebuilt != 0 || s.ChunksEmitted != 0 {
			return append(out, glideRows.Broken("a glide frame rebuilt %d boxes and emitted %d chunks: it was not a translation", s.BoxesRebuilt, s.ChunksEmitted))
		}
	}
	if translated == 0 || emitted == 0 {
		return append(out, glideRows.Broken("the glide translated %d chunks and the repaint emitted %d: one half did nothing", translated, emitted))
	}
	diff := float64(emitted) - float64(translated)
	if diff < 0 {
		diff = -diff
	}
	return append(out, glideRows.Judge(diff, fmt.Sprintf("repaint emits %d chunks a frame, glide translates %d", emitted, translated)))
}
