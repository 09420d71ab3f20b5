//go:build unix

package builds

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A base directory is stale when the run that owns it is gone (a SIGKILL
// removes nothing), or, with no owner file (an older version's), when it
// is older than any build; a live run's, a new one's and anything that is
// not a base directory are kept.
func TestStaleBaseDirsAreTheOnesWhoseRunIsGone(t *testing.T) {
	tmp := t.TempDir()
	dead := exec.Command("true")
	require.NoError(t, dead.Run()) // its pid is free now
	mk := func(name, owner string, age time.Duration) string {
		d := filepath.Join(tmp, name)
		require.NoError(t, os.Mkdir(d, 0o755))
		if owner != "" {
			require.NoError(t, os.WriteFile(filepath.Join(d, baseOwner), []byte(owner+"\n"), 0o644))
		}
		old := time.Now().Add(-age)
		require.NoError(t, os.Chtimes(d, old, old))
		return d
	}
	killed := mk(baseDirPrefix+"killed", strconv.Itoa(dead.Process.Pid), 0)
	mk(baseDirPrefix+"live", strconv.Itoa(os.Getppid()), 2*staleAge)
	mk(baseDirPrefix+"mine", strconv.Itoa(os.Getpid()), 2*staleAge)
	old := mk(baseDirPrefix+"old-version", "", 2*staleAge)
	mk(baseDirPrefix+"new-version", "", staleAge/2)
	mk("other-tool-dir", strconv.Itoa(dead.Process.Pid), 2*staleAge)

	assert.ElementsMatch(t, []string{killed, old}, staleBaseDirs(tmp))
}

// newBaseDir removes the stale directories, says so, and makes one with
// this run's pid and the go command's temporary directory in it.
func TestNewBaseDirRemovesStaleOnes(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	stale := filepath.Join(tmp, baseDirPrefix+"123")
	require.NoError(t, os.MkdirAll(filepath.Join(stale, "src"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(stale, baseOwner), []byte(strconv.Itoa(dead.Process.Pid)), 0o644))

	var progress strings.Builder
	dir, gotmp, err := newBaseDir(&progress)
	require.NoError(t, err)
	assert.NoDirExists(t, stale)
	assert.Equal(t, "base: removed "+stale+", left by a run that was killed\n", progress.String())
	assert.DirExists(t, gotmp)
	owner, err := os.ReadFile(filepath.Join(dir, baseOwner))
	require.NoError(t, err)
	assert.Equal(t, strconv.Itoa(os.Getpid())+"\n", string(owner))
}
