package fyne_test

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The trace says, frame by frame, what was laid out, refreshed and
// appeared, naming each object by type, text and position; an object
// refreshed out of view says so.
func TestTheTraceNamesEachFramesObjects(t *testing.T) {
	status := widget.NewLabel("idle")
	later := widget.NewLabel("Later")
	later.Hide()
	offscreen := canvas.NewRectangle(color.Black)
	opts := small
	opts.StillCursor = true // no tap animation: one frame a step
	s := open(container.NewVBox(widget.NewButton("Go", func() { status.SetText("busy"); later.Show() }), status, later), opts)
	s.Tap(center(t, s, "Go"))
	require.True(t, s.Refresh())
	s.Wait(time.Second) // what the first frame's layout refreshed
	later.SetText("Later, shown")
	offscreen.Refresh()
	require.True(t, s.Refresh())

	trace := s.FrameTrace()
	require.GreaterOrEqual(t, len(trace), 2)
	first := strings.Join(trace[0], "\n")
	t.Log(first)
	assert.Regexp(t, `^drawn at [0-9.]+ms: \d+ refreshes of \d+ objects, 0 ticks, \d+ laid out, \d+ appeared, \d+ visible`, first)
	assert.Regexp(t, `\nrefreshed \d+× \*canvas.Text "busy" at 12,52(\n|$)`, first, "the text the tap set, refreshed where it is drawn")
	assert.Regexp(t, `\nappeared \*widget.Label "Later" at 4,83.\d+\n`, first, "the label shown appears where its container put it")
	second := strings.Join(trace[len(trace)-1], "\n")
	t.Log(second)
	assert.Contains(t, second, "\nlaid out *widget.Label \"Later, shown\" at 4,83.", "the label laid out again for its longer text")
	assert.Contains(t, second, "\nrefreshed *canvas.Rectangle out of view")
}
