package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// CheckPlant names the variable and the form it wants, in one line.
func TestCheckPlant(t *testing.T) {
	assert.NoError(t, CheckPlant("PERFBENCH_BASE_PLANT", ""))
	assert.NoError(t, CheckPlant("PERFBENCH_BASE_PLANT", "hover-storm:1.1@1.2"))
	assert.EqualError(t, CheckPlant("PERFBENCH_BASE_PLANT", "hover-storm:fast"),
		`PERFBENCH_BASE_PLANT="hover-storm:fast": want SCENARIO:FACTOR or SCENARIO:FACTOR@REF with FACTOR from 1 to 1000 and REF > 0 µs, or SCENARIO:+N with N from 1 to 1e9 iterations a step, or SCENARIO:allocs+N with N from 1 to 1e6 objects a step`)
}
