package scenario

import (
	"fmt"
	"strconv"
	"strings"
)

// plantSpec is a PERFBENCH_PLANT value read: the scenario it slows, and
// either a factor (with ref, a step's reference cost in µs, for a plant of
// work) or spins, a fixed number of iterations of the plant's spin a step.
type plantSpec struct {
	target string
	factor float64
	ref    float64
	spins  int
}

// parsePlant reads a PERFBENCH_PLANT value (see PlantEnv in plant_on.go,
// the build with the perfbench_plant tag): "SCENARIO:FACTOR",
// "SCENARIO:FACTOR@REF" for a plant of work, REF µs a step, or
// "SCENARIO:+N" for N iterations of the spin a step.
func parsePlant(v string) (plantSpec, error) {
	target, f, ok := strings.Cut(v, ":")
	if n, fixed := strings.CutPrefix(f, "+"); ok && fixed {
		spins, err := strconv.Atoi(n)
		if err != nil || spins < 1 || spins > 1e9 || target == "" {
			return plantSpec{}, fmt.Errorf("PERFBENCH_PLANT=%q: want SCENARIO:+N with 1 ≤ N ≤ 1e9 iterations a step", v)
		}
		return plantSpec{target: target, factor: 1, spins: spins}, nil
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
		return plantSpec{}, fmt.Errorf("PERFBENCH_PLANT=%q: want SCENARIO:FACTOR, SCENARIO:FACTOR@REF with FACTOR ≥ 1 and REF > 0 µs, or SCENARIO:+N", v)
	}
	return plantSpec{target: target, factor: factor, ref: ref}, nil
}
