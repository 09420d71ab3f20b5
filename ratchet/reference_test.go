package ratchet_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/revision"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/ratchet"
)

const (
	refA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	refB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	refC = "cccccccccccccccccccccccccccccccccccccccc"
)

func (r repo) page() string { return filepath.Join(r.dir, "docs", "perf", "reference.md") }

// timeAt is a paired time of hover-storm at ratio q with the interval
// [lo, hi], its verdict and how it moved as the paired run would give
// them, and note its note.
func timeAt(number string, q, lo, hi float64, v band.Verdict, note string) outcome.Number {
	n := outcome.Number{Scenario: "hover-storm", Judged: band.Judged{Spec: band.Spec{Name: number, Unit: "µs/frame", Band: band.Time(0.03)}},
		Ratio: outcome.Ratio{Value: q, Lo: lo, Hi: hi, Pairs: 60}, Verdict: v, Note: note}
	switch {
	case v == band.Fail:
		n.Move = outcome.Worse
	case v == band.Pass && hi < 1:
		n.Move = outcome.Better
	case v == band.Pass && lo > 1:
		n.Move = outcome.Within
	}
	return n
}

// restylesRose is a count of hover-storm that rose from 1 to 2 against
// its ceiling, and failed.
var restylesRose = outcome.Number{Scenario: "hover-storm", Judged: band.Judged{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}},
	Ratio: outcome.NoRatio(), Verdict: band.Fail, Move: outcome.Worse, Note: "rose from 1 to 2 (a ceiling)"}

// pairedRun is the outcome of a paired run of hover-storm's numbers, and
// of broken scenarios given as "NAME: why".
func pairedRun(numbers []outcome.Number, broken ...string) outcome.Outcome {
	o := outcome.Outcome{Against: outcome.Base, Verdict: band.None}
	var verdicts []band.Verdict
	if len(numbers) > 0 {
		sc := outcome.Scenario{Name: "hover-storm", Numbers: numbers}
		for _, n := range numbers {
			verdicts = append(verdicts, n.Verdict)
		}
		sc.Verdict = band.Worst(verdicts...)
		o.Scenarios = append(o.Scenarios, sc)
	}
	for _, b := range broken {
		name, why, _ := strings.Cut(b, ": ")
		o.Scenarios = append(o.Scenarios, outcome.Scenario{Name: name, Verdict: band.Broken, Broken: why})
		verdicts = append(verdicts, band.Broken)
	}
	o.Verdict = band.Worst(verdicts...)
	return o
}

func comparing(c outcome.Outcome) (func(context.Context, baselines.Reference) (outcome.Outcome, error), *[]string) {
	var asked []string
	return func(_ context.Context, ref baselines.Reference) (outcome.Outcome, error) {
		asked = append(asked, ref.Commit)
		return c, nil
	}, &asked
}

// recordFirst runs perf once with ReferenceCommit set: the file gets refA.
func recordFirst(t *testing.T, r repo) {
	t.Helper()
	opts := r.opts(machineA, day1)
	opts.ReferenceCommit = refA
	o := r.run(t, opts, measuring(numbers(spread(8, 90, 110), spread(8, 18, 22), 1)))
	require.Equal(t, refA, o.ReferenceRecorded)
}

func (r repo) reference(head string, now time.Time) ratchet.RevisionOptions {
	return ratchet.RevisionOptions{Baselines: r.baselines(), Page: r.page(), Head: head, Now: func() time.Time { return now }}
}

// perf records the commit it measured as the first reference, beside the
// machines' baselines, and writes the page; a second run moves nothing and
// rewrites nothing; perf --check finds the page stale once it is edited.
func TestPerfRecordsTheFirstReference(t *testing.T) {
	r := newRepo(t)
	recordFirst(t, r)
	file := r.read(t, r.baselines())
	assert.Contains(t, file, "version: 2\n# The reference revision main's CI judges head against")
	assert.Contains(t, file, "references:\n  - commit: "+refA+"\n    set: 2026-09-10T08:00:00Z\n    kind: recorded\n")
	s, err := baselines.Load(r.baselines())
	require.NoError(t, err)
	ref, ok := s.Reference()
	require.True(t, ok)
	assert.Equal(t, baselines.Reference{Commit: refA, Set: day1, Kind: baselines.RefRecorded, Why: ref.Why}, ref)
	assert.Contains(t, r.read(t, r.page()), "**The reference:** `aaaaaaaaaaaa`, since 2026-09-10 08:00 UTC (recorded).")

	// Once recorded, perf never moves it: another commit measured leaves it.
	before := r.snapshot(t)
	opts := r.opts(machineA, day2)
	opts.ReferenceCommit = refB
	o := r.run(t, opts, measuring(numbers(spread(8, 90, 110), spread(8, 18, 22), 1)))
	assert.Empty(t, o.ReferenceRecorded)
	assert.Equal(t, before, r.snapshot(t))

	check := r.opts(machineA, day2)
	check.Check = true
	o = r.run(t, check, measuring(numbers(spread(8, 90, 110), spread(8, 18, 22), 1)))
	assert.False(t, o.DocsStale)
	require.NoError(t, os.WriteFile(r.page(), []byte("# edited by hand\n"), 0o644))
	o = r.run(t, check, measuring(numbers(spread(8, 90, 110), spread(8, 18, 22), 1)))
	assert.True(t, o.DocsStale, "an edited page is out of date")
	assert.Equal(t, []string{r.page()}, o.Stale)
}

// A file of version 1 (no reference) still reads, and perf without a
// commit to record writes it back as version 1.
func TestTheOldFormatStillReads(t *testing.T) {
	r := newRepo(t)
	o := r.run(t, r.opts(machineA, day1), measuring(numbers(spread(8, 90, 110), spread(8, 18, 22), 1)))
	assert.Empty(t, o.ReferenceRecorded)
	file := r.read(t, r.baselines())
	assert.True(t, strings.Contains(file, "\nversion: 1\nmachines:\n"), file)
	s, err := baselines.Load(r.baselines())
	require.NoError(t, err)
	_, ok := s.Reference()
	assert.False(t, ok)
	assert.Equal(t, "<absent>", r.read(t, r.page()))
	// And a reference is added to it later, the baselines kept.
	recordFirst(t, r)
	assert.Contains(t, r.read(t, r.baselines()), "hover-storm:")
}

// The gates of the revision ratchet, each shown able to fail.
func TestReferenceMovesOnlyWhenHeadIsFaster(t *testing.T) {
	for _, tt := range []struct {
		name   string
		c      outcome.Outcome
		failed bool
		moves  bool
		stays  string
	}{
		{"slower beyond the tolerance fails and stays", pairedRun([]outcome.Number{timeAt("frame", 1.05, 1.04, 1.06, band.Fail, "1.05× slower, beyond the 3% tolerance")}),
			true, false, "head fails against the reference: hover-storm frame: 1.05× slower"},
		{"a count that failed stays", pairedRun([]outcome.Number{timeAt("frame", 0.9, 0.88, 0.92, band.Pass, ""), restylesRose}),
			true, false, "head fails against the reference: hover-storm restyles: rose"},
		{"faster moves", pairedRun([]outcome.Number{timeAt("frame", 0.95, 0.94, 0.96, band.Pass, "")}), false, true, ""},
		{"unsure never moves", pairedRun([]outcome.Number{timeAt("frame", 0.95, 0.94, 0.96, band.Pass, ""), timeAt("input", 1.02, 0.99, 1.05, band.Unsure, "")}), false, false, "unsure: hover-storm input"},
		{"a-a does not move", pairedRun([]outcome.Number{timeAt("frame", 1.0, 0.995, 1.005, band.Pass, "")}), false, false, "no time significantly faster"},
		{"measurably slower blocks the move", pairedRun([]outcome.Number{timeAt("frame", 0.95, 0.94, 0.96, band.Pass, ""), timeAt("input", 1.02, 1.01, 1.025, band.Pass, "")}), false, false, "measurably slower, within the tolerance: hover-storm input 1.02×"},
		{"broken stays", pairedRun(nil, "hover-storm: head: crashed"), true, false, "head fails against the reference: hover-storm: head: crashed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			recordFirst(t, r)
			before := r.snapshot(t)
			cmp, asked := comparing(tt.c)
			o, err := runReference(context.Background(), r.reference(refB, day2), cmp)
			require.NoError(t, err)
			assert.Equal(t, []string{refA}, *asked, "judged against the reference")
			assert.True(t, o.Judged)
			assert.Equal(t, tt.failed, o.Failed)
			assert.Equal(t, refA, o.Reference.Commit)
			if !tt.moves {
				assert.Nil(t, o.Moved)
				assert.Contains(t, o.Stays, tt.stays)
				assert.False(t, o.Written)
				assert.Equal(t, before, r.snapshot(t), "a reference that stays writes nothing")
				return
			}
			require.NotNil(t, o.Moved)
			assert.Equal(t, baselines.RefFaster, o.Moved.Kind)
			assert.Equal(t, "significantly faster than aaaaaaaaaaaa: hover-storm frame 0.95× [0.94, 0.96]", o.Moved.Why)
			s, err := baselines.Load(r.baselines())
			require.NoError(t, err)
			ref, _ := s.Reference()
			assert.Equal(t, refB, ref.Commit)
			assert.Len(t, s.References(), 2, "the old reference stays as the move's history")
			assert.Contains(t, r.read(t, r.page()), "| 2 | `bbbbbbbbbbbb` | 2026-09-11 09:30 | faster | `aaaaaaaaaaaa` | hover-storm frame 0.95× [0.94, 0.96] |")

			// --check judges the same and writes nothing.
			after := r.snapshot(t)
			check := r.reference(refC, day2)
			check.Check = true
			o, err = runReference(context.Background(), check, func(context.Context, baselines.Reference) (outcome.Outcome, error) { return tt.c, nil })
			require.NoError(t, err)
			require.NotNil(t, o.Moved, "would move")
			assert.False(t, o.Written)
			assert.Equal(t, after, r.snapshot(t))
		})
	}
}

// --rebaseline --why moves the reference whatever the verdict (head
// slower included), and records why; a broken run is not moved onto.
func TestRebaselineMovesTheReference(t *testing.T) {
	r := newRepo(t)
	recordFirst(t, r)
	slower := pairedRun([]outcome.Number{timeAt("frame", 1.2, 1.18, 1.22, band.Fail, "1.2× slower, beyond the 3% tolerance")})
	opts := r.reference(refB, day2)
	opts.Rebaseline, opts.Why = true, "hover now draws a drop shadow"
	cmp, _ := comparing(slower)
	o, err := runReference(context.Background(), opts, cmp)
	require.NoError(t, err)
	require.NotNil(t, o.Moved)
	assert.False(t, o.Failed, "a rebaseline accepts the slowdown")
	assert.Equal(t, baselines.RefRebaselined, o.Moved.Kind)
	assert.Contains(t, r.read(t, r.baselines()), "why: hover now draws a drop shadow")
	assert.Contains(t, r.read(t, r.page()), "| rebaselined | `aaaaaaaaaaaa` | hover-storm frame 1.2× [1.18, 1.22] | hover now draws a drop shadow |")

	before := r.snapshot(t)
	opts = r.reference(refC, day2)
	opts.Rebaseline, opts.Why = true, "again"
	cmp, _ = comparing(pairedRun(nil, "hover-storm: head: crashed"))
	o, err = runReference(context.Background(), opts, cmp)
	require.NoError(t, err)
	assert.Nil(t, o.Moved)
	assert.True(t, o.Failed)
	assert.Equal(t, before, r.snapshot(t))
}

// Bad input to the revision ratchet is one line, an InputError (exit 2),
// and every file byte-identical: no reference, a damaged one, --rebaseline
// without --why, --why alone, --check with --rebaseline.
func TestReferenceBadInputTouchesNothing(t *testing.T) {
	never := func(context.Context, baselines.Reference) (outcome.Outcome, error) {
		panic("compared on bad input")
	}
	for _, tt := range []struct {
		name  string
		setup func(t *testing.T, r repo)
		opts  func(o *ratchet.RevisionOptions)
		want  string
	}{
		{"no reference", func(t *testing.T, r repo) {
			r.run(t, r.opts(machineA, day1), measuring(numbers(spread(8, 90, 110), spread(8, 18, 22), 1)))
		}, nil, "names no reference revision; record one with perfbench perf"},
		{"damaged reference", func(t *testing.T, r repo) {
			recordFirst(t, r)
			data := strings.Replace(r.read(t, r.baselines()), "kind: recorded", "kind: moved", 1)
			require.NoError(t, os.WriteFile(r.baselines(), []byte(data), 0o644))
		}, nil, `:13: kind "moved": want recorded, faster or rebaselined`},
		{"rebaseline without why", recordFirst, func(o *ratchet.RevisionOptions) { o.Rebaseline = true }, "--rebaseline needs --why"},
		{"why without rebaseline", recordFirst, func(o *ratchet.RevisionOptions) { o.Why = "x" }, "--why is recorded with a --rebaseline, and there is none"},
		{"check and rebaseline", recordFirst, func(o *ratchet.RevisionOptions) { o.Rebaseline, o.Why, o.Check = true, "x", true }, "--rebaseline moves the reference, which --check never does"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			tt.setup(t, r)
			before := r.snapshot(t)
			opts := r.reference(refB, day2)
			if tt.opts != nil {
				tt.opts(&opts)
			}
			_, err := runReference(context.Background(), opts, never)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, err.Error(), tt.want)
			assert.NotContains(t, err.Error(), "\n")
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

// Head the reference itself runs nothing and moves nothing; a file with
// no reference takes head as the first on --rebaseline, without a run.
func TestReferenceWithoutARun(t *testing.T) {
	r := newRepo(t)
	recordFirst(t, r)
	cmp, asked := comparing(outcome.Outcome{})
	o, err := runReference(context.Background(), r.reference(refA[:12], day2), cmp)
	require.NoError(t, err)
	assert.Empty(t, *asked)
	assert.Equal(t, "head is the reference", o.Stays)

	r = newRepo(t)
	opts := r.reference(refB, day1)
	opts.Rebaseline, opts.Why = true, "the first reference"
	o, err = runReference(context.Background(), opts, cmp)
	require.NoError(t, err)
	assert.Empty(t, *asked)
	require.NotNil(t, o.Moved)
	s, err := baselines.Load(r.baselines())
	require.NoError(t, err)
	ref, _ := s.Reference()
	assert.Equal(t, refB, ref.Commit)
}

// The page lists the reference and every move, newest first, with its
// commit, date, kind, the commit it moved from, the ratios and why.
func TestGoldenReferencePage(t *testing.T) {
	r := newRepo(t)
	recordFirst(t, r)
	cmp, _ := comparing(pairedRun([]outcome.Number{timeAt("frame", 0.95, 0.94, 0.96, band.Pass, ""), timeAt("input", 1.0, 0.99, 1.01, band.Pass, "")}))
	_, err := runReference(context.Background(), r.reference(refB, day2), cmp)
	require.NoError(t, err)
	opts := r.reference(refC, day2.Add(24*time.Hour))
	opts.Rebaseline, opts.Why = true, "rows draw a shadow | a pipe"
	cmp, _ = comparing(pairedRun([]outcome.Number{timeAt("frame", 1.1, 1.09, 1.11, band.Fail, "1.1× slower, beyond the 3% tolerance")}))
	_, err = runReference(context.Background(), opts, cmp)
	require.NoError(t, err)
	golden(t, "reference.md", []byte(r.read(t, r.page())))
	golden(t, "reference.baselines.yaml", []byte(r.read(t, r.baselines())))
}

// runReference drives one revision ratchet run as the reference command
// does, with compare for its paired run.
func runReference(ctx context.Context, opts ratchet.RevisionOptions, compare func(context.Context, baselines.Reference) (outcome.Outcome, error)) (revision.Decision, error) {
	return ratchet.RunRevision(ctx, opts, compare)
}
