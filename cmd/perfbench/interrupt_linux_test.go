package main

import (
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/proctest"
)

// A perfbench that dies of a signal it cannot answer (SIGKILL) or does
// not handle (SIGQUIT, which dumps its goroutines) takes its children
// with it: each leads a process group of its own, so nothing a terminal
// or a CI job sends perfbench's group reaches them, and the kernel's
// parent-death signal is what stops them.
func TestAKilledPerfbenchTakesItsChildrenWithIt(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, _, child := startSleeping(t, t.TempDir(), []string{"--instructions", "off"})
			require.NoError(t, cmd.Process.Signal(sig))
			_ = cmd.Wait()
			assert.Eventually(t, func() bool { return !proctest.Running(child) }, 5*time.Second, 20*time.Millisecond,
				"child %d still running after perfbench died of %v", child, sig)
		})
	}
}
