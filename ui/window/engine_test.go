package window_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/window"
)

// open builds the gallery at size and settles a window over it on a
// virtual clock.
func open(t testing.TB, size gallery.Size, opts gallery.Options, wopts window.Options) (*gallery.Gallery, *window.Window, *clock.Virtual) {
	t.Helper()
	g := gallery.Build(size, opts)
	clk := &clock.Virtual{}
	wopts.Clock = clk
	w := window.New(g.Doc, wopts)
	w.Quiet()
	require.False(t, w.FramePending() && !w.Document().Pending() && g.Doc.Animated() == 0, "Quiet left a frame pending")
	return g, w, clk
}

// step performs one interaction and lets the clock reach the next
// refresh; it returns the counters the interaction and its frame moved.
func step(w *window.Window, clk *clock.Virtual, do func()) counter.Snapshot {
	before := counter.Take()
	do()
	clk.AdvanceTo(w.NextRefresh())
	return before.Delta(counter.Take())
}

func center(r geom.Rect) (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

// A single-property change on one control does work bounded by the tree
// depth, not by the number of controls.
func TestOneControlUpdateIsIndependentOfDocumentSize(t *testing.T) {
	defer counter.Exclusive()()
	var deltas []counter.Snapshot
	for _, size := range []gallery.Size{gallery.S1, gallery.S13, gallery.S26} {
		g, w, clk := open(t, size, gallery.Options{}, window.Options{})
		x, y := center(w.Rect(g.Check))
		w.Click(x, y, window.Left) // focus it first, so the measured click changes one property
		clk.Advance(time.Second)
		d := step(w, clk, func() { w.Key(window.Space) }) // toggles Checked
		t.Logf("%v (%d elements): %v", size, g.Controls(), d)
		assert.Equal(t, uint64(1), d.FramesDrawn, size)
		assert.Equal(t, uint64(1), d.ElementsRestyled, size)
		assert.Zero(t, d.NodesRelaidOut, size)
		assert.LessOrEqual(t, d.PrimitivesEmitted, uint64(2), size)
		assert.LessOrEqual(t, d.DrawOrderInsertions, uint64(1), size)
		assert.LessOrEqual(t, d.NodesVisited, uint64(2*(g.Check.Depth()+1)), "%v: NodesVisited must be O(depth)", size)
		deltas = append(deltas, d)
	}
	assert.Equal(t, deltas[0].NodesVisited, deltas[2].NodesVisited, "NodesVisited grew with the document")
	assert.Equal(t, deltas[0], deltas[1])
	assert.Equal(t, deltas[1], deltas[2])
}

func TestHoverCrossingsRestyleAtMostTwoAndLayOutNothing(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S13, gallery.Options{}, window.Options{})
	port := w.Rect(g.TableScroll)
	var total uint64
	crossings := 0
	for i := 0; crossings < 240; i++ {
		// Walk the rows down the port and scroll the table on when the
		// next row is out of view, so 240 distinct rows are crossed.
		r := w.Rect(g.TableRows[i])
		if r.Y+r.H > port.Y+port.H {
			d := step(w, clk, func() { w.Wheel(port.X+5, port.Y+5, port.H/2) })
			require.NotZero(t, d.ChunksTranslated)
			r = w.Rect(g.TableRows[i])
		}
		x, y := center(r)
		d := step(w, clk, func() { w.PointerMove(x, y) })
		crossings++
		assert.LessOrEqual(t, d.ElementsRestyled, uint64(2), "crossing %d", i)
		assert.Zero(t, d.NodesRelaidOut, "crossing %d", i)
		total += d.ElementsRestyled
		require.Same(t, g.TableRows[i], w.Hover(), "crossing %d", i)
	}
	assert.NotZero(t, total, "hover restyled nothing")
}

// assertTranslations checks the scroll claim over a run of wheel frames
// and returns how many frames were translations.
func assertTranslations(t *testing.T, name string, frames []counter.Snapshot) int {
	n := 0
	for i, d := range frames {
		if d.FramesDrawn == 0 || d.BoxesRebuilt != 0 {
			continue
		}
		n++
		assert.Zero(t, d.ElementsRestyled, "%s frame %d", name, i)
		assert.Zero(t, d.NodesRelaidOut, "%s frame %d", name, i)
		assert.Zero(t, d.HitIndexRebuilds, "%s frame %d", name, i)
		assert.NotZero(t, d.ChunksTranslated, "%s frame %d", name, i)
	}
	return n
}

func TestScrollFramesTranslateWithoutRebuilding(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S4, gallery.Options{}, window.Options{})
	for _, tc := range []struct {
		name   string
		target *document.Node
		dy     float32
	}{
		{"rigid", g.Rigid, 13},
		{"table", g.TableScroll, 31},
		{"list", g.List, 7},
	} {
		x, y := center(w.Rect(tc.target))
		var frames []counter.Snapshot
		for i := range 60 {
			dy := tc.dy
			if i >= 30 {
				dy = -dy
			}
			frames = append(frames, step(w, clk, func() { w.Wheel(x, y, dy) }))
		}
		assert.NotZero(t, assertTranslations(t, tc.name, frames), "%s: no translation frames", tc.name)
	}
}

func TestVirtualListWheelCostDoesNotGrowWithModelRows(t *testing.T) {
	defer counter.Exclusive()()
	run := func(rows int) []counter.Snapshot {
		g, w, clk := open(t, gallery.S1, gallery.Options{ListRows: rows}, window.Options{})
		x, y := center(w.Rect(g.List))
		var out []counter.Snapshot
		for range 80 {
			out = append(out, step(w, clk, func() { w.Wheel(x, y, 9) }))
		}
		return out
	}
	one, eight := run(1000), run(8000)
	recycled := uint64(0)
	for i := range one {
		assert.Equal(t, one[i], eight[i], "wheel frame %d", i)
		recycled += one[i].ListRowsRecycled
	}
	assert.NotZero(t, recycled, "the wheel never recycled a row")
}

func TestIdleWindowDrawsNothing(t *testing.T) {
	defer counter.Exclusive()()
	_, w, clk := open(t, gallery.S13, gallery.Options{}, window.Options{})
	before := counter.Take()
	frames := w.Frames()
	clk.Advance(10 * time.Second)
	assert.Equal(t, frames, w.Frames())
	assert.True(t, before.Delta(counter.Take()).IsZero(), "idle did work: %v", before.Delta(counter.Take()))
}

func TestAnimationDrawsExactlyOneFramePerRefresh(t *testing.T) {
	defer counter.Exclusive()()
	for _, hz := range []float64{60, 75, 240} {
		_, w, clk := open(t, gallery.S1, gallery.Options{Animate: true}, window.Options{Display: window.Display{RefreshHz: hz}})
		var at []int64
		probe := probeFunc(func(w *window.Window) { at = append(at, w.LastFrame().At.Nanos()) })
		_ = probe
		frames := w.Frames()
		start := clk.Now()
		clk.Advance(2 * time.Second)
		assert.Equal(t, uint64(2*hz), w.Frames()-frames, "%v Hz", hz)
		_ = start
	}
	// A display that reports no rate falls back to 60 Hz.
	_, w, clk := open(t, gallery.S1, gallery.Options{Animate: true}, window.Options{})
	frames := w.Frames()
	clk.Advance(time.Second)
	assert.Equal(t, uint64(window.FallbackHz), w.Frames()-frames)
}

type probeFunc func(*window.Window)

func (f probeFunc) FrameEnded(w *window.Window) { f(w) }

func TestProbeSeesEveryFrameAtItsRefresh(t *testing.T) {
	defer counter.Exclusive()()
	var at []int64
	g := gallery.Build(gallery.S0, gallery.Options{Animate: true})
	clk := &clock.Virtual{}
	w := window.New(g.Doc, window.Options{Clock: clk, Display: window.Display{RefreshHz: 75}, Probe: probeFunc(func(w *window.Window) {
		at = append(at, w.LastFrame().At.Nanos())
	})})
	clk.Advance(time.Second)
	require.Len(t, at, 75)
	for i := 1; i < len(at); i++ {
		gap := at[i] - at[i-1]
		assert.InDelta(t, float64(time.Second)/75, float64(gap), 1, "frame %d", i)
	}
	assert.Equal(t, uint64(75), w.Frames())
}

// describeDiff names the first difference between two display lists.
func describeDiff[T comparable](a, b []T) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			ctx := ""
			for j := max(0, i-4); j < min(len(a), len(b), i+5); j++ {
				ctx += fmt.Sprintf("\n  %d live %+v\n  %d want %+v", j, a[j], j, b[j])
			}
			return fmt.Sprintf("first difference at %d: live %+v, rebuilt %+v%s", i, a[i], b[i], ctx)
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("lengths differ: live %d, rebuilt %d", len(a), len(b))
	}
	return ""
}

func TestLiveWindowEqualsRebuildAfterMixedInteractions(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S2, gallery.Options{}, window.Options{})
	click := func(n *document.Node) func() {
		return func() { x, y := center(w.Rect(n)); w.Click(x, y, window.Left) }
	}
	hover := func(n *document.Node) func() {
		return func() { x, y := center(w.Rect(n)); w.PointerMove(x, y) }
	}
	wheel := func(n *document.Node, dy float32) func() {
		return func() { x, y := center(w.Rect(n)); w.Wheel(x, y, dy) }
	}
	strip := g.Tabs.Children()[0].Children()
	script := []func(){
		hover(g.TableRows[2]), click(g.Check), click(g.Radios[1]), click(g.Slider), hover(g.TableRows[5]),
		wheel(g.List, 45), wheel(g.Rigid, 60), wheel(g.TableScroll, 90), click(strip[1]), hover(g.Buttons[0]),
		func() { w.Key(window.Tab) }, func() { w.Type("hello") }, func() { w.Key(window.Backspace) },
		func() { w.Resize(1100, 800) }, wheel(g.List, 300), click(strip[2]), click(g.Buttons[1]),
		func() { w.Key(window.Tab) }, func() { w.Key(window.Tab) }, func() { w.Key(window.Space) },
		wheel(g.Rigid, -30), click(strip[0]), func() { w.Resize(900, 700) }, hover(g.TableRows[1]),
		click(g.Field), func() { w.Type("wörld") }, func() { w.Key(window.ArrowLeft) }, func() { w.Key(window.Delete) },
		wheel(g.List, -120), click(g.Radios[0]), click(g.Check), wheel(g.TableScroll, -40),
		func() { w.Resize(1280, 800) }, hover(g.Paragraph), click(g.Slider), wheel(g.List, 2000),
		func() { w.Key(window.BackTab) }, click(strip[1]), func() { w.Type("x") }, hover(g.TableRows[0]),
		wheel(g.Rigid, 500), func() { w.Resize(1024, 768) },
	}
	require.GreaterOrEqual(t, len(script), 40)
	for i, do := range script {
		step(w, clk, do)
		live := w.DisplayList(nil)
		rebuilt := window.New(g.Doc.Clone(), window.Options{Width: w.Size().X, Height: w.Size().Y})
		rebuilt.Quiet()
		want := rebuilt.DisplayList(nil)
		require.NotEmpty(t, live)
		require.Empty(t, describeDiff(live, want), "step %d: display list", i)
		require.Empty(t, describeDiff(w.Geometry(nil), rebuilt.Geometry(nil)), "step %d: geometry", i)
	}
}

// An application change made after an overlay's tick, before the refresh
// that answers it, makes that frame the application's too.
func TestAppChangeJoinsAPendingTickFrame(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S0, gallery.Options{}, window.Options{})
	w.Tick()
	g.Doc.SetText(g.Paragraph, "changed by the application")
	clk.AdvanceTo(w.NextRefresh())
	assert.Equal(t, window.ByTick|window.ByApp, w.LastFrame().Reasons)
	assert.Equal(t, 2, w.LastFrame().Invalidations)
}
