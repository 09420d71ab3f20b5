// Package scenario drives the interactions perfbench measures and gates:
// each scenario is one interaction over one document, headless, on a
// virtual clock, with the null renderer, and every number it reports
// carries a band.
//
// # The five
//
// The design's five scenarios are registered in this order:
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
// frame's cost in µs on the clock the declaration names: the drawing
// thread's CPU time ([CPUFrameTime]; in batches of steps where one frame
// is shorter than a few reads of that clock, see [Scenario.Batch]), with
// the window's wall-clock cost reported beside it; docs/architecture.md
// says how each is timed and why. Its
// band is a tolerance around the machine's recorded baseline derived
// from the number's measured run-to-run spread under load
// (band.TimeFromSpread, stated in the band), beside the 60 Hz frame
// budget. Allocations per frame are counts, exact in the scenario's own
// process. The ratchet (package ratchet) supplies the baselines.
//
// # Repeats
//
// The [Runner] runs each scenario in [DefaultRepeats] processes,
// interleaved round by round with the other scenarios', and [Pool]s them:
// counts must agree in every process, and a time is estimated by the
// median of the processes' fastest samples (band.Estimate). While a scenario is
// measured its goroutine is locked to one OS thread and garbage
// collection is off; the session collects between samples.
//
// # Contract
//
//   - Each scenario runs in its own process ([Runner]): the runner starts
//     its own binary once per scenario (`BINARY scenario-child NAME`, which
//     calls [ServeChild]) and reads the [Result] back as JSON. A process
//     that panics, exits non-zero, is killed, hangs past its timeout or
//     prints what does not parse is Broken, with the tail of its stderr,
//     and Broken fails.
//   - Session.Open calls Quiet before anything is recorded: the first
//     cascade, layout, shaping and emission of a freshly opened document
//     are not the interaction.
//   - Counts depend on nothing but the code: two runs of a scenario, in
//     one process or two, report the same counts.
//   - A scenario whose interaction did not happen as designed (the
//     pointer hit nothing, Tab found no field) is Broken, never Pass: its
//     numbers would pass every ceiling and prove nothing.
//
// # Subjects
//
// A scenario drives a [Subject]: something with a virtual clock that draws
// frames when asked and says what each cost. [Session.Open] opens
// perfbench's own window as the subject; [Session.Attach] takes any other,
// which the scenario then drives through its own input methods inside
// [Session.Drive]. Package subject/gio adapts a Gio program (gio.Attach),
// so a Gio user's scenarios get the same runner, bands, ratchet and docs
// page; this package imports no Gio, and a test reads the import graph to
// keep it so. A [Number] reads counts only one subject keeps through
// [Record.Subject].
//
// # Your own scenarios
//
// A program that measures its own documents (or its own Gio program)
// registers scenarios with [Register] from an init function, so that its
// runner's child, the same binary, has them too, and calls [Main] from its
// main: `PROGRAM scenarios` runs and judges them, `PROGRAM perf` also
// keeps their baselines and docs page, and the runner's child command is
// answered. See the package example and examples/gioapp in the
// repository.
package scenario
