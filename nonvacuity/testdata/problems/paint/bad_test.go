package paint_test

import (
	"testing"

	"example.com/fixture/counter"
	"example.com/fixture/nonvacuity"
)

func TestTable(t *testing.T) {
	for _, c := range []counter.Counter{counter.Held, counter.Cached} {
		nonvacuity.Assert(t, c, s, s)
	}
}

func TestNotASkip(t *testing.T) {
	nonvacuity.Assert(t, counter.Laid, s, s)
	nonvacuity.Assert(t, counter.Counter(2), s, s)
}

func TestIgnored(t *testing.T) {
	//nonvacuity:ignore drives counters by hand
	nonvacuity.Assert(t, counter.Held, s, s)
	nonvacuity.Assert(t, counter.Culled, s, s) //nonvacuity:ignore
	nonvacuity.Assert(t, counter.Cached, s, s)

	//nonvacuity:ignore with nothing below it
}
