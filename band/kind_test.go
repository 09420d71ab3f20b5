package band_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/perf/benchmath"

	"github.com/perfbench/perfbench/band"
)

// What differs by kind is answered by the kind: a count lies past its
// bound in its direction, a time has an interval and moves against its
// baseline, and neither answers the other's question.
func TestWhatDiffersByKind(t *testing.T) {
	judge := func(b band.Band, samples ...float64) band.Judged {
		return band.Judge(band.Measured{Spec: band.Spec{Name: "n", Unit: "u", Band: b}, Samples: samples})
	}
	for _, c := range []struct {
		name string
		b    band.Band
		v    float64
		past float64
		ok   bool
	}{
		{"over a ceiling", band.Count(10), 12, 2, true},
		{"under a ceiling", band.Count(10), 7, -3, true},
		{"under a floor", band.Floor(10), 9, 1, true},
		{"off an exact value", band.Exact(10), 8, 2, true},
		{"a recorded count not yet recorded", band.Record(band.AtMost), 8, 0, false},
		{"a time", band.Time(0.4).WithBaseline(10), 12, 0, false},
		{"instructions", band.Instructions(0.01).WithBaseline(10), 12, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			past, ok := c.b.Past(c.v)
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.past, past)
		})
	}

	samples := make([]float64, 40)
	for i := range samples {
		samples[i] = 12 + float64(i%5)/100
	}
	time := judge(band.Time(0.4).WithBaseline(10), samples...)
	lo, hi, ok := time.Interval()
	assert.True(t, ok, "a time has an interval")
	assert.Equal(t, [2]float64{time.Lo, time.Hi}, [2]float64{lo, hi})
	ratio, moved := time.Moved()
	assert.True(t, moved, "12 against 10, the interval clear of it")
	assert.InDelta(t, 1.2, ratio, 0.01)
	_, moved = judge(band.Time(0.4).WithBaseline(11.5), samples...).Moved()
	assert.False(t, moved, "under MinDrop from its baseline")
	_, moved = judge(band.Time(0.1).WithBaseline(10), samples...).Moved()
	assert.False(t, moved, "a time that failed did not move: it failed")

	count := judge(band.Count(10), 5)
	_, _, ok = count.Interval()
	assert.False(t, ok, "a count has no interval to print")
	_, moved = count.Moved()
	assert.False(t, moved, "a count has no baseline to move from")

	assert.Equal(t, benchmath.AssumeExact, band.KindCount.Assumption())
	assert.Equal(t, benchmath.AssumeExact, band.KindInstructions.Assumption())
	assert.Equal(t, benchmath.AssumeNothing, band.KindTime.Assumption())

	assert.Equal(t, "≤ 14 (+40%)", band.Time(0.4).WithBaseline(10).Short())
	assert.Equal(t, "+40%", band.Time(0.4).Short())
	assert.Equal(t, band.Count(10).String(), band.Count(10).Short())
}
