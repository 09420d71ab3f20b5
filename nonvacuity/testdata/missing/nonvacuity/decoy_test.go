package nonvacuity_test

import (
	"testing"

	"example.com/fixture/counter"
)

// The external test package is not package nonvacuity: a bare Assert here
// is its own function.
func Assert(t testing.TB, c counter.Counter) {}

func TestCached(t *testing.T) {
	Assert(t, counter.Cached)
}
