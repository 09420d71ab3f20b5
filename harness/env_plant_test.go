//go:build perfbench_plant

package harness_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/scenario"
)

// In a plant build, a malformed PERFBENCH_PLANT, on which every child
// would panic, is refused by the parent in one line before any runs.
func TestBadPlantIsRefusedBeforeAnyChild(t *testing.T) {
	t.Setenv(scenario.PlantEnv, "harness-quick:fast")
	code, out, errb := main("scenarios", "harness-quick")
	assert.Equal(t, 2, code, errb)
	assert.Equal(t, `prog: PERFBENCH_PLANT="harness-quick:fast": want SCENARIO:FACTOR or SCENARIO:FACTOR@REF with FACTOR from 1 to 1000 and REF > 0 µs, `+
		`or SCENARIO:+N with N from 1 to 1e9 iterations a step, or SCENARIO:allocs+N with N from 1 to 1e6 objects a step`+"\n", errb)
	assert.Equal(t, 1, bytes.Count([]byte(errb), []byte("\n")))
	assert.Empty(t, out)
}
