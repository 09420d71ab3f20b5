package affinity

import (
	"fmt"
	"os"
	"slices"
	"strconv"

	"golang.org/x/sys/unix"
)

// Pin makes every thread of this process run on cpu only. Linux sets
// a CPU mask per thread, and a new thread takes its creator's, so each
// thread the process has is pinned, then any that appeared meanwhile,
// until a pass finds none new.
func Pin(cpu int) error {
	var set unix.CPUSet
	set.Set(cpu)
	done := map[int]bool{}
	for {
		tids, err := threads()
		if err != nil {
			return fmt.Errorf("affinity: %w", err)
		}
		fresh := slices.DeleteFunc(tids, func(t int) bool { return done[t] })
		if len(fresh) == 0 {
			return nil
		}
		for _, tid := range fresh {
			if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH {
				return fmt.Errorf("affinity: pinning thread %d to CPU %d: %w", tid, cpu, err)
			}
			done[tid] = true
		}
	}
}

// Last returns the highest-numbered CPU this process may run on.
func Last() (int, bool) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return 0, false
	}
	for cpu := len(set)*64 - 1; cpu >= 0; cpu-- {
		if set.IsSet(cpu) {
			return cpu, true
		}
	}
	return 0, false
}

// Allowed returns the CPUs this process may run on, in order; nil if the
// system does not say.
func Allowed() []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil
	}
	var out []int
	for cpu := range len(set) * 64 {
		if set.IsSet(cpu) {
			out = append(out, cpu)
		}
	}
	return out
}

// threads lists this process's thread IDs.
func threads() ([]int, error) {
	entries, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil, err
	}
	var out []int
	for _, e := range entries {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			out = append(out, tid)
		}
	}
	return out, nil
}
