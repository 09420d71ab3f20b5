package runner

import (
	"fmt"
	"time"
)

// watch decides when a child has run past its timeout. Timeouts follow
// the work, not the clock: where the system reports a process's CPU time
// (Linux), a child is past its timeout once it has used that much CPU
// time, or has used none for that long (it waits for something that never
// comes). A child that gets a small share of a busy machine, as one under
// Valgrind beside other counted ones and other programs does, is slow,
// not hung, and is left to finish. Elsewhere the timeout is wall time.
type watch struct {
	timeout time.Duration
	// cpu reads the child's CPU time so far; ok is false where the system
	// does not say.
	cpu func() (time.Duration, bool)
	// used is the CPU time last read, and moved when it last grew.
	used         time.Duration
	start, moved time.Time
}

func newWatch(pid int, timeout time.Duration, now time.Time) *watch {
	return &watch{timeout: timeout, cpu: func() (time.Duration, bool) { return cpuTime(pid) }, start: now, moved: now}
}

// every is how often the watch looks: a twentieth of the timeout, so a
// child is killed within 5% of it, and at least once a second.
func (w *watch) every() time.Duration {
	return min(max(w.timeout/20, 10*time.Millisecond), time.Second)
}

// over returns why the child is past its timeout at now, or "".
func (w *watch) over(now time.Time) string {
	used, ok := w.cpu()
	if !ok {
		if now.Sub(w.start) >= w.timeout {
			return fmt.Sprintf("timed out: still running after %s", w.timeout)
		}
		return ""
	}
	if used > w.used {
		w.used, w.moved = used, now
	}
	switch {
	case used >= w.timeout:
		return fmt.Sprintf("timed out: used %s of CPU time (after %s)", w.timeout, now.Sub(w.start).Round(time.Second))
	case now.Sub(w.moved) >= w.timeout:
		return fmt.Sprintf("timed out: no progress (no CPU time used) for %s", w.timeout)
	}
	return ""
}
