package clock

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock/thread"
)

// ThreadCPU returns the CPU time the calling OS thread has used so far:
// thread.CPU, beside the engine's clocks for the callers that time a
// window's frames with both.
func ThreadCPU() (d time.Duration, ok bool) { return thread.CPU() }
