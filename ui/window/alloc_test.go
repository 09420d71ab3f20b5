//go:build !race

package window_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// hoverFrameAllocs is the pinned figure: a steady-state hover frame at s13
// (a pointer crossing from one table row to the next, and the frame that
// repaints both) allocates nothing.
const hoverFrameAllocs = 0

func TestHoverFrameAllocatesNothing(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S13, gallery.Options{}, window.Options{})
	var ys [2]float32
	var x float32
	for i := range ys {
		x, ys[i] = center(w.Rect(g.TableRows[i+3]))
	}
	// Warm up: both rows hovered once, so every buffer has its size.
	for i := range 4 {
		step(w, clk, func() { w.PointerMove(x, ys[i%2]) })
	}
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		i++
		w.PointerMove(x, ys[i%2])
		clk.AdvanceTo(w.NextRefresh())
	})
	t.Logf("allocations per hover frame at s13: %v", allocs)
	assert.Equal(t, float64(hoverFrameAllocs), allocs)
}
