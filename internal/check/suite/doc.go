// Package suite holds perfbench's own scenarios: the interactions the
// design gates, each over the shipped gallery in perfbench's window
// (package subject/engine), headless, on a virtual clock, with the null
// renderer unless the runner names another. Importing it registers them
// (package scenario's registry); only perfbench's command imports it, so
// a program measuring its own scenarios never runs, links or collides
// with these.
//
// # The six
//
// The design's five scenarios are registered in this order, then the
// sixth:
//
//   - idle: the gallery without its animation, untouched for 30 s of
//     virtual time: zero frames, zero work.
//   - hover-storm: 240 pointer crossings over table rows; each restyles at
//     most two elements and lays out none. Broken when nothing was
//     restyled.
//   - scroll: the wheel over the virtualised list; frames bucketed by
//     BoxesRebuilt == 0 (translations), of which zero restyles, relayouts
//     and hit-index rebuilds are claimed: the classification and the
//     claim never share a counter.
//   - kitchen-sink: a fixed order — a keystroke into the field reached by
//     tabbing from the top, clicks, hover, scroll, and the resize last.
//   - resize: width steps.
//   - text-pressure: the bounded caches opened far smaller than the text,
//     resized, so each must come back under its soft limit every frame.
//
// Every scenario also records primitives emitted, primitives culled and
// draw-order insertions, whatever it is about.
//
// # Bands
//
// Each number is declared in source beside its scenario as a
// [band.Spec]. A count's band is a ceiling with no tolerance: the design's
// claim where it made one (a crossing restyles ≤ 2), otherwise the value
// the current design measures, and the comment says which. A time is a
// frame's cost in µs on the drawing thread's CPU time
// (scenario.CPUFrameTime; in batches of steps where one frame is shorter
// than a few reads of that clock, see scenario.Scenario.Batch), with the
// window's wall-clock cost reported beside it; docs/architecture.md says
// how each is timed and why. Its band is a tolerance around the machine's
// recorded baseline derived from the number's measured run-to-run spread
// under load (band.TimeFromSpread, stated in the band), beside the 60 Hz
// frame budget. Allocations per frame are counts, exact in the scenario's
// own process. The ratchet (package ratchet) supplies the baselines.
package suite
