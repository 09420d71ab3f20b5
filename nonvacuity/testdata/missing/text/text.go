// Package text calls Assert from a file that is not a test: it does not
// count.
package text

import (
	"testing"

	"example.com/fixture/counter"
	"example.com/fixture/nonvacuity"
)

func check(t *testing.T) {
	nonvacuity.Assert(t, counter.Cached, nonvacuity.Scenario{}, nonvacuity.Scenario{})
}
