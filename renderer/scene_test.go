package renderer_test

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/phase"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/window"
)

// sceneRenderer builds a Scene for every frame and records how many heap
// allocations each Build made.
type sceneRenderer struct {
	scene  renderer.Scene
	allocs []uint64
}

func (r *sceneRenderer) Name() string { return "scene" }

func (r *sceneRenderer) Frame(f *paint.Frame) error {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r.scene.Build(f, false)
	runtime.ReadMemStats(&after)
	r.allocs = append(r.allocs, after.Mallocs-before.Mallocs)
	return nil
}

// The frames after the first full one allocate nothing to build their
// scene, not even the first frames with more damage regions than any
// before: a renderer's allocations would otherwise land inside the
// scenarios' allocation counts (hover-storm's ceiling is 0.01 a frame).
func TestBuildingASceneAfterTheFirstFrameAllocatesNothing(t *testing.T) {
	r := &sceneRenderer{}
	d := phase.Open(&phase.Phase{Name: "scene"}, gallery.Shipped, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: r}})
	first := len(r.allocs)
	for i := range 12 {
		b := d.W.Rect(d.G.TableRows[i%4])
		d.W.PointerMove(b.X+b.W/2, b.Y+b.H/2)
		d.Refresh()
	}
	assert.NotEmpty(t, r.scene.Regions, "the last hover frame damaged something")
	assert.Greater(t, len(r.allocs), first, "hover frames were drawn")
	for i, n := range r.allocs[first:] {
		assert.Zero(t, n, "hover frame %d allocated building its scene", i)
	}
}
