package scenario

import (
	"runtime"
	"time"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
)

// Session is one run of a scenario: the subject it drives on a virtual
// clock, and the record of every step. A scenario's Run attaches its
// subject once with [Session.Attach] (package subject/engine's Open and
// subject/gio's Attach do it for their subjects), drives it with
// [Session.Drive] and lets time pass with [Session.Wait]; the runner reads
// the [Record] back.
//
// A Session is used by one goroutine. The zero Session is ready for
// Attach.
type Session struct {
	sub   Subject
	opts  Options
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
	// plant, when set, is a build-tagged slowdown inside every
	// thread-CPU sample (see plant_on.go).
	plant *plant
	// count counts the steps' instructions under Valgrind.
	count counting
}

// plant is a slowdown planted in thread-CPU samples, in one of two
// forms. work, when set, runs before the sample's closing read of the
// clock, given how many steps the sample timed: a fixed amount of work
// per step, with no clock read of its own. scale, when set, runs after
// that read, given the sample's CPU time; it spins for a multiple of
// it, and returns what its own extra read of the clock cost, which the
// sample does not keep.
type plant struct {
	work  func(steps int)
	scale func(cpu time.Duration) (read time.Duration)
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
	// (Subject.FrameCosts), in order. A step that drew nothing has none.
	Costs []time.Duration
	// Counters is what the input and its frames moved of the
	// process-wide counters (package counter), which perfbench's engine
	// keeps; another subject's steps read zero there and keep their own
	// counts (see Record.Subject).
	Counters counter.Snapshot
}

// Frames returns the number of frames the step drew.
func (s Step) Frames() int { return len(s.Costs) }

// Record is everything a run measured: its steps in order and the counters
// the whole run moved, from Attach to the last step.
type Record struct {
	Steps []Step
	Total counter.Snapshot
	// Subject is what the run drove, for a Number that reads counts only
	// that subject keeps (package subject/engine's caches, package
	// subject/gio's allocations and op lists).
	Subject Subject
	// Timings are the thread-CPU samples, in step order: one per step, or
	// one per batch of Scenario.Batch consecutive steps with the same
	// label. None where the system has no per-thread CPU clock.
	Timings []Timing
	// Allocs and AllocBytes are the heap allocations (objects and bytes)
	// the recorded steps made: their input and their frames.
	Allocs, AllocBytes uint64
	// Instructions has one entry per step label, in order of first use,
	// when the process runs under Valgrind, with Count zero: Callgrind
	// holds the counts, and the runner reads them from its files (package
	// runner, Runner.Instructions). Nil natively.
	Instructions []Instructions
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
	s.count.begin()
	s.count.collect()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.gcMark = m.TotalAlloc
	// Sized so that no scenario of the design grows it mid-batch.
	s.steps = make([]Step, 0, 1024)
}

func (s *Session) record(label string, do func()) {
	if s.sub == nil {
		panic("scenario: a step before Session.Attach")
	}
	i := len(s.steps)
	if s.opened && (i-s.open.First >= s.batch || s.steps[s.open.First].Label != label) {
		s.closeBatch()
	}
	s.count.label(label)
	n := len(s.sub.FrameCosts())
	before := counter.Take()
	if !s.opened {
		s.openBatch(i)
	}
	s.count.step(do)
	if s.batch <= 1 {
		s.closeBatch()
	}
	st := Step{Label: label, Counters: before.Delta(counter.Take())}
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
	if s.plant != nil && s.plant.work != nil {
		steps := max(len(s.steps)-s.open.First, 1)
		s.count.extra(func() { s.plant.work(steps) })
	}
	end, ok := clock.ThreadCPU()
	if s.plant != nil && s.plant.scale != nil && ok {
		read := s.plant.scale(end - s.open.CPU)
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
		s.count.collect()
		s.gcMark = m.TotalAlloc
	}
}

// Record returns what the session recorded so far. The steps are the
// session's own; a caller should not change them.
func (s *Session) Record() *Record {
	s.closeBatch()
	s.count.dump()
	r := &Record{Steps: s.steps, Subject: s.sub, Timings: s.timings, Instructions: s.count.labels}
	if s.sub != nil {
		r.Total = s.start.Delta(counter.Take())
		r.Allocs, r.AllocBytes = s.allocs, s.allocBytes
	}
	return r
}
