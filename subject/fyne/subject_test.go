package fyne_test

import (
	"fmt"
	"image/color"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// small is the window of these tests: the software painter repaints every
// pixel every frame, so a small window keeps them quick.
var small = subject.Options{Width: 240, Height: 200, Refresh: time.Second / 60}

// rows is a small Fyne program: an entry above a list of 200 rows, each a
// label; taps counts the taps on the button beside the entry.
type rows struct {
	entry  *widget.Entry
	list   *widget.List
	button *widget.Button
	taps   int
}

func newRows() (*rows, fyne.CanvasObject) {
	r := &rows{entry: widget.NewEntry()}
	r.entry.SetPlaceHolder("type here")
	r.button = widget.NewButton("Go", func() { r.taps++ })
	r.list = widget.NewList(
		func() int { return 200 },
		func() fyne.CanvasObject { return widget.NewLabel("row 000") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(fmt.Sprintf("row %03d", i)) },
	)
	top := container.NewBorder(nil, nil, nil, r.button, r.entry)
	return r, container.NewBorder(top, nil, nil, nil, r.list)
}

func open(content fyne.CanvasObject, opts subject.Options) *subject.Subject {
	s := &subject.Subject{Content: content, Options: opts}
	s.Open()
	return s
}

// center is the middle of what s finds by text, which must be there.
func center(t *testing.T, s *subject.Subject, text string, m ...script.Match) fyne.Position {
	t.Helper()
	p, ok := s.Center(text, m...)
	require.True(t, ok, "nothing in view reads %q", text)
	return p
}

func TestIdleDrawsNothing(t *testing.T) {
	_, c := newRows()
	s := open(c, small)
	assert.Zero(t, s.Wait(10*time.Second), "an untouched window with nothing animating draws no frames")
	assert.Empty(t, s.Frames())
}

func TestAnimationDrawsEveryRefreshOnTheVirtualClock(t *testing.T) {
	rect := canvas.NewRectangle(color.Black)
	var last float32
	a := fyne.NewAnimation(time.Second, func(f float32) {
		last = f
		rect.FillColor = color.Gray{Y: uint8(255 * f)}
		rect.Refresh()
	})
	a.Curve = fyne.AnimationLinear
	s := open(container.NewStack(rect), small)
	a.Start()
	// Picked up at the next refresh, then ticked at each of the next 60:
	// 59 inside its second of virtual time (60 refreshes of 1/60 s fall
	// 40 ns short of it), the 60th past its end, ticking 1 and ending it.
	n := s.Wait(2 * time.Second)
	assert.Equal(t, 60, n)
	assert.Equal(t, float32(1), last)
	for _, f := range s.Frames() {
		assert.Equal(t, 1, f.Ticks)
		assert.Equal(t, 1, f.Refreshed, "the rectangle")
	}
	assert.Zero(t, s.Wait(time.Second), "an ended animation asks for nothing")
}

func TestAFocusedEntrysCursorBlinksUnlessStill(t *testing.T) {
	r, c := newRows()
	s := open(c, small)
	s.Tap(center(t, s, "type here"))
	require.Equal(t, r.entry, s.Window().Canvas().Focused())
	assert.Positive(t, s.Wait(2*time.Second), "the cursor's fade redraws the window")

	r, c = newRows()
	opts := small
	opts.StillCursor = true
	s = open(c, opts)
	s.Tap(center(t, s, "type here"))
	require.True(t, s.Refresh(), "focusing the entry redraws it")
	assert.Zero(t, s.Wait(2*time.Second), "a still cursor asks for nothing")
}

func TestInputReachesTheProgram(t *testing.T) {
	r, c := newRows()
	opts := small
	opts.StillCursor = true
	s := open(c, opts)

	row := center(t, s, "row 002")
	s.MouseMove(row)
	require.True(t, s.Refresh(), "the pointer entering a row redraws it")
	s.MouseMove(row.Add(fyne.NewPos(1, 0)))
	assert.False(t, s.Refresh(), "a move within the same row asks for nothing")

	s.Scroll(row, 0, -200)
	require.True(t, s.Refresh())
	_, _, ok := s.Find("row 000")
	assert.False(t, ok, "the first row scrolled out of view")

	s.Tap(center(t, s, "Go"))
	s.Refresh()
	assert.Equal(t, 1, r.taps)

	s.Tap(center(t, s, "type here"))
	s.Refresh()
	s.Type("abc")
	require.True(t, s.Refresh())
	s.Key(fyne.KeyBackspace)
	require.True(t, s.Refresh())
	assert.Equal(t, "ab", r.entry.Text)

	s.Resize(200, 180)
	require.True(t, s.Refresh())
	assert.Equal(t, fyne.NewSize(200, 180), s.Size())

	for _, f := range s.Frames() {
		assert.Positive(t, f.Cost)
		assert.Positive(t, f.Paint)
		assert.Positive(t, f.Painted, "every frame paints the whole window")
		assert.Positive(t, f.Allocs)
	}
}

// fixed drives one fixed interaction and returns its frames.
func fixed(t *testing.T) []subject.Frame {
	_, c := newRows()
	opts := small
	opts.StillCursor = true
	s := open(c, opts)
	for i := range 20 {
		s.MouseMove(fyne.NewPos(100, float32(50+10*(i%12))))
		s.Refresh()
	}
	for i := range 20 {
		s.Scroll(fyne.NewPos(100, 100), 0, float32(-7*(1-2*(i/10))))
		s.Refresh()
	}
	s.Tap(center(t, s, "type here"))
	s.Refresh()
	for range 10 {
		s.Type("k")
		s.Refresh()
	}
	s.Resize(220, 190)
	s.Refresh()
	return s.Frames()
}

// counts returns a run's counts: its frames, the median allocations and
// bytes of a frame, and the sums of the rest.
func counts(fs []subject.Frame) [9]uint64 {
	c := [9]uint64{uint64(len(fs))}
	c[1] = subject.Median(fs, func(f subject.Frame) uint64 { return f.Allocs })
	c[2] = subject.Median(fs, func(f subject.Frame) uint64 { return f.Bytes })
	for _, f := range fs {
		c[3] += uint64(f.Refreshes)
		c[4] += uint64(f.Refreshed)
		c[5] += uint64(f.Layouts)
		c[6] += uint64(f.Visible)
		c[7] += uint64(f.Painted)
		c[8] += uint64(f.Appeared)
	}
	return c
}

// Counts are identical run to run, but for a frame's allocations: the Go
// runtime caches, per call site, the types a type switch to an interface
// has seen, and adds one on a random miss (runtime/iface.go), allocating
// the new cache in whichever frame that falls. A Fyne frame makes
// 6 000–10 000 allocations, type-switching on every object it walks and
// paints, so about a third of its frames make one or two more in one
// process than in another (measured: 10 078 and 10 079 for the same frame
// of three runs) and the median per frame can move by one. They agree to
// a tenth of a percent; the scenarios declare them Varies.
func TestCountsAreIdenticalAcrossRuns(t *testing.T) {
	first := counts(fixed(t))
	t.Logf("frames, allocs, bytes, refreshes, refreshed, layouts, visible, painted, appeared: %v", first)
	assert.Positive(t, first[1], "a Fyne frame allocates: zero would mean the counter is not wired")
	for range 2 {
		want, again := first, counts(fixed(t))
		for _, i := range []int{1, 2} {
			assert.InEpsilon(t, want[i], again[i], 0.001, "allocations agree to 0.1%%")
			want[i], again[i] = 0, 0
		}
		assert.Equal(t, want, again, "two runs of one script report the same counts")
	}
}
