package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/workloads"
)

// The resize gate is the resize-slope workload under its own name: one
// measurement, one criterion, one place to change it.
func TestResizeGateRunsTheResizeSlopeWorkload(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the engine; skipped with -short")
	}
	r := Resize(workloads.Options{Rounds: 1, NoRemeasure: true})
	assert.Equal(t, "resize-slope", r.Workload)
	w, err := workloads.Lookup("resize-slope")
	assert.NoError(t, err)
	assert.Len(t, r.Criteria, len(w.Limits))
}
