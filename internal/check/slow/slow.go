// Package slow marks the tests that check a property at the size that
// proves it — a Monte Carlo of hundreds of simulated runs, a throwaway
// module built and run through its own main, real processes judged in
// pairs — and so take seconds to minutes each. go test ./... leaves them
// out, so that the tests a developer runs take under a minute; go run
// xtask.go ci runs them all, with Env set, on every CI run.
package slow

import (
	"os"
	"testing"
)

// Env set to 1 runs the slow tests.
const Env = "PERFBENCH_SLOW_TESTS"

// Test skips t unless Env is 1, saying what it would have run.
func Test(t testing.TB, what string) {
	t.Helper()
	if os.Getenv(Env) != "1" {
		t.Skipf("slow (%s): %s=1 runs it, as go run xtask.go ci does", what, Env)
	}
}
