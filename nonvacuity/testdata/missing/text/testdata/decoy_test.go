package decoy

import (
	"testing"

	"example.com/fixture/counter"
	"example.com/fixture/nonvacuity"
)

// Not scanned: the go command does not build this directory.
func TestCached(t *testing.T) {
	nonvacuity.Assert(t, counter.Cached, nonvacuity.Scenario{}, nonvacuity.Scenario{})
}
