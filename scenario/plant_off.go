//go:build !perfbench_plant

package scenario

import "github.com/perfbench/perfbench/scenario/internal/plant"

// planted returns nil: an ordinary build plants no slowdown. See
// plant_on.go for the build that does.
func planted(string) *plant.Plant { return nil }

// CheckPlantEnv returns nil: an ordinary build reads no PERFBENCH_PLANT.
func CheckPlantEnv() error { return nil }
