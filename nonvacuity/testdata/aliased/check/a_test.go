package check_test

import (
	"testing"

	ctr "example.com/fixture/counter"
	nv "example.com/fixture/nonvacuity"
	nonvacuity "example.com/other/check"
)

func TestAliased(t *testing.T) {
	nv.Assert(t, ctr.Held, nv.Scenario{Name: "moves"}, nv.Scenario{Name: "fires"})

	// The package named nonvacuity here is another one.
	nonvacuity.Assert(t, ctr.Cached, nv.Scenario{Name: "moves"}, nv.Scenario{Name: "fires"})
}
