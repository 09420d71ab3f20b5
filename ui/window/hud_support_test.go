package window_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

type tickProbe func(*window.Window)

func (f tickProbe) FrameEnded(w *window.Window) { f(w) }

// An overlay's change made through TickUpdate is drawn in a frame asked
// for ByTick alone; the same change made directly is the application's.
func TestTickUpdateAnnouncesTheChange(t *testing.T) {
	doc := document.New(&style.Sheet{}, "root")
	label := doc.Add(doc.Root(), document.Text)
	clk := &clock.Virtual{}
	w := window.New(doc, window.Options{Clock: clk})
	w.Quiet()

	w.TickUpdate(func() bool { doc.SetText(label, "tick"); return true })
	require.True(t, w.FramePending())
	w.Frame()
	assert.Equal(t, window.ByTick, w.LastFrame().Reasons)
	assert.Equal(t, 1, w.LastFrame().Invalidations)

	w.TickUpdate(func() bool { return false })
	assert.False(t, w.FramePending(), "nothing changed, nothing to draw")

	doc.SetText(label, "app")
	w.Frame()
	assert.Equal(t, window.ByApp, w.LastFrame().Reasons)
}

func TestTickUpdateInsideAFramePanics(t *testing.T) {
	doc := document.New(&style.Sheet{}, "root")
	clk := &clock.Virtual{}
	var w *window.Window
	w = window.New(doc, window.Options{Clock: clk, Probe: tickProbe(func(*window.Window) {
		w.TickUpdate(func() bool { return false })
	})})
	assert.PanicsWithValue(t, "window: TickUpdate during input handling or a frame", w.Frame)
}

func TestSetProbe(t *testing.T) {
	doc := document.New(&style.Sheet{}, "root")
	n := 0
	a := tickProbe(func(*window.Window) { n++ })
	w := window.New(doc, window.Options{Clock: &clock.Virtual{}})
	assert.Nil(t, w.SetProbe(a))
	w.Frame()
	assert.Equal(t, 1, n)
	assert.NotNil(t, w.SetProbe(nil))
	assert.Nil(t, w.Probe())
	doc.Add(doc.Root(), document.Box)
	w.Frame()
	assert.Equal(t, 1, n, "detached")
}
