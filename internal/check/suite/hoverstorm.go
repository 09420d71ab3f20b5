package suite

import (
	"errors"
	"fmt"
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// crossings is how many times the hover-storm pointer crosses from one
// table row into another.
const crossings = 240

// hoverStorm sweeps the pointer down the table rows in view and back up,
// one row per step, so every step leaves one row and enters another: one
// crossing, answered by one frame.
//
// It fails (Broken) when the crossings restyled nothing. A pointer aimed at
// empty space costs nothing and would pass every band below, so such a run
// measured no hover at all: its numbers are missing rather than over a
// limit, which is Broken, not Fail — and a Broken run records no baseline.
var hoverStorm = scenario.Scenario{
	Name: "hover-storm",
	Help: "the pointer crosses table rows 240 times, down the rows in view and back up",
	Run: func(s *scenario.Session) error {
		g, w := openShipped(s, gallery.DefaultOptions)
		rows := rowsInView(w, g)
		if len(rows) < 2 {
			return errors.New("fewer than two table rows in view: there is nothing to cross")
		}
		for i := range crossings {
			x, y := center(w.Rect(rows[bounce(i, len(rows))]))
			s.Drive("cross", func() { w.PointerMove(x, y) })
		}
		return hovered(s)
	},
	Numbers: append([]scenario.Number{
		// Thread CPU time per crossing, timed in batches of hoverBatch:
		// a crossing's frame costs about 0.5 µs, less than one read of
		// the thread clock. Its tolerance is derived from its spread
		// under load (see spreads).
		scenario.CPUFrameTime(band.Spec{Name: "frame", Unit: "µs/frame", Band: band.TimeFromSpread(spreadHoverFrame), Budget: band.FrameBudget(60)}, nil),
		// One frame per crossing, exactly: every crossing is one refresh,
		// and a crossing that drew nothing hovered nothing.
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Exact(crossings)},
			Value: scenario.FrameCount(nil)},
		// The design's claim: a crossing restyles the row it left and the
		// row it entered, nothing else.
		{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2), Budget: band.Max(2, "the row left and the row entered")},
			Value: engine.MaxPerStep(counter.ElementsRestyled, scenario.Drew)},
		// The design's claim: a hover variant changes paint only.
		{Spec: band.Spec{Name: "relayouts", Unit: "relayouts/frame", Band: band.Count(0), Budget: band.Max(0, "hover changes no layout property")},
			Value: engine.MaxPerStep(counter.NodesRelaidOut, scenario.Drew)},
		// No skip fires while hovering (the rows are in view, their text
		// shaped already); the work a lost cull would raise is still read.
		engine.Done(counter.PrimitivesSubmitted, 957),
	}, slices.Concat(drawCalls(719, 16267, 240), emission(957, 0, 719), allocations(0.02, 1.07),
		// Two rows and the progress bar's next frame, never the window.
		damage("", "frame", scenario.Drew, 27004, 3, "the row left, the row entered and the progress bar"),
		rendered(19194, 1116006, 16267, 1431496))...),
	Batch: hoverBatch,
}

// hoverBatch is how many crossings share one thread-CPU sample: 16
// crossings of about 0.5 µs each make a sample of about 8 µs, in which
// the two reads of the clock (about 0.6 µs each) and the counter
// snapshots between steps are a few percent; 240 crossings give 15
// samples a process.
const hoverBatch = 16

// hovered fails a run whose crossings restyled nothing.
func hovered(s *scenario.Session) error {
	if r := s.Record(); engine.Get(r.Total, counter.ElementsRestyled) == 0 {
		return fmt.Errorf("%d crossings restyled nothing: the pointer never reached a row", len(r.Steps))
	}
	return nil
}

// rowsInView returns the table rows wholly inside the table's port.
func rowsInView(w *window.Window, g *gallery.Gallery) []*document.Node {
	port := w.Rect(g.TableScroll)
	var out []*document.Node
	for _, r := range g.TableRows {
		rr := w.Rect(r)
		if rr.Y >= port.Y && rr.Y+rr.H <= port.Y+port.H {
			out = append(out, r)
		}
	}
	return out
}

// bounce returns the index of step i of a walk down 0…n-1 and back up,
// never staying on one index two steps running.
func bounce(i, n int) int {
	j := i % (2 * (n - 1))
	if j >= n {
		j = 2*(n-1) - j
	}
	return j
}
