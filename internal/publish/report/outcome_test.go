package report_test

import (
	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
)

// judged judges samples against a band as the runner's numbers are.
func judged(name, unit string, b band.Band, budget *band.Budget, samples ...float64) band.Judged {
	return band.Judge(band.Measured{Spec: band.Spec{Name: name, Unit: unit, Band: b, Budget: budget}, Samples: samples})
}

func terminalOutcome(slow, broken bool) outcome.Outcome {
	frame := 1.0
	restyles := 2.0
	if slow {
		frame, restyles = 1.7, 3
	}
	hover := outcome.Scenario{Name: "hover-storm", Numbers: outcome.ByBand("hover-storm",
		judged("frame", "µs/frame", band.TimeFromSpread(1.187).WithBaseline(1.1373), band.FrameBudget(60), spreadAround(frame)...),
		judged("frames", "frames/run", band.Exact(240), nil, 240),
		judged("restyles", "restyles/frame", band.Count(2), nil, restyles),
		judged("draw-order-insertions", "draw-order-insertions/run", band.Count(719), nil, 719),
		judged("primitives-culled", "primitives-culled/run", band.Floor(0), nil, 0),
		judged("alloc-bytes", "B/frame", band.Count(1.07), nil, 0.67),
	)}
	// Where each reference lives, as the ratchet says it.
	hover.Numbers[0].Where, hover.Numbers[0].Fix = "perf/baselines.yaml:20", `perfbench perf --rebaseline hover-storm/frame --why "…"`
	hover.Numbers[2].Where = "internal/check/suite/hoverstorm.go:56"
	scroll := outcome.Scenario{Name: "scroll", Numbers: outcome.ByBand("scroll",
		judged("translation-frame", "µs/translation-frame", band.TimeFromSpread(1.05).WithBaseline(4.1), band.FrameBudget(60), spreadAround(4.2)...),
		judged("chunks-translated", "chunks-translated/run", band.Floor(1640), nil, 1640),
		// The suite's longest name and one of its widest values.
		judged("translation-hit-index-rebuilds", "translation-hit-index-rebuilds/run", band.Count(0), nil, 0),
		judged("damage-area", "px/frame", band.Count(1024000), nil, 1024000),
	)}
	if broken {
		scroll = outcome.Scenario{Name: "scroll", Broken: "exited with status 2; stderr: panic: boom", Verdict: band.Broken}
	}
	kitchen := outcome.Scenario{Name: "kitchen-sink", Numbers: outcome.ByBand("kitchen-sink",
		judged("resize-frame", "µs/resize-frame", band.TimeFromSpread(1.058).WithBaseline(2309.03225), band.FrameBudget(60), spreadAround(2290)...),
		judged("input-frame", "µs/input-frame", band.TimeFromSpread(1.067).WithBaseline(1.2), band.FrameBudget(60), spreadAround(1.21)...),
		judged("wheel-frame", "µs/wheel-frame", band.TimeFromSpread(1.1), band.FrameBudget(60), spreadAround(4.9)...),
	)}
	o := outcome.Outcome{Machine: machine.String(), CPU: machine.CPU,
		Scenarios: []outcome.Scenario{hover, scroll, kitchen}}
	var vs []band.Verdict
	for i := range o.Scenarios {
		sc := &o.Scenarios[i]
		if sc.Broken == "" {
			var nv []band.Verdict
			for _, n := range sc.Numbers {
				nv = append(nv, n.BandVerdict)
			}
			sc.Verdict = band.Worst(nv...)
		}
		vs = append(vs, sc.Verdict)
	}
	o.Verdict = band.Worst(vs...)
	return o
}

func spreadAround(c float64) []float64 {
	var s []float64
	for i := range 30 {
		s = append(s, c*(1+0.02*float64(i%5-2)))
	}
	return s
}

// terminalOutcome is a run of three scenarios shaped as perfbench's own:
// a hover storm, a scroll and a kitchen sink. slow makes hover-storm's
// frame 1.5× its baseline and its restyles one over their ceiling; broken
// breaks the scroll.
// machine is the machine the tables' outcomes were judged on.
var machine = baselines.Machine{CPU: "AMD EPYC", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.8"}
