package scenario

import (
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/measure/valgrind"
)

// Instructions is what the recorded steps with one label retired, counted
// by Callgrind: the CPU instructions of their input and every frame they
// drew, on the scenario's thread only, and nothing of the session's own
// bookkeeping between steps, the set-up or the garbage collector.
//
// A count depends on the code, the Go toolchain and the architecture, not
// on the machine's speed or load: it is the exact measure of the CPU work a
// change adds, where a time is an estimate.
type Instructions struct {
	// Label is the steps' label (Step.Label).
	Label string `json:"label"`
	// Steps is how many steps had the label.
	Steps int `json:"steps"`
	// Count is the instructions those steps retired together; in a pooled
	// result the least of its processes' (see Runs).
	Count uint64 `json:"count"`
	// Runs holds each process's Count where the result pools several, in
	// process order, so a spread between processes stays in view.
	Runs []uint64 `json:"runs,omitempty"`
}

// PerStep returns the instructions a step took on average.
func (in Instructions) PerStep() float64 {
	if in.Steps == 0 {
		return 0
	}
	return float64(in.Count) / float64(in.Steps)
}

// counting is a session's part in counting instructions. When the process
// runs under Valgrind (the runner's counted children run under Callgrind
// with instrumentation and collection off at start), the session switches
// Callgrind's instrumentation on at the first step and its collection on
// for each step's work alone, and dumps Callgrind's counts each time the
// label changes, naming the dump after the label; the runner reads the
// dumps back into the labels' Count. Natively it costs a step two tests
// of a false boolean.
//
// Instrumentation is what makes a process under Callgrind slow (20 to 100
// times slower than natively, against about 4 uninstrumented), and
// switching it costs a retranslation of the code that runs next, so the
// session switches it off only around long stretches that are never
// counted and not repeated a step: the set-up and first layout before the
// first step, each collection between samples (collect), and everything
// after the last step (finish).
type counting struct {
	on bool
	// instrumented says Callgrind instruments the code now; collecting,
	// that a step's work is being counted.
	instrumented, collecting bool
	// labels holds one entry per label in order of first use, Count zero;
	// open says steps were counted since the last dump, under label last.
	labels []Instructions
	open   bool
	last   string
}

// active is the counting whose steps run in this process, when it runs
// under Valgrind: a process measures one scenario at a time, on one
// thread (Scenario.MeasureWith). Nil natively.
var active *counting

// begin decides, once before the first step, whether to count.
func (c *counting) begin() {
	c.on = valgrind.Running()
	if c.on {
		active = c
	}
}

// instrument switches Callgrind's instrumentation on or off, where it is
// not already.
func (c *counting) instrument(on bool) {
	switch {
	case c.instrumented == on:
		return
	case on:
		valgrind.StartInstrumentation()
	default:
		valgrind.StopInstrumentation()
	}
	c.instrumented = on
}

// collect runs the garbage collector for the session, between samples.
// Counted, it runs uninstrumented, and it also returns every free page to
// the operating system there and then (debug.FreeOSMemory): otherwise the
// runtime's background scavenger returns them at a pace it sets by the
// clock, whenever the scenario's goroutine yields, and a step that reuses
// a page the scavenger returned costs other instructions (zeroing it,
// updating the page allocator's summaries) than one that reuses a page it
// left.
func (c *counting) collect() {
	if c.on {
		c.instrument(false)
		debug.FreeOSMemory()
		return
	}
	runtime.GC()
}

// label starts a step with label, before its sample opens: when the label
// changes, the previous label's counts are dumped.
func (c *counting) label(label string) {
	if !c.on {
		return
	}
	if c.open && c.last != label {
		c.dump()
	}
	k := len(c.labels) - 1
	for k >= 0 && c.labels[k].Label != label {
		k--
	}
	if k < 0 {
		c.labels = append(c.labels, Instructions{Label: label})
		k = len(c.labels) - 1
	}
	c.labels[k].Steps++
	c.open, c.last = true, label
}

// step counts the work of the step label started: do, and nothing around
// it. Collection is Callgrind's per OS thread, and the scenario runs
// locked to one (Scenario.MeasureWith), so no other goroutine's work
// lands here.
//
// What else can run on that thread is the runtime's scheduler, when the
// runtime's monitor preempts a goroutine that has run 10 ms of wall time
// since it was last scheduled: about 900 instructions of handing the
// processor off and back, and whatever the other goroutines did to the
// processor's caches meanwhile, in a number of places that follows the
// wall clock. The step yields first, so that its 10 ms start afresh: a
// step shorter than that under Valgrind (every step of perfbench's suite
// but the largest relayouts) is never preempted, and a longer one only
// every 10 ms.
func (c *counting) step(do func()) {
	if !c.on {
		do()
		return
	}
	c.instrument(true)
	runtime.Gosched()
	c.collecting = true
	valgrind.ToggleCollect()
	do()
	valgrind.ToggleCollect()
	c.collecting = false
}

// extra counts work the session adds to the open label's steps: a planted
// slowdown, which stands for work the steps themselves would do.
func (c *counting) extra(do func()) {
	if !c.on || !c.open {
		do()
		return
	}
	c.instrument(true)
	c.collecting = true
	valgrind.ToggleCollect()
	do()
	valgrind.ToggleCollect()
	c.collecting = false
}

// dump ends the open label's counting: Callgrind writes what it counted
// since its last dump to a file whose trigger names the label.
func (c *counting) dump() {
	if c.on && c.open {
		valgrind.DumpStatsAt(c.last)
		c.open = false
	}
}

// finish ends the session's counting after its last step: what runs
// after (the scenario's checks, reading the numbers, encoding the
// result) runs uninstrumented.
func (c *counting) finish() {
	c.dump()
	if c.on {
		c.instrument(false)
	}
}

// Counting reports whether this process counts a scenario's instructions:
// the runner started it under Callgrind. A counted process gives its
// scenario instructions and nothing else (its times and counts are the
// timed processes'), so a subject may leave out there what only a
// headless harness does and no instruction counts: subject/fyne skips
// its software painter, which under Callgrind runs instrumented, tens of
// times slower than natively, for pixels nobody reads.
func Counting() bool { return underValgrind() }

// underValgrind asks Valgrind once a process.
var underValgrind = sync.OnceValue(valgrind.Running)

// Uncounted runs do, a part of a step that only a headless harness does,
// outside the step's instructions: a subject calls it around the software
// painter that fills the pixels a real program's driver hands the GPU
// (package subject/fyne's capture of the window), so that a step counts
// the program's own work. Under Callgrind do runs with collection off; its
// time stays in the step's, as the frame's. Natively, and outside a
// counted step, it only calls do.
//
// Instrumentation stays on around do: switching it costs a retranslation
// of every block that runs next, twice a frame, which cost Fyne's hover
// as much as instrumenting its painter (27.3 s of CPU a process against
// 27.1 s), and left the steps' own code to be translated again inside
// their count, longer in wall time and so preempted more: two processes
// read 0.6% apart, against 0.26% with instrumentation left on.
func Uncounted(do func()) {
	c := active
	if c == nil || !c.collecting {
		do()
		return
	}
	valgrind.ToggleCollect()
	c.collecting = false
	do()
	c.collecting = true
	valgrind.ToggleCollect()
}

// InstructionNumbers are the result's instructions a step, per label, as
// instructions numbers (band.Instructions) judged by the tolerance the scenario
// or its subject declared (InstructionsTolerance), else
// band.InstructionsTolerance: named "instructions" in instructions/step
// where the scenario has one label, "LABEL-instructions" in
// instructions/LABEL-step where it has several.
func (r Result) InstructionNumbers() []band.Measured {
	tolerance := band.InstructionsTolerance
	if r.InstructionsTolerance > 0 {
		tolerance = r.InstructionsTolerance
	}
	var out []band.Measured
	for _, in := range r.Instructions {
		name, unit := "instructions", "instructions/step"
		if len(r.Instructions) > 1 {
			name, unit = in.Label+"-instructions", "instructions/"+in.Label+"-step"
		}
		m := band.Measured{Spec: band.Spec{Name: name, Unit: unit, Band: band.Instructions(tolerance)}}
		if in.Steps > 0 && in.Count > 0 {
			m.Samples = []float64{in.PerStep()}
		}
		out = append(out, m)
	}
	return out
}
