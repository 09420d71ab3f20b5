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
// # Driving
//
// A scenario aims by what the program says, not by pixel: Find and Center
// look a widget up by any label Gio's semantic tree carries, and answer
// ok, false where nothing on screen has it. Targets lists every labelled
// widget and every editor on screen, each once, in tree order, with its
// role (package script) and its own box, where a pointer aimed at it
// lands: a
// description (semantic.DescriptionOp) names its own node; an editor is
// named by its hint while it is empty (material.Editor lays the hint out
// as a label at the editor's corner) and by its text once it holds some
// (one with neither is a target labelled "");
// a label with a State (widget.Selectable), which puts no label in the
// tree, is named by its text;
// the one label inside a widget that takes input (a widget.Clickable
// around a label, as material.Clickable lays it out, a check box's or a
// radio button's label) names that widget and answers with its bounds;
// any other label is a script.Label (the labels of a list, which takes
// clicks for its scrolling, among them), its box that of the text it
// drew (widget.Label's node runs to the edge of its constraints, so its
// own box is read from the glyph outlines under it).
// Roles follow the semantic class: Button, CheckBox, Editor, RadioButton,
// Switch; a node of no class that takes clicks is a Button. Where labels
// repeat (two editors with one hint) a script.Match picks the n-th, or a
// role:
//
//	x, y, ok := sub.Center("Hint", script.Match{Nth: 1})
//
// Wheel moves the pointer to its point first, as a mouse does. A
// program's background redraws (a goroutine that changes state and calls
// Invalidate, a 1 Hz ticker) are declared with Tick, on the virtual
// clock, so the frames they cause are the same in every run.
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
// methods inside Session.Drive (input sent between steps panics: its
// frame would come a step late), and Numbers gives its default numbers
// (the frame time, frames, median allocations and op bytes of a frame,
// and wakeups, each within the Bounds the scenario writes, or recorded by
// perf where it writes none). Idle gives those of input that draws
// nothing, a program left alone or a pointer moved over widgets with no
// hover (zero frames, zero wakeups: nothing that reads missing over a run
// with no frames); a run of Numbers that drew no frame is Broken, and
// says to use Idle. Allocs, AllocBytes, OpsBytes and Wakeups read its
// counts for a scenario's own. Steps is the Run of most scenarios of a
// real program: N steps of one Input (Click, Hover, Typing, Wheel,
// Resize, or the scenario's own) over a fresh program, aimed at a target
// on screen or a tour of one role, then a check that the input landed. A
// Gio subject's instructions are judged within InstructionsTolerance. perfbench's
// runner, bands, ratchet and docs then treat them as they treat
// perfbench's own; harness.Main runs them from the program's own main.
//
// # A program with its own main
//
// A Gio application's main opens a gioui.org/app window, which needs cgo
// and the platform's windowing headers. Keep the UI in an importable
// package (a type with a Layout method, importing gioui.org/widget and
// friends but never gioui.org/app), and give the module a second main
// for its scenarios, which imports the UI, this package and package
// harness: it builds with CGO_ENABLED=0. The repository's docs/programs.md
// shows the layout and its CI.
package gio
