// Package metric computes performance metrics that say what they are: every
// published number carries a quality, an ID and a definition version, and
// no model computes a value across a boundary it cannot see through.
//
// # Qualities
//
// A Value is Valid — a fact, a true 0 included — or it is Missing, Warmup,
// NotApplicable or Discontinuity, and then it has no number at all (Get
// reports false). These are never interchangeable, and only Valid values
// enter statistics: RollingPercentile and Aggregate skip the rest. The zero
// Value is Missing, so a value nobody set can never pass for a measured 0.
//
//   - Missing: not enough facts (no sample, a source that is unavailable or
//     stale, too few samples for a session aggregate).
//   - Warmup: the source works but the baseline, anchor or window is not
//     established yet.
//   - NotApplicable: the metric has no meaning here.
//   - Discontinuity: the value would span a boundary; the model started over.
//
// # Models
//
//   - Gauge: the latest sample while it is fresh; Missing when stale or lost.
//   - CounterRate: (current − previous) / elapsed. The first sample only sets
//     a baseline (Warmup); a counter that goes down is a reset and warms up
//     again (Discontinuity).
//   - EventInterval: frame time = this present − the previous present. The
//     first event after any boundary only anchors. A frame time is published
//     once per event and never repeated.
//   - RollingCount: FPS = presents in the trailing second. A healthy source
//     with no present in a full window is a true 0, Valid; a source never
//     started or Lost is Missing; a part window is Warmup.
//   - RollingPercentile: nearest-rank percentile over the last N valid values;
//     too few is Warmup, never 0.
//   - Derived: Sub, and Jitter = P95 − P50 of one window.
//   - Aggregate: over a whole session's valid intervals, P50/P90/P95/P99/max,
//     the 1% low (k × 1e9 / Σ of the k = ⌈N/100⌉ longest intervals), jank
//     (intervals over twice the session median) and the session average FPS
//     N × 1e9 / Σd — which is not the mean of per-second FPS. A statistic
//     with too few samples is Missing: a finished session cannot warm up.
//   - Display: places each presented frame on the display's refresh grid
//     from the refresh it was scheduled at (its aim) and its present:
//     when it was shown, how much later than expected (hitch), its time
//     past the deadline (overrun), the refreshes it missed and the
//     animation time it covers; against the frame shown before it, the
//     time between display changes (the previous frame's displayed time)
//     and the animation error, (sim delta − display delta). The first
//     frame after a boundary only anchors, and a frame off the previous
//     one's grid is a boundary. HitchRatio is ms of hitch per second of
//     animation, graded good ≤ 5, warning 5–10, critical ≥ 10 (BandOf).
//   - FrameWindow: JankWindows counts delayed frames in tumbling windows
//     of 64 consecutive shown frames; a boundary drops the part window,
//     and without a full window the shares are Missing.
//
// Percentiles are nearest rank: the sample of rank ⌈p·n/100⌉, never an
// interpolation. A p-th percentile needs MinSamples(p) = ⌈100/(100 − p)⌉
// samples (P50 2, P95 20, P99 100); with fewer it would be the maximum
// relabelled. Durations are published in nanoseconds.
//
// # Boundaries
//
// A model that depends on a previous sample or a window compares each
// sample's Origin — source epoch, process, display — with the one its state
// came from. A change, time running backwards, a counter going down or an
// explicit Break (a boundary the Origin cannot show, such as the target
// going to the background) starts the model over: the next sample anchors,
// reporting Discontinuity, and windows refill. It is better to warm up again
// than to compute a value that is arithmetically possible and physically
// never happened.
//
// # Clocks
//
// The time-based models are generic over a clock.Domain and take
// clock.Instant values of that domain, so a difference between two domains
// — a device timestamp minus a host receive time — does not compile. A
// latency trace's t is the recording process's monotonic clock (clock.Mono)
// counted from the start of its epoch; the epoch is part of the Origin, so
// instants of two epochs are never subtracted either.
package metric
