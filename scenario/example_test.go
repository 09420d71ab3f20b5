package scenario_test

import (
	"fmt"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// lamp is the smallest subject: a switch whose every toggle asks for one
// frame, drawn at the next refresh, that costs a microsecond.
type lamp struct {
	on     bool
	dirty  bool
	frames []time.Duration
}

func (l *lamp) Toggle() { l.on, l.dirty = !l.on, true }

func (l *lamp) Refresh() bool {
	if !l.dirty {
		return false
	}
	l.dirty = false
	l.frames = append(l.frames, time.Microsecond)
	return true
}

func (l *lamp) Wait(d time.Duration) int {
	if l.Refresh() {
		return 1
	}
	return 0
}

func (l *lamp) FrameCosts() []time.Duration { return l.frames }

// A program registers a scenario over its own subject, declaring every
// number with its band beside it. Register from an init function, so the
// runner's child process (the same binary) has the scenario too; the
// program's main calls harness.Main, which runs each scenario in a fresh
// process and judges it.
func Example() {
	scenario.Register(scenario.Scenario{
		Name: "toggle",
		Help: "toggle the lamp 60 times, then leave it alone for a second",
		Run: func(s *scenario.Session) error {
			l := &lamp{}
			s.Attach(l) // subject/engine's Open and subject/gio's Attach do this for theirs
			for range 60 {
				s.Drive("toggle", l.Toggle)
			}
			s.Wait("rest", time.Second)
			return nil
		},
		Numbers: []scenario.Number{
			// 100%: a sketch; a real band says why it is as wide as it is.
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1.0), Budget: band.FrameBudget(60)},
				Value: scenario.FrameTimes(nil)},
			// The design's claim: one toggle, one frame; at rest, none.
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(60)},
				Value: scenario.FrameCount(nil)},
			{Spec: band.Spec{Name: "rest-frames", Unit: "rest-frames/run", Band: band.Count(0)},
				Value: scenario.FrameCount(scenario.Labelled("rest"))},
		},
	})

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
	// rest-frames 0 rest-frames/run ≤ 0 pass
}

// A scenario of n steps of one input is Steps: open attaches the subject
// and returns step i's input, or an error (what it aims at is not there)
// that makes the run Broken.
func ExampleSteps() {
	sc := scenario.Scenario{
		Name: "toggle-steps",
		Run: scenario.Steps("toggle", 40, func(s *scenario.Session) (func(int), error) {
			l := &lamp{}
			s.Attach(l)
			return func(int) { l.Toggle() }, nil
		}),
		Numbers: []scenario.Number{{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(40)},
			Value: scenario.FrameCount(scenario.Labelled("toggle"))}},
	}
	res := sc.Measure()
	fmt.Println(res.Steps, "steps,", band.Judge(res.Numbers[0]))
	// Output:
	// 40 steps, frames 40 frames/run ≤ 40 pass
}
