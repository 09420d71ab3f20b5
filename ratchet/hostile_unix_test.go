//go:build unix

package ratchet_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/ratchet"
)

// Files a careless or hostile user leaves where the ratchet's own should
// be, and values no run measured: each is refused as an *InputError (exit
// 2 in the CLI) of one line naming the file, before anything is written,
// and every file stays byte-identical. None may hang or take the memory a
// device would give.
func TestHostileFilesAreRefused(t *testing.T) {
	edit := func(path func(repo) string, from, to string) func(t *testing.T, r repo, opts *ratchet.Options) {
		return func(t *testing.T, r repo, opts *ratchet.Options) {
			s := r.read(t, path(r))
			require.Contains(t, s, from)
			require.NoError(t, os.WriteFile(path(r), []byte(strings.Replace(s, from, to, 1)), 0o644))
		}
	}
	replace := func(path func(repo) string, with func(t *testing.T, p string)) func(t *testing.T, r repo, opts *ratchet.Options) {
		return func(t *testing.T, r repo, opts *ratchet.Options) {
			require.NoError(t, os.Remove(path(r)))
			with(t, path(r))
		}
	}
	symlink := func(to string) func(t *testing.T, p string) {
		return func(t *testing.T, p string) { require.NoError(t, os.Symlink(to, p)) }
	}
	fifo := func(t *testing.T, p string) { require.NoError(t, syscall.Mkfifo(p, 0o644)) }
	tests := []struct {
		name    string
		prepare func(t *testing.T, r repo, opts *ratchet.Options)
		file    func(repo) string
		want    string // in the error, after the file name
	}{
		// Case 2: poisoned values in the history.
		{"NaN in the history", edit(repo.history, "100, ", "NaN, "), repo.history, `:12: "NaN" is not a finite number from 0 to 1e+09`},
		{"Inf in the history", edit(repo.history, "100, ", ".inf, "), repo.history, `:12: ".inf" is not a finite number from 0 to 1e+09`},
		{"negative in the history", edit(repo.history, "100, ", "-100, "), repo.history, `:12: "-100" is not a finite number from 0 to 1e+09`},
		{"a median of zero in the history", edit(repo.history, "100, ", "0, "), repo.history, `:12: median 0 measured nothing`},
		// Case 6: absurd baselines.
		{"median 1e308", edit(repo.baselines, "median: 100", "median: 1e308"), repo.baselines, `:12: median 1e308 is above 1e+09 (MaxTime), which no run measures`},
		{"NaN median", edit(repo.baselines, "median: 100", "median: .nan"), repo.baselines, `:12: median ".nan" is not a finite number ≥ 0`},
		{"median outside its samples", edit(repo.baselines, "median: 100", "median: 5000"), repo.baselines, `:11: number "frame" has median 5000 outside its samples' range [90, 110]`},
		{"all-zero samples", func(t *testing.T, r repo, opts *ratchet.Options) {
			s := r.read(t, r.baselines())
			i := strings.Index(s, "samples: [")
			j := i + strings.Index(s[i:], "]")
			n := strings.Count(s[i:j], ",") + 1
			s = s[:i] + "samples: [" + strings.TrimSuffix(strings.Repeat("0, ", n), ", ") + s[j:]
			require.NoError(t, os.WriteFile(r.baselines(), []byte(strings.Replace(s, "median: 100", "median: 0", 1)), 0o644))
		}, repo.baselines, `:12: median must be above zero`},
		{"unit not the scenario's", edit(repo.baselines, "unit: µs/frame", "unit: ms/frame"), repo.baselines, `:10: the baseline for hover-storm "frame" on machine "Test CPU 3000, 2 cores, linux/amd64, go1.26.0" is in "ms/frame", but the scenario measures it in "µs/frame"`},
		// Case 7: a baselines file cut at a line boundary is valid YAML.
		{"baselines cut at a line boundary", func(t *testing.T, r repo, opts *ratchet.Options) {
			s := r.read(t, r.baselines())
			require.NoError(t, os.WriteFile(r.baselines(), []byte(s[:strings.Index(s, "    scroll:")]), 0o644))
		}, repo.baselines, `: has no baseline for scroll frame on Test CPU 3000, 2 cores, linux/amd64, go1.26.0, which the history records (`},
		// Case 3: devices, FIFOs, directories and giants.
		{"baselines are /dev/zero", replace(repo.baselines, symlink("/dev/zero")), repo.baselines, `: cannot read the baselines file: it is not a regular file (a character device); point --baselines at the file`},
		{"history is /dev/urandom", replace(repo.history, symlink("/dev/urandom")), repo.history, `: cannot read the history file: it is not a regular file (a character device)`},
		{"docs are /dev/zero", replace(repo.docs, symlink("/dev/zero")), repo.docs, `: cannot read the docs file: it is not a regular file (a character device)`},
		{"baselines are a FIFO", replace(repo.baselines, fifo), repo.baselines, `: cannot read the baselines file: it is not a regular file (a FIFO)`},
		{"history is a FIFO", replace(repo.history, fifo), repo.history, `: cannot read the history file: it is not a regular file (a FIFO)`},
		{"docs are a directory", replace(repo.docs, func(t *testing.T, p string) { require.NoError(t, os.Mkdir(p, 0o755)) }), repo.docs, `: cannot read the docs file: is a directory`},
		{"baselines over the size cap", replace(repo.baselines, func(t *testing.T, p string) {
			require.NoError(t, os.WriteFile(p, []byte("# "+strings.Repeat("x", writegroup.MaxFileSize)+"\n"), 0o644))
		}), repo.baselines, `: the baselines file is over the 8 MiB the ratchet reads (MaxFileSize)`},
		{"a chart is a FIFO", replace(func(r repo) string { return r.chart("scroll") }, fifo), func(r repo) string { return r.chart("scroll") }, `: cannot read a chart: it is not a regular file (a FIFO)`},
		// Case 8: an unwritable charts folder (a file in its place) is
		// found before the baselines, history and docs are written.
		{"the charts folder is a file", func(t *testing.T, r repo, opts *ratchet.Options) {
			dir := filepath.Dir(r.chart("scroll"))
			require.NoError(t, os.RemoveAll(dir))
			require.NoError(t, os.WriteFile(dir, []byte("not a folder\n"), 0o644))
		}, func(r repo) string { return filepath.Dir(r.chart("scroll")) }, `: cannot write it: not a directory; check the disk and the directory, then run again (nothing was changed: the files stand as they were)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
			opts := r.opts(machineA, day2)
			tt.prepare(t, r, &opts)
			before := r.snapshot(t)

			// Numbers that would lower a baseline and change a count.
			done := make(chan error, 1)
			go func() {
				_, err := ratchet.Run(context.Background(), opts, measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 0)).measure)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				t.Fatal("the run blocked")
			}
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie, "an input error, which the CLI exits 2 for")
			assert.Equal(t, tt.file(r), ie.File)
			assert.True(t, strings.HasPrefix(err.Error(), ie.File+tt.want), "got  %q\nwant %q", err.Error(), ie.File+tt.want)
			assert.NotContains(t, err.Error(), "\n")
			assert.Equal(t, before, r.snapshot(t), "every file byte-identical")
		})
	}
}

// A docs file checked out with Windows line ends (core.autocrlf) is the
// same docs: --check finds it up to date, and a run with the same numbers
// leaves it byte-identical.
func TestCRLFDocsAreNotOutOfDate(t *testing.T) {
	r := newRepo(t)
	f := measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1))
	r.run(t, r.opts(machineA, day1), f)
	crlf := strings.ReplaceAll(r.read(t, r.docs()), "\n", "\r\n")
	require.NoError(t, os.WriteFile(r.docs(), []byte(crlf), 0o644))

	check := r.opts(machineA, day2)
	check.Check = true
	o := r.run(t, check, f)
	assert.False(t, o.DocsStale)
	o = r.run(t, r.opts(machineA, day2), f)
	assert.False(t, o.DocsWritten)
	assert.Equal(t, crlf, r.read(t, r.docs()))

	// A count that changed rewrites the section, with the file's line ends.
	o = r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 0)))
	assert.True(t, o.DocsWritten)
	assert.NotContains(t, strings.ReplaceAll(r.read(t, r.docs()), "\r\n", ""), "\n", "every line ends CR LF")
}
