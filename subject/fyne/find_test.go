package fyne_test

import (
	"runtime"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// Two entries with one placeholder, and a label that reads as a button
// does: a Match picks the second entry, or the button, and Targets lists
// each once (a label's rich text and a button's text are its parts).
func TestMatchPicksTheNthOrARole(t *testing.T) {
	first, second := widget.NewEntry(), widget.NewEntry()
	first.SetPlaceHolder("Hint")
	second.SetPlaceHolder("Hint")
	taps := 0
	content := container.NewVBox(first, widget.NewLabel("Go"), second, widget.NewButton("Go", func() { taps++ }))
	opts := small
	opts.StillCursor = true
	s := open(content, opts)

	one, _, ok := s.Find("Hint")
	require.True(t, ok)
	two, _, ok := s.Find("Hint", script.Match{Nth: 1})
	require.True(t, ok)
	assert.Greater(t, two.Y, one.Y, "the second entry lies below the first")
	s.Tap(center(t, s, "Hint", script.Match{Nth: 1}))
	s.Refresh()
	assert.Equal(t, second, s.Window().Canvas().Focused(), "the tap aimed at the second entry focused it")

	s.Tap(center(t, s, "Go", script.Match{Role: script.Button}))
	s.Refresh()
	assert.Equal(t, 1, taps, "the button, not the label above it")
	_, ok = s.Center("Go", script.Match{Nth: 2})
	assert.False(t, ok, "two objects read Go")
	_, ok = s.Center("Stop")
	assert.False(t, ok, "Center answers ok, false for a text nothing in view has")
	assert.Panics(t, func() { s.Find("Go", script.Match{}, script.Match{}) })

	var got []string
	for _, tg := range s.Targets() {
		got = append(got, tg.Label+" "+tg.Role.String())
	}
	assert.Equal(t, []string{"Hint editor", "Go label", "Hint editor", "Go button"}, got)
}

// Attach's build gets the subject's window, with the subject's app
// current.
func TestAttachBuildsInTheSubjectsWindow(t *testing.T) {
	var got fyne.Window
	var app fyne.App
	prev := runtime.GOMAXPROCS(0)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
	sc := scenario.Scenario{Name: "fyne-build-test", Run: func(s *scenario.Session) error {
		sub := subject.Attach(s, func(w fyne.Window) fyne.CanvasObject {
			got, app = w, fyne.CurrentApp()
			return widget.NewLabel("built")
		}, small)
		assert.Equal(t, sub.Window(), got)
		_, ok := sub.Center("built")
		assert.True(t, ok)
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	assert.NotNil(t, app, "the subject's app is current while build runs")
	assert.Equal(t, 1, runtime.GOMAXPROCS(0), "a Fyne scenario runs on one P, so a list's recycled rows come back in one order")
	assert.Panics(t, func() {
		(&scenario.Scenario{Name: "fyne-nil-build", Run: func(s *scenario.Session) error { subject.Attach(s, nil, small); return nil }}).Measure()
	})
}

// A frame's allocations count from the input that asked for it: what a
// tap's handler allocates is in the frame the tap draws.
func TestAllocationsCountTheInputsHandlers(t *testing.T) {
	allocs := func(work int) uint64 {
		var sink [][]byte
		label := widget.NewLabel("0")
		button := widget.NewButton("Go", func() {
			for range work {
				sink = append(sink, make([]byte, 64))
			}
			label.SetText("1")
		})
		opts := small
		opts.StillCursor = true
		s := open(container.NewVBox(button, label), opts)
		at := center(t, s, "Go")
		s.Tap(at)
		require.True(t, s.Refresh())
		s.Wait(time.Second) // the button's ripple
		require.NotEmpty(t, s.Frames())
		_ = sink
		return s.Frames()[0].Allocs
	}
	clean, busy := allocs(0), allocs(500)
	t.Logf("clean %d, busy %d", clean, busy)
	assert.GreaterOrEqual(t, busy, clean+500, "the handler's 500 allocations are the frame's")
}
