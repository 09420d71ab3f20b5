//go:build unix

package writegroup

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
		err := Write(OS{}, filepath.Join(dir, "baselines.yaml"),
			Member{filepath.Join(dir, "baselines.yaml"), []byte("new baselines\n")},
			Member{filepath.Join(dir, "performance.md"), []byte("new docs\n")})
		t.Fatalf("Write returned (%v) instead of being killed between the renames", err)
	}

	dir := t.TempDir()
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	require.NoError(t, os.WriteFile(b, []byte("old baselines\n"), 0o644))
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))

	runKilled(t, "TestKillBetweenTheRenames", pairChild+"="+dir)

	assert.Equal(t, "new baselines\n", read(t, b), "the first rename happened")
	assert.Equal(t, "old docs\n", read(t, d), "the second did not")
	assert.Equal(t, "new docs\n", read(t, pendingName(d)), "the docs' pending file is whole")
	assert.FileExists(t, manifestName(b), "the group was committed")

	did, err := Recover(OS{}, b, []string{d, filepath.Join(dir, "history.yaml")}, "", "")
	require.NoError(t, err)
	assert.Equal(t, []string{"completed an interrupted write: " + pendingName(d) + " renamed over " + d}, did)
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"baselines.yaml", "performance.md"}, names(t, dir))

	did, err = Recover(OS{}, b, []string{d, filepath.Join(dir, "history.yaml")}, "", "")
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
		err := Write(OS{}, filepath.Join(dir, "baselines.yaml"),
			Member{filepath.Join(dir, "baselines.yaml"), []byte("new baselines\n")},
			Member{filepath.Join(dir, "performance.md"), []byte("new docs\n")},
			Member{filepath.Join(dir, "history.yaml"), []byte("new history\n")})
		t.Fatalf("Write returned (%v) instead of being killed before rename %s", err, at)
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

			did, err := Recover(OS{}, b, []string{d, h}, "", "")
			require.NoError(t, err)
			want := []string{"completed an interrupted write: " + pendingName(h) + " renamed over " + h}
			if at == "1" {
				want = append([]string{"completed an interrupted write: " + pendingName(d) + " renamed over " + d}, want...)
			}
			assert.Equal(t, want, did)
			assert.Equal(t, "new docs\n", read(t, d))
			assert.Equal(t, "new history\n", read(t, h))
			assert.Equal(t, []string{"baselines.yaml", "history.yaml", "performance.md"}, names(t, dir))

			did, err = Recover(OS{}, b, []string{d, h}, "", "")
			require.NoError(t, err)
			assert.Empty(t, did, "a group in order needs nothing")
		})
	}
	t.Run("killed while writing the history's pending file", func(t *testing.T) {
		dir, b, d, h := setUp(t)
		for p, s := range map[string]string{pendingName(b): "new baselines\n", pendingName(d): "new docs\n", pendingName(h): "new hi"} {
			require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		}
		did, err := Recover(OS{}, b, []string{d, h}, "", "")
		require.NoError(t, err)
		assert.Equal(t, []string{
			"removed " + pendingName(b) + uncommitted,
			"removed " + pendingName(d) + uncommitted,
			"removed " + pendingName(h) + uncommitted,
		}, did)
		assert.Equal(t, "old baselines\n", read(t, b))
		assert.Equal(t, "old docs\n", read(t, d))
		assert.Equal(t, "old history\n", read(t, h))
		assert.Equal(t, []string{"baselines.yaml", "history.yaml", "performance.md"}, names(t, dir))
	})
}

const uncommitted = ", left by a write that failed or was killed before its group was committed"

// A file written alone (docs whose text changed) goes through the same
// group: afterwards only the target is there, and a partial file an older
// version left is removed by the next run.
func TestAFileWrittenAloneLeavesNoPendingFile(t *testing.T) {
	dir := t.TempDir()
	b, d, h := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md"), filepath.Join(dir, "history.yaml")
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))
	require.NoError(t, Write(OS{}, b, Member{Path: b}, Member{d, []byte("new docs\n")}, Member{Path: h}))
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"performance.md"}, names(t, dir))

	require.NoError(t, os.WriteFile(partialName(d), []byte("newer d"), 0o644)) // a kill mid-write
	did, err := Recover(OS{}, b, []string{d, h}, "", "")
	require.NoError(t, err)
	assert.Equal(t, []string{"removed " + partialName(d) + uncommitted}, did)
	assert.Equal(t, "new docs\n", read(t, d))
	assert.Equal(t, []string{"performance.md"}, names(t, dir))
}

// Without a manifest no group was committed: recovery removes every
// pending file, whole or cut short, the chart's among them, and the
// leftover temporary files of older versions, and changes no target.
func TestRecoverDiscardsAnUncommittedGroup(t *testing.T) {
	dir := t.TempDir()
	charts := filepath.Join(dir, "charts")
	require.NoError(t, os.Mkdir(charts, 0o755))
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	for p, s := range map[string]string{
		b: "old baselines\n", d: "old docs\n",
		pendingName(b): "new baselines\n", pendingName(d): "new do", // the docs' cut short
		filepath.Join(dir, ".performance.md.123456.tmp"): "x",
		partialName(filepath.Join(dir, "history.yaml")):  "# Every",
		pendingName(filepath.Join(charts, "scroll.svg")): "<svg",
		manifestPartial(manifestName(b)):                 "perfbench write group 1\n",
	} {
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
	}
	did, err := Recover(OS{}, b, []string{d, filepath.Join(dir, "history.yaml")}, charts, ".svg")
	require.NoError(t, err)
	assert.Len(t, did, 6)
	assert.Equal(t, "old baselines\n", read(t, b))
	assert.Equal(t, "old docs\n", read(t, d))
	assert.Equal(t, []string{"baselines.yaml", "charts", "performance.md"}, names(t, dir))
	assert.Empty(t, names(t, charts))
}

// A committed group is completed only when every member verifies: a
// pending file that does not match the manifest's length and checksum
// makes recovery discard the whole group, and say which one failed.
func TestRecoverDiscardsACommittedGroupWhoseMemberDoesNotVerify(t *testing.T) {
	dir := t.TempDir()
	b, d, h := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md"), filepath.Join(dir, "history.yaml")
	for p, s := range map[string]string{b: "old baselines\n", d: "old docs\n", h: "old history\n"} {
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
	}
	ws := []Member{{b, []byte("new baselines\n")}, {d, []byte("new docs\n")}, {h, []byte("new history\n")}}
	text, err := manifestText(manifestName(b), ws)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(manifestName(b), text, 0o644))
	for _, w := range ws {
		require.NoError(t, os.WriteFile(pendingName(w.Path), w.Data, 0o644))
	}
	require.NoError(t, os.WriteFile(pendingName(h), []byte("new hist0ry\n"), 0o644)) // same length, other bytes

	did, err := Recover(OS{}, b, []string{d, h}, "", "")
	require.NoError(t, err)
	assert.Equal(t, []string{"discarded an interrupted write of 3 files, since not every one verifies: " +
		pendingName(h) + " (its checksum is not the manifest's); the files stand as they were"}, did)
	assert.Equal(t, "old baselines\n", read(t, b))
	assert.Equal(t, "old docs\n", read(t, d))
	assert.Equal(t, "old history\n", read(t, h))
	assert.Equal(t, []string{"baselines.yaml", "history.yaml", "performance.md"}, names(t, dir))
}

// A group whose second file cannot be prepared renames nothing: the first
// file is untouched and no pending file stays. (The second's pending file
// is blocked by a directory, which stands in for a read-only docs
// directory and fails the same way even for root.)
func TestPairRenamesNothingUnlessBothArePrepared(t *testing.T) {
	dir := t.TempDir()
	b, d := filepath.Join(dir, "baselines.yaml"), filepath.Join(dir, "performance.md")
	require.NoError(t, os.WriteFile(b, []byte("old baselines\n"), 0o644))
	require.NoError(t, os.WriteFile(d, []byte("old docs\n"), 0o644))
	require.NoError(t, os.Mkdir(pendingName(d), 0o755))

	err := Write(OS{}, b, Member{b, []byte("new baselines\n")}, Member{d, []byte("new docs\n")})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, d, ie.File)
	assert.Equal(t, "old baselines\n", read(t, b))
	assert.Equal(t, "old docs\n", read(t, d))
	assert.NoFileExists(t, pendingName(b))
	assert.NoFileExists(t, manifestName(b))
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
