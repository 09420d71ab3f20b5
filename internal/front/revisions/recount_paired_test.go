package revisions

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/scenario"
)

// A paired run counts again the scenarios whose head reads above base by
// more than half their tolerance on some label: a no-op commit of
// fyne-io's calculator read 926694 → 958667 instructions a tap (+3.5%,
// past Fyne's 2%) with one process a side, and failed.
func TestAPairedRunRecountsWhatReadsNearItsTolerance(t *testing.T) {
	res := func(name string, tol float64, counts ...uint64) scenario.Result {
		r := scenario.Result{Name: name, InstructionsTolerance: tol}
		for i, c := range counts {
			r.Instructions = append(r.Instructions, scenario.Instructions{Label: []string{"tap", "type"}[i], Steps: 10, Count: c})
		}
		return r
	}
	head := []scenario.Result{
		res("calc-taps", 0.02, 958667),     // +3.5%: past
		res("calc-long", 0.02, 1000, 1011), // +1.1% on its second label: over half of 2%
		res("quiet", 0.02, 1000, 1009),     // +0.9%: under half
		res("engine", 0, 1002),             // +0.2% against the default 0.25%: over half
		res("fell", 0.02, 900),             // fewer: nothing to confirm
		{Name: "unmeasured", NotCounted: "timed out"},
	}
	base := []scenario.Result{
		res("calc-taps", 0.02, 926694),
		res("calc-long", 0.02, 1000, 1000),
		res("quiet", 0.02, 1000, 1000),
		res("engine", 0, 1000),
		res("fell", 0.02, 1000),
		res("unmeasured", 0.02, 1000),
	}
	assert.Equal(t, []string{"calc-taps", "calc-long", "engine"}, counting.NearTolerance(head, base))
	assert.Empty(t, counting.NearTolerance(base, base), "a build against itself, read alike")
}
