// Package gio runs a Gio program (gioui.org) headless as a subject that
// perfbench measures: a user's func(gtx layout.Context) layout.Dimensions,
// laid out at a given size and metric, with real input delivered through
// Gio's own input.Router, frame by frame on a virtual clock.
//
// It is the only part of perfbench that imports Gio: the harness (scenario,
// band, ratchet, the CLI's core) imports none of it, and a test checks the
// import graph.
//
// # One frame
//
// Input is queued into the router the way Gio's app.Window queues it
// (Router.Queue, then Router.WakeupTime to learn whether any handler took
// it); that is the routing, timed on its own. A frame is what a Gio window
// does when it draws, less the GPU: op.Ops.Reset, the program's layout
// function with a fresh layout.Context, and Router.Frame over the recorded
// ops, which collects the handlers for the next frame's events. Its cost
// is the wall time of those three. A frame is drawn at a refresh of the
// virtual clock only when something asked for one: input a handler took,
// a resize, or the router's wakeup (op.InvalidateCmd, an animation). An
// untouched program with nothing animating draws zero frames.
//
// # Counts
//
// Every frame reports exact counts: heap allocations and bytes
// (runtime.ReadMemStats around the frame, outside the timed part), the
// bytes and references of the recorded op list, and whether the router
// asked for another frame. The text shaper's caches are unexported in Gio
// v0.10 and keep no statistics, so their misses are not observable from
// outside; this package does not report them rather than report a guess.
//
// Counts are a property of the program and the input: two runs of one
// script report the same counts (a test holds that). A single frame's
// allocations are the exception: the router keeps its handlers in a Go
// map, seeded per map, so the frame in which the map's table grows moves
// by a frame between runs. Allocations are therefore reported as the
// median per frame (Median, Allocs), which does not move.
//
// # Scenarios
//
// A Subject is a scenario.Subject: Attach opens a program and hands it to
// a scenario session, the scenario drives it with the Subject's input
// methods inside Session.Drive, and Allocs, AllocBytes, OpsBytes and
// Wakeups read its counts for the scenario's Numbers. perfbench's runner,
// bands, ratchet and docs then treat them as they treat perfbench's own;
// harness.Main runs them from the program's own main.
package gio
