package ratchet

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/keep/writegroup/writegrouptest"
)

// A move of the reference writes the baselines file and the page as one
// group: a disk that fills, fails a sync or dies at any one operation of
// it leaves both as they were or, once the next run has recovered, both
// moved — never the file moved and the page not, or half of either.
func TestAReferenceMoveIsWholeOrNotAtAll(t *testing.T) {
	const refA, refB, refC = "aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"
	day := time.Date(2026, 9, 11, 9, 30, 0, 0, time.UTC)
	faster := func(context.Context, baselines.Reference) (outcome.Outcome, error) {
		return pairedTime("hover-storm", 0.95, 0.94, 0.96, 60, outcome.Better), nil
	}
	same := func(context.Context, baselines.Reference) (outcome.Outcome, error) {
		return pairedTime("hover-storm", 1, 0.99, 1.01, 60, outcome.Same), nil
	}
	setup := func(t *testing.T) (faultRepo, RevisionOptions) {
		r := faultRepo(t.TempDir())
		opts := RevisionOptions{Baselines: filepath.Join(string(r), "perf", "baselines.yaml"), Page: filepath.Join(string(r), "docs", "perf", "reference.md"),
			Head: refB, Now: func() time.Time { return day }}
		require.NoError(t, os.MkdirAll(filepath.Dir(opts.Baselines), 0o755))
		s := &baselines.Store{}
		s.AddReference(baselines.Reference{Commit: refA, Set: day.Add(-time.Hour), Kind: baselines.RefRecorded, Why: "the first"})
		require.NoError(t, os.WriteFile(opts.Baselines, s.Marshal(), 0o644))
		return r, opts
	}
	// What a move that nothing disturbs leaves.
	r, opts := setup(t)
	_, err := RunRevision(context.Background(), opts, faster)
	require.NoError(t, err)
	moved := r.files(t)
	require.Contains(t, moved["perf/baselines.yaml"], "commit: "+refB)

	for _, f := range []writegrouptest.Fault{writegrouptest.ENOSPC, writegrouptest.EIO, writegrouptest.Kill} {
		for at := 0; ; at++ {
			r, opts := setup(t)
			old := r.files(t)
			d := &writegrouptest.Disk{At: at, Fault: f}
			opts.disk = d
			_, err := RunRevision(context.Background(), opts, faster)
			if at >= len(d.Ops) {
				require.NoError(t, err)
				break // every operation of the move has failed once
			}
			// An error, or none where the group was committed and the
			// write finished it as recovery would.
			_ = err
			// The next run (the reference stays: head C is no faster)
			// finishes or discards the interrupted group first.
			recover := opts
			recover.disk, recover.Head = nil, refC
			_, err = RunRevision(context.Background(), recover, same)
			require.NoError(t, err)
			got := r.files(t)
			if got["perf/baselines.yaml"] == old["perf/baselines.yaml"] {
				assert.Equal(t, old, got, "%s at operation %d (%s): not moved, so nothing written", f, at, d.Ops[at])
			} else {
				assert.Equal(t, moved, got, "%s at operation %d (%s): moved, so both files whole", f, at, d.Ops[at])
			}
		}
	}
}

// One recording run at a time: a reference move while perf (or another
// reference run) holds the baselines' lock is refused, nothing written;
// --check takes no lock.
func TestAReferenceMoveWaitsForNoOne(t *testing.T) {
	r := faultRepo(t.TempDir())
	file := filepath.Join(string(r), "perf", "baselines.yaml")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	s := &baselines.Store{}
	s.AddReference(baselines.Reference{Commit: "aaaaaaaaaaaa", Set: time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC), Kind: baselines.RefRecorded, Why: "the first"})
	require.NoError(t, os.WriteFile(file, s.Marshal(), 0o644))
	before := r.files(t)
	unlock, err := writegroup.Lock(file)
	require.NoError(t, err)
	defer unlock()
	opts := RevisionOptions{Baselines: file, Page: filepath.Join(string(r), "reference.md"), Head: "bbbbbbbbbbbb"}
	_, err = RunRevision(context.Background(), opts, func(context.Context, baselines.Reference) (outcome.Outcome, error) {
		panic("compared while another run records")
	})
	var ie *writegroup.InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "another perfbench perf is recording into this file")
	assert.Equal(t, before, r.files(t))

	opts.Check = true
	o, err := RunRevision(context.Background(), opts, func(context.Context, baselines.Reference) (outcome.Outcome, error) {
		return pairedTime("s", 1, 0.99, 1.01, 60, outcome.Same), nil
	})
	require.NoError(t, err)
	assert.True(t, o.Judged)
}

// An I/O error from the sync of a directory after the move's renames is
// told, not ignored: the files are in place, but a failed sync promises
// nothing, and a sync that succeeds later does not say the data reached
// the disk.
func TestAFailedSyncAfterAMoveIsTold(t *testing.T) {
	faster := func(context.Context, baselines.Reference) (outcome.Outcome, error) {
		return pairedTime("s", 0.9, 0.88, 0.92, 30, outcome.Better), nil
	}
	setup := func(t *testing.T) RevisionOptions {
		r := faultRepo(t.TempDir())
		opts := RevisionOptions{Baselines: filepath.Join(string(r), "perf", "baselines.yaml"), Page: filepath.Join(string(r), "docs", "perf", "reference.md"),
			Head: "bbbbbbbbbbbb", Now: func() time.Time { return time.Date(2026, 9, 11, 8, 0, 0, 0, time.UTC) }}
		require.NoError(t, os.MkdirAll(filepath.Dir(opts.Baselines), 0o755))
		s := &baselines.Store{}
		s.AddReference(baselines.Reference{Commit: "aaaaaaaaaaaa", Set: time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC), Kind: baselines.RefRecorded, Why: "the first"})
		require.NoError(t, os.WriteFile(opts.Baselines, s.Marshal(), 0o644))
		return opts
	}
	count := &writegrouptest.Disk{At: -1}
	opts := setup(t)
	opts.disk = count
	_, err := RunRevision(context.Background(), opts, faster)
	require.NoError(t, err)
	// The syncs after the first rename: the directories of the moved files.
	renamed := slices.IndexFunc(count.Ops, func(op string) bool { return strings.HasPrefix(op, "rename ") && !strings.Contains(op, "partial") })
	require.Positive(t, renamed)
	tried := 0
	for at := renamed; at < len(count.Ops); at++ {
		if !strings.HasPrefix(count.Ops[at], "syncdir ") {
			continue
		}
		tried++
		opts := setup(t)
		opts.disk = &writegrouptest.Disk{At: at, Fault: writegrouptest.EIO}
		o, err := RunRevision(context.Background(), opts, faster)
		var ie *writegroup.InputError
		require.ErrorAs(t, err, &ie, "EIO at %s", count.Ops[at])
		assert.Contains(t, err.Error(), "every file of the group is in place, but syncing")
		assert.Contains(t, err.Error(), "input/output error")
		assert.NotContains(t, err.Error(), "\n")
		require.NotNil(t, o.Moved, "the move was made")
	}
	assert.Positive(t, tried, "a move syncs directories after its renames")
}

// pairedTime is the outcome of a paired run of one passing time, the
// frame of scenario sc at ratio q with the interval [lo, hi] over pairs,
// moved as move.
func pairedTime(sc string, q, lo, hi float64, pairs int, move outcome.Move) outcome.Outcome {
	n := outcome.Number{Scenario: sc, Judged: band.Judged{Spec: band.Spec{Name: "frame", Band: band.Time(0.03)}},
		Ratio: outcome.Ratio{Value: q, Lo: lo, Hi: hi, Pairs: pairs}, Verdict: band.Pass, Move: move}
	return outcome.Outcome{Against: outcome.Base, Verdict: band.Pass,
		Scenarios: []outcome.Scenario{{Name: sc, Verdict: band.Pass, Numbers: []outcome.Number{n}}}}
}
