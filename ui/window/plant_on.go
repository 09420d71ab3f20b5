//go:build perfbench_engine_plant

package window

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window/internal/plant"
)

// PlantEnv names the environment variable a build with the
// perfbench_engine_plant tag reads for a regression planted in the engine
// itself, which the where-table must find: an ordinary build has none
// of it, and pays nothing. The tag is not the noise harness's
// perfbench_plant, whose build stands for "code added, never run": these
// hooks run every frame and hover, about 26 instructions a hover-storm
// step (+0.3%, over the instructions' tolerance) with no plant set. Its value is one of
//
//	work:N        N iterations of a spin in every frame (plant.Spin)
//	hover-alloc   a heap object allocated at every hit test (plant.Alloc)
//	no-evict      the text caches never trimmed back under their limits
//	no-cull       every primitive submitted, in view or not (package paint's)
//	relayout-all  the whole document relaid out every frame
//	restyle-rows  every row beside the one hovered restyled at each hover
//	reemit-scroll a scrolled space re-emitted instead of moved (package paint's)
//
// A value it does not know panics: a harness that thinks it planted a
// regression must not measure an unplanted build.
const PlantEnv = plant.Env

// plantNoEvict leaves the text caches over their limits (no-evict).
var plantNoEvict = plant.NoEvict

// plantedAlloc allocates at a hit test under hover-alloc.
func plantedAlloc() { plant.Alloc() }

// planted runs, at the start of a frame's layout, the plants that change
// what the frame does.
func (w *Window) planted() {
	if plant.Work > 0 || plant.RelayoutAll {
		w.plantFrame()
	}
}

func (w *Window) plantFrame() {
	if plant.Work > 0 {
		plant.Spin()
	}
	if plant.RelayoutAll {
		document.Walk(w.doc.Root(), func(n *document.Node) bool {
			w.layout.MarkDirty(n)
			return true
		})
	}
}

// plantedHover restyles, under restyle-rows, every sibling of t, the
// element the pointer entered, by toggling a class on each: what a
// hover handler that marks the whole table does.
func (w *Window) plantedHover(t *document.Node) {
	if plant.RestyleRows {
		w.restyleRows(t)
	}
}

func (w *Window) restyleRows(t *document.Node) {
	if t == nil || t.Parent() == nil {
		return
	}
	for _, n := range t.Parent().Children() {
		if n.Is(w.doc.Sheet.Intern("planted")) {
			w.doc.RemoveClass(n, "planted")
		} else {
			w.doc.AddClass(n, "planted")
		}
	}
}
