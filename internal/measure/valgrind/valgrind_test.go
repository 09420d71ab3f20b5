package valgrind

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Natively every request gets its default and allocates nothing, so a
// program pays a call and a few instructions for leaving them in. (Under
// Valgrind, as in the runner's counted tests, Running is true and the
// test says nothing.)
func TestNativeRequestsDoNothing(t *testing.T) {
	if Running() {
		t.Skip("running under Valgrind: the requests are answered")
	}
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		ToggleCollect()
		ToggleCollect()
		StartInstrumentation()
		StopInstrumentation()
		ZeroStats()
		DumpStats()
		DumpStatsAt("a label")
	}))
	args := [6]uintptr{runningOnValgrind}
	assert.Equal(t, uintptr(42), request(&args, 42), "a request natively returns its default")
}

// BenchmarkToggleCollect is what a counted step adds natively around its
// work, twice, were the session not to skip them natively: a few
// nanoseconds a request.
func BenchmarkToggleCollect(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ToggleCollect()
	}
}

// BenchmarkRunning is the check a session makes once before its steps.
func BenchmarkRunning(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Running()
	}
}
