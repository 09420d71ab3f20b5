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
// the median of the per-process medians, so one process that ran on a
// slow core or beside a burst of other work moves the estimate no more
// than any other process does, however many samples it took.
//
// Its interval, at level [Confidence], is a two-level percentile
// bootstrap: each resample draws as many processes as there are, with
// replacement, then within each drawn process as many samples as it has,
// with replacement, and takes the median of those medians. Both levels
// are resampled because both vary: samples within a process, and the
// process's own level (its placement, its neighbours, its cache).
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
	medians := make([]float64, len(sorted))
	for i, s := range sorted {
		medians[i] = median(s)
	}
	center = median(slices.Sorted(slices.Values(medians)))

	rng := rand.New(rand.NewPCG(1, 2))
	boot := make([]float64, Bootstrap)
	draw := make([]float64, len(sorted))
	var within []float64
	for b := range boot {
		for i := range draw {
			s := sorted[rng.IntN(len(sorted))]
			within = within[:0]
			for range s {
				within = append(within, s[rng.IntN(len(s))])
			}
			slices.Sort(within)
			draw[i] = median(within)
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
// of its per-process medians (as [Estimate]). Its interval, at level
// [Confidence], is a paired percentile bootstrap: each resample draws
// pairs with replacement, keeping head and base of a pair together, and
// takes the ratio of the two resampled medians.
//
// Why medians and pairs: on a shared machine a whole process runs fast
// or slow (measured: hover-storm processes landed near 0.95, 1.25 or
// 2.1 µs per crossing, whatever the build), so a mean of per-pair ratios
// swings with the one pair that caught a slow process, while the median
// of a dozen processes does not; and resampling pairs keeps the machine's
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
		hm := median(slices.Sorted(slices.Values(head[i])))
		bm := median(slices.Sorted(slices.Values(base[i])))
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
