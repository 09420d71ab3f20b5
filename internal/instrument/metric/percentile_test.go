package metric

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"
)

func TestNearestRankByHand(t *testing.T) {
	// The worked examples of the nearest-rank method (Wikipedia,
	// "Percentile"): rank = ⌈p/100 · n⌉, counted from 1.
	five := []float64{15, 20, 35, 40, 50}
	ten := []float64{3, 6, 7, 8, 8, 10, 13, 15, 16, 20}
	tests := []struct {
		name   string
		sorted []float64
		p      float64
		want   float64
	}{
		{"n=5 p5: rank 1", five, 5, 15},
		{"n=5 p30: rank 2", five, 30, 20},
		{"n=5 p40: rank 2", five, 40, 20},
		{"n=5 p50: rank 3", five, 50, 35},
		{"n=5 p100: rank 5", five, 100, 50},
		{"n=10 p0: rank 1", ten, 0, 3},
		{"n=10 p25: rank 3", ten, 25, 7},
		{"n=10 p50: rank 5", ten, 50, 8},
		{"n=10 p75: rank 8", ten, 75, 15},
		{"n=10 p90: rank 9", ten, 90, 16},
		{"n=10 p95: rank 10", ten, 95, 20},
		{"n=100 p7: rank 7, not 8 (0.07·100 > 7 in floating point)", seq(100), 7, 7},
		{"n=100 p99: rank 99", seq(100), 99, 99},
		{"n=20 p95: rank 19", seq(20), 95, 19},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, NearestRank(tt.sorted, tt.p))
		})
	}
	assert.Panics(t, func() { NearestRank(nil, 50) })
	assert.Panics(t, func() { NearestRank(five, 101) })
}

// seq returns 1, 2, …, n.
func seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i + 1)
	}
	return s
}

func TestNearestRankAgreesWithGonumEmpirical(t *testing.T) {
	// gonum's Empirical quantile is the nearest rank too (the first
	// sample whose cumulative count reaches p·n); it computes p·n in
	// floating point, which is exact for the percentiles reported here.
	r := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 300; n++ {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(r.IntN(50_000_000))
		}
		slices.Sort(xs)
		for _, p := range []float64{1, 50, 90, 95, 99, 100} {
			require.Equal(t, stat.Quantile(p/100, stat.Empirical, xs, nil), NearestRank(xs, p), "n=%d p=%v", n, p)
		}
	}
}

func TestMinSamples(t *testing.T) {
	for _, tt := range []struct {
		p    float64
		want int
	}{{0, 1}, {50, 2}, {90, 10}, {95, 20}, {99, 100}, {100, 1}} {
		assert.Equal(t, tt.want, MinSamples(tt.p), "p%v", tt.p)
		if tt.p > 0 && tt.p < 100 {
			// With one sample fewer the percentile is the maximum.
			s := seq(tt.want - 1)
			if len(s) > 0 {
				assert.Equal(t, s[len(s)-1], NearestRank(s, tt.p), "p%v", tt.p)
			}
			s = seq(tt.want)
			assert.Less(t, NearestRank(s, tt.p), s[len(s)-1], "p%v", tt.p)
		}
	}
}

func TestRollingPercentile(t *testing.T) {
	t.Run("too few samples is warmup, never 0", func(t *testing.T) {
		var w RollingPercentile
		assert.Equal(t, Not(Warmup), w.Percentile(50))
		for i := 1; i <= 19; i++ {
			w.Add(app, Of(float64(i)))
		}
		assert.Equal(t, Of(10), w.Percentile(50)) // rank ⌈0.5·19⌉ = 10
		assert.Equal(t, Not(Warmup), w.Percentile(95))
		assert.Equal(t, Not(Warmup), w.Jitter())
		w.Add(app, Of(20))
		assert.Equal(t, Of(19), w.Percentile(95)) // rank ⌈0.95·20⌉ = 19
		assert.Equal(t, Of(9), w.Jitter())        // P95 19 − P50 10, one window
	})
	t.Run("only valid values enter", func(t *testing.T) {
		var w RollingPercentile
		w.Add(app, Not(Warmup))
		w.Add(app, Not(Missing))
		w.Add(app, Not(NotApplicable))
		w.Add(app, Of(0)) // a true 0 does enter
		w.Add(app, Of(4))
		assert.Equal(t, 2, w.Len())
		assert.Equal(t, Of(0), w.Percentile(50))
	})
	t.Run("the window keeps the last Size values", func(t *testing.T) {
		w := RollingPercentile{Size: 4}
		for _, x := range []float64{100, 100, 100, 1, 2, 3, 4} {
			w.Add(app, Of(x))
		}
		assert.Equal(t, 4, w.Len())
		assert.Equal(t, Of(4), w.Percentile(100))
		assert.Equal(t, Of(2), w.Percentile(50))
	})
	t.Run("a discontinuity upstream empties the window", func(t *testing.T) {
		var w RollingPercentile
		for i := 1; i <= 30; i++ {
			w.Add(app, Of(float64(i)))
		}
		assert.Equal(t, Of(15), w.Percentile(50))
		w.Add(app, Not(Discontinuity))
		assert.Equal(t, 0, w.Len())
		assert.Equal(t, Not(Discontinuity), w.Percentile(50))
		w.Add(app, Of(7))
		w.Add(app, Of(9))
		assert.Equal(t, Of(7), w.Percentile(50))
	})
	t.Run("another origin empties the window", func(t *testing.T) {
		var w RollingPercentile
		w.Add(app, Of(1))
		w.Add(app, Of(2))
		w.Add(moved, Of(50))
		assert.Equal(t, 1, w.Len())
		assert.Equal(t, Not(Discontinuity), w.Percentile(50))
	})
	t.Run("Min overrides the per-percentile minimum", func(t *testing.T) {
		w := RollingPercentile{Min: 3}
		w.Add(app, Of(1))
		w.Add(app, Of(2))
		assert.Equal(t, Not(Warmup), w.Percentile(50))
		w.Add(app, Of(3))
		assert.Equal(t, Of(3), w.Percentile(99))
	})
	t.Run("a break empties the window", func(t *testing.T) {
		var w RollingPercentile
		w.Add(app, Of(1))
		w.Add(app, Of(2))
		w.Break()
		assert.Equal(t, Not(Discontinuity), w.Percentile(50))
	})
}
