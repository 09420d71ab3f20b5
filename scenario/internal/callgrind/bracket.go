// Package callgrind brackets a session's steps for Callgrind: it switches
// instrumentation and collection on around each step's work alone and
// dumps the counts where the label changes, so that the runner (package
// internal/measure/callgrind reads the dumps) gives each label its
// instructions. Natively it costs a step two tests of a false boolean.
package callgrind

import (
	"runtime"
	"runtime/debug"

	"github.com/perfbench/perfbench/internal/measure/valgrind"
)

// Bracket is a session's part in counting instructions. When the process
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
type Bracket struct {
	on bool
	// instrumented says Callgrind instruments the code now; collecting,
	// that a step's work is being counted.
	instrumented, collecting bool
	// labels holds one entry per label in order of first use, Count zero;
	// open says steps were counted since the last dump, under label last.
	labels []Label
	open   bool
	last   string
}

// active is the counting whose steps run in this process, when it runs
// under Valgrind: a process measures one scenario at a time, on one
// thread (Scenario.MeasureWith). Nil natively.
var active *Bracket

// Begin decides, once before the first step, whether to count.
func (c *Bracket) Begin() {
	c.on = valgrind.Running()
	if c.on {
		active = c
	}
}

// instrument switches Callgrind's instrumentation on or off, where it is
// not already.
func (c *Bracket) instrument(on bool) {
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

// Collect runs the garbage collector for the session, between samples.
// Counted, it runs uninstrumented, and it also returns every free page to
// the operating system there and then (debug.FreeOSMemory): otherwise the
// runtime's background scavenger returns them at a pace it sets by the
// clock, whenever the scenario's goroutine yields, and a step that reuses
// a page the scavenger returned costs other instructions (zeroing it,
// updating the page allocator's summaries) than one that reuses a page it
// left.
func (c *Bracket) Collect() {
	if c.on {
		c.instrument(false)
		debug.FreeOSMemory()
		return
	}
	runtime.GC()
}

// Label starts a step with label, before its sample opens: when the label
// changes, the previous label's counts are dumped.
func (c *Bracket) Label(label string) {
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
		c.labels = append(c.labels, Label{Label: label})
		k = len(c.labels) - 1
	}
	c.labels[k].Steps++
	c.open, c.last = true, label
}

// Step counts the work of the step Label started: do, and nothing around
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
func (c *Bracket) Step(do func()) {
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

// Extra counts work the session adds to the open label's steps: a planted
// slowdown, which stands for work the steps themselves would do.
func (c *Bracket) Extra(do func()) {
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
func (c *Bracket) dump() {
	if c.on && c.open {
		valgrind.DumpStatsAt(c.last)
		c.open = false
	}
}

// Finish ends the session's counting after its last step: what runs
// after (the scenario's checks, reading the numbers, encoding the
// result) runs uninstrumented.
func (c *Bracket) Finish() {
	c.dump()
	if c.on {
		c.instrument(false)
	}
}

// Outside runs do outside the counted step that runs now on this
// process's counting, if one does (scenario.Uncounted).
func Outside(do func()) {
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

// Label is the counted steps of one label: how many there were. The
// runner reads their instructions back from Callgrind's dump of the
// label.
type Label struct {
	Label string
	Steps int
}

// Labels returns one entry per label counted, in order of first use.
func (c *Bracket) Labels() []Label { return c.labels }

// Counted reports whether this session counts its instructions: its
// process runs under Valgrind.
func (c *Bracket) Counted() bool { return c.on }
