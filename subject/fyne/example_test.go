package fyne_test

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// A Fyne program registers a scenario over its own UI: subject.Attach
// opens what its build returns headless and hands it to the session, the
// scenario aims by text and drives it with the Subject's input methods
// inside Session.Drive, and every number carries its band. A real
// program registers from init and calls harness.Main from main (see
// examples/fyneapp).
func ExampleAttach() {
	presses := 0
	build := func(fyne.Window) fyne.CanvasObject {
		return widget.NewButton("Press", func() { presses++ })
	}
	scenario.Register(scenario.Scenario{
		Name: "fyne-press",
		Help: "press a Fyne button 30 times",
		Run: func(s *scenario.Session) error {
			sub := subject.Attach(s, build, small)
			at, ok := sub.Center("Press", script.Match{Role: script.Button})
			if !ok {
				return errors.New("no button reads Press")
			}
			for range 30 {
				s.Drive("press", func() { sub.Tap(at) })
			}
			s.Wait("rest", time.Second)
			if presses != 30 {
				return fmt.Errorf("the button saw %d presses of 30", presses)
			}
			return nil
		},
		Numbers: []scenario.Number{
			scenario.FrameTime(scenario.FrameTolerance),
			// A tap refreshes nothing of a button: it restarts the
			// button's ripple, a 300 ms animation, which Fyne's runner
			// picks up at the next refresh and first ticks at the one
			// after. Presses one refresh apart restart it before it ever
			// ticks, so the run draws the last ripple alone: 18 ticks,
			// a frame each.
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(18)},
				Value: scenario.FrameCount(nil)},
			{Spec: band.Spec{Name: "ticks", Unit: "ticks/run", Band: band.Count(18)},
				Value: subject.Ticks},
		},
	})

	sc, _ := scenario.Lookup("fyne-press")
	res := sc.Measure() // the runner would do this in a child process
	for _, m := range res.Numbers {
		if m.Band.Kind == band.KindCount {
			fmt.Println(band.Judge(m))
		}
	}
	// Output:
	// frames 18 frames/run ≤ 18 pass
	// ticks 18 ticks/run ≤ 18 pass
}
