package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/scenario"
)

// Values carry no float noise: a median of two samples prints as the
// decimal it is, to a tenth of a nanosecond.
func TestBenchfmtRound(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{3.1494999999999997, "3.1495"},
		{2848.2254999999996, "2848.2255"},
		{6.6274999999999995, "6.6275"},
		{0.52, "0.52"},
		{102952, "102952"},
		{0, "0"},
	} {
		assert.Equal(t, c.want, fmt.Sprint(benchfmtRound(c.in)), "%v", c.in)
	}
}

// Every report has a table and JSON; Markdown and the benchmark format
// only where they mean something, and asking for another panics.
func TestSupports(t *testing.T) {
	measured := &Report{Outcome: outcome.Measured(scenario.Result{Name: "s"})}
	assert.True(t, measured.Supports(Table))
	assert.True(t, measured.Supports(JSON))
	assert.False(t, measured.Supports(Markdown))
	assert.False(t, measured.Supports(Benchfmt))
	assert.Panics(t, func() { _ = measured.Write(&bytes.Buffer{}, &bytes.Buffer{}, Markdown) })
	assert.False(t, (&Report{}).Supports("xml"))
}

// scenario NAME says when a time has too few samples for an interval,
// rather than printing [∞, ∞], and a number that reads missing fails the
// command as it fails every judged run.
func TestOneScenariosNumbers(t *testing.T) {
	frame := band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.1)}
	res := scenario.Result{Name: "s", Steps: 3, Numbers: []band.Measured{{Spec: frame, Samples: []float64{3, 1, 2}}}}
	r := &Report{Program: "p", Command: "scenario", Outcome: outcome.Measured(res)}
	var b strings.Builder
	require.NoError(t, r.Write(&b, io.Discard, Table))
	assert.Contains(t, b.String(), "no interval from 3 samples, range [1, 3]")
	assert.NotContains(t, b.String(), "∞")
	assert.False(t, r.Failed())

	res.Numbers = append(res.Numbers, band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles", Band: band.Count(1)}})
	r.Outcome = outcome.Measured(res)
	b.Reset()
	require.NoError(t, r.Write(&b, io.Discard, Table))
	assert.Contains(t, b.String(), "restyles  missing")
	assert.True(t, r.Failed(), "a missing number is Broken, and Broken fails")
}

// A judged run of several --count runs fails when any of them did, and
// the benchmark format prints every run, the earlier ones first.
func TestEarlierRunsFailAndPrint(t *testing.T) {
	run := func(v float64) outcome.Outcome {
		n := band.Judge(band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}, Samples: []float64{v}})
		return outcome.Outcome{Verdict: n.BandVerdict, Scenarios: []outcome.Scenario{{Name: "s", Verdict: n.BandVerdict, Steps: 1, Numbers: outcome.ByBand("s", n)}}}
	}
	r := &Report{Program: "p", Command: "scenarios", Earlier: []outcome.Outcome{run(3)}, Outcome: run(1)}
	assert.True(t, r.Failed(), "the earlier run failed")
	var b, errw bytes.Buffer
	require.NoError(t, r.Write(&b, &errw, Benchfmt))
	first, last := strings.Index(b.String(), " 3 restyles/frame"), strings.Index(b.String(), " 1 restyles/frame")
	require.Positive(t, first, b.String())
	assert.Less(t, first, last, b.String())
	assert.Contains(t, errw.String(), "scenario s: restyles 3")
	r.Earlier = nil
	assert.False(t, r.Failed())
}
