//go:build gpu && cgo && !race

package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/renderer/null"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// Drawing a frame on the GPU allocates nothing on the Go heap: a hover
// frame allocates as much with the gpu renderer as with the null one, so
// the scenarios' allocation ceilings hold on either.
func TestAFrameAllocatesNoMoreThanOnTheNullRenderer(t *testing.T) {
	g := open(t)
	defer counter.Exclusive()()
	hoverAllocs := func(r renderer.Renderer) float64 {
		d := phase.Open(&phase.Phase{Name: "allocs"}, gallery.Shipped, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: r}})
		i := 0
		step := func() {
			b := d.W.Rect(d.G.TableRows[i%4])
			d.W.PointerMove(b.X+b.W/2, b.Y+b.H/2)
			d.Refresh()
			i++
		}
		for range 8 {
			step() // warm the caches and the renderer's buffers
		}
		return testing.AllocsPerRun(40, step)
	}
	onNull := hoverAllocs(&null.Renderer{})
	onGPU := hoverAllocs(g)
	t.Logf("allocations per hover frame: null %.2f, gpu %.2f", onNull, onGPU)
	assert.LessOrEqual(t, onGPU, onNull)
}
