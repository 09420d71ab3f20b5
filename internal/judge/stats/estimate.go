package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
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
// sample is its least disturbed one, and a slowdown of the code slows it
// too. Under load it varies about half as much between processes as their
// medians do (docs/paired.md has the figures).
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
	center = Median(slices.Sorted(slices.Values(floors)))

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
		boot[b] = Median(draw)
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

// Median returns the median of sorted values.
func Median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// Ratio compares one time between two builds whose processes ran
// alternately (head, base, base, head, …): how many times longer head's
// frame is than base's, with its interval at level [Confidence].
//
// Each process gives one value, its fastest sample (as in [Estimate]).
// The estimate is the two-sample Hodges–Lehmann shift of their
// logarithms: the median, over every head process h and every base
// process b, of log h − log b, exponentiated. Its interval is the
// distribution-free one that goes with it (Hollander & Wolfe, Nonparametric
// Statistical Methods, §4.3): the Cα-th smallest and Cα-th largest of
// those differences, with Cα from the Mann–Whitney U statistic's normal
// approximation, Cα = ⌊nm/2 − z·√(nm(n+m+1)/12)⌋ (rounded down: the
// interval is never narrower than its level allows). It assumes only that
// head's log floors are base's shifted, whatever their shape; under the
// same code on both sides, with the two builds' processes alternated, the
// two sides are exchangeable and the interval excludes 1 one run in
// forty on each side.
//
// Why not the ratio of the two sides' medians: a whole process on a
// shared machine runs in one of a few speed modes, independently of the
// process beside it, and when two modes hold similar shares the median of
// each side jumps between them, so its interval spans a mode's width;
// every head–base difference within a mode is the slowdown itself, so
// the median of all of them stays on it. Why not the per-pair ratios (a
// one-sample Hodges–Lehmann): the modes do not persist from one process
// to the next, so pairing only widens the ratio. On mixed modes this
// estimator caught a planted 1.10× in 67 runs of 100, the ratio of
// medians in 28 and the per-pair ratios in 37 (docs/paired.md).
//
// A run with no samples is dropped; fewer than two on either side give
// no interval (0, +Inf) around the estimate, NaN for none. pairs is the
// smaller of the two sides' process counts.
func Ratio(head, base [][]float64) (center, lo, hi float64, pairs int) {
	return RatioAt(head, base, Confidence)
}

// RatioAt is [Ratio] with its interval at level (0 < level < 1) rather
// than [Confidence]: a verdict that looks at a time several times, or
// judges many times together, needs a wider one. A level outside (0, 1)
// is a programming error and panics.
func RatioAt(head, base [][]float64, level float64) (center, lo, hi float64, pairs int) {
	return RatioAcross(head, base, Between{}, level)
}

// RatioAcross is [RatioAt] over several builds a side: each end of the
// interval lies as far from the estimate as the processes' own
// distribution-free interval puts it and the builds' share of the
// variance (between.Var, from [Spread]) together, added in quadrature —
// √(a² + q²·Var) for a half-width a of the processes' interval — with the
// quantile q from Student's t with between.DF rather than the normal.
// (Widening the rank interval itself would read its ends from the tails
// of the processes' differences, where whole processes' modes lie: on
// hover-storm under load, an interval ten times the builds' spread.) The
// zero Between gives [RatioAt]'s interval exactly.
func RatioAcross(head, base [][]float64, between Between, level float64) (center, lo, hi float64, pairs int) {
	if !(level > 0 && level < 1) {
		panic(fmt.Sprintf("band: interval level %v is not within (0, 1)", level))
	}
	d, n, m := logDiffs(head, base)
	if n == 0 || m == 0 {
		return math.NaN(), math.NaN(), math.NaN(), 0
	}
	center = math.Exp(Median(d))
	pairs = min(n, m)
	if n < 2 || m < 2 {
		return center, 0, math.Inf(1), pairs
	}
	sp := newSpan(d, n, m, between)
	q := between.quantile(1 - (1-level)/2)
	if sp.c(q) < 1 {
		return center, 0, math.Inf(1), pairs
	}
	return center, math.Exp(sp.low(q)), math.Exp(sp.up(q)), pairs
}

// span is a ratio's interval as a function of its quantile q: the
// processes' rank interval's half-widths with the builds' variance added.
type span struct {
	d       []float64 // every head–base difference of log floors, sorted
	nm, sdU float64   // their count and the U statistic's standard deviation
	center  float64   // their median
	v       float64   // the builds' share of the variance
}

func newSpan(d []float64, n, m int, between Between) span {
	nm := float64(n * m)
	return span{d: d, nm: nm, sdU: math.Sqrt(nm * float64(n+m+1) / 12), center: Median(d), v: max(between.Var, 0)}
}

// c is the rank of the processes' interval's ends at quantile q.
func (s span) c(q float64) int { return int(math.Floor(s.nm/2 - q*s.sdU)) }

// low and up are the interval's ends, in log, at quantile q ≥ 0.
func (s span) low(q float64) float64 {
	c := s.c(q)
	if c < 1 {
		return math.Inf(-1)
	}
	a := max(s.center-s.d[c-1], 0)
	return s.center - math.Sqrt(a*a+q*q*s.v)
}

func (s span) up(q float64) float64 {
	c := s.c(q)
	if c < 1 {
		return math.Inf(1)
	}
	b := max(s.d[len(s.d)-c]-s.center, 0)
	return s.center + math.Sqrt(b*b+q*q*s.v)
}

// reach is the least quantile q ≥ 0 at which the interval's lower end
// (below, true) or upper end reaches x: low(q) ≤ x or up(q) ≥ x. Both
// ends move outwards as q grows, stepwise, so a bisection finds it.
func (s span) reach(x float64, below bool) float64 {
	reached := func(q float64) bool {
		if below {
			return s.low(q) <= x
		}
		return s.up(q) >= x
	}
	lo, hi := 0.0, (s.nm/2)/s.sdU+1 // past hi the processes give no interval
	if reached(lo) {
		return 0
	}
	for range 60 {
		mid := (lo + hi) / 2
		if reached(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// ShiftTest is the one-sided Mann–Whitney test that goes with [Ratio]'s
// interval, at the ratio r (> 0): slower is the p-value against "head's
// process floors are base's multiplied by at most r", small when head is
// more than r× slower; faster is the p-value against "by at least r",
// small when head is less than r× base. They are the U statistic of the
// head–base log differences above (below) log r, ties counted half, in
// the normal approximation with a continuity correction of one half, so a
// p-value below α goes with an interval at level 1 − 2α whose end lies
// beyond r. NaN when either side has no process.
func ShiftTest(head, base [][]float64, r float64) (slower, faster float64) {
	return ShiftTestAcross(head, base, Between{}, r)
}

// ShiftTestAcross is [ShiftTest] over several builds a side: the test
// that goes with [RatioAcross]'s interval, its p-value against "at most
// r×" the tail (Student's t with between.DF) beyond the quantile at which
// the interval's lower end reaches r, and likewise for "at least r×"
// with its upper end; so a p-value below α goes with an interval at level
// 1 − 2α whose end lies beyond r, as for one build. The zero Between
// gives [ShiftTest]'s p-values exactly.
func ShiftTestAcross(head, base [][]float64, between Between, r float64) (slower, faster float64) {
	if !(r > 0) || math.IsInf(r, 0) {
		panic(fmt.Sprintf("band: shift-test ratio %v is not a finite number > 0", r))
	}
	d, n, m := logDiffs(head, base)
	if n == 0 || m == 0 {
		return math.NaN(), math.NaN()
	}
	at := math.Log(r)
	if between.Var > 0 && n >= 2 && m >= 2 {
		sp := newSpan(d, n, m, between)
		if at < sp.center {
			q := sp.reach(at, true)
			return between.survival(q), 1 - between.survival(q)
		}
		q := sp.reach(at, false)
		return 1 - between.survival(q), between.survival(q)
	}
	above := 0.0
	for _, x := range d {
		switch {
		case x > at:
			above++
		case x == at:
			above += 0.5
		}
	}
	nm := float64(n * m)
	sd := math.Sqrt(nm * float64(n+m+1) / 12)
	tail := func(u float64) float64 { return distuv.UnitNormal.Survival((u - nm/2 - 0.5) / sd) }
	return tail(above), tail(nm - above)
}

// LeastP is the smallest one-sided p-value [ShiftTest] can give with n
// and m processes a side, every difference on one side of the ratio: a
// level below it is out of reach of any outcome, so a verdict at that
// level needs more processes. 1 for an empty side.
func LeastP(n, m int) float64 {
	if n < 1 || m < 1 {
		return 1
	}
	nm := float64(n * m)
	return distuv.UnitNormal.Survival((nm/2 - 0.5) / math.Sqrt(nm*float64(n+m+1)/12))
}

// logDiffs returns every head–base difference of log floors, sorted, and
// how many processes of each side had a floor.
func logDiffs(head, base [][]float64) (d []float64, n, m int) {
	h, b := logFloors(head), logFloors(base)
	d = make([]float64, 0, len(h)*len(b))
	for _, x := range h {
		for _, y := range b {
			d = append(d, x-y)
		}
	}
	slices.Sort(d)
	return d, len(h), len(b)
}

// logFloors returns the logarithm of each run's fastest sample, for the
// runs that have a positive one.
func logFloors(runs [][]float64) []float64 {
	var out []float64
	for _, r := range runs {
		if f := Fastest(r); f > 0 {
			out = append(out, math.Log(f))
		}
	}
	return out
}
