package scenario

import (
	"fmt"

	"github.com/perfbench/perfbench/scenario/internal/plant"
)

// CheckPlant returns why v, the value of the environment variable env, is
// not a plant a build with the perfbench_plant tag reads (see
// CheckPlantEnv), or nil; empty plants nothing. A harness checks it
// before it starts any child, which would panic on it.
func CheckPlant(env, v string) error {
	if v == "" {
		return nil
	}
	if _, err := plant.Parse(v); err != nil {
		return fmt.Errorf("%s=%q: %w", env, v, err)
	}
	return nil
}
