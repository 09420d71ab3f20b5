package suite

import (
	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/window"
)

// The five scenarios of the design, registered first and in this order,
// then text-pressure, the one that fills the bounded caches.
func init() {
	for _, sc := range []scenario.Scenario{idle, hoverStorm, scroll, kitchenSink, resize, textPressure} {
		scenario.Register(sc)
	}
}

// openShipped opens the shipped gallery (s13) in a default window. The
// interaction scenarios drive it as it ships, progress bar running, so
// every refresh also draws the bar's next frame (one AnimationTicks, its
// primitives) besides the interaction's work; the idle scenario alone
// opens the variant without animation, because its claim is zero frames.
func openShipped(s *scenario.Session, opts gallery.Options) (*gallery.Gallery, *window.Window) {
	g := gallery.Build(gallery.Shipped, opts)
	return g, engine.Open(s, g.Doc, window.Options{})
}

// The run-to-run spread of every built-in time, from which its tolerance
// is derived (band.TimeFromSpread, band.ToleranceFor): the largest over
// the smallest estimate seen on the reference machine (two vCPUs of an
// AMD EPYC) over a loaded session and a quiet one, the smallest being the
// recorded baseline where that was lower. Both sessions count, since a
// virtual machine's speed moves between sessions with its host's other
// tenants; docs/scenarios.md says how they ran. That drift is why pull
// requests are judged by paired runs (perfbench scenarios --base), which
// cancel it, rather than by these bands.
const (
	spreadHoverFrame        = 1.61 // 1.135–1.825 µs (both sessions)
	spreadScrollTranslation = 1.62 // 2.003 (loaded) – 3.245 µs (quiet)
	spreadScrollRebuild     = 2.93 // 4.326 (baseline) – 12.66 µs (quiet)
	spreadSinkInput         = 2.38 // 1.182 (loaded) – 2.807 µs (quiet)
	spreadSinkWheel         = 1.64 // 4.875 (baseline) – 7.979 µs (quiet)
	spreadSinkResize        = 2.13 // 2309 (baseline) – 4911 µs (load 3)
	spreadResizeFrame       = 1.76 // 2167 (baseline) – 3809 µs (quiet)
)

func center(r geom.Rect) (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

// emission returns the three numbers every scenario records whatever it is
// about: primitives emitted, primitives culled and draw-order insertions
// over the whole run. A number that exists only where somebody expected it
// proves nothing about anywhere else. Their bands are the values the
// current design measures (they are properties of the design, identical
// on every machine): emitting or inserting more is a regression to
// explain, and so is culling less, since a primitive not culled is one
// handed to the renderer; an improvement moves the bound in the same
// change.
func emission(emitted, culled, insertions float64) []scenario.Number {
	return []scenario.Number{
		engine.Done(counter.PrimitivesEmitted, emitted),
		engine.Avoided(counter.PrimitivesCulled, culled),
		engine.Done(counter.DrawOrderInsertions, insertions),
	}
}

// Beside emission, each scenario reports every skip its run exercises with
// a floor (engine.Avoided) and the work that skip guards with a ceiling (engine.Done), so
// that a lost skip fails the scenario twice over: once as the skip falls,
// once as the work it guarded rises. Every value is what the current design
// measures.
//
//	LayoutsHeld       guards NodesRelaidOut
//	ShapedRunsCached  guards RunsShaped
//	GlyphCacheHits    guards GlyphsRasterised
//	ChunksTranslated  guards PrimitivesEmitted (in emission)
//	PrimitivesCulled  guards PrimitivesSubmitted (in emission's company),
//	                  and through it the renderer's DrawCalls

// allocations returns the two allocation numbers of a scenario that draws
// frames: heap objects and bytes allocated per frame by its steps (input
// and frames, garbage collection off; see Scenario.Measure). They are
// counted exactly in each process but vary a little between processes
// with the runtime's map hash seed, and under load by a few bytes more
// (Number.Varies): the median of the processes is judged. Their ceilings
// are the largest the current design measured (10 processes each; the
// resize's bytes rounded up to the next byte, since one process in 60
// measured 0.67 B more per frame than the rest; the hover-storm's the
// largest on either renderer: a gpu frame waits about a millisecond in the
// driver, long enough for the runtime's own background work — the
// scavenger's timer, a semaphore's wait record — to allocate 48 B inside a
// sample in one process in three); more is a regression to explain. A
// frame that allocates once reads 1 allocs/frame, far above any ceiling.
func allocations(objects, bytes float64) []scenario.Number {
	return []scenario.Number{
		{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(objects)}, Value: scenario.AllocsPerFrame, Varies: true},
		{Spec: band.Spec{Name: "alloc-bytes", Unit: "B/frame", Band: band.Count(bytes)}, Value: scenario.AllocBytesPerFrame, Varies: true},
	}
}

// windowArea is the shipped window's area in pixels (1280×800): a frame whose
// damage reaches it repaints everything.
const windowArea = window.DefaultWidth * window.DefaultHeight

// damage returns the two numbers of what a scenario's frames repaint: the
// largest damage area and the most damage rectangles of any one frame the
// steps keep selects (one frame each), with the value the current design
// measures as the ceiling. A frame that damaged the whole window for an
// input that changed two rows would pass every count of the work it did
// and repaint a thousand times the pixels; these catch it. name and unit
// distinguish a scenario's several kinds of frame ("input-damage-area",
// "px/input-frame").
func damage(name, frame string, keep func(scenario.Step) bool, area, rects float64, why string) []scenario.Number {
	return []scenario.Number{
		{Spec: band.Spec{Name: name + "damage-area", Unit: "px/" + frame, Band: band.Count(area), Budget: band.Max(area, why)},
			Value: engine.MaxPerStep(counter.DamageArea, keep)},
		{Spec: band.Spec{Name: name + "damage-rects", Unit: "rects/" + frame, Band: band.Count(rects)},
			Value: engine.MaxPerStep(counter.DamageRects, keep)},
	}
}

// The renderers a scenario's renderer numbers are read under: the null
// renderer is the default, by name or by none.
var (
	onNull    = []string{"", "null"}
	onDrawing = []string{"cpu", "gpu"}
)

// on restricts n to the runs drawn by renderers.
func on(n scenario.Number, renderers ...string) scenario.Number {
	n.Renderers = renderers
	return n
}

// drawCalls returns the draw calls a run issues, one ceiling per renderer:
// the null renderer counts one per chunk handed to it, the CPU rasteriser
// one per item it fills, the GPU renderer one instanced draw per frame
// and atlas page.
func drawCalls(null, cpu, gpu float64) []scenario.Number {
	return []scenario.Number{
		on(engine.Done(counter.DrawCalls, null), onNull...),
		on(engine.Done(counter.DrawCalls, cpu), "cpu"),
		on(engine.Done(counter.DrawCalls, gpu), "gpu"),
	}
}

// rendered returns the drawing renderers' own work over the run, read
// under --renderer cpu and gpu (the null renderer draws nothing): the
// chunks their scene examined to find what meets the damage, beside the
// chunks the painter's band index let it leave alone (the skip, floored),
// the items drawn (for gpu, instances written) and, on the GPU, the bytes
// of instance and uniform data uploaded. The CPU rasteriser uploads
// nothing, so its ceiling on bytes is zero. Every value is what the
// current design measures.
func rendered(visited, skipped, instances, gpuBytes float64) []scenario.Number {
	return []scenario.Number{
		on(engine.Done(counter.SceneChunksVisited, visited), onDrawing...),
		on(engine.Avoided(counter.SceneChunksSkipped, skipped), onDrawing...),
		on(engine.Done(counter.InstancesWritten, instances), onDrawing...),
		on(engine.Done(counter.BufferBytes, 0), "cpu"),
		on(engine.Done(counter.BufferBytes, gpuBytes), "gpu"),
	}
}
