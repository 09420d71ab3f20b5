package engine

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window"
)

// Subject is perfbench's window as a scenario.Subject: the window, its
// virtual clock, and the probe that collects what every frame it draws
// cost and left in the bounded caches. Its counts are the engine's
// process-wide counters (counter.Source), which the session records step
// by step. [Open] makes one and attaches it.
type Subject struct {
	counter.Source
	w     *window.Window
	clk   *clock.Virtual
	probe probe
}

var (
	_ scenario.Subject     = (*Subject)(nil)
	_ scenario.CountSource = (*Subject)(nil)
)

// Caches is the size of each of the engine's bounded caches, in entries.
type Caches struct {
	// Runs is the shaped runs the text shaper holds.
	Runs int
	// Glyphs is the glyph masks the atlas holds.
	Glyphs int
}

// probe collects the cost of every frame the window draws, so a step that
// spans several refreshes (a Wait) still sees each frame, and the caches'
// sizes at the end of each.
type probe struct {
	costs  []time.Duration
	caches []Caches
	next   window.FrameProbe // the caller's own probe, if any
}

func (p *probe) FrameEnded(w *window.Window) {
	p.costs = append(p.costs, w.LastFrame().Cost)
	runs, _, glyphs, _ := w.TextCaches()
	p.caches = append(p.caches, Caches{Runs: runs, Glyphs: glyphs})
	if p.next != nil {
		p.next.FrameEnded(w)
	}
}

// Open opens doc in a window on a fresh virtual clock, settles it with
// Quiet (the first cascade, layout, shaping and emission of a freshly
// opened document are not the interaction) and attaches it to the session,
// which starts recording. The scenario then drives the returned window
// inside s.Drive.
//
// The window draws with the renderer the session names (s.Renderer(): the
// runner's --renderer, registered with package renderer), the null
// renderer when it names none. opts gives the window's size, display and
// caches; its Clock and Renderer must be unset, because a scenario is
// headless on the session's virtual clock by definition. A Probe in opts
// is still called after every frame.
//
// The counters are the process's: Open holds them (counter.Exclusive,
// through Session.Hold) from before it opens the window to the end of the
// measurement, so no other reader in the process counts the run's work.
func Open(s *scenario.Session, doc *document.Document, opts window.Options) *window.Window {
	if s.Subject() != nil {
		panic("engine: Open on a session that already has a subject")
	}
	if opts.Clock != nil || opts.Renderer != nil {
		panic("engine: a scenario runs on the session's virtual clock and the renderer it names; leave Options.Clock and Options.Renderer unset")
	}
	s.Hold(counter.Exclusive)
	if name := s.Renderer(); name != "" && name != "null" {
		r, err := renderer.New(name)
		if err != nil {
			panic("engine: renderer: " + err.Error())
		}
		opts.Renderer = r
	}
	sub := &Subject{clk: &clock.Virtual{}}
	sub.probe.next = opts.Probe
	opts.Clock, opts.Probe = sub.clk, &sub.probe
	if s.RecordsWork() {
		// Only the process that records allocation sites says which
		// elements did the work: no timed or counted one pays for it.
		next := opts.Work
		opts.Work = func(k window.Work) {
			s.Work(k.Count, k.Element, k.Why, k.N)
			if next != nil {
				next(k)
			}
		}
	}
	sub.w = window.New(doc, opts)
	sub.w.Quiet()
	// Sized so that no scenario of the design grows them mid-batch, where
	// the growth would count as the frames' allocation.
	sub.probe.costs = make([]time.Duration, 0, 4096)
	sub.probe.caches = make([]Caches, 0, 4096)
	s.Attach(sub)
	return sub.w
}

// Window returns the subject's window.
func (e *Subject) Window() *window.Window { return e.w }

// Refresh advances the clock to the window's next refresh and reports
// whether it drew a frame there.
func (e *Subject) Refresh() bool {
	n := e.w.Frames()
	e.clk.AdvanceTo(e.w.NextRefresh())
	return e.w.Frames() > n
}

// Wait advances the clock by d and returns how many frames fell due.
func (e *Subject) Wait(d time.Duration) int {
	n := e.w.Frames()
	e.clk.Advance(d)
	return int(e.w.Frames() - n)
}

// FrameCosts returns the cost of every frame drawn since Open.
func (e *Subject) FrameCosts() []time.Duration { return e.probe.costs }

// FrameCaches returns the caches' sizes at the end of every frame drawn
// since Open, after the frame brought each back under its soft limit.
func (e *Subject) FrameCaches() []Caches { return e.probe.caches }
