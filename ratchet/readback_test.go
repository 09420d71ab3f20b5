package ratchet_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/ratchet"
)

// A recording run writes no baselines file its own parser would refuse.
// Every process's samples pass band.CheckTime (the runner refuses any
// that do not), yet what the ratchet derives from several can still lie
// outside the file's bounds: processes whose fastest samples are 0.001 µs
// and 1e7 µs apart give a spread of 1e10, above MaxTime. Such a run
// writes nothing and says why, and the files stand as they were.
func TestARecordingWritesNoFileItCannotReadBack(t *testing.T) {
	r := newRepo(t)
	results := numbers(spread(30, 90, 110), nil, 1)
	fast, slow := slices.Repeat([]float64{0.001}, 15), slices.Repeat([]float64{1e7}, 15)
	scroll := &results[1].Numbers[0]
	scroll.Samples, scroll.Runs = append(slices.Clone(fast), slow...), [][]float64{fast, slow}
	before := r.snapshot(t)
	_, err := ratchet.Run(context.Background(), r.opts(machineA, day1), measuring(results).measure)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "perf/baselines.yaml as this run would write it does not read back (line 22: spread 1e+10 is above 1e+09 (MaxTime), which no run measures), so nothing was written")
	assert.Contains(t, err.Error(), "nothing was written")
	assert.Equal(t, before, r.snapshot(t))
	_, err = baselines.Load(r.baselines())
	assert.NoError(t, err, "the baselines file reads as it did")
}
