// Package thread reads the calling OS thread's own clocks: its CPU time,
// what a frame drawn on a thread locked to it cost, whatever else the
// machine ran meanwhile. It is a leaf, so that the packages that time
// steps over any subject (package scenario) depend on no engine's clock.
package thread

import "time"

// CPU returns the CPU time the calling OS thread has used so far
// (CLOCK_THREAD_CPUTIME_ID on Linux). It counts only time this thread
// spent running, so a frame timed with it does not grow when the scheduler
// gives the core to another process meanwhile, as its wall time does.
//
// It is meaningful only on a goroutine locked to its thread
// (runtime.LockOSThread): otherwise two reads may come from two threads.
// A read is a system call, about 0.6 µs on a two-core cloud machine, so an
// interval much shorter than a few reads must be timed as a batch.
//
// Where the system has no per-thread CPU clock, ok is false and the value
// is meaningless.
func CPU() (d time.Duration, ok bool) { return cpu() }
