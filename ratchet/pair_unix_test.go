//go:build unix

package ratchet

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pairChild is set in the child process TestKillBetweenTheRenames starts:
// the directory whose pair it writes, killing itself between the renames.
const pairChild = "PERFBENCH_RATCHET_PAIR_CHILD"

// A process killed (SIGKILL: no deferred clean-up runs) between the two
// renames leaves the baselines new, the docs old and the docs' pending
// file whole; the next run's recovery completes the pair and leaves no
// pending file.
func TestKillBetweenTheRenames(t *testing.T) {
	if dir := os.Getenv(pairChild); dir != "" {
		betweenRenames = func() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
		err := writePair(fileWrite{filepath.Join(dir, "baselines.yaml"), []byte("new baselines\n")},
			fileWrite{filepath.Join(dir, "performance.md"), []byte("new docs\n")})
		t.Fatalf("writePair returned (%v) instead of being killed between the renames", err)
	}

	dir := t.TempDir()
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	require.NoError(t, os.WriteFile(b, []byte("old baselines\n"), 0o644))
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))

	cmd := exec.Command(os.Args[0], "-test.run=^TestKillBetweenTheRenames$")
	cmd.Env = append(os.Environ(), pairChild+"="+dir)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "%s", out)
	ws, _ := ee.Sys().(syscall.WaitStatus)
	require.True(t, ws.Signaled() && ws.Signal() == syscall.SIGKILL, "the child was killed: %v\n%s", err, out)

	assert.Equal(t, "new baselines\n", read(t, b), "the first rename happened")
	assert.Equal(t, "old docs\n", read(t, d), "the second did not")
	assert.Equal(t, "new docs\n", read(t, pendingName(d)), "the docs' pending file is whole")

	did, err := recoverPair(b, d)
	require.NoError(t, err)
	assert.Equal(t, []string{"completed an interrupted write: " + pendingName(d) + " renamed over " + d + ", to match " + b}, did)
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"baselines.yaml", "performance.md"}, names(t, dir))

	did, err = recoverPair(b, d)
	require.NoError(t, err)
	assert.Empty(t, did, "a pair in order needs nothing")
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
	} {
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
	}
	did, err := recoverPair(b, d)
	require.NoError(t, err)
	assert.Len(t, did, 3)
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

	err := writePair(fileWrite{b, []byte("new baselines\n")}, fileWrite{d, []byte("new docs\n")})
	require.Error(t, err)
	assert.Equal(t, "old baselines\n", read(t, b))
	assert.Equal(t, "old docs\n", read(t, d))
	assert.NoFileExists(t, pendingName(b))
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
