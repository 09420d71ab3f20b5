// Package pool combines one scenario's results from the several processes it
// ran in into one result: the counts that must agree, the times' samples
// kept apart by process, the least of each instruction count.
package pool

import (
	"fmt"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// Runs combines one scenario's results from several processes into one:
// every count must be the same in each (counts depend on nothing but the
// code, so a difference is a bug, and Broken, naming the first frame
// whose trace differs where the subject keeps one) except one declared
// Number.Varies, which is the processes' median; every time pools its
// samples, keeping each process's apart in Runs for the estimator. A
// broken process breaks the pool.
func Runs(runs []scenario.Result) scenario.Result {
	if len(runs) == 0 {
		return scenario.Result{Broken: "no process ran"}
	}
	for k, res := range runs {
		if res.Broken != "" {
			out := scenario.Result{Name: res.Name, Broken: res.Broken}
			if len(runs) > 1 {
				out.Broken = fmt.Sprintf("process %d of %d: %s", k+1, len(runs), res.Broken)
			}
			return out
		}
	}
	// A counted process that did not finish counted nothing: the others
	// are pooled without it, and with none, nothing was.
	done := slices.DeleteFunc(slices.Clone(runs), func(res scenario.Result) bool { return res.NotCounted != "" })
	if len(done) == 0 {
		return scenario.Result{Name: runs[0].Name, NotCounted: runs[0].NotCounted}
	}
	runs = done
	first := runs[0]
	out := scenario.Result{Name: first.Name, Steps: first.Steps, Clock: first.Clock, Processes: len(runs), Varying: first.Varying}
	for i, n := range first.Numbers {
		ms := make([]band.Measured, len(runs))
		for k, res := range runs {
			if len(res.Numbers) != len(first.Numbers) || res.Numbers[i].Name != n.Name {
				out.Broken = fmt.Sprintf("process %d reported other numbers than process 1", k+1)
				return out
			}
			ms[k] = res.Numbers[i]
		}
		m, err := band.Pool(ms, slices.Contains(first.Varying, n.Name))
		if err != nil {
			out.Broken = err.Error() + firstDifference(runs)
			return out
		}
		out.Numbers = append(out.Numbers, m)
	}
	ins, err := poolInstructions(runs)
	if err != nil {
		out.Broken = err.Error()
		return out
	}
	out.Instructions, out.InstructionsTolerance = ins, first.InstructionsTolerance
	return out
}

// shownLines bounds the lines of a frame's trace a Broken reason quotes
// for each process: the first few name the object that moved, and a
// frame where a whole page appeared would quote hundreds.
const shownLines = 6

// firstDifference says where the first process whose frames' trace
// (scenario.Result.Frames) differs from process 1's parts from it: the
// first frame that differs, the step that drew it, and the lines of that
// frame one process has and the other has not (an object laid out,
// refreshed or appeared in one and not the other). It is appended to the
// reason a count that differs between processes is Broken; "" where the
// processes kept no trace.
func firstDifference(runs []scenario.Result) string {
	a := runs[0].Frames
	if a == nil {
		return ""
	}
	for k, res := range runs[1:] {
		b := res.Frames
		for i := range max(len(a), len(b)) {
			switch {
			case i >= len(a):
				return fmt.Sprintf("; the first frame that differs is frame %d%s, which process %d drew and process 1 did not: %s",
					i+1, stepOf(b[i]), k+2, quoteLines(b[i].Lines, nil))
			case i >= len(b):
				return fmt.Sprintf("; the first frame that differs is frame %d%s, which process 1 drew and process %d did not: %s",
					i+1, stepOf(a[i]), k+2, quoteLines(a[i].Lines, nil))
			case !slices.Equal(a[i].Lines, b[i].Lines) || a[i].Step != b[i].Step:
				return fmt.Sprintf("; the first frame that differs is frame %d%s: in process 1 only, %s; in process %d only, %s",
					i+1, stepOf(a[i]), quoteLines(a[i].Lines, b[i].Lines), k+2, quoteLines(b[i].Lines, a[i].Lines))
			}
		}
	}
	return "; every frame's trace is the same in every process"
}

// stepOf names the step that drew a frame.
func stepOf(f scenario.FrameTrace) string {
	if f.Step == 0 {
		return " (drawn outside every step)"
	}
	return fmt.Sprintf(" (step %d, %q)", f.Step, f.Label)
}

// quoteLines quotes the lines of lines that others lacks, as many times as
// they are more in lines, up to shownLines of them.
func quoteLines(lines, others []string) string {
	left := map[string]int{}
	for _, l := range others {
		left[l]++
	}
	var only []string
	for _, l := range lines {
		if left[l] > 0 {
			left[l]--
			continue
		}
		only = append(only, l)
	}
	switch {
	case len(only) == 0:
		return "nothing"
	case len(only) > shownLines:
		return fmt.Sprintf("%s and %d more", strings.Join(only[:shownLines], "; "), len(only)-shownLines)
	}
	return strings.Join(only, "; ")
}

// poolInstructions combines the processes' instruction counts: each
// label's least, every process's kept in Runs. The least, since what can
// move a count between processes of one build adds work (the runtime's
// scheduler on the scenario's thread, a map's probe sequence under
// another hash seed) rather than removing any. Every process must have
// counted the same labels over the same steps.
func poolInstructions(runs []scenario.Result) ([]scenario.Instructions, error) {
	first := runs[0].Instructions
	if first == nil {
		return nil, nil
	}
	out := make([]scenario.Instructions, len(first))
	for j, in := range first {
		out[j] = scenario.Instructions{Label: in.Label, Steps: in.Steps, Count: in.Count}
	}
	for k, res := range runs {
		if !slices.EqualFunc(res.Instructions, first, func(a, b scenario.Instructions) bool { return a.Label == b.Label && a.Steps == b.Steps }) {
			return nil, fmt.Errorf("process %d counted instructions over other steps than process 1", k+1)
		}
		for j, in := range res.Instructions {
			out[j].Count = min(out[j].Count, in.Count)
			if len(runs) > 1 {
				out[j].Runs = append(out[j].Runs, in.Count)
			}
		}
	}
	return out, nil
}
