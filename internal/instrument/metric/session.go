package metric

import (
	"math"
	"slices"
)

// Aggregates are the session aggregates of one sequence of frame
// intervals: statistics over the whole session rather than a rolling
// window. Durations are in nanoseconds. A statistic without enough
// samples is Missing — a session that is over cannot warm up — never 0.
type Aggregates struct {
	// N is the number of valid intervals that entered.
	N int
	// P50, P90, P95 and P99 are nearest-rank percentiles; each needs
	// MinSamples(p) intervals. Max needs one.
	P50, P90, P95, P99, Max Value
	// Jitter is P95 − P50 of the session (the derived model over one
	// window, the whole session).
	Jitter Value
	// AvgFPS is the session average rate, N × 1e9 / Σd: intervals over the time they took. It is not the mean
	// of per-second FPS readings, which weighs every reading alike
	// however much of the session it covered and leaves out what no
	// reading covered. Needs one interval and Σd > 0.
	AvgFPS Value
	// Low1 is the "1% low": the average rate of the slowest 1% of the
	// session, k × 1e9 / Σ of the k longest intervals with k = ⌈N/100⌉.
	// It needs at least 100 intervals, so that the slowest 1% is at most
	// 1% of the session, and a non-zero Σ.
	Low1 Value
	// Jank counts the intervals longer than twice the session median
	// (P50): a frame that took the place of two or more at the session's
	// own cadence. It is graded against the median rather than a frame
	// budget because a trace does not record the display's refresh rate.
	// Needs a valid P50.
	Jank Value
}

// Aggregate computes the session aggregates of intervals, in nanoseconds.
// Only Valid values enter; anchors, warmups and discontinuities are
// skipped, so the output of an EventInterval can be passed as it is.
func Aggregate(intervals []Value) Aggregates {
	d := SortedValid(intervals)
	a := Aggregates{
		N:   len(d),
		P50: SessionPercentile(d, 50),
		P90: SessionPercentile(d, 90),
		P95: SessionPercentile(d, 95),
		P99: SessionPercentile(d, 99),
		Max: SessionPercentile(d, 100),
	}
	a.Jitter = Sub(a.P95, a.P50)
	a.AvgFPS = SessionRate(len(d), d)
	a.Low1 = Not(Missing)
	if len(d) >= 100 {
		k := (len(d) + 99) / 100
		a.Low1 = SessionRate(k, d[len(d)-k:])
	}
	a.Jank = Not(Missing)
	if p50, ok := a.P50.Get(); ok {
		i, _ := slices.BinarySearchFunc(d, 2*p50, func(x, limit float64) int {
			if x <= limit {
				return -1
			}
			return 1
		})
		a.Jank = Of(float64(len(d) - i))
	}
	return a
}

// SortedValid returns the numbers of the valid values, ascending.
func SortedValid(xs []Value) []float64 {
	var d []float64
	for _, x := range xs {
		if v, ok := x.Get(); ok {
			d = append(d, v)
		}
	}
	slices.Sort(d)
	return d
}

// SessionPercentile is NearestRank over a whole session: Missing with
// fewer than MinSamples(p) samples.
func SessionPercentile(sorted []float64, p float64) Value {
	if len(sorted) < MinSamples(p) {
		return Not(Missing)
	}
	return Of(NearestRank(sorted, p))
}

// SessionRate is n events over the nanoseconds they took, per second: n × 1e9 / Σd.
func SessionRate(n int, d []float64) Value {
	var sum float64
	for _, x := range d {
		sum += x
	}
	if n == 0 || !(sum > 0) || math.IsInf(sum, 0) {
		return Not(Missing)
	}
	return Of(float64(n) * 1e9 / sum)
}
