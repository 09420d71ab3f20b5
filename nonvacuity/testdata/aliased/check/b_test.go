package check_test

import (
	"testing"

	fixturecounter "example.com/fixture/counter"
	check "example.com/fixture/nonvacuity"
	counter "example.com/other/counter"
)

func TestShadowedNames(t *testing.T) {
	check.Assert(t, fixturecounter.Culled, check.Scenario{Name: "moves"}, check.Scenario{Name: "fires"})

	// counter here is another package: not a counter the scan can name.
	check.Assert(t, counter.Cached, check.Scenario{Name: "moves"}, check.Scenario{Name: "fires"})
}
