package fyne

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A process that counts instructions does not paint: its frames take no
// painter's time, and every count a frame keeps reads as in a process
// that paints, since the subject's own walk, not the painter, makes
// them.
func TestACountedProcessSkipsThePainterAndKeepsItsCounts(t *testing.T) {
	run := func(paint bool) []Frame {
		old := paints
		paints = func() bool { return paint }
		defer func() { paints = old }()
		label := widget.NewLabel("0")
		button := widget.NewButton("More", func() { label.SetText(label.Text + "0") })
		s := &Subject{Content: container.NewVBox(label, button, widget.NewEntry()),
			Options: Options{Width: 800, Height: 600, Refresh: time.Second / 60, StillCursor: true}}
		s.Open()
		at, ok := s.Center("More")
		require.True(t, ok)
		for range 5 {
			s.Tap(at)
			require.True(t, s.Refresh())
		}
		return s.Frames()
	}
	painted, counted := run(true), run(false)
	require.Len(t, counted, len(painted))
	for i := range painted {
		p, c := painted[i], counted[i]
		assert.Greater(t, p.Paint, time.Millisecond, "frame %d: painting 800×600 takes its time", i)
		assert.Less(t, c.Paint, time.Millisecond, "frame %d: a counted process paints nothing", i)
		assert.Equal(t, []int{p.Refreshes, p.Refreshed, p.Layouts, p.Visible, p.Painted, p.Appeared},
			[]int{c.Refreshes, c.Refreshed, c.Layouts, c.Visible, c.Painted, c.Appeared}, "frame %d's counts", i)
	}
}
