// Package workloads holds perfbench's reference workloads: documents and
// interactions that a later claim about the engine's cost is measured
// against, each with the criteria it is judged by, and the gate list that
// `perfbench workloads` runs.
//
// # The rule
//
// A criterion is a slope or a same-run ratio, never an absolute time. Both
// halves of a ratio are measured in one process, over the same documents,
// seconds apart and interleaved round by round, so that a machine twice as
// fast divides both by the same number and leaves the ratio where it was.
// Absolute numbers are recorded as an advisory table keyed by machine
// (docs/perf/reference-workloads.md, `perfbench workloads --record`) and
// gate nothing.
//
// A ceiling is used where the ideal is zero (a count of frames that did
// different work) or no growth (a ratio whose ideal is 1): a two-sided
// band recorded at today's value would fail an engine that got better. A
// band is used where the value is a proportion between two real pieces of
// work and either half moving is worth knowing about. Each criterion's
// constant is a [Limit] declared beside the judge that applies it, with a
// comment saying why it is that wide; the reference page is generated from
// the same declarations.
//
// # Broken
//
// A missing number is not a pass. A measurement that returns no points, a
// point with no samples, a measurement that panics, or one whose counts
// show it did not do the work it claims to time (a wheel that recycled no
// row, a resize that relaid out nothing) is Broken, and Broken fails.
//
// # Measuring and judging
//
// Every workload is two halves, [Workload.Measure] and [Workload.Judge],
// joined by a [Measurement], so that a judge can be fed a made-up
// measurement (a linearly growing one, an empty one) and be seen to fail.
// Times are taken with the real clock around batches of steps on a
// virtual-clock window, after a warm-up, with a full collection before
// each round; a point's value is the median of its samples. [Run] measures
// a workload whose only failures are time ratios once more, and the
// second judgement stands: a count never changes between runs, a ratio of
// medians can still catch a burst of load.
//
// # The gate list and the diagnostics
//
// static-slope, list-slope and resize-slope are the gate list ([Gates]).
// unvirtualised-probe and glide-split are diagnostics: runnable on demand
// (`perfbench workload NAME`), never in the gate list. The probe is the one
// document that would make a change to scrolling look important, and would
// let that change justify itself against a document nobody ships.
// glide-split times two halves that no real frame separates.
package workloads
