package band_test

import (
	"fmt"

	"github.com/perfbench/perfbench/band"
)

// A scenario declares its numbers in source; the ratchet fills in the
// baseline; Judge gives the verdicts a report prints.
func Example() {
	frame := band.Spec{
		Name: "frame",
		Unit: "µs/frame",
		// 40%: hover frames on a shared two-core runner spread ±25% run
		// to run, and the band has to clear that spread.
		Band:   band.Time(0.40),
		Budget: band.FrameBudget(60),
	}
	restyles := band.Spec{
		Name:   "restyles",
		Unit:   "restyles/frame",
		Band:   band.Count(1), // one row hovered, one row restyled
		Budget: band.Max(1, "one row hovered, one row restyled"),
	}

	// The ratchet's store has a baseline of 40 µs for this machine.
	frame.Band = frame.Band.WithBaseline(40)

	var verdicts []band.Verdict
	for _, m := range []band.Measured{
		{Spec: frame, Samples: []float64{41, 39, 44, 40, 42, 43, 38, 41, 40, 42}},
		{Spec: restyles, Samples: []float64{2}},
	} {
		j := band.Judge(m)
		fmt.Println(j)
		verdicts = append(verdicts, j.BandVerdict)
	}
	fmt.Println("scenario:", band.Worst(verdicts...))
	// Output:
	// frame 41 µs/frame [39, 43] n=10 ≤ 56 (40 +40%) pass, budget ≤ 16667 pass
	// restyles 2 restyles/frame ≤ 1 fail, budget ≤ 1 fail
	// scenario: fail
}
