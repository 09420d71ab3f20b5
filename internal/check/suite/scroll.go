package suite

import (
	"errors"
	"fmt"
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
)

// Wheel steps of the scroll scenario: 240 steps of 7 px, down for 120 and
// back up for 120. A step is a third of a list row or less, so most steps
// only move painted rows and a few carry a row boundary into the port.
const (
	scrollSteps = 240
	scrollDelta = 7
)

// scroll wheels over the virtualised list and sorts its frames in two by
// one counter: a frame that rebuilt no boxes (BoxesRebuilt == 0) is a
// translation, anything else a rebuild. What is claimed of a translation
// is three other counters, restyles, relayouts and hit-index rebuilds, all
// zero, so the classification and the claim never share a number. Frame
// counts and times are reported per bucket.
//
// It fails (Broken) when there is no translation frame to claim anything
// of, or when a translation frame translated no painted chunk: then the
// wheel moved nothing and the zeros below would be vacuous.
var scroll = scenario.Scenario{
	Name: "scroll",
	Help: "the wheel scrolls the virtualised list 240 × 7 px, down and back up",
	Run: func(s *scenario.Session) error {
		g, w := openShipped(s, gallery.DefaultOptions)
		x, y := center(w.Rect(g.List))
		for i := range scrollSteps {
			dy := float32(scrollDelta)
			if i >= scrollSteps/2 {
				dy = -dy
			}
			s.Drive("wheel", func() { w.Wheel(x, y, dy) })
		}
		n := 0
		for i, st := range s.Record().Steps {
			if !translation(st) {
				continue
			}
			n++
			if engine.Get(st.Counts, counter.ChunksTranslated) == 0 {
				return fmt.Errorf("wheel step %d rebuilt no boxes and translated no chunk: the wheel moved nothing", i)
			}
		}
		if n == 0 {
			return errors.New("no translation frame: every wheel step rebuilt boxes, so there is nothing to claim of a translation")
		}
		return nil
	},
	Numbers: append([]scenario.Number{
		// Thread CPU time per wheel step, one sample per step: which kind
		// a step was is known only after it (by its counters), so the
		// steps cannot be batched by kind, and each sample carries one
		// read of the thread clock (about 0.6 µs) beside a translation's
		// 1 µs. Not the wall clock, whose median of a rebuild frame under
		// load read two to three times its baseline (docs/scenarios.md).
		// Tolerances derived from their spread under load (see spreads).
		scenario.CPUFrameTime(band.Spec{Name: "translation-frame", Unit: "µs/translation-frame", Band: band.TimeFromSpread(spreadScrollTranslation), Budget: band.FrameBudget(60)}, translation),
		scenario.CPUFrameTime(band.Spec{Name: "rebuild-frame", Unit: "µs/rebuild-frame", Band: band.TimeFromSpread(spreadScrollRebuild), Budget: band.FrameBudget(60)}, rebuild),
		// A translation is a rebuild avoided: fewer is a scroll that
		// rebuilds where it used to translate, so the count has a floor,
		// the measured value (every step could be one: the ideal).
		{Spec: band.Spec{Name: "translation-frames", Unit: "translation-frames/run", Band: band.Floor(scrollSteps - 76)},
			Value: scenario.FrameCount(translation)},
		// Measured: one rebuild per list row carried into the port (the
		// list rebinds a row and rebuilds its boxes), which the row
		// height and the wheel travel fix. More is a scroll that rebuilds
		// where it used to translate.
		{Spec: band.Spec{Name: "rebuild-frames", Unit: "rebuild-frames/run", Band: band.Count(76)},
			Value: scenario.FrameCount(rebuild)},
		// The design's claims about a translation frame.
		{Spec: band.Spec{Name: "translation-restyles", Unit: "restyles/translation-frame", Band: band.Count(0), Budget: band.Max(0, "a translation restyles nothing")},
			Value: engine.MaxPerStep(counter.ElementsRestyled, translation)},
		{Spec: band.Spec{Name: "translation-relayouts", Unit: "relayouts/translation-frame", Band: band.Count(0), Budget: band.Max(0, "a translation lays out nothing")},
			Value: engine.MaxPerStep(counter.NodesRelaidOut, translation)},
		{Spec: band.Spec{Name: "translation-hit-index-rebuilds", Unit: "hit-index-rebuilds/translation-frame", Band: band.Count(0), Budget: band.Max(0, "a translation moves no hit geometry")},
			Value: engine.MaxPerStep(counter.HitIndexRebuilds, translation)},
		// The skips a wheel exercises, and the work each guards. A scroll
		// container's content is one layer: a wheel frame hands on and
		// culls only the chunks in view before or after it.
		engine.Avoided(counter.ChunksTranslated, 3110),
		engine.Avoided(counter.LayoutsHeld, 1216),
		engine.Done(counter.NodesRelaidOut, 152),
		engine.Avoided(counter.ShapedRunsCached, 304),
		engine.Done(counter.RunsShaped, 76),
		engine.Avoided(counter.GlyphCacheHits, 1425),
		engine.Done(counter.GlyphsRasterised, 0),
		engine.Done(counter.PrimitivesSubmitted, 3548),
		// No allocation numbers: the scroll's allocations vary from one
		// process to the next (1.79 or 1.80 per frame) with the runtime's
		// map hash seed, more than the other scenarios'.
	}, slices.Concat(drawCalls(3310, 48102, 240), emission(554, 116, 316),
		// The table's port, scrolled, and the progress bar.
		damage("", "frame", scenario.Drew, 66792, 3, "the scrolled port and the progress bar"),
		rendered(9770, 1125430, 48102, 4232976))...),
}

// translation keeps the steps whose frame rebuilt no boxes: the scroll
// only moved what was painted.
func translation(s scenario.Step) bool {
	return s.Frames() > 0 && engine.Get(s.Counts, counter.BoxesRebuilt) == 0
}

// rebuild keeps the steps whose frame rebuilt boxes.
func rebuild(s scenario.Step) bool {
	return s.Frames() > 0 && engine.Get(s.Counts, counter.BoxesRebuilt) != 0
}
