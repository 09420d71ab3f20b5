package scenario

import (
	"sync"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/measure/valgrind"
	"github.com/perfbench/perfbench/scenario/internal/callgrind"
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
func Uncounted(do func()) { callgrind.Outside(do) }

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
