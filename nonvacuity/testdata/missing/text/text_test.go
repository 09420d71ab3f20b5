package text

import (
	"testing"

	"example.com/fixture/counter"
	"example.com/other/nonvacuity"
)

// Another package named nonvacuity: its Assert is not the one looked for.
func TestCached(t *testing.T) {
	nonvacuity.Assert(t, counter.Cached, nonvacuity.Scenario{}, nonvacuity.Scenario{})
}
