package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/markdown"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

func whereOutcome() outcome.Outcome {
	return outcome.Outcome{Against: outcome.Base, Where: []outcome.Where{{
		Scenario: "hover-storm", Number: "instructions", Unit: "instructions/step",
		Base: 8364, Change: 140, Tag: "step=cross",
		HeadProfile: "where/hover-storm.head.pb.gz", BaseProfile: "where/hover-storm.base.pb.gz",
		Rows: []outcome.WhereRow{
			{Function: "github.com/perfbench/perfbench/scenario.spin", Self: 141, Cum: 141, Share: 141.0 / 140},
			{Function: "github.com/perfbench/perfbench/ui/paint.(*Painter).emit", Self: -1, Cum: -1, Share: -1.0 / 140},
			{Function: "runtime.memmove", Self: 0.5, Cum: 0.5, Share: 0.5 / 140},
			{Function: "github.com/perfbench/perfbench/ui/window.(*Window).drawFrame.func1", Self: -0.25, Cum: 140, Share: -0.25 / 140},
		},
	}}}
}

func TestWhereTerminal(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, terminal.WriteWhere(&b, whereOutcome(), 100))
	want := `
where hover-storm instructions moved: +140 instructions/step (+1.67%)
      self Δ       cum Δ    share  function
        +141        +141   100.7%  scenario.spin
          −1          −1    −0.7%  paint.(*Painter).emit
        +0.5        +0.5     0.4%  runtime.memmove
       −0.25        +140    −0.2%  window.(*Window).drawFrame.func1
  these 4 rows: 100.2% of the change
  go tool pprof -top -tagfocus=step=cross -diff_base where/hover-storm.base.pb.gz
    where/hover-storm.head.pb.gz
`
	assert.Equal(t, want, b.String())
	for _, l := range strings.Split(b.String(), "\n") {
		assert.LessOrEqual(t, terminal.VisibleLen(l), 100, l)
	}
	b.Reset()
	require.NoError(t, terminal.WriteWhere(&b, outcome.Outcome{}, 100))
	assert.Empty(t, b.String(), "nothing explained, nothing printed")
}

func TestWhereMarkdownAndJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, markdown.WriteWhere(&b, whereOutcome()))
	assert.Contains(t, b.String(), "| `scenario.spin` | +141 | +141 | 100.7% |")
	assert.NotContains(t, b.String(), "drawFrame", "three rows in a comment")
	assert.Contains(t, b.String(), "Full profiles: `go tool pprof -top -tagfocus=step=cross -diff_base where/hover-storm.base.pb.gz where/hover-storm.head.pb.gz`")

	b.Reset()
	r := &Report{Program: "perfbench", Command: "scenarios", Outcome: whereOutcome()}
	require.NoError(t, r.Write(&b, &b, JSON))
	var got struct {
		Where []WhereJSON `json:"where"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	require.Len(t, got.Where, 1)
	assert.Len(t, got.Where[0].Rows, 4)
	assert.Equal(t, "github.com/perfbench/perfbench/scenario.spin", got.Where[0].Rows[0].Function)
}

// failedWhere is a plain run whose instructions failed, with its
// where-table.
func failedWhere() outcome.Outcome {
	n := band.Judge(band.Measured{Spec: band.Spec{Name: "instructions", Unit: "instructions/step",
		Band: band.Instructions(0.0025).WithBaseline(8364)}, Samples: []float64{8504}})
	o := whereOutcome()
	o.Against, o.Verdict = outcome.Bands, band.Fail
	o.Scenarios = []outcome.Scenario{{Name: "hover-storm", Verdict: band.Fail, Numbers: outcome.ByBand("hover-storm", n)}}
	return o
}

// The terminal shows a failed number's where-table under its FAIL line,
// above the verdict, where its reader reads next, and not again after.
func TestWhereUnderTheFailure(t *testing.T) {
	o := failedWhere()
	require.True(t, o.Scenarios[0].Numbers[0].BandVerdict.Failed())
	var b bytes.Buffer
	r := &Report{Program: "perfbench", Command: "scenarios", Outcome: o, Terminal: terminal.Terminal{Width: 100}}
	require.NoError(t, r.Write(&b, &b, Table))
	out := b.String()
	fail := strings.Index(out, "FAIL  hover-storm instructions:")
	where := strings.Index(out, "        where: +140 instructions/step (+1.67%), by function\n")
	row := strings.Index(out, "              +141        +141   100.7%  scenario.spin\n")
	verdict := strings.Index(out, "verdict: fail")
	require.Positive(t, fail, out)
	assert.True(t, fail < where && where < row && row < verdict, "FAIL, its where-table, then the verdict:\n%s", out)
	assert.Equal(t, 1, strings.Count(out, "scenario.spin"), "shown once:\n%s", out)
	for _, l := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, terminal.VisibleLen(l), 100, l)
	}

	// Paired: under the number in the list of failures.
	p := o
	p.Against = outcome.Base
	p.Scenarios[0].Numbers[0].Verdict = band.Fail
	b.Reset()
	r.Outcome = p
	require.NoError(t, r.Write(&b, &b, Table))
	out = b.String()
	failed := strings.Index(out, "\nfailed:\n  hover-storm instructions")
	where = strings.Index(out, "    where: +140 instructions/step")
	require.Positive(t, failed, out)
	assert.Less(t, failed, where, out)
	assert.Less(t, where, strings.Index(out, "verdict:"), out)
	assert.Equal(t, 1, strings.Count(out, "scenario.spin"), out)
}

// The Markdown report puts a failed number's top rows under the failures,
// before the folded tables.
func TestWhereMarkdownUnderTheFailures(t *testing.T) {
	var b bytes.Buffer
	r := &Report{Program: "perfbench", Command: "scenarios", Outcome: failedWhere()}
	require.NoError(t, r.Write(&b, &b, Markdown))
	out := b.String()
	failed, where, all := strings.Index(out, "### Failed or broken"), strings.Index(out, "### Where\n"), strings.Index(out, "<summary>All")
	require.Positive(t, failed, out)
	assert.True(t, failed < where && where < all, out)
	assert.Equal(t, 1, strings.Count(out, "`scenario.spin`"), out)
	assert.NotContains(t, out, "Where the other moves are", out)
}

// A row of elements shows its kind, classes and reason whole, with a
// few of its elements' IDs and how many; a table with no base says it
// is all of the number.
func TestWhereElements(t *testing.T) {
	o := failedWhere()
	n := band.Judge(band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}, Samples: []float64{241}})
	o.Scenarios[0].Numbers = outcome.ByBand("hover-storm", n)
	o.Where = []outcome.Where{{Scenario: "hover-storm", Number: "restyles", Unit: "restyles/frame", Change: 241, Of: "element",
		HeadProfile: "where/hover-storm.work.head.pb.gz",
		Rows: []outcome.WhereRow{{Function: "box.row-odd.table-row (class)", Self: 120, Cum: 120, Share: 120.0 / 241,
			Labels: []string{"#1003", "#1009", "#1015"}, LabelCount: 120}}}}
	var b bytes.Buffer
	r := &Report{Program: "perfbench", Command: "scenarios", Outcome: o, Terminal: terminal.Terminal{Width: 100}}
	require.NoError(t, r.Write(&b, &b, Table))
	out := b.String()
	assert.Contains(t, out, "        where all of it: 241 restyles/frame, by element (why it was queued)\n", out)
	assert.Contains(t, out, "       +120        +120    49.8%  box.row-odd.table-row (class) ×120: #1003 #1009 #1015 …\n", out)
}
