//go:build !perfbench_plant

package scenario

import "time"

// planted returns nil: an ordinary build plants no slowdown. See
// plant_on.go for the build that does.
func planted(string) func(time.Duration) time.Duration { return nil }
