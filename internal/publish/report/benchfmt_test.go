package report_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/report"
)

// A count prints whole in the benchmark format, as large as scroll's
// damage area of 1 024 000 px, which benchfmt's writer alone printed as
// 1.024e+06.
func TestBenchfmtPrintsCountsWhole(t *testing.T) {
	r := &report.Report{Program: "perfbench", Command: "scenarios", Package: "example.com/app",
		Outcome: terminalOutcome(false, false)}
	var b bytes.Buffer
	require.NoError(t, r.Write(&b, io.Discard, report.Benchfmt))
	out := b.String()
	assert.Contains(t, out, " 1024000 px/frame 0 px/frame-past-bound")
	assert.Contains(t, out, " 240 frames/run")
	assert.NotContains(t, out, "e+")
}

// The trackers' values carry no float noise either: a median is the
// decimal it is, to a tenth of a nanosecond.
func TestTrackerValuesAreRounded(t *testing.T) {
	o := terminalOutcome(false, false)
	o.Scenarios[0].Numbers[0] = outcome.ByBand("hover-storm", judged("frame", "µs/frame", band.Time(0.2), nil, 1.569, 1.57))[0]
	r := &report.Report{Program: "perfbench", Command: "scenarios", Outcome: o}
	for _, f := range []report.Format{report.BMF, report.GABTimes} {
		var b bytes.Buffer
		require.NoError(t, r.Write(&b, io.Discard, f))
		assert.Contains(t, b.String(), `"value": 1.5695`, f)
		assert.NotContains(t, b.String(), "00000", f)
	}
}
