package scenario

import (
	"os"
	"runtime"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock/thread"
	"github.com/perfbench/perfbench/scenario/internal/allocsites"
	"github.com/perfbench/perfbench/scenario/internal/callgrind"
	"github.com/perfbench/perfbench/scenario/internal/plant"
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
	steps []Step

	// src is the subject's counts, nil for a subject that keeps none;
	// names are their names, start their values at Attach, before their
	// values before the step being recorded. room is where the steps'
	// counts are read into, one len(names) after another, so that a
	// step allocates none inside its batch's sample.
	src           CountSource
	names         []string
	start, before []uint64
	room          []uint64
	// measured says the session is a measurement's (Scenario.MeasureWith),
	// which releases what its subject holds (Session.Hold) at the end.
	measured bool
	held     []func()

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
	plant *plant.Plant
	// count counts the steps' instructions under Valgrind.
	count callgrind.Bracket
	// stepping says a step's input and frames are running (Stepping).
	stepping bool
	// sites records the steps' allocation sites (AllocSitesEnv).
	sites allocsites.Recorder
	// work records which elements the subject's work was for
	// (WorkSitesEnv).
	work work
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
	// Counts is what the input and its frames moved of the subject's own
	// counts (CountSource): perfbench's window's are the engine's
	// counters, read by name or through package subject/engine.
	Counts Counts

	// first is the index, in the subject's FrameCosts, of the step's
	// first frame: where a frame's trace finds its step.
	first int
}

// Frames returns the number of frames the step drew.
func (s Step) Frames() int { return len(s.Costs) }

// Record is everything a run measured: its steps in order and what the
// whole run moved of the subject's counts, from Attach to the last step.
type Record struct {
	Steps []Step
	Total Counts
	// Subject is what the run drove, for a Number that reads what only
	// that subject keeps beyond its counts (package subject/engine's
	// caches, package subject/gio's frames for their medians).
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
	s.count.Begin()
	s.sites.Begin(os.Getenv(AllocSitesEnv))
	s.work.begin()
	s.count.Collect()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.gcMark = m.TotalAlloc
	// Sized so that no scenario of the design grows it mid-batch.
	s.steps = make([]Step, 0, 1024)
	if s.src != nil {
		s.names = s.src.CountNames()
		checkNames(s.names)
		k := len(s.names)
		s.start, s.before = make([]uint64, k), make([]uint64, k)
		s.room = make([]uint64, k*cap(s.steps))
	}
}

// stepCounts returns where a step's counts are read into: the next of
// the room made for them, which openBatch keeps large enough for a whole
// batch.
func (s *Session) stepCounts() []uint64 {
	k := len(s.names)
	v := s.room[:k:k]
	s.room = s.room[k:]
	return v
}

// makeRoom makes room for the counts of every step the batch about to
// open may hold, before its sample opens.
func (s *Session) makeRoom() {
	if s.src == nil {
		return
	}
	k, steps := len(s.names), max(s.batch, 1)
	if len(s.room) < k*steps {
		s.room = make([]uint64, k*max(steps, cap(s.steps)))
	}
}

func (s *Session) record(label string, do func()) {
	if s.sub == nil {
		panic("scenario: a step before Session.Attach")
	}
	i := len(s.steps)
	if s.opened && (i-s.open.First >= s.batch || s.steps[s.open.First].Label != label) {
		s.closeBatch()
	}
	s.count.Label(label)
	s.sites.Label(label)
	s.work.at(label)
	n := len(s.sub.FrameCosts())
	if s.src != nil {
		s.src.ReadCounts(s.before)
	}
	if !s.opened {
		s.openBatch(i)
	}
	s.stepping = true
	s.sites.On()
	s.count.Step(do)
	s.sites.Off()
	s.stepping = false
	if s.batch <= 1 {
		s.closeBatch()
	}
	st := Step{Label: label, first: n}
	if s.src != nil {
		v := s.stepCounts()
		s.src.ReadCounts(v)
		moved(v, s.before)
		st.Counts = Counts{Names: s.names, Values: v}
	}
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
	s.makeRoom()
	s.collect()
	runtime.ReadMemStats(&s.memOpen)
	s.open = Timing{First: first}
	s.open.CPU, _ = thread.CPU()
	s.opened = true
}

// closeBatch ends the open sample after the last step done: the thread's
// CPU time first, then what the steps allocated.
func (s *Session) closeBatch() {
	if !s.opened {
		return
	}
	if s.plant != nil && s.plant.Work != nil {
		steps := max(len(s.steps)-s.open.First, 1)
		s.sites.On()
		s.count.Extra(func() { s.plant.Work(steps) })
		s.sites.Off()
	}
	end, ok := thread.CPU()
	if s.plant != nil && s.plant.Scale != nil && ok {
		read := s.plant.Scale(end - s.open.CPU)
		end, _ = thread.CPU()
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
		s.count.Collect()
		s.gcMark = m.TotalAlloc
	}
}

// Record returns what the session recorded so far. The steps are the
// session's own; a caller should not change them.
func (s *Session) Record() *Record {
	s.closeBatch()
	s.count.Finish()
	s.sites.End()
	s.work.end()
	r := &Record{Steps: s.steps, Subject: s.sub, Timings: s.timings, Instructions: counted(s.count.Labels())}
	if s.sub != nil {
		r.Allocs, r.AllocBytes = s.allocs, s.allocBytes
	}
	if s.src != nil {
		v := make([]uint64, len(s.names))
		s.src.ReadCounts(v)
		moved(v, s.start)
		r.Total = Counts{Names: s.names, Values: v}
	}
	return r
}

// Stepping reports whether a step is running: the input of a
// [Session.Drive] (or Repeat) and the frames of it or of a
// [Session.Wait]. A subject whose input needs the frame it asks for drawn
// before the next input (a Gio click that focuses an editor before the
// keystrokes) refuses input sent outside a step, which would reach the
// program a frame late, unmeasured.
func (s *Session) Stepping() bool { return s.stepping }

// Hold takes a resource of the process for the rest of a measurement:
// acquire now, and the release it returns once Scenario.MeasureWith has
// read the numbers. A subject whose counts are the process's (package
// subject/engine's, the engine's counters) holds them from before it opens
// its window, so that no other reader in the process counts the run's
// work, nor moves its counts. A session that is no measurement's (a test's
// own) holds nothing and calls neither.
func (s *Session) Hold(acquire func() (release func())) {
	if s.measured {
		s.held = append(s.held, acquire())
	}
}

// release releases what the subject held, the last held first.
func (s *Session) release() {
	for i := len(s.held) - 1; i >= 0; i-- {
		s.held[i]()
	}
	s.held = nil
}

// counted are the labels a session counted, each with its Count left for
// the runner to read from Callgrind's dumps.
func counted(labels []callgrind.Label) []Instructions {
	var out []Instructions
	for _, l := range labels {
		out = append(out, Instructions{Label: l.Label, Steps: l.Steps})
	}
	return out
}
