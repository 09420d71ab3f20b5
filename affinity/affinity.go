// Package affinity pins a scenario's process to one CPU, so a paired
// run's processes all run on the same core and none migrates while it
// measures.
//
// Measured on hover-storm on a shared two-core machine (load average
// 0.3–1.7), 60 pairs of one build against itself: unpinned, the 95%
// interval of the ratio was 5.3%, 10.3% and 12.3% wide in three runs;
// with both sides' processes pinned to the same CPU, 1.1%, 1.3% and 1.9%.
// Pinned to one CPU a side (head on one, base on the other), 1.4%–6.6%,
// and a side whose core is busier would read slower: both sides share
// the one CPU instead, so whatever else runs there slows both alike.
//
// The parent says which CPU in the environment ([Env]); the child pins
// itself ([FromEnv]), all its threads, before it measures. A paired run
// (scenarios --base) sets it to the last CPU it may use unless it is set
// already; set and empty, nothing is pinned. On systems other than Linux
// pinning is a no-op.
package affinity

import (
	"fmt"
	"os"
	"strconv"
)

// Env is the environment variable that names the CPU a child pins
// itself to: "1" for CPU 1.
const Env = "PERFBENCH_CPU"

// FromEnv pins this process to the CPU [Env] names, if it names one. A
// value that is not a CPU number is an error, as is a CPU the process
// may not run on.
func FromEnv() error {
	v, ok := os.LookupEnv(Env)
	if !ok || v == "" {
		return nil
	}
	cpu, err := strconv.Atoi(v)
	if err != nil || cpu < 0 {
		return fmt.Errorf("affinity: %s=%q is not a CPU number", Env, v)
	}
	return Pin(cpu)
}
