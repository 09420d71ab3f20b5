package runner

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/scenario"
)

// A timeout follows the work: a child that gets a thin share of a busy
// machine goes on past the timeout in wall time while its CPU time grows,
// and is killed once it has used the timeout's CPU time, or used none for
// that long.
func TestTimeoutsFollowTheWork(t *testing.T) {
	start := time.Unix(0, 0)
	var used time.Duration
	w := &watch{timeout: time.Minute, cpu: func() (time.Duration, bool) { return used, true }, start: start, moved: start}
	at := func(d time.Duration) time.Time { return start.Add(d) }

	for m := 1; m <= 30; m++ {
		used += time.Second // a thirtieth of a CPU: slow, not hung
		assert.Empty(t, w.over(at(time.Duration(m)*time.Minute)), "minute %d: still working", m)
	}
	assert.Equal(t, "timed out: no progress (no CPU time used) for 1m0s", w.over(at(31*time.Minute)))

	used = 0
	w = &watch{timeout: time.Minute, cpu: func() (time.Duration, bool) { return used, true }, start: start, moved: start}
	used = time.Minute
	assert.Equal(t, "timed out: used 1m0s of CPU time (after 5m0s)", w.over(at(5*time.Minute)))

	w = &watch{timeout: time.Minute, cpu: func() (time.Duration, bool) { return 0, false }, start: start, moved: start}
	assert.Empty(t, w.over(at(59*time.Second)))
	assert.Equal(t, "timed out: still running after 1m0s", w.over(at(time.Minute)), "where no CPU time is read, wall time")
}

// cpuTime reads this process's CPU time, which grows as it works.
func TestCPUTimeGrowsWithWork(t *testing.T) {
	before, ok := cpuTime(os.Getpid())
	if !ok {
		t.Skip("no per-process CPU time on this system")
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		for range 1 << 20 {
			spun++
		}
		if after, _ := cpuTime(os.Getpid()); after > before {
			return
		}
	}
	t.Fatal("5 s of spinning used no CPU time")
}

// A counted process that cannot finish (it hangs past its timeout, is
// killed, crashes) leaves its scenario's instructions not measured, saying
// why, and breaks nothing: the times and counts stand.
func TestACountThatCannotFinishIsNotMeasured(t *testing.T) {
	t.Parallel() // each mostly waits out a timeout
	for name, want := range map[string]string{
		"test-hang":  "not measured: timed out: no progress (no CPU time used) for 2s, killed",
		"test-kill":  "not measured: killed by signal killed",
		"test-panic": "not measured: panicked (exit status 2): runner test: boom",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := testRunner(2 * time.Second)
			r.Instructions = true
			res, err := r.wait(context.Background(), name, r.Command(name), t.TempDir())
			require.NoError(t, err)
			assert.Empty(t, res.Broken)
			assert.Contains(t, res.NotCounted, want)

			pooled := pool.Runs([]scenario.Result{res})
			assert.Empty(t, pooled.Broken, "a pool of counts that did not finish is not broken")
			assert.Equal(t, res.NotCounted, pooled.NotCounted)
		})
	}
}
