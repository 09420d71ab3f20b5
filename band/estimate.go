package band

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Bootstrap is how many resamples Estimate draws for its interval. With a
// fixed seed the interval is a function of the samples alone: the same
// runs judge the same way every time.
const Bootstrap = 2000

// Estimate is the estimator of a time measured over several processes:
// the median over the processes of each process's fastest sample.
//
// Why the fastest sample within a process: on a shared machine the
// samples of a frame are slowed by whatever shares its core's caches and
// memory bandwidth at that moment, never sped up, so a process's fastest
// sample is its least disturbed one. Measured under the noise harness's
// load, ten processes' fastest samples of a resize frame varied by 9%
// (coefficient of variation) where their medians varied by 15%, and of
// a kitchen-sink input frame by 8% where their medians varied by 25%. A
// slowdown of the code slows every sample, the fastest too.
//
// Why the median over processes: a whole process may run fast or slow
// (its placement, its memory layout), and the median of five holds while
// two of them are off.
//
// Its interval, at level [Confidence], is a two-level percentile
// bootstrap: each resample draws as many processes as there are, with
// replacement, then within each drawn process as many samples as it has,
// with replacement, and takes the median of those resamples' minimums.
//
// A run with no samples is ignored; no samples at all returns NaNs.
func Estimate(runs [][]float64) (center, lo, hi float64) {
	var sorted [][]float64
	for _, r := range runs {
		if len(r) > 0 {
			s := slices.Clone(r)
			slices.Sort(s)
			sorted = append(sorted, s)
		}
	}
	if len(sorted) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	floors := make([]float64, len(sorted))
	for i, s := range sorted {
		floors[i] = s[0]
	}
	center = median(slices.Sorted(slices.Values(floors)))

	rng := rand.New(rand.NewPCG(1, 2))
	boot := make([]float64, Bootstrap)
	draw := make([]float64, len(sorted))
	for b := range boot {
		for i := range draw {
			s := sorted[rng.IntN(len(sorted))]
			least := math.Inf(1)
			for range s {
				least = min(least, s[rng.IntN(len(s))])
			}
			draw[i] = least
		}
		slices.Sort(draw)
		boot[b] = median(draw)
	}
	slices.Sort(boot)
	alpha := (1 - Confidence) / 2
	lo = stat.Quantile(alpha, stat.Empirical, boot, nil)
	hi = stat.Quantile(1-alpha, stat.Empirical, boot, nil)
	return center, min(lo, center), max(hi, center)
}

// Fastest returns a process's fastest sample, the per-process statistic of
// [Estimate] and [Ratio]; NaN for none.
func Fastest(samples []float64) float64 {
	if len(samples) == 0 {
		return math.NaN()
	}
	return slices.Min(samples)
}

// median returns the median of sorted values.
func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// Ratio is a paired comparison of one time between two builds: head and
// base processes run alternately, and pair i is head's i-th process with
// base's i-th.
//
// The estimate is the ratio of the two builds' estimates, each the median
// over its processes of their fastest samples (as [Estimate]). Its interval, at level
// [Confidence], is a paired percentile bootstrap: each resample draws
// pairs with replacement, keeping head and base of a pair together, and
// takes the ratio of the two resampled medians.
//
// Why medians and pairs: on a shared machine a whole process runs fast
// or slow (measured: hover-storm processes landed near 0.95, 1.25 or
// 2.1 µs per crossing, whatever the build), so a mean of per-pair ratios
// swings with the one pair that caught a slow process, while the median
// of ten processes does not; and resampling pairs keeps the machine's
// state at the time of each pair on both sides of the ratio.
//
// Pairs where either side has no samples are dropped; fewer than two
// pairs give an infinite interval around the estimate (NaN for none).
func Ratio(head, base [][]float64) (center, lo, hi float64, pairs int) {
	var h, b []float64
	for i := range min(len(head), len(base)) {
		if len(head[i]) == 0 || len(base[i]) == 0 {
			continue
		}
		hm, bm := Fastest(head[i]), Fastest(base[i])
		if !(hm > 0) || !(bm > 0) {
			continue
		}
		h, b = append(h, hm), append(b, bm)
	}
	n := len(h)
	ratio := func(h, b []float64) float64 {
		return median(slices.Sorted(slices.Values(h))) / median(slices.Sorted(slices.Values(b)))
	}
	switch n {
	case 0:
		return math.NaN(), math.NaN(), math.NaN(), 0
	case 1:
		return h[0] / b[0], 0, math.Inf(1), 1
	}
	center = ratio(h, b)
	rng := rand.New(rand.NewPCG(3, 4))
	boot := make([]float64, Bootstrap)
	rh, rb := make([]float64, n), make([]float64, n)
	for k := range boot {
		for j := range n {
			i := rng.IntN(n)
			rh[j], rb[j] = h[i], b[i]
		}
		boot[k] = ratio(rh, rb)
	}
	slices.Sort(boot)
	alpha := (1 - Confidence) / 2
	lo = stat.Quantile(alpha, stat.Empirical, boot, nil)
	hi = stat.Quantile(1-alpha, stat.Empirical, boot, nil)
	return center, min(lo, center), max(hi, center), n
}
