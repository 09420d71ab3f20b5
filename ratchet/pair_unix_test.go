//go:build unix

package ratchet

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pairChild is set in the child process TestKillBetweenTheRenames starts:
// the directory whose pair it writes, killing itself between the renames.
const pairChild = "PERFBENCH_RATCHET_PAIR_CHILD"

// groupChild is set in the child process TestKillWhileWritingTheHistory
// starts: "DIR:N", the directory whose group it writes and the rename
// before which it kills itself (1: the docs', 2: the history's).
const groupChild = "PERFBENCH_RATCHET_GROUP_CHILD"

// A process killed (SIGKILL: no deferred clean-up runs) between the two
// renames leaves the baselines new, the docs old and the docs' pending
// file whole; the next run's recovery completes the pair and leaves no
// pending file.
func TestKillBetweenTheRenames(t *testing.T) {
	if dir := os.Getenv(pairChild); dir != "" {
		betweenRenames = func() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
		err := writeGroup(fileWrite{filepath.Join(dir, "baselines.yaml"), []byte("new baselines\n")},
			fileWrite{filepath.Join(dir, "performance.md"), []byte("new docs\n")})
		t.Fatalf("writeGroup returned (%v) instead of being killed between the renames", err)
	}

	dir := t.TempDir()
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	require.NoError(t, os.WriteFile(b, []byte("old baselines\n"), 0o644))
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))

	runKilled(t, "TestKillBetweenTheRenames", pairChild+"="+dir)

	assert.Equal(t, "new baselines\n", read(t, b), "the first rename happened")
	assert.Equal(t, "old docs\n", read(t, d), "the second did not")
	assert.Equal(t, "new docs\n", read(t, pendingName(d)), "the docs' pending file is whole")

	did, err := recoverGroup(b, d, filepath.Join(dir, "history.yaml"))
	require.NoError(t, err)
	assert.Equal(t, []string{"completed an interrupted write: " + pendingName(d) + " renamed over " + d + ", to match " + b}, did)
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"baselines.yaml", "performance.md"}, names(t, dir))

	did, err = recoverGroup(b, d, filepath.Join(dir, "history.yaml"))
	require.NoError(t, err)
	assert.Empty(t, did, "a pair in order needs nothing")
}

// The history is part of the group: a process killed (SIGKILL) before the
// docs' rename or before the history's leaves the later files old and
// their pending files whole; the next run's recovery renames them, so the
// three match and no pending file stays. Killed while the history's
// pending file is written, a run has renamed nothing: recovery removes
// every pending file and the old three stand.
func TestKillWhileWritingTheHistory(t *testing.T) {
	if v := os.Getenv(groupChild); v != "" {
		dir, at, _ := strings.Cut(v, ":")
		n := 0
		betweenRenames = func() {
			if n++; strconv.Itoa(n) == at {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}
		}
		err := writeGroup(fileWrite{filepath.Join(dir, "baselines.yaml"), []byte("new baselines\n")},
			fileWrite{filepath.Join(dir, "performance.md"), []byte("new docs\n")},
			fileWrite{filepath.Join(dir, "history.yaml"), []byte("new history\n")})
		t.Fatalf("writeGroup returned (%v) instead of being killed before rename %s", err, at)
	}
	setUp := func(t *testing.T) (dir, b, d, h string) {
		dir = t.TempDir()
		b, d, h = filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md"), filepath.Join(dir, "history.yaml")
		for p, s := range map[string]string{b: "old baselines\n", d: "old docs\n", h: "old history\n"} {
			require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		}
		return dir, b, d, h
	}
	for _, at := range []string{"1", "2"} {
		t.Run("killed before rename "+at, func(t *testing.T) {
			dir, b, d, h := setUp(t)
			runKilled(t, "TestKillWhileWritingTheHistory", groupChild+"="+dir+":"+at)

			assert.Equal(t, "new baselines\n", read(t, b), "the first rename happened")
			assert.Equal(t, "old history\n", read(t, h), "the history's did not")
			assert.Equal(t, "new history\n", read(t, pendingName(h)), "the history's pending file is whole")

			did, err := recoverGroup(b, d, h)
			require.NoError(t, err)
			want := []string{"completed an interrupted write: " + pendingName(h) + " renamed over " + h + ", to match " + b}
			if at == "1" {
				want = append([]string{"completed an interrupted write: " + pendingName(d) + " renamed over " + d + ", to match " + b}, want...)
			}
			assert.Equal(t, want, did)
			assert.Equal(t, "new docs\n", read(t, d))
			assert.Equal(t, "new history\n", read(t, h))
			assert.Equal(t, []string{"baselines.yaml", "history.yaml", "performance.md"}, names(t, dir))

			did, err = recoverGroup(b, d, h)
			require.NoError(t, err)
			assert.Empty(t, did, "a group in order needs nothing")
		})
	}
	t.Run("killed while writing the history's pending file", func(t *testing.T) {
		dir, b, d, h := setUp(t)
		for p, s := range map[string]string{pendingName(b): "new baselines\n", pendingName(d): "new docs\n", pendingName(h): "new hi"} {
			require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		}
		did, err := recoverGroup(b, d, h)
		require.NoError(t, err)
		assert.Equal(t, []string{
			"removed " + pendingName(h) + ", left by an interrupted run before it renamed anything",
			"removed " + pendingName(d) + ", left by an interrupted run before it renamed anything",
			"removed " + pendingName(b) + ", left by an interrupted run before it renamed anything",
		}, did)
		assert.Equal(t, "old baselines\n", read(t, b))
		assert.Equal(t, "old docs\n", read(t, d))
		assert.Equal(t, "old history\n", read(t, h))
		assert.Equal(t, []string{"baselines.yaml", "history.yaml", "performance.md"}, names(t, dir))
	})
}

// A file written alone (docs whose text changed, a chart) goes through a
// partial file and one rename: a failure leaves the target as it was and
// no partial file, and a partial file left by a kill is removed by the
// next run.
func TestAFileWrittenAloneLeavesNoPendingFile(t *testing.T) {
	dir := t.TempDir()
	b, d, h := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md"), filepath.Join(dir, "history.yaml")
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))
	require.NoError(t, writeGroup(fileWrite{path: b}, fileWrite{d, []byte("new docs\n")}, fileWrite{path: h}))
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"performance.md"}, names(t, dir))

	require.NoError(t, os.WriteFile(partialName(d), []byte("newer d"), 0o644)) // a kill mid-write
	did, err := recoverGroup(b, d, h)
	require.NoError(t, err)
	assert.Equal(t, []string{"removed " + partialName(d) + ", left by an interrupted run before it renamed it"}, did)
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"performance.md"}, names(t, dir))
}

// Killed before either rename, a run leaves the old pair whole: recovery
// removes its pending files, and the leftover temporary files of older
// versions, and changes neither target.
func TestRecoverDiscardsAnUnrenamedPair(t *testing.T) {
	dir := t.TempDir()
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	for p, s := range map[string]string{
		b: "old baselines\n", d: "old docs\n",
		pendingName(b): "new baselines\n", pendingName(d): "new do", // the docs' cut short
		filepath.Join(dir, ".performance.md.123456.tmp"): "x",
		partialName(filepath.Join(dir, "history.yaml")):  "# Every",
	} {
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
	}
	did, err := recoverGroup(b, d, filepath.Join(dir, "history.yaml"))
	require.NoError(t, err)
	assert.Len(t, did, 4)
	assert.Equal(t, "old baselines\n", read(t, b))
	assert.Equal(t, "old docs\n", read(t, d))
	assert.Equal(t, []string{"baselines.yaml", "performance.md"}, names(t, dir))
}

// A pair whose second file cannot be prepared renames nothing: the first
// file is untouched and no pending file stays. (The second's pending file
// is blocked by a directory, which stands in for a read-only docs
// directory and fails the same way even for root.)
func TestPairRenamesNothingUnlessBothArePrepared(t *testing.T) {
	dir := t.TempDir()
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	require.NoError(t, os.WriteFile(b, []byte("old baselines\n"), 0o644))
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))
	require.NoError(t, os.Mkdir(pendingName(d), 0o755))

	err := writeGroup(fileWrite{b, []byte("new baselines\n")}, fileWrite{d, []byte("new docs\n")})
	require.Error(t, err)
	assert.Equal(t, "old baselines\n", read(t, b))
	assert.Equal(t, "old docs\n", read(t, d))
	assert.NoFileExists(t, pendingName(b))
}

// runKilled runs test in a child process of this test binary with env
// added, and requires that the child was killed by SIGKILL.
func runKilled(t *testing.T, test, env string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), env)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "%s", out)
	ws, _ := ee.Sys().(syscall.WaitStatus)
	require.True(t, ws.Signaled() && ws.Signal() == syscall.SIGKILL, "the child was killed: %v\n%s", err, out)
}

func read(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	return string(data)
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}
