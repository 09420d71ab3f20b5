package nonvacuity

import (
	"testing"

	"example.com/fixture/counter"
)

func TestHeldFromInside(t *testing.T) {
	Assert(t, counter.Held, Scenario{Name: "moves"}, Scenario{Name: "fires"})
}
