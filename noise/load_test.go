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

// The load really loads: over 300 ms, two spinners and a hog use CPU time,
// and Run returns once its context is done.
func TestLoadUsesCPUAndStops(t *testing.T) {
	before := cpuTime(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan struct{})
	go func() { Load{Spinners: 2, MemoryBytes: 8 << 20}.Run(ctx); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the load did not stop when its context was done")
	}
	// On a loaded two-core machine (the whole test suite running) the
	// three threads get at least a small part of their 900 ms of wall
	// time; a load that started nothing would use none.
	assert.Greater(t, cpuTime(t)-before, 20*time.Millisecond)
}
