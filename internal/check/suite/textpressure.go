package suite

import (
	"errors"
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// The text-pressure scenario's caches and steps. The shipped gallery's text
// needs about 3000 shaped runs and 244 glyphs once laid out; the limits are
// well below both, so every width step, which rewraps and re-emits the
// document's text, takes each cache over its limit and the end of the frame
// has to bring it back.
const (
	pressureRunLimit   = 1024
	pressureGlyphLimit = 128
	pressureSteps      = 8
)

// textPressure is the scenario that fills the engine's bounded caches: the
// shipped gallery with its shaped-run cache and glyph atlas opened far
// smaller than its text, resized in width steps. The caches' peak sizes
// (at the end of a frame, after it trimmed them) have the soft limits as
// their ceilings: a cache that stopped trimming grows past its limit and
// fails here, not only in the budget gate. The evictions have floors, so a
// trim that stopped running fails too.
//
// It fails (Broken) when nothing at all was evicted: then neither cache
// went over its limit and the peaks below prove nothing. One cache that
// stopped evicting is a number that moved (its peak, its evictions), not a
// broken run.
var textPressure = scenario.Scenario{
	Name: "text-pressure",
	Help: "the gallery with text caches far smaller than its text, resized in 8 width steps: each cache overflows every frame and must come back under its soft limit",
	Run: func(s *scenario.Session) error {
		return pressure(s, window.Options{RunCacheLimit: pressureRunLimit, GlyphCacheLimit: pressureGlyphLimit})
	},
	Numbers: append([]scenario.Number{
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Exact(pressureSteps)},
			Value: scenario.FrameCount(nil)},
		// The design's claim: a frame ends with each cache within its
		// soft limit, however far over it the frame went.
		{Spec: band.Spec{Name: "peak-shaped-runs", Unit: "shaped-runs/peak", Band: band.Count(pressureRunLimit), Budget: band.Max(pressureRunLimit, "the shaped-run cache's soft limit")},
			Value: engine.PeakCache(func(c engine.Caches) int { return c.Runs })},
		{Spec: band.Spec{Name: "peak-glyphs", Unit: "glyphs/peak", Band: band.Count(pressureGlyphLimit), Budget: band.Max(pressureGlyphLimit, "the glyph atlas's soft limit")},
			Value: engine.PeakCache(func(c engine.Caches) int { return c.Glyphs })},
		// Measured: what the limits make the caches evict, and redo,
		// over the run. Fewer evictions with the same peaks is a trim
		// that stopped running; more shaping or rasterising is a cache
		// that serves less. A row measures its items by their max-content
		// width, so a width step wraps only the text whose width it
		// changes, and the caches are asked that much.
		{Spec: band.Spec{Name: "shaped-runs-evicted", Unit: "shaped-runs-evicted/run", Band: band.Floor(13752)},
			Value: engine.Total(counter.ShapedRunsEvicted)},
		{Spec: band.Spec{Name: "glyphs-evicted", Unit: "glyphs-evicted/run", Band: band.Floor(619)},
			Value: engine.Total(counter.GlyphsEvicted)},
		// A drawing renderer reads the text it draws: a glyph a trim
		// evicted under a chunk that did not change is rasterised again
		// before the redraw (and its run shaped again), so the cpu and
		// gpu runs shape, rasterise and draw more than the null one.
		on(engine.Avoided(counter.ShapedRunsCached, 48894), onNull...),
		on(engine.Avoided(counter.ShapedRunsCached, 48741), onDrawing...),
		on(engine.Done(counter.RunsShaped, 13752), onNull...),
		on(engine.Done(counter.RunsShaped, 14073), onDrawing...),
		on(engine.Avoided(counter.GlyphCacheHits, 221308), onNull...),
		on(engine.Avoided(counter.GlyphCacheHits, 221247), onDrawing...),
		on(engine.Done(counter.GlyphsRasterised, 619), onNull...),
		on(engine.Done(counter.GlyphsRasterised, 760), onDrawing...),
		engine.Done(counter.PrimitivesSubmitted, 1341),
	}, slices.Concat(drawCalls(1250, 12986, 8), emission(30442, 29101, 29520),
		damage("", "frame", scenario.Drew, windowArea, 1, "each width step repaints the window whole, once"),
		rendered(37840, 0, 12986, 1142832))...),
}

// pressure is text-pressure's run with the caches opts gives.
func pressure(s *scenario.Session, opts window.Options) error {
	g := gallery.Build(gallery.Shipped, gallery.DefaultOptions)
	w := engine.Open(s, g.Doc, opts)
	widthSteps(s, w, pressureSteps)
	if t := s.Record().Total; engine.Get(t, counter.ShapedRunsEvicted)+engine.Get(t, counter.GlyphsEvicted) == 0 {
		return errors.New("the width steps evicted nothing: neither cache went over its limit")
	}
	return nil
}
