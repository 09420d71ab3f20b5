package scenario

import (
	"time"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window"
)

// NewRenderer, when set, makes the renderer every Session draws with; nil
// means the null renderer. A scenario's child process sets it from its
// --renderer flag before it measures.
var NewRenderer func() (renderer.Renderer, error)

// Session is one run of a scenario: the subject it drives on a virtual
// clock, and the record of every step. A scenario's Run opens perfbench's
// window once with [Session.Open] (or attaches another subject with
// [Session.Attach]) and then drives it with [Session.Step] (or
// [Session.Drive]) and [Session.Wait]; the runner reads the [Record] back.
//
// A Session is used by one goroutine. The zero Session is ready for Open.
type Session struct {
	sub   Subject
	w     *window.Window
	clk   *clock.Virtual
	probe costProbe
	start counter.Snapshot
	steps []Step
}

// Step is one step of a scenario: one input (or none) and the frames the
// clock reached afterwards.
type Step struct {
	// Label says what the step did ("tab", "type", "click checkbox"); the
	// scenarios use it to pick steps out of the record.
	Label string
	// Costs holds the real duration of every frame the step drew
	// (window.FrameInfo.Cost), in order. A step that drew nothing has none.
	Costs []time.Duration
	// Counters is what the input and its frames moved.
	Counters counter.Snapshot
	// Caches is the most each bounded cache held at the end of any frame
	// the step drew, after the frame brought it back under its soft limit;
	// zero for a step that drew nothing.
	Caches Caches
}

// Caches is the size of each of the engine's bounded caches, in entries.
type Caches struct {
	// Runs is the shaped runs the text shaper holds.
	Runs int
	// Glyphs is the glyph masks the atlas holds.
	Glyphs int
}

func (c Caches) max(o Caches) Caches {
	return Caches{Runs: max(c.Runs, o.Runs), Glyphs: max(c.Glyphs, o.Glyphs)}
}

// Frames returns the number of frames the step drew.
func (s Step) Frames() int { return len(s.Costs) }

// Record is everything a run measured: its steps in order and the counters
// the whole run moved, from the end of Quiet to the last step.
type Record struct {
	Steps []Step
	Total counter.Snapshot
	// Subject is what the run drove, for a Number that reads counts only
	// that subject keeps (package subject/gio's, for a Gio program).
	Subject Subject
}

// costProbe collects the cost of every frame the window draws, so a step
// that spans several refreshes (a Wait) still sees each frame.
type costProbe struct {
	costs  []time.Duration
	caches Caches            // the largest sizes at the end of a frame since the last reset
	next   window.FrameProbe // the caller's own probe, if any
}

func (p *costProbe) FrameEnded(w *window.Window) {
	p.costs = append(p.costs, w.LastFrame().Cost)
	runs, _, glyphs, _ := w.TextCaches()
	p.caches = p.caches.max(Caches{Runs: runs, Glyphs: glyphs})
	if p.next != nil {
		p.next.FrameEnded(w)
	}
}

// Open opens doc in a window on a fresh virtual clock with the null
// renderer, settles it with Quiet (the first cascade, layout, shaping and
// emission of a freshly opened document are not the interaction) and
// starts recording. opts gives the window's size and display; its Clock
// and Renderer must be unset, because a scenario is headless on a virtual
// clock by definition. A Probe in opts is still called after every frame.
//
// Open is called once per session; a second call panics.
func (s *Session) Open(doc *document.Document, opts window.Options) *window.Window {
	if s.sub != nil {
		panic("scenario: Session.Open called twice, or after Attach")
	}
	if opts.Clock != nil || opts.Renderer != nil {
		panic("scenario: a scenario runs on the session's virtual clock and the renderer NewRenderer makes; leave Options.Clock and Options.Renderer unset")
	}
	if NewRenderer != nil {
		r, err := NewRenderer()
		if err != nil {
			panic("scenario: renderer: " + err.Error())
		}
		opts.Renderer = r
	}
	s.clk = &clock.Virtual{}
	s.probe.next = opts.Probe
	opts.Clock, opts.Probe = s.clk, &s.probe
	s.w = window.New(doc, opts)
	s.w.Quiet()
	s.probe.costs = s.probe.costs[:0]
	s.Attach(&engine{w: s.w, clk: s.clk, probe: &s.probe})
	return s.w
}

// Window returns the window Open opened, or nil before Open.
func (s *Session) Window() *window.Window { return s.w }

// Step performs input on the window and advances the clock to the next
// refresh, where a frame the input asked for is drawn; it records what the
// step cost and moved. input may be nil for a step that only lets a
// refresh pass.
func (s *Session) Step(label string, input func(w *window.Window)) {
	if s.w == nil {
		panic("scenario: Session.Step before Session.Open")
	}
	s.Drive(label, func() {
		if input != nil {
			input(s.w)
		}
	})
}

// Wait advances the clock by d without any input and records every frame
// drawn meanwhile (none, for a subject with nothing to do).
func (s *Session) Wait(label string, d time.Duration) {
	s.record(label, func() { s.sub.Wait(d) })
}

func (s *Session) record(label string, do func()) {
	if s.sub == nil {
		panic("scenario: a step before Session.Open or Session.Attach")
	}
	s.probe.caches = Caches{}
	n := len(s.sub.FrameCosts())
	before := counter.Take()
	do()
	st := Step{Label: label, Counters: before.Delta(counter.Take()), Caches: s.probe.caches}
	if costs := s.sub.FrameCosts()[n:]; len(costs) > 0 {
		st.Costs = append([]time.Duration(nil), costs...)
	}
	s.steps = append(s.steps, st)
}

// Record returns what the session recorded so far. The steps are the
// session's own; a caller should not change them.
func (s *Session) Record() *Record {
	r := &Record{Steps: s.steps, Subject: s.sub}
	if s.sub != nil {
		r.Total = s.start.Delta(counter.Take())
	}
	return r
}
