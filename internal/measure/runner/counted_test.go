package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// A counted result's instructions join the timed result of the same
// scenario as one number per step label, at the scenario's own tolerance
// where it declares one; a counted break breaks it, and a result that was
// not counted says why.
func TestWithInstructions(t *testing.T) {
	frame := band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.1)}, Samples: []float64{1}}
	times := []scenario.Result{{Name: "a", Numbers: []band.Measured{frame}}, {Name: "b", Numbers: []band.Measured{frame}},
		{Name: "c", Numbers: []band.Measured{frame}}, {Name: "d", Numbers: []band.Measured{frame}}}
	counted := []scenario.Result{
		{Name: "a", Instructions: []scenario.Instructions{{Label: "cross", Steps: 4, Count: 400}}},
		{Name: "b", InstructionsTolerance: 0.01, Instructions: []scenario.Instructions{{Label: "tab", Steps: 2, Count: 10}, {Label: "type", Steps: 5, Count: 50}}},
		{Name: "c", Broken: "killed by signal killed"},
		{Name: "d", NotCounted: "not measured: valgrind not found (apt-get install valgrind)"},
	}
	got := WithInstructions(times, counted)
	a := got[0].Numbers[1]
	assert.Equal(t, "instructions", a.Name)
	assert.Equal(t, "instructions/step", a.Unit)
	assert.Equal(t, []float64{100}, a.Samples)
	assert.Equal(t, band.Instructions(band.InstructionsTolerance), a.Band)
	b := got[1].Numbers[1:]
	assert.Equal(t, "tab-instructions", b[0].Name)
	assert.Equal(t, "instructions/type-step", b[1].Unit)
	assert.Equal(t, []float64{10}, b[1].Samples)
	assert.Equal(t, 0.01, b[0].Band.Tolerance)
	assert.Equal(t, "counting instructions: killed by signal killed", got[2].Broken)
	assert.Len(t, got[3].Numbers, 1)
	assert.Contains(t, got[3].NotCounted, "valgrind not found")
	assert.Len(t, times[0].Numbers, 1, "the timed results are left as they were")
}
