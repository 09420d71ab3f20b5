package text_test

import (
	"testing"

	ctr "example.com/fixture/counter"
	nv "example.com/fixture/nonvacuity"
)

func TestCached(t *testing.T) {
	t.Run("warm", func(t *testing.T) {
		nv.Assert(t, ctr.Cached,
			nv.Scenario{Name: "the first shaping of a run", Run: func() {}},
			nv.Scenario{Name: "the same run shaped again", Run: func() {}},
		)
	})
}
