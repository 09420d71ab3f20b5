package scenario

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// parsePlant reads a PERFBENCH_PLANT value (see PlantEnv in plant_on.go,
// the build with the perfbench_plant tag): "SCENARIO:FACTOR", or
// "SCENARIO:FACTOR@REF" for a plant of work, REF µs a step (ref 0 for
// the other form).
func parsePlant(v string) (target string, factor, ref float64, err error) {
	target, f, ok := strings.Cut(v, ":")
	f, r, work := strings.Cut(f, "@")
	factor, ferr := strconv.ParseFloat(f, 64)
	if work {
		var rerr error
		if ref, rerr = strconv.ParseFloat(r, 64); rerr != nil || !(ref > 0) || ref > 1e9 {
			ok = false
		}
	}
	if !ok || target == "" || ferr != nil || !(factor >= 1) || factor > 1e3 {
		return "", 0, 0, errPlant
	}
	return target, factor, ref, nil
}

var errPlant = errors.New("want SCENARIO:FACTOR or SCENARIO:FACTOR@REF with FACTOR from 1 to 1000 and REF > 0 µs")

// CheckPlant returns why v, the value of the environment variable env, is
// not a plant a build with the perfbench_plant tag reads (see
// CheckPlantEnv), or nil; empty plants nothing. A harness checks it
// before it starts any child, which would panic on it.
func CheckPlant(env, v string) error {
	if v == "" {
		return nil
	}
	if _, _, _, err := parsePlant(v); err != nil {
		return fmt.Errorf("%s=%q: %w", env, v, err)
	}
	return nil
}
