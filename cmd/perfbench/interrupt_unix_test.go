//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/scenario"
)

// pidsEnv names a directory where test-sleep's processes leave their pids.
const pidsEnv = "PERFBENCH_TEST_PIDS"

func init() {
	// A scenario whose process says who it is and then takes its time:
	// what a signal finds running in the middle of the pairs.
	scenario.Register(scenario.Scenario{Name: "test-sleep", Run: func(*scenario.Session) error {
		if dir := os.Getenv(pidsEnv); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), nil, 0o644)
		}
		time.Sleep(time.Minute)
		return nil
	}})
}

// startSleeping starts perfbench scenarios test-sleep with args and env
// beside the test's, its children leaving their pids in pids, and returns
// once the first child has started, with that child's pid.
func startSleeping(t *testing.T, pids string, args []string, env ...string) (*exec.Cmd, *bytes.Buffer, int) {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self, append([]string{"scenarios", "test-sleep", "--quiet"}, args...)...)
	cmd.Env = append(append(os.Environ(), testMainEnv+"=1", pidsEnv+"="+pids), env...)
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	require.NoError(t, cmd.Start())
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if es, _ := os.ReadDir(pids); len(es) > 0 {
			child, err := strconv.Atoi(es[0].Name())
			require.NoError(t, err)
			return cmd, stderr, child
		}
		require.True(t, time.Now().Before(deadline), "no child started: %s", stderr.String())
	}
}

// SIGINT, SIGTERM or SIGHUP in the middle of paired runs stops every
// child process, and the run exits 130 saying so, leaving nothing in its
// temporary directory. Only perfbench is signalled, as a terminal's
// Ctrl-C or hangup reaches it: its children, each in a process group of
// its own, hear of it from perfbench alone.
func TestInterruptedPairsStopEveryChild(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			pids, tmp := t.TempDir(), t.TempDir()
			cmd, stderr, _ := startSleeping(t, pids, []string{"--base-binary", self, "--pairs", "4", "--budget", "0"}, "TMPDIR="+tmp)
			require.NoError(t, cmd.Process.Signal(sig))
			err := cmd.Wait()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, stderr.String())
			assert.Equal(t, 130, ee.ExitCode(), stderr.String())
			assert.Contains(t, stderr.String(), "perfbench: interrupted (")

			es, err := os.ReadDir(pids)
			require.NoError(t, err)
			require.NotEmpty(t, es)
			for _, e := range es {
				pid, err := strconv.Atoi(e.Name())
				require.NoError(t, err)
				// The runner kills a child and waits for it before it
				// returns, so it is gone by now, not merely dying.
				assert.True(t, errors.Is(syscall.Kill(pid, 0), syscall.ESRCH), "child %d still running", pid)
			}
			left, err := os.ReadDir(tmp)
			require.NoError(t, err)
			assert.Empty(t, left, "nothing left in the temporary directory")
		})
	}
}
