package proctest

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunningTellsALiveProcessFromAReapedAndAZombie(t *testing.T) {
	assert.True(t, Running(os.Getpid()))
	cmd := exec.Command("sleep", "60")
	require.NoError(t, cmd.Start())
	pid := cmd.Process.Pid
	assert.True(t, Running(pid))
	require.NoError(t, cmd.Process.Kill())
	// Killed, not yet waited for: a zombie.
	assert.Eventually(t, func() bool { return !Running(pid) }, 5*time.Second, 10*time.Millisecond)
	_ = cmd.Wait()
	assert.False(t, Running(pid), "reaped")
}
