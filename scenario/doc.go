// Package scenario declares interactions and records what they cost: each
// scenario drives one [Subject] (a user interface on a virtual clock,
// headless) through its input methods, and every number it reports is
// read off the [Record] and carries a band.
//
// It is the part every program shares: perfbench's own scenarios (package
// suite, over perfbench's window in package subject/engine) and a Gio
// program's (package subject/gio) declare and record the same way, and
// the runner (package runner), the ratchet and the front end (package
// harness) treat them alike. It imports band and the thread's CPU clock
// (internal/instrument/clock/thread) only — no engine, its counters, renderer, ratchet or
// toolkit — and a test reads the import graph to keep it so.
//
// # Declaring
//
// A [Scenario] has a name, a Run that attaches its subject and drives it,
// and its [Number]s, each a [band.Spec] written in source beside the
// scenario and a Value that reads samples off the record. This package's
// values ([FrameTimes], [CPUFrameTime], [FrameCount], [StepCount],
// [AllocsPerFrame]) read what every subject has; a subject package adds
// values for what only it keeps. A scenario whose interaction did not
// happen as designed (the pointer hit nothing, no field took the
// keystroke) returns an error from Run and is Broken, never Pass: its
// numbers would pass every ceiling and prove nothing.
//
// # Recording
//
// A [Session] is one run: [Session.Attach] takes the settled subject,
// [Session.Drive] performs one input and lets the subject draw the frame
// it asked for, [Session.Wait] lets time pass. Each is a [Step] of the
// record: its label, the cost of every frame it drew, and what it moved of
// the subject's own counts ([CountSource]: the engine's counters for
// perfbench's window, a toolkit subject's allocations and refreshes). Times are taken on the drawing thread's CPU clock
// per step, or per batch of steps ([Scenario.Batch]); while a scenario is
// measured its goroutine is locked to one OS thread and garbage collection
// is off, the session collecting between samples.
//
// # Your own scenarios
//
// A program registers its scenarios with [Register] from an init
// function, so that the runner's child, the same binary started once per
// scenario, has them too, and calls harness.Main from its main. Each
// scenario must run in a fresh process of its own for its counts to be
// exact: package-level state of the program (a cache the first run
// filled, a map grown once) makes a second [Scenario.Measure] in the same
// process start where the first left off. See examples/gioapp in the
// repository.
package scenario
