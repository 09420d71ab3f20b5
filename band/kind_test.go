package band_test

import (
	"math"
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

// A report says how a number got worse in its kind's words, heads its
// kind by title, and gives a change in percent with the digits that
// matter.
func TestAKindSaysHowItMoved(t *testing.T) {
	words, ok := band.KindInstructions.Worse("instructions", 8395, 8366, 0)
	assert.True(t, ok)
	assert.Equal(t, "do 0.35% more work (instructions 8366 → 8395)", words)
	words, ok = band.KindTime.Worse("frame", 0, 0, 1.35)
	assert.True(t, ok)
	assert.Equal(t, "frame 35% slower", words)
	_, ok = band.KindCount.Worse("restyles", 3, 2, 0)
	assert.False(t, ok, "a count rises or falls, in the caller's words")
	_, ok = band.KindInstructions.Worse("instructions", 8395, 0, 0)
	assert.False(t, ok, "no base to say it against")

	assert.Equal(t, []string{"Times", "Counts", "Instructions", ""},
		[]string{band.KindTime.Title(), band.KindCount.Title(), band.KindInstructions.Title(), band.Kind("").Title()})
	for _, c := range []struct {
		v, base float64
		want    string
	}{{100.35, 100, "+0.35%"}, {123, 100, "+23%"}, {95.9, 100, "-4.1%"}, {1, 0, "—"}} {
		assert.Equal(t, c.want, band.Percent(c.v, c.base))
	}
}

// A value no run measures is refused by its kind's rule before anything
// judges or records it; a missing one is left to judge Broken.
func TestImplausible(t *testing.T) {
	for _, c := range []struct {
		name    string
		m       band.Measured
		wantErr string
	}{
		{"a count", band.Measured{Spec: band.Spec{Name: "restyles", Band: band.Count(1)}, Samples: []float64{3}}, ""},
		{"a negative count", band.Measured{Spec: band.Spec{Name: "restyles", Band: band.Count(1)}, Samples: []float64{-1}},
			"count restyles as -1, not a finite number ≥ 0"},
		{"instructions past all bounds", band.Measured{Spec: band.Spec{Name: "instructions", Band: band.Instructions(0.01)}, Samples: []float64{math.Inf(1)}},
			"count instructions as +Inf, not a finite number ≥ 0"},
		{"a time", band.Measured{Spec: band.Spec{Name: "frame", Band: band.Time(0.4)}, Samples: []float64{2, 3}}, ""},
		{"a time of zeros", band.Measured{Spec: band.Spec{Name: "frame", Band: band.Time(0.4)}, Samples: []float64{0, 0}},
			"time frame with samples that are all zero"},
		{"a wall time of zeros", band.Measured{Spec: band.Spec{Name: "frame", Band: band.Time(0.4)}, Samples: []float64{2}, Wall: []float64{0}},
			"wall time frame with samples that are all zero"},
		{"a time under MinTime", band.Measured{Spec: band.Spec{Name: "frame", Band: band.Time(0.4)}, Samples: []float64{1e-9, 2}},
			"time frame with fastest sample 1e-09, below"},
		{"a missing time", band.Measured{Spec: band.Spec{Name: "frame", Band: band.Time(0.4)}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.m.Implausible()
			if c.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			if assert.Error(t, err) {
				assert.Contains(t, err.Error(), c.wantErr)
			}
		})
	}
}

// Each kind's answers to the questions its callers ask: what the ratchet
// keeps of it, whether Valgrind slows it, whether a paired run compares it
// by pairs of processes, and whether Callgrind can say where it went.
func TestEachKindAnswersItsCallers(t *testing.T) {
	for _, c := range []struct {
		name                     string
		b                        band.Band
		keeping                  band.Keeping
		slowed, paired, profiled bool
	}{
		{"a time", band.Time(0.4), band.PerMachine, true, true, false},
		{"instructions", band.Instructions(0.01), band.PerToolchain, false, false, true},
		{"a written count", band.Count(3), band.InSource, false, false, false},
		{"a recorded count", band.Record(band.AtLeast), band.AsBound, false, false, false},
		{"no band", band.Band{}, band.InSource, false, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.keeping, c.b.Keeping())
			assert.Equal(t, c.keeping == band.PerMachine || c.keeping == band.PerToolchain, c.b.Keeping().Baseline())
			assert.Equal(t, c.slowed, c.b.Kind.Slowed())
			assert.Equal(t, c.paired, c.b.Kind.Paired())
			assert.Equal(t, c.profiled, c.b.Kind.Profiled())
		})
	}
}

// A baseline compared value to value drifts only beyond its tolerance,
// and only such a baseline answers: a time's moves by a U test.
func TestDrift(t *testing.T) {
	b := band.Instructions(0.01)
	for _, c := range []struct {
		name                string
		v, baseline         float64
		within, fell, known bool
	}{
		{"the same", 1000, 1000, true, false, true},
		{"at its tolerance", 1010, 1000, true, false, true},
		{"above it", 1011, 1000, false, false, true},
		{"fallen below it", 989, 1000, false, true, true},
		{"no baseline", 989, 0, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			within, fell, ok := b.Drift(c.v, c.baseline)
			assert.Equal(t, []bool{c.within, c.fell, c.known}, []bool{within, fell, ok})
		})
	}
	for _, other := range []band.Band{band.Time(0.4), band.Count(3), {}} {
		_, _, ok := other.Drift(1, 1)
		assert.False(t, ok, "%v", other)
	}
}

// A declared band judges; the zero Band, never declared, does not, and a
// scenario that declares a number with it is refused.
func TestOnlyADeclaredBandJudges(t *testing.T) {
	assert.False(t, band.Band{}.Judges())
	for _, b := range []band.Band{band.Count(1), band.Time(0.2), band.Instructions(band.InstructionsTolerance)} {
		assert.True(t, b.Judges(), b.Kind)
	}
}
