package outcome

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// number is a number named name of a band of kind k, judged v and moved
// move.
func number(name string, k band.Kind, v band.Verdict, move Move) Number {
	return Number{Scenario: "s", Judged: band.Judged{Spec: band.Spec{Name: name, Band: band.Band{Kind: k}}}, Verdict: v, Move: move}
}

// Only an unsure time that the run was told to fail on fails it.
func TestOutcomeFailsOnUnsureOnlyWhenAsked(t *testing.T) {
	o := Outcome{Verdict: band.Unsure}
	assert.False(t, o.Failed())
	o.FailUnsure = true
	assert.True(t, o.Failed())
	assert.True(t, Outcome{Verdict: band.Fail}.Failed())
	assert.True(t, Outcome{Verdict: band.None}.Failed(), "nothing judged")
	assert.False(t, Outcome{Verdict: band.Pass, Pairing: Pairing{FailUnsure: true}}.Failed())
}

// A run that found every exact number the same and no time measurably
// slower headlines as no change, saying how many times stayed unsure; any
// moved count or instruction, failure, slower time or broken scenario is
// a change.
func TestNoChange(t *testing.T) {
	time := func(v band.Verdict, move Move) Number { return number("frame", band.KindTime, v, move) }
	exact := func(kind band.Kind, move Move) Number { return number("n", kind, band.Pass, move) }
	for _, tt := range []struct {
		name     string
		verdict  band.Verdict
		numbers  []Number
		broken   string
		headline string
	}{
		{"all the same", band.Pass, []Number{time(band.Pass, Same), exact(band.KindCount, Same), exact(band.KindInstructions, Same)}, "", "no change"},
		{"one time unsure", band.Unsure, []Number{time(band.Unsure, Same), exact(band.KindInstructions, Same)}, "", "no change (1 time unsure)"},
		{"two times unsure", band.Unsure, []Number{time(band.Unsure, Same), time(band.Unsure, Same)}, "", "no change (2 times unsure)"},
		{"a time faster", band.Pass, []Number{time(band.Pass, Better)}, "", "no change"},
		{"a count fell", band.Pass, []Number{time(band.Pass, Same), exact(band.KindCount, Better)}, "", "pass"},
		{"fewer instructions", band.Pass, []Number{exact(band.KindInstructions, Better)}, "", "pass"},
		{"a time slower within the tolerance", band.Pass, []Number{time(band.Pass, Within)}, "", "pass"},
		{"a failure", band.Fail, []Number{time(band.Fail, Worse)}, "", "fail"},
		{"a scenario broke", band.Pass, []Number{time(band.Pass, Same)}, "head: crashed", "pass"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := Outcome{Against: Base, Verdict: tt.verdict, Scenarios: []Scenario{{Name: "s", Numbers: tt.numbers}}}
			if tt.broken != "" {
				o.Scenarios = append(o.Scenarios, Scenario{Name: "t", Verdict: band.Broken, Broken: tt.broken})
			}
			assert.Equal(t, tt.headline, o.Headline())
		})
	}
}

// The numbers and the broken scenarios are read in report order, a
// broken scenario named with why.
func TestNumbersAndBrokenInOrder(t *testing.T) {
	o := Outcome{Scenarios: []Scenario{
		{Name: "a", Numbers: []Number{number("x", band.KindTime, band.Pass, Same)}},
		{Name: "b", Verdict: band.Broken, Broken: "base: exit status 2"},
		{Name: "c", Numbers: []Number{number("y", band.KindCount, band.Pass, Same), number("z", band.KindCount, band.Fail, Worse)}},
	}}
	var names []string
	for _, n := range o.Numbers() {
		names = append(names, n.Name)
	}
	assert.Equal(t, []string{"x", "y", "z"}, names)
	assert.Equal(t, []string{"b: base: exit status 2"}, o.Broken())
}

// A number's own value reads NaN where it has none to show: it broke, or
// only base has it.
func TestValueOfABrokenNumberIsNaN(t *testing.T) {
	n := Number{Judged: band.Judged{Median: 3, BandVerdict: band.Pass}}
	assert.Equal(t, 3.0, n.Value())
	n.BandVerdict = band.Broken
	assert.True(t, n.Value() != n.Value(), "NaN")
}

// A scenario's measured numbers judge nothing: a count reads its one
// value, a time the median of its samples, and only a number that reads
// missing or a broken scenario fails the command.
func TestMeasuredJudgesNothingButBroken(t *testing.T) {
	frame := band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.1)}, Samples: []float64{3, 1, 2}}
	restyles := band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(1)}, Samples: []float64{4}}
	o := Measured(scenario.Result{Name: "s", Steps: 3, Numbers: []band.Measured{frame, restyles}})
	assert.Equal(t, Nothing, o.Against)
	assert.False(t, o.Failed(), "a count over its band is not judged here")
	if ns := o.Numbers(); assert.Len(t, ns, 2) {
		assert.Equal(t, 2.0, ns[0].Value())
		assert.Equal(t, []float64{3, 1, 2}, ns[0].Samples, "the samples as measured")
		assert.Equal(t, 4.0, ns[1].Value())
		assert.Equal(t, 3, o.Scenarios[0].Steps)
	}

	missing := band.Measured{Spec: band.Spec{Name: "skips", Unit: "skips", Band: band.Floor(1)}}
	o = Measured(scenario.Result{Name: "s", Numbers: []band.Measured{frame, missing}})
	assert.True(t, o.Failed(), "a number that reads missing is Broken")
	assert.True(t, o.Numbers()[1].Value() != o.Numbers()[1].Value(), "and has no value")
	assert.True(t, Measured(scenario.Result{Name: "s", Broken: "exit status 2", Numbers: []band.Measured{frame}}).Failed())
}

// A time's sides agree with its ratio: base as measured, head as base ×
// ratio; a count, and a time with no ratio, shows each side's own.
func TestSidesAgreeWithTheRatio(t *testing.T) {
	time := Number{Judged: band.Judged{Spec: band.Spec{Band: band.Time(0.03)}, Median: 200.5, BandVerdict: band.Pass}, Base: 214.6,
		Ratio: Ratio{Value: 1.067}}
	head, base := time.Sides()
	assert.InDelta(t, 214.6*1.067, head, 1e-9)
	assert.Equal(t, 214.6, base)
	time.Ratio = NoRatio()
	head, _ = time.Sides()
	assert.Equal(t, 200.5, head, "no ratio: head's own")
	count := Number{Judged: band.Judged{Spec: band.Spec{Band: band.Count(5)}, Median: 3, BandVerdict: band.Pass}, Base: 2, Ratio: NoRatio()}
	head, base = count.Sides()
	assert.Equal(t, [2]float64{3, 2}, [2]float64{head, base})
}
