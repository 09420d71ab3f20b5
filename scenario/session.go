package scenario

import (
	"runtime"
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

	// batch is how many consecutive steps share one thread-CPU sample
	// (Scenario.Batch; 0 or 1: every step its own).
	batch int
	// open is the batch being timed: its first step and the thread's
	// CPU time when it began; opened says one is open.
	open    Timing
	opened  bool
	timings []Timing
	// memOpen is the allocation statistics when the open batch began;
	// allocs and allocBytes sum what every closed batch allocated.
	memOpen            runtime.MemStats
	allocs, allocBytes uint64
	// gcMark is the bytes allocated at the session's last collection.
	gcMark uint64
	// plant, when set, is given each thread-CPU sample's CPU time as it
	// closes and spins for a multiple of it, inside the sample: a
	// build-tagged slowdown (see plant_on.go). It returns what its own
	// extra read of the clock cost, which the sample does not keep.
	plant func(cpu time.Duration) (read time.Duration)
}

// Timing is one thread-CPU sample: the CPU time the scenario's thread
// spent on steps First through Last (inclusive) — their input and every
// frame they drew.
type Timing struct {
	First, Last int
	CPU         time.Duration
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
	// Timings are the thread-CPU samples, in step order: one per step, or
	// one per batch of Scenario.Batch consecutive steps with the same
	// label. None where the system has no per-thread CPU clock.
	Timings []Timing
	// Allocs and AllocBytes are the heap allocations (objects and bytes)
	// the recorded steps made: their input and their frames.
	Allocs, AllocBytes uint64
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
	// Sized so that no scenario of the design grows it mid-batch, where
	// the growth would count as the frames' allocation.
	s.probe.costs = make([]time.Duration, 0, 4096)
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

// gcEvery is how much the recorded steps may allocate before the session
// collects. Garbage collection is off while a scenario is measured
// (Scenario.Measure), so no collection lands inside a sample; the session
// collects between samples instead, once this much was allocated since its
// last collection, which bounds the child's heap.
const gcEvery = 64 << 20

// startRecording settles the heap before the first recorded step: the
// steps start on a freshly collected heap, and from here on the session
// collects only between samples (see collect).
func (s *Session) startRecording() {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.gcMark = m.TotalAlloc
	// Sized so that no scenario of the design grows it mid-batch.
	s.steps = make([]Step, 0, 1024)
}

func (s *Session) record(label string, do func()) {
	if s.sub == nil {
		panic("scenario: a step before Session.Open or Session.Attach")
	}
	i := len(s.steps)
	if s.opened && (i-s.open.First >= s.batch || s.steps[s.open.First].Label != label) {
		s.closeBatch()
	}
	s.probe.caches = Caches{}
	n := len(s.sub.FrameCosts())
	before := counter.Take()
	if !s.opened {
		s.openBatch(i)
	}
	do()
	if s.batch <= 1 {
		s.closeBatch()
	}
	st := Step{Label: label, Counters: before.Delta(counter.Take()), Caches: s.probe.caches}
	if costs := s.sub.FrameCosts(); len(costs) > n {
		// The subject's own slice, which only grows: no copy, so a step
		// inside a batch allocates nothing the batch would count.
		st.Costs = costs[n:len(costs):len(costs)]
	}
	s.steps = append(s.steps, st)
}

// openBatch starts a thread-CPU sample at step first: it collects garbage
// if due, reads the allocation statistics, then the thread's CPU time, so
// neither the collection nor the reading lands in the sample.
func (s *Session) openBatch(first int) {
	s.collect()
	runtime.ReadMemStats(&s.memOpen)
	s.open = Timing{First: first}
	s.open.CPU, _ = clock.ThreadCPU()
	s.opened = true
}

// closeBatch ends the open sample after the last step done: the thread's
// CPU time first, then what the steps allocated.
func (s *Session) closeBatch() {
	if !s.opened {
		return
	}
	end, ok := clock.ThreadCPU()
	if s.plant != nil && ok {
		read := s.plant(end - s.open.CPU)
		end, _ = clock.ThreadCPU()
		end -= read
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.opened = false
	s.allocs += m.Mallocs - s.memOpen.Mallocs
	s.allocBytes += m.TotalAlloc - s.memOpen.TotalAlloc
	if ok {
		t := s.open
		// A step timed alone is closed before it is appended.
		t.Last = max(len(s.steps)-1, t.First)
		t.CPU = end - t.CPU
		s.timings = append(s.timings, t)
	}
}

// collect runs the garbage collector, outside every sample, once the
// recorded steps have allocated gcEvery bytes since the last collection.
func (s *Session) collect() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.TotalAlloc-s.gcMark >= gcEvery {
		runtime.GC()
		s.gcMark = m.TotalAlloc
	}
}

// Record returns what the session recorded so far. The steps are the
// session's own; a caller should not change them.
func (s *Session) Record() *Record {
	s.closeBatch()
	r := &Record{Steps: s.steps, Subject: s.sub, Timings: s.timings}
	if s.sub != nil {
		r.Total = s.start.Delta(counter.Take())
		r.Allocs, r.AllocBytes = s.allocs, s.allocBytes
	}
	return r
}
