package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/proctest"
)

// A child's children die with it: one that hangs beside its hung parent
// after the timeout and after the run is cancelled (SIGINT), and one left
// behind by a child that exits, whether it holds the child's pipes or
// runs in the background.
func TestNoGrandchildOutlivesItsChild(t *testing.T) {
	t.Parallel() // each mostly waits out a timeout
	for _, tt := range []struct {
		name, scenario string
		cancel         bool
		broken         string
	}{
		{"hung past the timeout", "test-grandchild-hang", false, "timed out: no progress (no CPU time used) for 2s, killed"},
		{"hung when cancelled", "test-grandchild-hang", true, ""},
		{"holding the pipes of a child that exited", "test-grandchild-pipes", false, ""},
		{"in the background of a child that exited", "test-grandchild-background", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pidFile := filepath.Join(t.TempDir(), "pid")
			r := &Runner{Timeout: 2 * time.Second, Repeats: 1, Command: func(name string) *exec.Cmd {
				cmd := exec.Command(os.Args[0], ChildCommand, name)
				cmd.Env = append(os.Environ(), childEnv+"=1", pidFileEnv+"="+pidFile)
				return cmd
			}}
			if tt.cancel {
				r.Timeout = time.Minute
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel {
				// Cancelled once the grandchild's pid is written whole: the
				// file exists, empty, between os.WriteFile's create and its
				// write, and a child killed there leaves no pid to check.
				go func() {
					for {
						if data, err := os.ReadFile(pidFile); err == nil {
							if _, err := strconv.Atoi(string(data)); err == nil {
								cancel()
								return
							}
						}
						time.Sleep(10 * time.Millisecond)
					}
				}()
			}
			start := time.Now()
			results, err := r.Run(ctx, []string{tt.scenario})
			if tt.cancel {
				require.ErrorIs(t, err, context.Canceled)
			} else {
				require.NoError(t, err)
				if tt.broken == "" {
					assert.Empty(t, results[0].Broken)
				} else {
					assert.Contains(t, results[0].Broken, tt.broken)
				}
			}
			assert.Less(t, time.Since(start), 20*time.Second, "the runner waits on no grandchild")
			data, err := os.ReadFile(pidFile)
			require.NoError(t, err, "the child started its grandchild")
			pid, err := strconv.Atoi(string(data))
			require.NoError(t, err)
			assert.Eventually(t, func() bool { return !proctest.Running(pid) }, 5*time.Second, 20*time.Millisecond,
				"grandchild %d still running", pid)
		})
	}
}
