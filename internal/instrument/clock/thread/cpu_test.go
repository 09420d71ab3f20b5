package thread

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The thread clock counts this thread's running time: it advances over a
// spin and does not advance (beyond the reads themselves) over a sleep.
func TestCPUCountsRunningNotWaiting(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := CPU()
	if !ok {
		t.Skipf("no per-thread CPU clock on %s", runtime.GOOS)
	}
	time.Sleep(50 * time.Millisecond)
	slept, _ := CPU()
	assert.Less(t, slept-start, 10*time.Millisecond, "a sleeping thread used CPU time")

	spinUntil := time.Now().Add(30 * time.Millisecond)
	x := 0
	for time.Now().Before(spinUntil) {
		x++
	}
	spun, _ := CPU()
	require.Positive(t, x)
	// Under load the spin may get less than its 30 ms of wall time, but it
	// runs for some of it.
	assert.Greater(t, spun-slept, time.Millisecond, "a spinning thread used no CPU time")
}
