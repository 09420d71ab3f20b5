package suite

import (
	"errors"
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// The resize scenario's width steps: 24 steps of 16 px, narrowing the
// window from its default width for ten steps and widening it back, so
// each step is a new width and the paragraph rewraps at most of them.
const (
	resizeSteps = 24
	resizeDelta = 16
)

// resizeWidth returns the width of step i.
func resizeWidth(i int) float32 {
	j := i % 20
	if j >= 10 {
		j = 20 - j
	}
	return window.DefaultWidth - resizeDelta*float32(j+1)
}

// widthSteps takes the first n width steps, one step each.
func widthSteps(s *scenario.Session, w *window.Window, n int) {
	for i := range n {
		width := resizeWidth(i)
		s.Drive("resize", func() { w.Resize(width, window.DefaultHeight) })
	}
}

// resize narrows and widens the shipped gallery's window in width steps.
//
// It fails (Broken) when the resize rewrapped no text: the paragraph wraps
// at the window's width, so a resize that wrapped nothing did not reach
// layout and its numbers measure nothing.
var resize = scenario.Scenario{
	Name: "resize",
	Help: "the window narrows and widens in 24 width steps of 16 px",
	Run: func(s *scenario.Session) error {
		_, w := openShipped(s, gallery.DefaultOptions)
		widthSteps(s, w, resizeSteps)
		if engine.Get(s.Record().Total, counter.LinesWrapped) == 0 {
			return errors.New("the width steps rewrapped no text: the resize never reached layout")
		}
		return nil
	},
	Numbers: append([]scenario.Number{
		// Thread CPU time per width step (milliseconds each); its
		// tolerance derived from its spread under load (see spreads).
		scenario.CPUFrameTime(band.Spec{Name: "frame", Unit: "µs/frame", Band: band.TimeFromSpread(spreadResizeFrame), Budget: band.FrameBudget(60)}, nil),
		// One frame per width step, exactly.
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Exact(resizeSteps)},
			Value: scenario.FrameCount(nil)},
		// The design's claim: a width changes no class or state, so
		// nothing is restyled.
		{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(0), Budget: band.Max(0, "a resize changes no class or state")},
			Value: engine.MaxPerStep(counter.ElementsRestyled, scenario.Drew)},
		// Measured: what a width step relays out and rewraps is a
		// property of the current design (everything whose width follows
		// the window's); more is a regression to explain. A row measures
		// its items by their max-content width, so an item is laid out
		// once, at its final width, and one whose final width the step
		// leaves alone is held with its subtree.
		{Spec: band.Spec{Name: "relayouts", Unit: "relayouts/frame", Band: band.Count(4140)},
			Value: engine.MaxPerStep(counter.NodesRelaidOut, scenario.Drew)},
		{Spec: band.Spec{Name: "lines-wrapped", Unit: "lines-wrapped/run", Band: band.Count(69064)},
			Value: engine.Total(counter.LinesWrapped)},
		// The skips a width step exercises, and the work each guards
		// (relayouts, above, for LayoutsHeld). Layout memoises sizes per
		// constraint, so a flex pass asking a child what an earlier pass
		// asked is answered from the memo, and the rows' intrinsic bases
		// hold the items a step leaves at their width; text that is not
		// wrapped again asks the run cache nothing.
		//
		// Allocations include one object of 24 bytes over the run: a text
		// item shrinks from its max-content width, and one wraps into more
		// lines than the text stage's reused line buffer first held, so
		// the buffer grows once.
		engine.Avoided(counter.LayoutsHeld, 44872),
		engine.Avoided(counter.ShapedRunsCached, 187917),
		engine.Done(counter.RunsShaped, 22),
		engine.Avoided(counter.GlyphCacheHits, 665780),
		engine.Done(counter.GlyphsRasterised, 0),
		engine.Done(counter.PrimitivesSubmitted, 4023),
	}, slices.Concat(drawCalls(3750, 38952, 24), emission(91327, 87304, 88560), allocations(6.63, 4439),
		// A resize repaints the window, once, in one rectangle; every
		// frame is full, so the scene examines every chunk and skips
		// none (its floor of zero is the truth, not a proof).
		damage("", "frame", scenario.Drew, windowArea, 1, "a resized window is repainted whole, once"),
		rendered(113520, 0, 38952, 3427968))...),
}
