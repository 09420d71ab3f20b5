package band_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

// The estimator is the median over processes of each process's fastest
// sample: here the floors are 1, 2 and 10, so it is 2. The median of the
// per-process medians (6), the pooled median (10) or the mean of the
// floors (4.33) would be other estimators, and this test fails for each.
func TestEstimateIsTheMedianOfProcessFloors(t *testing.T) {
	runs := [][]float64{
		{1, 5, 5},
		{2, 6, 6},
		{10, 10, 10, 10, 10, 10, 10, 10, 10},
	}
	center, lo, hi := band.Estimate(runs)
	assert.Equal(t, 2.0, center)
	assert.LessOrEqual(t, lo, center)
	assert.GreaterOrEqual(t, hi, center)
	assert.Equal(t, 10.0, hi, "resampling processes can draw the slow one twice")
}

func TestEstimateInterval(t *testing.T) {
	t.Run("identical processes of one value have a point interval", func(t *testing.T) {
		c, lo, hi := band.Estimate([][]float64{{5, 5}, {5, 5, 5}, {5}})
		assert.Equal(t, []float64{5, 5, 5}, []float64{c, lo, hi})
	})
	t.Run("the interval is a function of the samples alone", func(t *testing.T) {
		runs := [][]float64{frames(15, 1, 2), frames(15, 1.1, 2.3), frames(15, 0.9, 1.8), frames(15, 1, 2.1), frames(15, 1.2, 2)}
		c1, lo1, hi1 := band.Estimate(runs)
		c2, lo2, hi2 := band.Estimate(runs)
		assert.Equal(t, []float64{c1, lo1, hi1}, []float64{c2, lo2, hi2})
		assert.Less(t, lo1, c1)
		assert.Greater(t, hi1, c1)
	})
	t.Run("more processes, narrower interval", func(t *testing.T) {
		few := [][]float64{{1}, {2}, {3}}
		many := [][]float64{{1}, {2}, {3}, {1}, {2}, {3}, {1}, {2}, {3}, {2}, {2}, {2}}
		_, loF, hiF := band.Estimate(few)
		_, loM, hiM := band.Estimate(many)
		assert.Less(t, hiM-loM, hiF-loF)
	})
	t.Run("no samples", func(t *testing.T) {
		c, _, _ := band.Estimate([][]float64{{}, nil})
		assert.True(t, math.IsNaN(c))
	})
}

// The paired ratio judges head against base pair by pair. Here each pair
// shares a level that varies fourfold (the machine's load when the pair
// ran) and head is 1.1 × base within every pair (±1%): the paired
// interval is tight around 1.1. The same samples with base's pairs
// reversed are no longer paired: the resampled medians come from
// different pairs and the interval spans far more.
func TestRatioPairsProcessesByIndex(t *testing.T) {
	levels := []float64{1, 4, 2, 3, 1.5, 2.5, 1.2, 3.5}
	var head, base [][]float64
	for i, l := range levels {
		wobble := 1 + 0.01*float64(i%3-1)
		base = append(base, []float64{l, l, l})
		head = append(head, []float64{1.1 * l * wobble, 1.1 * l * wobble})
	}
	c, lo, hi, n := band.Ratio(head, base)
	require.Equal(t, 8, n)
	assert.InDelta(t, 1.1, c, 0.012)
	assert.Greater(t, lo, 1.07, "the paired interval excludes 1.07")
	assert.Less(t, hi, 1.13)

	reversed := make([][]float64, len(base))
	for i := range base {
		reversed[i] = base[len(base)-1-i]
	}
	_, lo, hi, _ = band.Ratio(head, reversed)
	assert.Less(t, lo, 0.9)
	assert.Greater(t, hi, 1.3)
}

// The estimate is the ratio of the per-side medians of process floors:
// one pair that caught a slow process on one side (the 3 against 1) moves
// it no more than any other pair does, and a slow sample beside a fast one
// in a process (the 5) does not count. A mean of the per-pair ratios (1.4
// here) would be a different estimator, and this test fails for it.
func TestRatioIsOfMediansOfProcessFloors(t *testing.T) {
	head := [][]float64{{1.0, 5, 5}, {1.0}, {1.0}, {3.0}, {1.0}}
	base := [][]float64{{1.0}, {1.0}, {1.0}, {1.0}, {1.0}}
	c, lo, hi, n := band.Ratio(head, base)
	assert.Equal(t, 5, n)
	assert.Equal(t, 1.0, c)
	assert.LessOrEqual(t, lo, 1.0)
	assert.GreaterOrEqual(t, hi, 1.0)

	_, lo, hi, n = band.Ratio([][]float64{{2}}, [][]float64{{1}})
	assert.Equal(t, 1, n)
	assert.True(t, math.IsInf(hi, 1), "one pair has no interval")
	assert.Equal(t, 0.0, lo)
}

// The tolerance rule: spread − 1 + 0.05, rounded up to a whole 5%, so the
// slowest estimate seen passes against a baseline at the fastest.
func TestToleranceFromSpread(t *testing.T) {
	for _, tt := range []struct{ spread, want float64 }{
		{1, 0.05},
		{1.1, 0.15},
		{1.2, 0.25},
		{1.21, 0.30}, // 0.26 rounds up, never down
		{1.64, 0.70},
		{2, 1.05},
	} {
		assert.InDelta(t, tt.want, band.ToleranceFor(tt.spread), 1e-12, "spread %v", tt.spread)
		slowest := 10 * tt.spread
		assert.LessOrEqual(t, slowest, band.TimeFromSpread(tt.spread).WithBaseline(10).Baseline*(1+band.ToleranceFor(tt.spread)))
	}
	b := band.TimeFromSpread(1.2)
	assert.Equal(t, 0.25, b.Tolerance)
	assert.Equal(t, 1.2, b.Spread)
	assert.Equal(t, "≤ 12.5 (10 +25% from spread ×1.2)", b.WithBaseline(10).String())
	assert.Panics(t, func() { band.TimeFromSpread(0.9) })
}
