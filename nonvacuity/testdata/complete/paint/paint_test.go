package paint_test

import (
	"testing"

	. "example.com/fixture/counter"
	. "example.com/fixture/nonvacuity"
)

func TestCulled(t *testing.T) {
	Assert(t, Culled,
		Scenario{Name: "a document that fits the viewport", Run: func() {}},
		Scenario{Name: "a document taller than the viewport", Run: func() {}})
}
