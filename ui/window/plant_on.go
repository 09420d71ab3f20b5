//go:build perfbench_engine_plant

package window

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/perfbench/perfbench/ui/document"
)

// PlantEnv names the environment variable a build with the
// perfbench_engine_plant tag reads for a regression planted in the engine
// itself, which the where-table must find: an ordinary build has none
// of it, and pays nothing. The tag is not the noise harness's
// perfbench_plant, whose build stands for "code added, never run": these
// hooks run every frame and hover, about 26 instructions a hover-storm
// step (+0.3%, over the instructions' tolerance) with no plant set. Its value is one of
//
//	work:N        N iterations of a spin in every frame (plantedWork)
//	hover-alloc   a heap object allocated at every hit test (plantedAlloc)
//	no-evict      the text caches never trimmed back under their limits
//	no-cull       every primitive submitted, in view or not (package paint's)
//	relayout-all  the whole document relaid out every frame
//	restyle-rows  every row beside the one hovered restyled at each hover
//	reemit-scroll a scrolled space re-emitted instead of moved (package paint's)
//
// A value it does not know panics: a harness that thinks it planted a
// regression must not measure an unplanted build.
const PlantEnv = "PERFBENCH_ENGINE_PLANT"

var (
	plantWork        int
	plantHoverAlloc  bool
	plantNoEvict     bool
	plantRelayoutAll bool
	plantRestyleRows bool
)

func init() {
	v := os.Getenv(PlantEnv)
	name, arg, _ := strings.Cut(v, ":")
	switch name {
	case "":
	case "work":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			panic(fmt.Sprintf("window: %s=%q: want work:N with N ≥ 1", PlantEnv, v))
		}
		plantWork = n
	case "hover-alloc":
		plantHoverAlloc = true
	case "no-evict":
		plantNoEvict = true
	case "relayout-all":
		plantRelayoutAll = true
	case "restyle-rows":
		plantRestyleRows = true
	case "no-cull", "reemit-scroll":
		// package paint's
	default:
		panic(fmt.Sprintf("window: %s=%q: no such plant", PlantEnv, v))
	}
}

var plantSink uint64

// plantedWork spins plantWork iterations: work in drawFrame that does
// nothing useful.
//
//go:noinline
func plantedWork() {
	x := plantSink
	for range plantWork {
		x = x*6364136223846793005 + 1442695040888963407
	}
	plantSink = x
}

var plantObject *[24]byte

// plantedAlloc allocates a heap object at a hit test, under hover-alloc;
// the test is inlined where it is called, so that a build that plants
// something else pays a branch.
func plantedAlloc() {
	if plantHoverAlloc {
		allocPlanted()
	}
}

//go:noinline
func allocPlanted() { plantObject = new([24]byte) }

// planted runs, at the start of a frame's layout, the plants that change
// what the frame does.
func (w *Window) planted() {
	if plantWork > 0 || plantRelayoutAll {
		w.plantFrame()
	}
}

func (w *Window) plantFrame() {
	if plantWork > 0 {
		plantedWork()
	}
	if plantRelayoutAll {
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
	if plantRestyleRows {
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
