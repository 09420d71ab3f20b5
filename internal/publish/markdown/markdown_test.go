package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The headline of a failing report says where most of a number's move is
// when one row of its where-table made at least half of it.
func TestTheHeadlineSaysWhereMostOfAMoveIs(t *testing.T) {
	n := outcome.Number{Scenario: "hover-storm", Base: 8437, Verdict: band.Fail}
	n.BandVerdict = band.Pass
	n.Name, n.Unit, n.Median, n.Samples = "instructions", "instructions/step", 8800, []float64{8800}
	n.Band = band.Instructions(band.InstructionsTolerance)
	n.Ratio.Value = 8800.0 / 8437
	wh := outcome.Where{Scenario: "hover-storm", Number: "instructions", Unit: "instructions/step", Base: 8437, Change: 363,
		Rows: []outcome.WhereRow{{Function: "window.(*Window).hover", Self: 363, Cum: 363, Share: 1}}}
	o := outcome.Outcome{Against: outcome.Base, Where: []outcome.Where{wh}}
	assert.Contains(t, headline(o, []outcome.Number{n}), "hover-storm do 4.3% more work (instructions 8437 → 8800), most of it in `window.(*Window).hover` (100%).")

	wh.Rows[0].Share = 0.4
	o.Where = []outcome.Where{wh}
	assert.NotContains(t, headline(o, []outcome.Number{n}), "most of it", "no row made half of it")
	o.Where = nil
	assert.NotContains(t, headline(o, []outcome.Number{n}), "most of it", "no where-table")
}

// A count's distance from its bound is said in its direction's words.
func TestMarkdownCountGap(t *testing.T) {
	for _, c := range []struct {
		b     band.Band
		value float64
		want  string
	}{
		{band.Count(957), 950, "7 below the ceiling 957"},
		{band.Count(2), 3, "1 above the ceiling 2"},
		{band.Floor(10), 12, "2 above the floor 10"},
		{band.Floor(10), 0, "10 below the floor 10"},
		{band.Exact(240), 239, "1 off the exact value 240"},
	} {
		n := band.Judge(band.Measured{Spec: band.Spec{Name: "n", Unit: "u", Band: c.b}, Samples: []float64{c.value}})
		got, ok := countGap(outcome.ByBand("s", n)[0])
		assert.True(t, ok)
		assert.Equal(t, c.want, got)
	}
	_, ok := countGap(outcome.ByBand("s", band.Judge(band.Measured{Spec: band.Spec{Name: "t", Unit: "µs", Band: band.Time(0.4)}, Samples: []float64{1}}))[0])
	assert.False(t, ok, "a time has no bound to lie past")
}

// The numbers a reviewer must act on lead the Markdown report: a failed
// count of a later scenario comes before an earlier scenario's time that
// only moved.
func TestMarkdownListsFailuresBeforeMoves(t *testing.T) {
	slow := make([]float64, 30)
	for i := range slow {
		slow[i] = 150 + float64(i%3)
	}
	moved := band.Judge(band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1.75).WithBaseline(100)}, Samples: slow})
	failed := band.Judge(band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}, Samples: []float64{3}})
	require.False(t, moved.BandVerdict.Failed())
	require.True(t, failed.BandVerdict.Failed())
	o := outcome.Outcome{Verdict: band.Fail, Scenarios: []outcome.Scenario{
		{Name: "a-first", Numbers: outcome.ByBand("a-first", moved)},
		{Name: "b-second", Numbers: outcome.ByBand("b-second", failed)},
	}}
	var b bytes.Buffer
	require.NoError(t, WriteJudged(&b, "perfbench", "scenarios", o))
	out := b.String()
	fail, move := strings.Index(out, "| b-second restyles ("), strings.Index(out, "| a-first frame (")
	require.Positive(t, fail, out)
	require.Positive(t, move, out)
	assert.Less(t, fail, move, "the failure first:\n%s", out)
}
