package affinity

import (
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// Pin pins every thread of the process, not only the calling one: with
// goroutines locked to threads of their own, each thread's mask is the
// one CPU afterwards (pinning only the caller leaves the others on every
// CPU, and this test fails). A thread started afterwards inherits it.
func TestPinPinsEveryThread(t *testing.T) {
	cpu, ok := Last()
	require.True(t, ok)
	var ready, release sync.WaitGroup
	release.Add(1)
	for range 4 {
		ready.Add(1)
		go func() {
			runtime.LockOSThread()
			ready.Done()
			release.Wait()
		}()
	}
	ready.Wait()
	defer release.Done()

	require.NoError(t, Pin(cpu))
	tids, err := threads()
	require.NoError(t, err)
	require.Greater(t, len(tids), 4)
	for _, tid := range tids {
		var set unix.CPUSet
		if err := unix.SchedGetaffinity(tid, &set); err != nil {
			continue // a thread that exited meanwhile
		}
		assert.Equal(t, 1, set.Count(), "thread %d", tid)
		assert.True(t, set.IsSet(cpu), "thread %d", tid)
	}
}

// FromEnv pins to the CPU the environment names, does nothing when it
// names none, and refuses a value that is not a CPU number.
func TestFromEnv(t *testing.T) {
	t.Setenv(Env, "")
	assert.NoError(t, FromEnv())
	t.Setenv(Env, "one")
	assert.ErrorContains(t, FromEnv(), `PERFBENCH_CPU="one" is not a CPU number`)
	t.Setenv(Env, "-1")
	assert.Error(t, FromEnv())
	t.Setenv(Env, "100000")
	assert.Error(t, FromEnv(), "a CPU the process may not run on")
}
