package layout_test

import (
	"testing"

	"example.com/fixture/counter"
	"example.com/fixture/nonvacuity"
)

var (
	relayout = nonvacuity.Scenario{Name: "a width change", Run: func() {}}
	hold     = nonvacuity.Scenario{Name: "a frame with nothing dirty", Run: func() {}}
)

func TestHeld(t *testing.T) {
	nonvacuity.Assert(t, counter.Held, relayout, hold)
}
