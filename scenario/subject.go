package scenario

import (
	"fmt"
	"time"
)

// Subject is a user interface a scenario drives on a virtual clock:
// perfbench's own window (package subject/engine), a Gio program (package
// subject/gio), or any other toolkit's program adapted to it, so that the
// runner, bands, ratchet and docs serve it unchanged while this package
// imports none of them.
//
// Input is the subject's own business (a scenario calls its methods inside
// [Session.Drive]); the session only needs to let time pass and to read
// what each frame cost.
type Subject interface {
	// Refresh advances the subject's clock to its next refresh, where a
	// frame that something asked for is drawn, and reports whether one
	// was.
	Refresh() bool
	// Wait advances the subject's clock by d, drawing every frame that
	// falls due, and returns how many were.
	Wait(d time.Duration) int
	// FrameCosts returns the real duration of every frame drawn since the
	// subject was attached, in order. The session reads each step's
	// frames off its end, so it only ever grows.
	FrameCosts() []time.Duration
}

// InstructionsTolerant is a Subject whose own randomness moves the
// instructions a step retires more than the runner's default tolerance
// allows: a Gio program's input router keeps maps whose probes follow the
// process's hash seed. A scenario that sets no
// [Scenario.InstructionsTolerance] of its own is judged with the
// subject's.
type InstructionsTolerant interface {
	InstructionsTolerance() float64
}

// FrameTracer is a Subject that can say what each frame it drew did, and
// to which objects: a Fyne window's objects laid out, refreshed and
// appeared. Where a count differs between two processes of a scenario, the
// runner compares their traces and names the first frame that differs and
// the objects it did something to in one process and not the other (see
// [Result].Frames).
type FrameTracer interface {
	// FrameTrace returns one entry per frame drawn since the subject was
	// attached, in order: lines that each say what the frame did to one
	// object, naming it by what a person could find it by (its type, its
	// text, its position), in an order that depends on nothing but the
	// program and its input. It is called once, after the run, so it may
	// take its time.
	FrameTrace() [][]string
}

// Attach makes sub the session's subject and starts recording. The caller
// has opened sub and settled it (the first layout of a freshly opened
// program is not the interaction). Attach is called once per session; a
// second call panics.
func (s *Session) Attach(sub Subject) {
	if s.sub != nil {
		panic("scenario: the session already has a subject")
	}
	if sub == nil {
		panic("scenario: Attach(nil)")
	}
	s.sub = sub
	s.src, _ = sub.(CountSource)
	s.startRecording()
	if s.src != nil {
		s.src.ReadCounts(s.start)
	}
}

// Subject returns the session's subject, or nil before Attach.
func (s *Session) Subject() Subject { return s.sub }

// Renderer returns the renderer the run was asked to draw with
// ([Options].Renderer): "" for the subject's own default. A subject that
// draws with a choice of renderers (package subject/engine) reads it when
// it opens; one that has no choice refuses any other.
func (s *Session) Renderer() string { return s.opts.Renderer }

// Drive performs input (which calls the subject's own input methods; nil
// for none) and advances the subject's clock to its next refresh, where a
// frame the input asked for is drawn; it records what the step cost and
// moved.
func (s *Session) Drive(label string, input func()) {
	s.record(label, func() {
		if input != nil {
			input()
		}
		s.sub.Refresh()
	})
}

// Wait advances the subject's clock by d without any input and records
// every frame drawn meanwhile (none, for a subject with nothing to do).
func (s *Session) Wait(label string, d time.Duration) {
	s.record(label, func() { s.sub.Wait(d) })
}

// Steps returns a Run of n steps, each driven with Session.Drive under
// label: the shape of most scenarios (n crossings, n wheel steps, n
// keystrokes). open attaches the subject and returns what step i does (its
// input, i from 0 to n-1), or an error when the interaction cannot happen
// (what it aims at is not on screen), which makes the run Broken as
// Run's error does. An n below 1 or a nil open panics: a run of no steps would
// measure nothing.
func Steps(label string, n int, open func(s *Session) (step func(i int), err error)) func(*Session) error {
	if n < 1 || open == nil {
		panic(fmt.Sprintf("scenario: Steps(%q, %d, …): want at least one step and an open", label, n))
	}
	return func(s *Session) error {
		step, err := open(s)
		if err != nil {
			return err
		}
		s.Repeat(label, n, step)
		return nil
	}
}

// Repeat drives n steps under label, step i's input being input(i): the
// loop of a Run that checks, after its steps, that the interaction
// happened. An n below 0 or a nil input panics.
func (s *Session) Repeat(label string, n int, input func(i int)) {
	if n < 0 || input == nil {
		panic(fmt.Sprintf("scenario: Repeat(%q, %d, …): want no fewer than 0 steps and an input", label, n))
	}
	for i := range n {
		s.Drive(label, func() { input(i) })
	}
}
