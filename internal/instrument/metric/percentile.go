package metric

import (
	"math"
	"slices"
)

// DefaultSize is RollingPercentile's window when its Size is 0: two
// seconds of frames at 60 Hz.
const DefaultSize = 120

// NearestRank returns the p-th percentile (0 ≤ p ≤ 100) of sorted, which
// must be in ascending order and not empty, by the nearest-rank method:
// the sample of rank ⌈p/100 · n⌉ (rank 1 for p = 0). It never interpolates,
// so the answer is always one of the samples. The rank is computed as
// ⌈p·n/100⌉, which is exact for whole-number p.
func NearestRank(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		panic("metric: NearestRank of no samples")
	}
	if !(p >= 0 && p <= 100) {
		panic("metric: NearestRank: percentile out of [0, 100]")
	}
	rank := int(math.Ceil(p * float64(len(sorted)) / 100))
	return sorted[max(rank, 1)-1]
}

// MinSamples returns the fewest samples for which the p-th nearest-rank
// percentile is not necessarily the maximum: ⌈100 / (100 − p)⌉. With fewer,
// "P99" would be the largest sample relabelled. P50 needs 2, P90 10, P95
// 20, P99 100; the maximum (p = 100) needs 1.
func MinSamples(p float64) int {
	if p >= 100 {
		return 1
	}
	return int(math.Ceil(100 / (100 - p)))
}

// RollingPercentile is the rolling nearest-rank percentile model over the
// last Size valid values (P95 frame time). With too few samples a
// percentile reads Warmup — or Discontinuity while the window refills
// after a boundary — never 0. Only Valid values enter the window; a
// Discontinuity value (an upstream chain broke) and a value of another
// Origin empty it.
//
// The zero RollingPercentile is ready to use.
type RollingPercentile struct {
	// Size is the window length in values; 0 means DefaultSize.
	Size int
	// Min is the fewest values for a reading; 0 means MinSamples(p) for
	// each percentile p asked for.
	Min int

	ring   []float64 // once full, next is the oldest
	next   int
	origin Origin
	seen   bool // a value has arrived: origin is set
	again  bool // the window was emptied at a boundary
	sorted []float64
}

// Add offers v, published by source o, to the window.
func (w *RollingPercentile) Add(o Origin, v Value) {
	if w.seen && (o != w.origin || v.q == Discontinuity) {
		w.empty()
	}
	w.origin, w.seen = o, true
	x, ok := v.Get()
	if !ok {
		return
	}
	size := w.Size
	if size <= 0 {
		size = DefaultSize
	}
	if len(w.ring) < size {
		w.ring = append(w.ring, x)
		return
	}
	w.ring[w.next] = x
	w.next = (w.next + 1) % len(w.ring)
}

// Break passes a boundary the Origin does not show: the window empties.
func (w *RollingPercentile) Break() {
	if w.seen {
		w.empty()
	}
}

func (w *RollingPercentile) empty() {
	w.ring, w.next, w.again = w.ring[:0], 0, true
}

// Len returns the number of values in the window.
func (w *RollingPercentile) Len() int { return len(w.ring) }

// Percentile returns the window's p-th nearest-rank percentile.
func (w *RollingPercentile) Percentile(p float64) Value {
	return w.read(p)
}

// Jitter is the derived model: P95 − P50 of this one window, so both
// statistics describe the same frames.
func (w *RollingPercentile) Jitter() Value {
	return Sub(w.read(95), w.read(50))
}

func (w *RollingPercentile) read(p float64) Value {
	need := w.Min
	if need <= 0 {
		need = MinSamples(p)
	}
	if len(w.ring) < need {
		if w.again {
			return Not(Discontinuity)
		}
		return Not(Warmup)
	}
	w.sorted = append(w.sorted[:0], w.ring...)
	slices.Sort(w.sorted)
	return Of(NearestRank(w.sorted, p))
}
