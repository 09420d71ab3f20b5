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
	"slices"
	"strconv"
	"strings"
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

// CheckEnv returns why [Env] names no CPU this process may run on, or nil
// when it names one or is unset or empty: what [FromEnv] would refuse in
// every child, for the parent to say once before it starts any.
func CheckEnv() error {
	v, ok := os.LookupEnv(Env)
	if !ok || v == "" {
		return nil
	}
	allowed := Allowed()
	cpu, err := strconv.Atoi(v)
	if err == nil && cpu >= 0 && (allowed == nil || slices.Contains(allowed, cpu)) {
		return nil
	}
	may := "a CPU number"
	if allowed != nil {
		may = "the number of a CPU this process may run on (" + ranges(allowed) + ")"
	}
	return fmt.Errorf("%s=%q: want %s, or empty to pin nothing", Env, v, may)
}

// ranges prints sorted CPU numbers as runs: "0-3, 6".
func ranges(cpus []int) string {
	var parts []string
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(cpus[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", cpus[i], cpus[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
