package suite

import (
	"slices"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
)

// idleSeconds is how much virtual time the idle scenario lets pass. Virtual
// time costs nothing when nothing fires, so it can be generous: a timer
// that fires once every few seconds is still caught.
const idleSeconds = 30

// idle opens the gallery without its animation and lets the clock run. It
// is not the shipped gallery: that one runs an indeterminate progress bar,
// and a document with a running animation is supposed to draw every
// refresh; a ceiling that admitted sixty frames a second would admit every
// regression this scenario exists to catch.
//
// Every band is a ceiling of zero, the design's claim ("with nothing
// animating and nothing touched, the window draws zero frames"), and the
// budget says the same. It has no time: with no frames there is nothing
// to time.
var idle = scenario.Scenario{
	Name: "idle",
	Help: "the gallery without animation, untouched for 30 s of virtual time: zero frames, zero work",
	Run: func(s *scenario.Session) error {
		openShipped(s, gallery.Options{}) // Options{}: the idle variant
		for range idleSeconds {
			s.Wait("second", time.Second)
		}
		return nil
	},
	Numbers: append([]scenario.Number{
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0), Budget: band.Max(0, "an idle window draws no frames")},
			Value: scenario.FrameCount(nil)},
		// Every counter summed: a timer that fires, a hit test, a restyle
		// without a frame, any work of any stage moves it.
		{Spec: band.Spec{Name: "work", Unit: "counts/run", Band: band.Count(0), Budget: band.Max(0, "an idle window does no work")},
			Value: engine.Work},
		{Spec: band.Spec{Name: "restyles", Unit: "restyles/run", Band: band.Count(0), Budget: band.Max(0, "nothing changed, nothing restyled")},
			Value: engine.Total(counter.ElementsRestyled)},
		{Spec: band.Spec{Name: "relayouts", Unit: "relayouts/run", Band: band.Count(0), Budget: band.Max(0, "nothing changed, nothing laid out")},
			Value: engine.Total(counter.NodesRelaidOut)},
	}, slices.Concat(emission(0, 0, 0),
		[]scenario.Number{
			{Spec: band.Spec{Name: "damage-area", Unit: "px/run", Band: band.Count(0), Budget: band.Max(0, "nothing changed, nothing repainted")},
				Value: engine.Total(counter.DamageArea)},
			{Spec: band.Spec{Name: "damage-rects", Unit: "rects/run", Band: band.Count(0)},
				Value: engine.Total(counter.DamageRects)},
		},
		rendered(0, 0, 0, 0))...),
}
