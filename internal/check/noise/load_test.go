package noise

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cpuTime returns this process's user and system CPU time.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The load really loads: two spinners and a hog use CPU time, and Run
// returns once its context is done. The test waits for the CPU time rather
// than for a fixed 300 ms, since with the whole test suite running on a
// two-core machine three threads got under 20 ms of CPU in 300 ms of wall;
// a load that started nothing uses none however long it is given.
func TestLoadUsesCPUAndStops(t *testing.T) {
	before := cpuTime(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { Load{Spinners: 2, MemoryBytes: 8 << 20}.Run(ctx); close(done) }()
	for end := time.Now().Add(10 * time.Second); cpuTime(t)-before <= 20*time.Millisecond && time.Now().Before(end); {
		time.Sleep(50 * time.Millisecond)
	}
	assert.Greater(t, cpuTime(t)-before, 20*time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the load did not stop when its context was done")
	}
}
