package scenario_test

import (
	"fmt"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/ui/window"
)

// A program registers a scenario over its own document, declaring every
// number with its band beside it. Register from an init function, so the
// runner's child process (the same binary) has the scenario too, and
// answer scenario.ChildCommand with scenario.ServeChild.
func Example() {
	scenario.Register(scenario.Scenario{
		Name: "toggle",
		Help: "click the toolbar's checkbox 60 times",
		Run: func(s *scenario.Session) error {
			g := gallery.Build(gallery.S0, gallery.Options{}) // any document
			w := s.Open(g.Doc, window.Options{})              // virtual clock, null renderer, Quiet
			r := w.Rect(g.Check)
			for range 60 {
				s.Step("click", func(w *window.Window) { w.Click(r.X+r.W/2, r.Y+r.H/2, window.Left) })
			}
			return nil
		},
		Numbers: []scenario.Number{
			// 100%: a sketch; a real band says why it is as wide as it is.
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1.0), Budget: band.FrameBudget(60)},
				Value: scenario.FrameTimes(nil)},
			// The design's claim: one click, one frame.
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(60)},
				Value: scenario.FrameCount(nil)},
			// The design's claim: a toggle restyles the checkbox alone.
			{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(1)},
				Value: scenario.MaxPerStep(counter.ElementsRestyled, scenario.Drew)},
		},
	})

	// The runner would start this binary once per scenario; in a test the
	// scenario can be measured in this process, since counts are the same.
	sc, err := scenario.Lookup("toggle")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := sc.Measure()
	for _, m := range res.Numbers {
		if j := band.Judge(m); m.Band.Kind == band.KindCount {
			fmt.Println(j)
		}
	}
	// Output:
	// frames 60 frames/run ≤ 60 pass
	// restyles 1 restyles/frame ≤ 1 pass
}
