// Package gates holds perfbench's standing gates other than the scenarios,
// the workloads and verify (package verify): budget, cadence, resize and
// wall-clock, and the [Report] every gate leaves. Each is
// a perfbench subcommand and an xtask task, so it can be run alone while
// the thing it covers is being changed.
//
//   - budget: every text cache (the shaped-run cache and the glyph atlas),
//     pushed over its soft limit by a burst of unique strings, is back under
//     it when the frame ends.
//   - cadence: with the animated gallery, exactly one frame per refresh at
//     60, 75 and 240 Hz; with the idle gallery, no frame in 10 s.
//   - resize: the resize-slope workload against its same-run baseline
//     (the criterion lives in package workloads).
//   - wall-clock: absolute budgets, timed in an optimised build on the
//     thread's CPU clock (wall time reported beside), binding only on a
//     machine with a recorded baseline and advisory elsewhere.
//
// # Measuring and judging
//
// Every gate is a Measure function, which drives the engine, and a Judge
// function over what it measured, which returns a [Report]. They are
// separate so that a test can feed a judge a cache that never shrinks, a
// frame loop that draws twice per refresh or a display list one primitive
// off, and see the gate fail. A judge given nothing returns Broken, never
// Pass; Broken fails.
//
// Only wall-clock times anything against a number written in advance; the
// other gates judge counts and equalities, which are the same on every
// machine.
package gates
