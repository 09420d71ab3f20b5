//go:build !linux

package runner

import "time"

// cpuTime reports nothing where the runner does not read a process's CPU
// time: its timeouts are wall time there.
func cpuTime(int) (time.Duration, bool) { return 0, false }
