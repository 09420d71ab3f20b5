//go:build perfbench_plant

package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A plant build refuses a malformed PERFBENCH_PLANT up front with the
// error its children would panic with.
func TestCheckPlantEnv(t *testing.T) {
	t.Setenv(PlantEnv, "hover-storm:2")
	assert.NoError(t, CheckPlantEnv())
	t.Setenv(PlantEnv, "hover-storm")
	assert.EqualError(t, CheckPlantEnv(), `PERFBENCH_PLANT="hover-storm": want SCENARIO:FACTOR or SCENARIO:FACTOR@REF with FACTOR from 1 to 1000 and REF > 0 µs, or SCENARIO:+N with N from 1 to 1e9 iterations a step, or SCENARIO:allocs+N with N from 1 to 1e6 objects a step`)
	assert.PanicsWithValue(t, "scenario: "+CheckPlantEnv().Error(), func() { planted("hover-storm") })
}
