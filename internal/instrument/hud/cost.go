package hud

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// IdleCost measures what the HUD costs a window with nothing else to draw.
// It opens the idle gallery (no animation) at size in a window on a
// virtual clock, settles it, mounts a HUD with opts on the gallery's root,
// draws the mount (and, when shown is false, hides the HUD and draws
// that), then returns the frames per second of virtual time the window
// draws over span. With the HUD shown that is at most MaxCostFPS — fewer
// where ticks find nothing to change — and hidden it is 0.
func IdleCost(size gallery.Size, opts Options, shown bool, span time.Duration) float64 {
	if span <= 0 {
		panic("hud: IdleCost over a span ≤ 0")
	}
	g := gallery.Build(size, gallery.Options{})
	clk := &clock.Virtual{}
	w := window.New(g.Doc, window.Options{Clock: clk})
	w.Quiet()
	h := Mount(w, g.Doc.Root(), opts)
	clk.AdvanceTo(w.NextRefresh())
	if !shown {
		h.Hide()
		clk.AdvanceTo(w.NextRefresh())
	}
	before := w.Frames()
	clk.Advance(span)
	return float64(w.Frames()-before) / span.Seconds()
}
