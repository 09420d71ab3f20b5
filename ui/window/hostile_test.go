package window_test

import (
	"math"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/text"
	"github.com/perfbench/perfbench/ui/window"
)

// The cases of issue 33 found by a driver outside the repo: input no
// platform sends, and misuse that neither panicked clearly nor worked.
// Each is answered as the package doc says: dropped and counted, refused
// with a "window: …" panic, or working.

var (
	nan = float32(math.NaN())
	inf = float32(math.Inf(1))
)

// scrolled opens a window with a scroll container of hot rows, scrolled
// part way, and a focused text field below it.
func scrolled(t *testing.T) (*window.Window, *document.Node, *document.Node) {
	d := document.New(hotSheet())
	sc := d.Add(d.Root(), document.Scroll, "fixed")
	for range 40 {
		d.Add(sc, document.Box, "tile hot")
	}
	f := d.Add(d.Root(), document.TextField)
	d.SetText(f, "text")
	w, _ := live(d, 200, 400)
	d.SetScrollY(sc, 100)
	d.SetState(f, style.Focus, true)
	w.Quiet()
	require.False(t, w.FramePending())
	return w, sc, f
}

func TestInputNoPlatformSendsIsDroppedAndCounted(t *testing.T) {
	defer counter.Exclusive()()
	w, sc, f := scrolled(t)
	x, y := mid(w.Rect(sc))
	w.PointerMove(x, y)
	w.Quiet()
	hovered := w.Hover()
	require.NotNil(t, hovered)
	events := []struct {
		name string
		do   func()
	}{
		{"PointerMove(x, NaN)", func() { w.PointerMove(x, nan) }},
		{"PointerMove(x, +Inf)", func() { w.PointerMove(x, inf) }},
		{"PointerMove(-Inf, y)", func() { w.PointerMove(-inf, y) }},
		{"Click(NaN, y)", func() { w.Click(nan, y, window.Left) }},
		{"Click(x, +Inf)", func() { w.Click(x, inf, window.Left) }},
		{"Click with button 7", func() { w.Click(x, y, window.Button(7)) }},
		{"Wheel with a NaN delta", func() { w.Wheel(x, y, nan) }},
		{"Wheel with a -Inf delta", func() { w.Wheel(x, y, -inf) }},
		{"Wheel at (x, NaN)", func() { w.Wheel(x, nan, 30) }},
		{"Key(99)", func() { w.Key(window.Key(99)) }},
		{"Type of bytes that are not UTF-8", func() { w.Type("a\xffb") }},
	}
	for i, e := range events {
		before := counter.Take()
		require.NotPanics(t, e.do, e.name)
		delta := before.Delta(counter.Take())
		assert.Equal(t, i+1, w.Dropped(), "%s is counted", e.name)
		assert.False(t, w.FramePending(), "%s asks for no frame", e.name)
		assert.Zero(t, delta.EventsDispatched, "%s is not dispatched", e.name)
		assert.Equal(t, float32(100), sc.ScrollY(), "%s leaves the offset", e.name)
		assert.Equal(t, hovered, w.Hover(), "%s leaves the hover", e.name)
		assert.Equal(t, f, w.Focus(), "%s leaves the focus", e.name)
		assert.Equal(t, "text", f.Text(), "%s leaves the field", e.name)
	}
	// Ordinary events still work, over the container too.
	require.NotPanics(t, func() {
		w.Wheel(x, y, 40)
		w.Quiet()
		w.PointerMove(x, y+20)
		w.Click(x, y, window.Left)
		w.Quiet()
	})
	assert.Equal(t, float32(140), sc.ScrollY())
	assert.Equal(t, len(events), w.Dropped())
}

// A finite point far outside the window hit the band past an int's
// range and panicked in the hit index; it lands on nothing.
func TestAPointFarOutsideTheWindowHitsNothing(t *testing.T) {
	defer counter.Exclusive()()
	w, sc, _ := scrolled(t)
	x, _ := mid(w.Rect(sc))
	for _, y := range []float32{1e30, -1e30, 3e9} {
		require.NotPanics(t, func() { w.PointerMove(x, y) }, "y = %g", y)
		assert.Nil(t, w.Hover(), "y = %g", y)
		require.NotPanics(t, func() { w.Wheel(x, y, 1e30) })
		require.NotPanics(t, func() { w.Click(1e30, y, window.Left) })
	}
	assert.Nil(t, w.HitTest(x, nan))
	assert.Nil(t, w.HitTest(inf, 10))
	assert.Equal(t, float32(100), sc.ScrollY())
	assert.Zero(t, w.Dropped(), "finite points are not dropped")
}

func TestSizesThatAreNotFiniteAreRefused(t *testing.T) {
	defer counter.Exclusive()()
	w := window.New(document.New(caseSheet()), window.Options{Width: 300, Height: 200})
	assert.PanicsWithValue(t, "window: Resize to NaN×100: a size is finite and never negative", func() { w.Resize(nan, 100) })
	assert.PanicsWithValue(t, "window: Resize to +Inf×100: a size is finite and never negative", func() { w.Resize(inf, 100) })
	assert.PanicsWithValue(t, "window: Resize to 100×-1: a size is finite and never negative", func() { w.Resize(100, -1) })
	assert.Equal(t, float32(300), w.Size().X, "a refused size is not taken")
	assert.PanicsWithValue(t, "window: a NaN×100 window: a size is finite and never negative", func() {
		window.New(document.New(caseSheet()), window.Options{Width: nan, Height: 100})
	})
}

func TestHandleOnNilIsRefused(t *testing.T) {
	defer counter.Exclusive()()
	w := window.New(document.New(caseSheet()), window.Options{})
	assert.PanicsWithValue(t, "window: Handle on a nil element", func() { w.Handle(nil, func(window.Button) bool { return true }) })
	assert.PanicsWithValue(t, "window: Handle on a nil element", func() { w.Handle(nil, nil) })
}

// SetCaret inside a character, then typing, spliced the typed text into
// the character: the field's value was no longer UTF-8.
func TestTypingAfterACaretInsideACharacterKeepsTheFieldUTF8(t *testing.T) {
	defer counter.Exclusive()()
	d := document.New(caseSheet())
	f := d.Add(d.Root(), document.TextField)
	d.SetText(f, "数据")
	w, clk := live(d, 300, 100)
	d.SetState(f, style.Focus, true)
	d.SetCaret(f, 4) // inside 据, bytes 3–5
	w.Type("x")
	assert.True(t, utf8.ValidString(f.Text()), "%q", f.Text())
	assert.Equal(t, "数x据", f.Text())
	d.SetCaret(f, 1)
	w.Key(window.Delete)
	assert.Equal(t, "x据", f.Text(), "Delete at a caret inside 数 deletes 数")
	requireRebuilt(t, w, clk)
}

// A focused control kept the keyboard once hidden, so Space toggled a
// checkbox nobody could see. It loses the focus at the frame that hides
// it, to no element, as a browser's goes to the body.
func TestAHiddenOrFoldedFocusedControlLosesFocus(t *testing.T) {
	defer counter.Exclusive()()
	t.Run("hidden", func(t *testing.T) {
		d := document.New(hotSheet())
		panel := d.Add(d.Root(), document.Box)
		cb := d.Add(panel, document.Checkbox)
		w, clk := live(d, 300, 300)
		x, y := mid(w.Rect(cb))
		w.Click(x, y, window.Left)
		w.Quiet()
		require.Equal(t, cb, w.Focus())
		require.NotZero(t, cb.State()&style.Checked)
		d.AddClass(panel, "hidden")
		requireRebuilt(t, w, clk)
		assert.Nil(t, w.Focus())
		assert.Zero(t, cb.State()&style.Focus)
		w.Key(window.Space)
		assert.NotZero(t, cb.State()&style.Checked, "Space does not reach a hidden checkbox")
		d.RemoveClass(panel, "hidden")
		requireRebuilt(t, w, clk)
		assert.Nil(t, w.Focus(), "shown again, it does not take the focus back")
		w.Key(window.Tab)
		assert.Equal(t, cb, w.Focus(), "Tab reaches it again")
	})
	t.Run("folded", func(t *testing.T) {
		d := document.New(caseSheet())
		tabs := d.Add(d.Root(), document.Tabs)
		strip := d.Add(tabs, document.Box, "row")
		var boxes []*document.Node
		for range 2 {
			d.SetText(d.Add(d.Add(strip, document.Button), document.Text), "tab")
			boxes = append(boxes, d.Add(d.Add(tabs, document.Box), document.Checkbox))
		}
		d.Select(tabs, 0)
		w, clk := live(d, 300, 300)
		d.SetState(boxes[0], style.Focus, true)
		d.Select(tabs, 1)
		requireRebuilt(t, w, clk)
		assert.Nil(t, w.Focus())
		w.Key(window.Space)
		assert.Zero(t, boxes[0].State()&style.Checked, "Space does not reach a folded panel's checkbox")
	})
	t.Run("focused while hidden", func(t *testing.T) {
		d := document.New(hotSheet())
		cb := d.Add(d.Add(d.Root(), document.Box, "hidden"), document.Checkbox)
		w, clk := live(d, 300, 300)
		d.SetState(cb, style.Focus, true)
		requireRebuilt(t, w, clk)
		assert.Nil(t, w.Focus(), "the application's focus on a hidden control is let go at the next frame")
	})
}

// SetScrollY past the end of the content as last laid out, in the frame
// that adds content, was clamped to the old end: it is clamped once the
// frame has laid the new content out.
func TestSetScrollYIsClampedToTheContentOfItsOwnFrame(t *testing.T) {
	defer counter.Exclusive()()
	t.Run("scroll", func(t *testing.T) {
		d := document.New(caseSheet())
		sc := d.Add(d.Root(), document.Scroll, "fixed") // a 300 px port
		for range 20 {
			d.Add(sc, document.Box, "tile")
		}
		w, clk := live(d, 200, 400) // 400 px of content: the end is at 100
		for range 20 {
			d.Add(sc, document.Box, "tile")
		}
		d.SetScrollY(sc, 250) // within the 800 px now: the end is at 500
		requireRebuilt(t, w, clk)
		assert.Equal(t, float32(250), sc.ScrollY())
		for range 5 {
			d.Add(sc, document.Box, "tile")
		}
		d.SetScrollY(sc, 1e6)
		requireRebuilt(t, w, clk)
		assert.Equal(t, float32(45*20-300), sc.ScrollY(), "past the new end: the new end")
		requireRoutedAsRebuilt(t, w)
	})
	t.Run("list", func(t *testing.T) {
		s := caseSheet()
		s.Define("port", style.Props{}.Height(style.PxLen(100)))
		d := document.New(s)
		l := d.Add(d.Root(), document.List, "port")
		label := func(int) string { return "r" }
		d.SetList(l, &document.ListModel{Rows: 10, RowHeight: 20, Label: label, RowClass: "tile"}) // the end is at 100
		w, clk := live(d, 200, 300)
		d.SetList(l, &document.ListModel{Rows: 50, RowHeight: 20, Label: label, RowClass: "tile"}) // at 900
		d.SetScrollY(l, 600)
		requireRebuilt(t, w, clk)
		assert.Equal(t, float32(600), l.ScrollY())
		for _, r := range l.Children() {
			assert.GreaterOrEqual(t, r.RowIndex(), 30, "the rows follow the offset")
		}
		d.SetList(l, &document.ListModel{Rows: 20, RowHeight: 20, Label: label, RowClass: "tile"}) // at 300
		d.SetScrollY(l, 800)
		requireRebuilt(t, w, clk)
		assert.Equal(t, float32(300), l.ScrollY(), "past the new end: the new end")
		mounted := map[int]bool{}
		for _, r := range l.Children() {
			mounted[r.RowIndex()] = true
		}
		for i := 15; i < 20; i++ {
			assert.True(t, mounted[i], "row %d is in the port at the end", i)
		}
		requireRoutedAsRebuilt(t, w)
	})
}

// A display reporting an infinite rate, or one past a refresh a
// nanosecond, made the search for the next refresh spin forever: the
// first frame asked for never returned. A rate out of range is none.
func TestARefreshRateOutOfRangeIsNone(t *testing.T) {
	defer counter.Exclusive()()
	for _, hz := range []float64{math.Inf(1), 1e300, 2e9, math.NaN(), -60} {
		w := window.New(document.New(caseSheet()), window.Options{})
		done := make(chan float64, 1)
		go func() {
			w.MoveToDisplay(window.Display{RefreshHz: hz})
			w.Frame() // the first frame, asked for at 60 Hz
			w.Invalidate()
			done <- w.RefreshHz()
		}()
		select {
		case got := <-done:
			assert.Equal(t, float64(window.FallbackHz), got, "%g Hz", hz)
		case <-time.After(5 * time.Second):
			t.Fatalf("a display at %g Hz: the next refresh was not found in 5 s", hz)
		}
	}
	w := window.New(document.New(caseSheet()), window.Options{Display: window.Display{RefreshHz: window.MaxRefreshHz}})
	assert.Equal(t, float64(window.MaxRefreshHz), w.RefreshHz())
}

// The style package refuses a font size the text stage cannot set, where
// the rule sets it: its bound is the text stage's.
func TestTheLargestFontSizeIsTheTextStages(t *testing.T) {
	assert.Equal(t, float32(text.MaxSize), float32(style.MaxFontSize))
}

// A list as tall as a class makes it mounts at most MaxMounted rows: a
// port of 10^6 px over 10^8 rows of 20 px mounted 50 001 (10^9 px:
// 5·10^7, and the frame never ended). It scrolls, draws and routes as
// a rebuild does.
func TestAVeryTallListMountsBoundedRows(t *testing.T) {
	defer counter.Exclusive()()
	s := caseSheet()
	s.Define("port", style.Props{}.Height(style.PxLen(1e6)))
	d := document.New(s)
	l := d.Add(d.Root(), document.List, "port")
	d.SetList(l, &document.ListModel{Rows: 100_000_000, RowHeight: 20, Label: func(int) string { return "r" }, RowClass: "tile"})
	w, clk := live(d, 200, 400)
	w.Quiet()
	require.Equal(t, document.MaxMounted, len(l.Children()), "rows mounted")
	d.SetScrollY(l, 5e6)
	requireRebuilt(t, w, clk)
	assert.Equal(t, document.MaxMounted, len(l.Children()), "rows mounted")
	assert.Equal(t, int(5e6/20), l.Children()[0].RowIndex(), "the rows follow the offset")
	requireRoutedAsRebuilt(t, w)
}

// The window's readers and TickUpdate refuse what they cannot answer by
// name: nil was a nil dereference, and an element of another document
// with an ID past this one's indexed the window's tables out of range. A
// removed element is answered: nowhere, once a frame removed it.
func TestReadersRefuseNilAndAnotherDocumentsElement(t *testing.T) {
	defer counter.Exclusive()()
	d := document.New(hotSheet())
	gone := d.Add(d.Root(), document.Box, "tile")
	w, _ := live(d, 200, 200)
	was := w.Rect(gone)
	d.Remove(gone)
	w.Quiet()
	other := document.New(hotSheet())
	var far *document.Node
	for range 50 {
		far = other.Add(other.Root(), document.Box)
	}
	readers := []struct {
		name string
		read func(*document.Node)
	}{
		{"Style of", func(n *document.Node) { w.Style(n) }},
		{"Rect of", func(n *document.Node) { w.Rect(n) }},
		{"Box of", func(n *document.Node) { w.Box(n) }},
	}
	for _, r := range readers {
		assert.PanicsWithValue(t, "window: "+r.name+" a nil element", func() { r.read(nil) })
		assert.PanicsWithValue(t, "window: "+r.name+" box#50, which is not in the window's document", func() { r.read(far) })
		assert.NotPanics(t, func() { r.read(gone) }, "%s a removed element", r.name)
	}
	assert.False(t, was.Empty())
	assert.True(t, w.Rect(gone).Empty(), "a removed element shows nowhere once a frame removed it")
	assert.PanicsWithValue(t, "window: TickUpdate of a nil update", func() { w.TickUpdate(nil) })
	assert.NotPanics(t, func() { w.TickUpdate(func() bool { return false }) }, "the window is not left busy")
}
