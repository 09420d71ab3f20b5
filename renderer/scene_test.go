package renderer_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// sceneRenderer builds a Scene for every frame and records how many heap
// allocations each Build made.
type sceneRenderer struct {
	scene  renderer.Scene
	allocs []uint64
}

func (r *sceneRenderer) Caps() renderer.Caps { return renderer.Caps{Name: "scene"} }

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
// The process's malloc count also moves for the runtime's and other
// goroutines' allocations, about one frame in a thousand here, so each
// frame is judged by the least it allocated over three windows: an
// allocation of Build's own happens in every one of them.
func TestBuildingASceneAfterTheFirstFrameAllocatesNothing(t *testing.T) {
	const windows, frames = 3, 12
	least := make([]uint64, frames)
	for w := range windows {
		r := &sceneRenderer{allocs: make([]uint64, 0, 2*frames)}
		d := phase.Open(&phase.Phase{Name: "scene"}, gallery.Shipped, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: r}})
		first := len(r.allocs)
		for i := range frames {
			b := d.W.Rect(d.G.TableRows[i%4])
			d.W.PointerMove(b.X+b.W/2, b.Y+b.H/2)
			d.Refresh()
		}
		assert.NotEmpty(t, r.scene.Regions, "the last hover frame damaged something")
		require.Len(t, r.allocs[first:], frames, "every hover frame was drawn")
		for i, n := range r.allocs[first:] {
			if w == 0 || n < least[i] {
				least[i] = n
			}
		}
	}
	for i, n := range least {
		assert.Zero(t, n, "hover frame %d allocated building its scene in each of %d windows", i, windows)
	}
}

// twoScenes builds, for every frame, a scene from the painter's index and
// one from a walk of the whole display list.
type twoScenes struct {
	indexed, walked renderer.Scene
	frames          int
	t               *testing.T
	where           func() string
}

func (r *twoScenes) Caps() renderer.Caps { return renderer.Caps{Name: "two scenes"} }

func (r *twoScenes) Frame(f *paint.Frame) error {
	first := r.frames == 0
	r.frames++
	r.indexed.Build(f, first)
	r.walked.Build(f, first)
	require.Equal(r.t, r.walked.Regions, r.indexed.Regions, "frame %d, %s", r.frames, r.where())
	if i := firstDifference(r.walked.Items, r.indexed.Items); i >= 0 {
		r.t.Fatalf("frame %d, %s: the index found other items than the walk: %d against %d, the first different at %d", r.frames, r.where(), len(r.indexed.Items), len(r.walked.Items), i)
	}
	return nil
}

// firstDifference returns the first index where a and b differ, or -1.
func firstDifference(a, b []renderer.Item) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// The painter's index hands a scene exactly the items a walk of the whole
// list finds, in the same order, on every frame of random documents (nested
// scroll spaces, subtrees inserted, removed, hidden and shown, scrolling,
// resizing) and of the gallery's tour.
func TestTheIndexFindsWhatAWalkOfTheListFinds(t *testing.T) {
	for seed := range uint64(4) {
		var history []string
		r := &twoScenes{t: t}
		r.where = func() string { return fmt.Sprintf("seed %d after %v", seed, history[max(0, len(history)-5):]) }
		renderer.Walk(&r.walked)
		o := monkey.DefaultOptions
		o.Seed = seed
		drv, err := monkey.Open(o, window.Options{Renderer: r})
		require.NoError(t, err)
		for range 150 {
			history = append(history, drv.Step()...)
		}
		assert.Greater(t, r.frames, 100, "seed %d drew frames", seed)
	}
	r := &twoScenes{t: t, where: func() string { return "gallery tour" }}
	renderer.Walk(&r.walked)
	d := phase.Open(&phase.Phase{Name: "scene"}, gallery.Shipped, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: r}})
	for _, s := range d.Tour() {
		s.Do()
		d.Refresh()
	}
	assert.Greater(t, r.frames, len(d.Tour()))
}

// Chunks inserted one after another into the same place in draw order run
// out of order keys between their neighbours (32 halvings of the gap) and
// renumber the list; the index still hands them over in draw order.
func TestChunksInsertedIntoOneGapStayInDrawOrder(t *testing.T) {
	var sheet style.Sheet
	sheet.Define("strip", style.Props{}.Height(style.PxLen(2)).Background(style.RGB(200, 0, 0)))
	sheet.Define("alt", style.Props{}.Height(style.PxLen(2)).Background(style.RGB(0, 0, 200)))
	sheet.Define("page", style.Props{}.Background(style.RGB(250, 250, 250)))
	doc := document.New(&sheet)
	doc.AddClass(doc.Root(), "page") // a chunk every strip is drawn over
	doc.Add(doc.Root(), document.Box, "strip")
	last := doc.Add(doc.Root(), document.Box, "strip")
	clk := &clock.Virtual{}
	r := &twoScenes{t: t, where: func() string { return "inserting before the last strip" }}
	renderer.Walk(&r.walked)
	w := window.New(doc, window.Options{Clock: clk, Width: 100, Height: 400, Renderer: r})
	w.Frame()
	for i := range 100 {
		class := "strip"
		if i%2 == 1 {
			class = "alt"
		}
		doc.InsertBefore(last, document.Box, class)
		clk.AdvanceTo(w.NextRefresh())
	}
	assert.Greater(t, r.frames, 100)
	assert.NotEmpty(t, r.indexed.Items)
}
