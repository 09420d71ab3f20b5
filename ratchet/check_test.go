package ratchet_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// A fall the U test calls significant but smaller than MinDrop leaves the
// baseline, and so the docs, alone.
func TestSmallSignificantFallDoesNotMoveTheBaseline(t *testing.T) {
	r := newRepo(t)
	first := numbers(spread(200, 100, 102), spread(200, 50, 51), 1)
	_, err := ratchet.Run(context.Background(), r.opts(machineA, day1), measuring(first).measure)
	require.NoError(t, err)
	docs, base := r.read(t, r.docs()), r.read(t, r.baselines())

	// 5 % lower, every sample: significant, but under MinDrop.
	o, err := ratchet.Run(context.Background(), r.opts(machineA, day2), measuring(numbers(spread(200, 95, 96.9), spread(200, 50, 51), 1)).measure)
	require.NoError(t, err)
	assert.Empty(t, o.Moves)
	assert.Equal(t, docs, r.read(t, r.docs()))
	assert.Equal(t, base, r.read(t, r.baselines()))

	// 20 % lower: moves.
	o, err = ratchet.Run(context.Background(), r.opts(machineA, day2), measuring(numbers(spread(200, 80, 81.6), spread(200, 50, 51), 1)).measure)
	require.NoError(t, err)
	require.Len(t, o.Moves, 1)
	assert.Equal(t, history.Lowered.String(), o.Moves[0].Kind)
}

// Check judges, writes nothing, and says whether the docs are stale: a
// changed count makes them stale, another machine's times do not.
func TestCheckReportsStaleDocsAndWritesNothing(t *testing.T) {
	r := newRepo(t)
	ctx := context.Background()
	run := numbers(spread(40, 100, 110), spread(40, 50, 55), 1)
	_, err := ratchet.Run(ctx, r.opts(machineA, day1), measuring(run).measure)
	require.NoError(t, err)
	docs, base := r.read(t, r.docs()), r.read(t, r.baselines())

	check := func(m baselines.Machine, s []scenario.Result) outcome.Outcome {
		opts := r.opts(m, day2)
		opts.Check = true
		o, err := ratchet.Run(ctx, opts, measuring(s).measure)
		require.NoError(t, err)
		assert.Equal(t, docs, r.read(t, r.docs()), "check never writes the docs")
		assert.Equal(t, base, r.read(t, r.baselines()), "check never writes the baselines")
		assert.False(t, o.DocsWritten || o.BaselinesWritten)
		return o
	}
	assert.False(t, check(machineA, run).DocsStale)
	assert.False(t, check(machineB, numbers(spread(40, 300, 330), spread(40, 9, 10), 1)).DocsStale,
		"another machine's times do not make the docs stale")
	assert.True(t, check(machineA, numbers(spread(40, 100, 110), spread(40, 50, 55), 0)).DocsStale,
		"a count that changed does")
}

// A run on another machine records its baselines but leaves the docs
// showing the machine they were written for.
func TestDocsKeepTheirMachine(t *testing.T) {
	r := newRepo(t)
	ctx := context.Background()
	_, err := ratchet.Run(ctx, r.opts(machineA, day1), measuring(numbers(spread(40, 100, 110), spread(40, 50, 55), 1)).measure)
	require.NoError(t, err)
	docs := r.read(t, r.docs())
	o, err := ratchet.Run(ctx, r.opts(machineB, day2), measuring(numbers(spread(40, 300, 330), spread(40, 9, 10), 1)).measure)
	require.NoError(t, err)
	assert.True(t, o.BaselinesWritten)
	assert.Equal(t, docs, r.read(t, r.docs()))
	assert.Contains(t, r.read(t, r.docs()), machineA.String())
}

// Check renders the docs as the run that wrote them did: a time measured in
// several processes is shown with its estimate's interval, kept in the
// history, so the next check of the same numbers finds the docs current
// (it once rendered the pooled samples' interval instead, and CI called
// docs written a minute before out of date).
func TestCheckAgreesWithTheRunThatWroteTheDocs(t *testing.T) {
	r := newRepo(t)
	ctx := context.Background()
	run := numbers(nil, spread(40, 50, 55), 1)
	hover := &run[0].Numbers[0]
	for p := range 5 {
		// Each process's fastest sample well below the pooled median.
		samples := append([]float64{80 + float64(p)}, spread(15, 100, 120)...)
		hover.Runs = append(hover.Runs, samples)
		hover.Samples = append(hover.Samples, samples...)
	}
	_, err := ratchet.Run(ctx, r.opts(machineA, day1), measuring(run).measure)
	require.NoError(t, err)
	assert.Contains(t, r.read(t, r.docs()), "| frame | 82 µs/frame [", "the baseline is the median of the processes' fastest samples")

	opts := r.opts(machineA, day2)
	opts.Check = true
	o, err := ratchet.Run(ctx, opts, measuring(run).measure)
	require.NoError(t, err)
	assert.False(t, o.DocsStale)
}

// perf --check checks the charts too: one that today's code would draw
// differently from the committed one (drawn by older chart code, or
// edited) is stale, named, and left as it is.
func TestCheckReportsAStaleChart(t *testing.T) {
	r := newRepo(t)
	ctx := context.Background()
	run := numbers(spread(40, 100, 110), spread(40, 50, 55), 1)
	_, err := ratchet.Run(ctx, r.opts(machineA, day1), measuring(run).measure)
	require.NoError(t, err)
	check := func() outcome.Outcome {
		opts := r.opts(machineA, day2)
		opts.Check = true
		o, err := ratchet.Run(ctx, opts, measuring(run).measure)
		require.NoError(t, err)
		return o
	}
	o := check()
	assert.False(t, o.DocsStale, "%v", o.Stale)

	old := strings.Replace(r.read(t, r.chart("scroll")), "height=", "height=\"3037pt\" data-old=", 1)
	require.NoError(t, os.WriteFile(r.chart("scroll"), []byte(old), 0o644))
	o = check()
	assert.True(t, o.DocsStale)
	assert.Equal(t, []string{r.chart("scroll")}, o.Stale, "the stale chart, by name, and only it")
	assert.Equal(t, old, r.read(t, r.chart("scroll")), "check writes nothing")
}
