// Package band holds the comparisons perfbench applies to what a scenario
// measured: bands, budgets and verdicts.
//
// # Three kinds of number, three kinds of band
//
// A count (elements restyled, primitives emitted, …) is a property of the
// design: it reads the same on every machine and every run. Its band is a
// bound with no tolerance at all; widening it would admit exactly the
// regression the count exists to catch. The bound has a direction:
//
//   - [Count], a ceiling (≤), for work done: doing more fails;
//   - [Floor], a floor (≥), for work avoided (a skip counter, a cache hit):
//     a skip that stops firing makes its count fall, and a ceiling would
//     pass that for ever;
//   - [Exact] (=), for a count the design fixes, where more and fewer are
//     both wrong.
//
// A time (µs per frame) is a property of the machine as much as of the code.
// Its band is a multiple of a baseline recorded on that machine, [Time]. In
// scenario source a time band is written with its tolerance only, and a
// comment saying why it is that wide:
//
//	// 40%: hover frames on a shared two-core runner spread ±25% run to run.
//	band.Time(0.40)
//
// The baseline comes per machine from the ratchet's store
// ([Band.WithBaseline]); a time band without one is unbaselined, which is
// reported as such and never as a pass.
//
// Instructions a step, counted under Valgrind, are a property of the code
// and the toolchain: the same on every machine with the same Go. Their band,
// [Instructions], is a tolerance around a recorded baseline, keyed by the
// toolchain, not the machine. The tolerance is the spread measured between
// runs and function layouts, with a margin; no load moves an instruction.
//
// # Budgets
//
// A [Budget] is what the design wrote for a number before it was measured (a
// 16.6 ms frame, zero restyles). It never moves, and its verdict is reported
// beside the band's: a number can sit inside its band for ever without once
// meeting its budget. Budgets are reported, not gated; bands gate.
//
// # Verdicts
//
// [Judge] turns a [Measured] number into a [Judged] one: the median and its
// 95% confidence interval (golang.org/x/perf/benchmath, no distributional
// assumption), the sample count, the limit, the band verdict and the budget
// verdict. A number with no samples is [Broken], never [Pass]; Broken fails.
// A time whose median is over its limit while the interval's low end is at
// or below it is flagged [Judged.Straddles]: the runner measures it once more
// in a fresh process before calling it Fail.
//
// A paired run (package paired) judges a time against another build's and
// may end [Unsure]: the interval still straddles the tolerance. Unsure is
// never a pass, and fails a gate only where the gate says so.
//
// # Wire form
//
// Every type here round-trips through encoding/json, because scenario
// children print their numbers as JSON and the parent reads them back. Bands
// carry their kind ({"kind":"time","tolerance":0.4}); verdicts are words
// ("pass", "fail", "broken", "unbaselined", "none", "unsure").
package band
