package suite

import (
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

// The kitchen-sink's interactions after the keystroke and the clicks.
const (
	sinkCrossings   = 24 // pointer crossings over table rows
	sinkWheels      = 24 // wheel steps over the table, 20 px each
	sinkWheelDelta  = 20
	sinkResizes     = 12 // width steps of 16 px, the last interaction
	sinkResizeDelta = 16
	sinkMaxTabs     = 64 // Tabs from the top before giving up on finding a field
)

// kitchenSink runs every kind of interaction over the shipped gallery, in a
// fixed order. The keystroke goes first, because the field it types into is
// found by tabbing from the top of the document (Tab until the focused
// element is a text field). Then clicks on a checkbox, a radio, the
// slider, a tab and a button; then hover crossings over the table rows;
// then the wheel over the table; and the resize last, because every step
// of it leaves the window a different width.
//
// It fails (Broken) when Tab reaches no text field, when the keystroke
// edits nothing, or when a click changes nothing: the numbers of a run
// whose interactions missed their targets measure nothing.
var kitchenSink = scenario.Scenario{
	Name: "kitchen-sink",
	Help: "Tab to the first text field and type, click five controls, hover, scroll the table, resize last",
	Run: func(s *scenario.Session) error {
		g, w := openShipped(s, gallery.DefaultOptions)

		for w.Focus() == nil || w.Focus().Kind() != document.TextField {
			if tabs := len(s.Record().Steps); tabs == sinkMaxTabs {
				return fmt.Errorf("%d Tabs from the top reached no text field", tabs)
			}
			s.Drive("tab", func() { w.Key(window.Tab) })
		}
		field, text := w.Focus(), w.Focus().Text()
		s.Drive("type", func() { w.Type("a") })
		if field.Text() == text {
			return fmt.Errorf("the keystroke left the focused field's text %q as it was", text)
		}

		strip := g.Tabs.Children()[0]
		for _, c := range []struct {
			what string
			n    *document.Node
			at   float32 // where along the control, as a fraction of its width
		}{
			{"checkbox", g.Check, 0.5},
			{"radio", g.Radios[len(g.Radios)-1], 0.5},
			{"slider", g.Slider, 0.75},
			{"tab", strip.Children()[1], 0.5},
			{"button", g.Buttons[0], 0.5},
		} {
			r := w.Rect(c.n)
			x, y := r.X+r.W*c.at, r.Y+r.H/2
			s.Drive("click", func() { w.Click(x, y, window.Left) })
			if d := s.Record().Steps[len(s.Record().Steps)-1].Counts; engine.Get(d, counter.ElementsRestyled)+engine.Get(d, counter.NodesRelaidOut) == 0 {
				return fmt.Errorf("the click on the %s restyled and relaid out nothing: it missed", c.what)
			}
		}

		rows := rowsInView(w, g)
		if len(rows) < 2 {
			return fmt.Errorf("fewer than two table rows in view: there is nothing to hover")
		}
		for i := range sinkCrossings {
			x, y := center(w.Rect(rows[bounce(i, len(rows))]))
			s.Drive("cross", func() { w.PointerMove(x, y) })
		}

		x, y := center(w.Rect(g.TableScroll))
		for range sinkWheels {
			s.Drive("wheel", func() { w.Wheel(x, y, sinkWheelDelta) })
		}

		for i := range sinkResizes {
			width := window.DefaultWidth - sinkResizeDelta*float32(i+1)
			s.Drive("resize", func() { w.Resize(width, window.DefaultHeight) })
		}
		return nil
	},
	Numbers: append([]scenario.Number{
		// The frames of the sequence fall in three groups a thousandfold
		// apart (a keystroke, click or crossing costs about a µs, a wheel
		// step over the table tens of µs, a width step milliseconds), and
		// the median of such a mixture jumps from one group to the next
		// when one frame moves. So each group has its own time, each the
		// median over its own frames, each on the thread-CPU clock in
		// batches of up to sinkBatch steps of one label (see
		// CPUFrameTime): an input frame costs about a µs, so its steps
		// are timed together. Tolerances derived from their spread under
		// load (see spreads).
		scenario.CPUFrameTime(band.Spec{Name: "input-frame", Unit: "µs/input-frame", Band: band.TimeFromSpread(spreadSinkInput), Budget: band.FrameBudget(60)},
			scenario.Labelled("tab", "type", "click", "cross")),
		scenario.CPUFrameTime(band.Spec{Name: "wheel-frame", Unit: "µs/wheel-frame", Band: band.TimeFromSpread(spreadSinkWheel), Budget: band.FrameBudget(60)},
			scenario.Labelled("wheel")),
		scenario.CPUFrameTime(band.Spec{Name: "resize-frame", Unit: "µs/resize-frame", Band: band.TimeFromSpread(spreadSinkResize), Budget: band.FrameBudget(60)},
			scenario.Labelled("resize")),
		// The design's claim: the search field is the first focusable
		// element in tree order, so one Tab from the top reaches it.
		{Spec: band.Spec{Name: "tabs", Unit: "tabs/run", Band: band.Exact(1), Budget: band.Max(1, "the first focusable element is a text field")},
			Value: scenario.StepCount(scenario.Labelled("tab"))},
		// One keystroke, one edit.
		{Spec: band.Spec{Name: "text-edits", Unit: "text-edits/run", Band: band.Exact(1), Budget: band.Max(1, "one keystroke, one edit")},
			Value: engine.Total(counter.TextEdits)},
		// Measured: the restyles and relayouts of the whole sequence are a
		// property of the current design (the resize alone relays out most
		// of the document); more is a regression to explain. A row
		// measures its items by their max-content width, so a width change
		// lays an item out once, at its final width, and holds the items
		// whose width it leaves alone.
		{Spec: band.Spec{Name: "restyles", Unit: "restyles/run", Band: band.Count(63)},
			Value: engine.Total(counter.ElementsRestyled)},
		{Spec: band.Spec{Name: "relayouts", Unit: "relayouts/run", Band: band.Count(49690)},
			Value: engine.Total(counter.NodesRelaidOut)},
		// The skips the sequence exercises, and the work each guards
		// (relayouts, above, for LayoutsHeld).
		//
		// A scroll container's content is one layer: its wheel frames
		// hand on and cull only the chunks in view before or after them.
		// With the rows' intrinsic bases, the subtrees a resize leaves at
		// their width are held, and the text they hold is not wrapped
		// again, so it asks the run cache nothing.
		engine.Avoided(counter.ChunksTranslated, 2581),
		engine.Avoided(counter.LayoutsHeld, 18379),
		engine.Avoided(counter.ShapedRunsCached, 95702),
		engine.Done(counter.RunsShaped, 27),
		engine.Avoided(counter.GlyphCacheHits, 344957),
		engine.Done(counter.GlyphsRasterised, 0),
		engine.Done(counter.PrimitivesSubmitted, 4769),
	}, slices.Concat(drawCalls(4556, 34776, 67), emission(48226, 46038, 46640), allocations(3.79, 2468.18),
		// Each kind of frame damages what it changed: a key or a
		// crossing a control or two, a click the panel it switches (most
		// of the window, but not all of it), a wheel the scrolled port.
		// A resize repaints the window, which is what its frame is.
		damage("input-", "input-frame", scenario.Labelled("tab", "type", "cross"), 27004, 3, "the controls a key or a crossing changed"),
		damage("click-", "click-frame", scenario.Labelled("click"), 969514, 3, "the panel a click changed, less than the window"),
		damage("wheel-", "wheel-frame", scenario.Labelled("wheel"), 208016, 2, "the scrolled port"),
		rendered(63300, 253610, 34776, 3060384))...),
	Batch: sinkBatch,
}

// sinkBatch is how many consecutive steps of one label share a
// thread-CPU sample in the kitchen-sink: enough that the clicks and
// crossings (about a µs each) are sampled a few at a time, few enough
// that the 24 wheel and 12 width steps still give several samples a
// process.
const sinkBatch = 4
