// Package drive is the interactions the reference workloads drive over
// phase's driver: a gallery in a settled window on a virtual clock, with
// the null renderer. A step is one input followed by the clock reaching
// the next refresh, where the step's frame is drawn.
package drive

import (
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/window"
)

// Open builds the gallery at size with opts (Animate false: nothing draws
// unless a step asks) and settles its window.
func Open(size gallery.Size, opts gallery.Options) *phase.Driver {
	return phase.Open(&phase.Phase{Name: "workload"}, size, phase.Options{Gallery: &opts})
}

// Center is the middle of r, where a click or a wheel aims.
func Center(r geom.Rect) (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

// Focus clicks n, so that a key reaches it.
func Focus(d *phase.Driver, n *document.Node) {
	x, y := Center(d.W.Rect(n))
	d.W.Click(x, y, window.Left)
	d.Refresh()
	if d.W.Focus() != n {
		panic("workloads: clicking the " + n.Kind().String() + " did not focus it")
	}
}

// WheelCycle is the length of one wheel cycle: half of it down, half back
// up, so the content ends where it began and every cycle repeats the last.
const WheelCycle = 80

// Wheeler returns a step that wheels over n, dy px a step, down for half a
// cycle and back up for the other half (the scroll and glide phases'
// pattern).
func Wheeler(d *phase.Driver, n *document.Node, dy float32) func(i int) {
	x, y := Center(d.W.Rect(n))
	return func(i int) {
		if i%WheelCycle >= WheelCycle/2 {
			d.W.Wheel(x, y, -dy)
		} else {
			d.W.Wheel(x, y, dy)
		}
		d.Refresh()
	}
}

// ResizeWidth returns the window width of resize step i: narrowing in
// 16 px steps from the default width and widening back, a cycle of 20 (the
// resize phase's pattern). Every step changes the width.
func ResizeWidth(i int) float32 {
	j := i % 20
	if j >= 10 {
		j = 20 - j
	}
	return window.DefaultWidth - 16*float32(j+1)
}
