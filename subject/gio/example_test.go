package gio_test

import (
	"fmt"
	"time"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/gio"
)

// A Gio program registers a scenario over its own UI: gio.Attach opens the
// program headless and hands it to the session, the scenario drives it
// with the Subject's input methods inside Session.Drive, and every number
// carries its band. A real program registers from init and calls
// harness.Main from main (see examples/gioapp).
func ExampleAttach() {
	var button widget.Clickable
	presses := 0
	th := newRows().th // a theme with the Go fonts only
	ui := func(gtx layout.Context) layout.Dimensions {
		for button.Clicked(gtx) {
			presses++
		}
		return material.Button(th, &button, "Press").Layout(gtx)
	}
	scenario.Register(scenario.Scenario{
		Name: "gio-press",
		Help: "press a Gio button 30 times",
		Run: func(s *scenario.Session) error {
			sub := gio.Attach(s, ui, gio.DefaultOptions)
			for range 30 {
				s.Drive("press", func() { sub.Click(20, 20) })
			}
			s.Wait("rest", time.Second)
			if presses != 30 {
				return fmt.Errorf("the button saw %d presses of 30", presses)
			}
			return nil
		},
		Numbers: []scenario.Number{
			// 100%: a sketch; a real band says why it is as wide as it is.
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1.0), Budget: band.FrameBudget(60)},
				Value: scenario.FrameTimes(nil)},
			// One frame per press; the last press's ink ripple then
			// animates for 28 more frames (under half a second) and stops.
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(58)},
				Value: scenario.FrameCount(nil)},
			// Every frame but the last asked for the next: the ripple.
			{Spec: band.Spec{Name: "wakeups", Unit: "wakeups/run", Band: band.Count(57)},
				Value: gio.Wakeups},
		},
	})

	sc, _ := scenario.Lookup("gio-press")
	res := sc.Measure() // the runner would do this in a child process
	for _, m := range res.Numbers {
		if m.Band.Kind == band.KindCount {
			fmt.Println(band.Judge(m))
		}
	}
	// Output:
	// frames 58 frames/run ≤ 58 pass
	// wakeups 57 wakeups/run ≤ 57 pass
}
