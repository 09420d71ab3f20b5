// Package plant is the slowdown a build with the perfbench_plant tag
// plants in one scenario's steps (scenario.PlantEnv): its spec, read from
// the environment, and the calibrated spin or allocations that make it.
// An ordinary build never reads the environment, so never plants one.
package plant

import (
	"errors"
	"strconv"
	"strings"
)

// Spec is a PERFBENCH_PLANT value read: the scenario it slows, and
// either a Factor (with Ref, a step's reference cost in µs, for a plant of
// work) or Spins, a fixed number of iterations of the plant's spin a step.
type Spec struct {
	Target string
	Factor float64
	Ref    float64
	Spins  int
	// Allocs is a number of heap objects allocated a step.
	Allocs int
}

// Parse reads a PERFBENCH_PLANT value (see scenario.PlantEnv,
// the build with the perfbench_plant tag): "SCENARIO:FACTOR",
// "SCENARIO:FACTOR@REF" for a plant of work, REF µs a step, or
// "SCENARIO:+N" for N iterations of the spin a step, or
// "SCENARIO:allocs+N" for N heap objects a step.
func Parse(v string) (Spec, error) {
	target, f, ok := strings.Cut(v, ":")
	if n, objects := strings.CutPrefix(f, "allocs+"); ok && objects {
		allocs, err := strconv.Atoi(n)
		if err != nil || allocs < 1 || allocs > 1e6 || target == "" {
			return Spec{}, errPlant
		}
		return Spec{Target: target, Factor: 1, Allocs: allocs}, nil
	}
	if n, fixed := strings.CutPrefix(f, "+"); ok && fixed {
		spins, err := strconv.Atoi(n)
		if err != nil || spins < 1 || spins > 1e9 || target == "" {
			return Spec{}, errPlant
		}
		return Spec{Target: target, Factor: 1, Spins: spins}, nil
	}
	f, r, work := strings.Cut(f, "@")
	factor, ferr := strconv.ParseFloat(f, 64)
	var ref float64
	if work {
		var rerr error
		if ref, rerr = strconv.ParseFloat(r, 64); rerr != nil || !(ref > 0) || ref > 1e9 {
			ok = false
		}
	}
	if !ok || target == "" || ferr != nil || !(factor >= 1) || factor > 1e3 {
		return Spec{}, errPlant
	}
	return Spec{Target: target, Factor: factor, Ref: ref}, nil
}

var errPlant = errors.New("want SCENARIO:FACTOR or SCENARIO:FACTOR@REF with FACTOR from 1 to 1000 and REF > 0 µs, or SCENARIO:+N with N from 1 to 1e9 iterations a step, or SCENARIO:allocs+N with N from 1 to 1e6 objects a step")
