package scenario

import (
	"time"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/ui/window"
)

// Subject is a user interface a scenario drives on a virtual clock:
// perfbench's own window (what [Session.Open] attaches), or another
// toolkit's program adapted to it — package subject/gio adapts a Gio
// program, so that the runner, bands, ratchet and docs serve it unchanged
// while this package imports no Gio.
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

// Attach makes sub the session's subject and starts recording. The caller
// has opened sub and settled it (the first layout of a freshly opened
// program is not the interaction). Attach, like Open, is called once per
// session; a second call panics.
func (s *Session) Attach(sub Subject) {
	if s.sub != nil {
		panic("scenario: the session already has a subject")
	}
	s.sub = sub
	s.startRecording()
	s.start = counter.Take()
}

// Subject returns the session's subject, or nil before Open or Attach.
func (s *Session) Subject() Subject { return s.sub }

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

// engine is perfbench's window as a Subject: the window, its virtual
// clock, and the probe that collects the cost of every frame it draws.
type engine struct {
	w     *window.Window
	clk   *clock.Virtual
	probe *costProbe
}

var _ Subject = (*engine)(nil)

func (e *engine) Refresh() bool {
	n := e.w.Frames()
	e.clk.AdvanceTo(e.w.NextRefresh())
	return e.w.Frames() > n
}

func (e *engine) Wait(d time.Duration) int {
	n := e.w.Frames()
	e.clk.Advance(d)
	return int(e.w.Frames() - n)
}

func (e *engine) FrameCosts() []time.Duration { return e.probe.costs }
