//go:build unix

package ratchet_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/ratchet"
)

// Bad input a new user feeds the ratchet: each is an *InputError (exit 2
// in the CLI) naming the file and the fix, and every file stays
// byte-identical.
func TestBadInputLeavesEveryFileByteIdentical(t *testing.T) {
	good := numbers(spread(30, 90, 110), spread(30, 18, 22), 1)
	tests := []struct {
		name    string
		prepare func(t *testing.T, r repo, opts *ratchet.Options)
		want    string // in the error, after the file name
	}{
		{"unknown scenario (a renamed scenario)", func(t *testing.T, r repo, opts *ratchet.Options) {
			s := strings.ReplaceAll(r.read(t, r.baselines()), "hover-storm:", "hover-storm-old:")
			require.NoError(t, os.WriteFile(r.baselines(), []byte(s), 0o644))
		}, `:10: a baseline for unknown scenario "hover-storm-old" on machine "Test CPU 3000, 2 cores, linux/amd64, go1.26.0" (valid: hover-storm, scroll); rename the block to the scenario's new name or delete it, then run perfbench perf again`},
		{"unknown number (a renamed number)", func(t *testing.T, r repo, opts *ratchet.Options) {
			s := strings.ReplaceAll(r.read(t, r.baselines()), "      frame:", "      frame-old:")
			require.NoError(t, os.WriteFile(r.baselines(), []byte(s), 0o644))
		}, `:10: a baseline for hover-storm "frame-old" on machine "Test CPU 3000, 2 cores, linux/amd64, go1.26.0", which is not one of its times (frame); rename it to the number's new name or delete it`},
		{"empty file", func(t *testing.T, r repo, opts *ratchet.Options) {
			require.NoError(t, os.WriteFile(r.baselines(), nil, 0o644))
		}, ": the baselines file is empty or holds only comments; restore it from version control, or delete it to record every baseline afresh"},
		{"comments only", func(t *testing.T, r repo, opts *ratchet.Options) {
			require.NoError(t, os.WriteFile(r.baselines(), []byte("# Time baselines\n# nothing else\n"), 0o644))
		}, ": the baselines file is empty or holds only comments"},
		{"a directory where the file should be", func(t *testing.T, r repo, opts *ratchet.Options) {
			opts.Baselines = filepath.Dir(r.baselines())
		}, ": cannot read the baselines file: is a directory; point --baselines at the file"},
		{"--baselines in a directory that does not exist", func(t *testing.T, r repo, opts *ratchet.Options) {
			opts.Baselines = filepath.Join(r.dir, "nowhere", "baselines.yaml")
		}, ": the directory " + "%DIR%/nowhere does not exist; create it, or point --baselines at a file in an existing directory"},
		{"--docs in a directory that does not exist", func(t *testing.T, r repo, opts *ratchet.Options) {
			opts.Docs = filepath.Join(r.dir, "nowhere", "performance.md")
		}, ": the directory %DIR%/nowhere does not exist; create it, or point --docs at a file in an existing directory"},
		{"another run holds the lock", func(t *testing.T, r repo, opts *ratchet.Options) {
			f, err := os.Open(filepath.Dir(r.baselines()))
			require.NoError(t, err)
			require.NoError(t, syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB))
			t.Cleanup(func() { f.Close() })
		}, ": another perfbench perf is recording into this file; wait for it to finish, then run again"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.run(t, r.opts(machineA, day1), measuring(good))
			opts := r.opts(machineA, day2)
			tt.prepare(t, r, &opts)
			before := r.snapshot(t)

			// Numbers that would lower a baseline and change a count.
			_, err := ratchet.Run(context.Background(), opts, measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 0)).measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie, "an input error, which the CLI exits 2 for")
			want := strings.ReplaceAll(tt.want, "%DIR%", r.dir)
			assert.True(t, strings.HasPrefix(err.Error(), ie.File+want), "got  %q\nwant %q", err.Error(), ie.File+want)
			assert.NotContains(t, err.Error(), "\n")
			assert.Equal(t, before, r.snapshot(t), "every file byte-identical")
			assert.NoDirExists(t, filepath.Join(r.dir, "nowhere"))
		})
	}
}

// The lock is held for the run and released after it: a run that follows
// one that finished is not refused.
func TestLockIsReleasedAfterARun(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	f, err := os.Open(filepath.Dir(r.baselines()))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB), "the run let go of its lock")
}

// A run that finds a committed group's manifest with the docs' pending
// file (its predecessor was killed between the renames) completes the
// group before anything else and says so.
func TestRunCompletesAnInterruptedPair(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	docs := r.read(t, r.docs())
	pending := filepath.Join(filepath.Dir(r.docs()), ".performance.md.perfbench-pending")
	require.NoError(t, os.WriteFile(pending, []byte(docs), 0o644))
	// The manifest, as the run wrote it before its first rename: each
	// member's length, SHA-256 and path from the baselines' directory.
	sum := sha256.Sum256([]byte(docs))
	manifest := fmt.Sprintf("perfbench write group 1\n%d %x \"../docs/performance.md\"\nend\n", len(docs), sum)
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(r.baselines()), ".baselines.yaml.perfbench-group"), []byte(manifest), 0o644))
	require.NoError(t, os.WriteFile(r.docs(), []byte("# stale, from before the interrupted run\n<!-- perfbench:begin -->\n<!-- perfbench:end -->\n"), 0o644))
	leftover := filepath.Join(filepath.Dir(r.docs()), ".performance.md.2749.tmp")
	require.NoError(t, os.WriteFile(leftover, []byte("half"), 0o644))

	o := r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	assert.Equal(t, []string{
		"completed an interrupted write: " + pending + " renamed over " + r.docs(),
		"removed " + leftover + ", a temporary file left by an interrupted run",
	}, o.Recovered)
	assert.Equal(t, docs, r.read(t, r.docs()))
	assert.NoFileExists(t, pending)
	assert.NoFileExists(t, leftover)
	assert.False(t, o.DocsWritten, "the completed pair was already up to date")
}
