package ratchet

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

// Every scenario's count of instructions is named "instructions", a
// kind's name: NAME/instructions names that number by its own name (it
// moves even within its tolerance, as a FAIL's suggested command says),
// and the scenario's other instruction counts by their kind.
func TestANumberNamedAsAKindIsNamedByItsName(t *testing.T) {
	s, err := parseSelector("resize/instructions", []string{"resize"})
	require.NoError(t, err)
	own := band.Spec{Name: "instructions", Band: band.Instructions(band.InstructionsTolerance)}
	other := band.Spec{Name: "click-instructions", Band: band.Instructions(band.InstructionsTolerance)}
	frame := band.Spec{Name: "frame", Band: band.TimeFromSpread(1.2)}

	named, explicit := rebaselines([]selector{s}, "resize", own)
	assert.True(t, named)
	assert.True(t, explicit, "its own name: moved even within its tolerance")
	named, explicit = rebaselines([]selector{s}, "resize", other)
	assert.True(t, named, "the kind")
	assert.False(t, explicit)
	named, _ = rebaselines([]selector{s}, "resize", frame)
	assert.False(t, named)
	named, _ = rebaselines([]selector{s}, "scroll", own)
	assert.False(t, named, "another scenario")
	assert.NoError(t, checkSelected([]selector{s}, map[string][]string{"resize": {"frame"}}), "a kind is never an unknown number")
}
