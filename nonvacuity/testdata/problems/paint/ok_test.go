package paint_test

import (
	"testing"

	"example.com/fixture/counter"
	"example.com/fixture/nonvacuity"
)

var s = nonvacuity.Scenario{Name: "anything", Run: func() {}}

func TestAll(t *testing.T) {
	nonvacuity.Assert(t, counter.Held, s, s)
	nonvacuity.Assert(t, counter.Cached, s, s)
	nonvacuity.Assert(t, counter.Culled, s, s)
}
