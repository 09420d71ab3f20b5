package affinity

import (
	"fmt"
	"runtime"
	"strconv"
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

// CheckEnv refuses what FromEnv would refuse in every child, in one line
// naming the variable and the CPUs allowed, and passes a CPU this process
// may run on, an empty value and none.
func TestCheckEnv(t *testing.T) {
	allowed := Allowed()
	require.NotEmpty(t, allowed)
	t.Setenv(Env, strconv.Itoa(allowed[len(allowed)-1]))
	assert.NoError(t, CheckEnv())
	t.Setenv(Env, "")
	assert.NoError(t, CheckEnv())
	for _, bad := range []string{"abc", "-1", "999", "0,1", " 1"} {
		t.Setenv(Env, bad)
		err := CheckEnv()
		if assert.Error(t, err, bad) {
			assert.Equal(t, fmt.Sprintf("PERFBENCH_CPU=%q: want the number of a CPU this process may run on (%s), or empty to pin nothing", bad, ranges(allowed)), err.Error())
		}
	}
	assert.Equal(t, "0-3, 6, 8-9", ranges([]int{0, 1, 2, 3, 6, 8, 9}))
}
