package report_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/report"
)

// A count prints whole in the benchmark format, as large as scroll's
// damage area of 1 024 000 px, which benchfmt's writer alone printed as
// 1.024e+06.
func TestBenchfmtPrintsCountsWhole(t *testing.T) {
	r := &report.Report{Program: "perfbench", Command: "scenarios", Package: "example.com/app",
		Runs: []ratchet.Outcome{terminalOutcome(false, false)}}
	var b bytes.Buffer
	require.NoError(t, r.Write(&b, io.Discard, report.Benchfmt))
	out := b.String()
	assert.Contains(t, out, " 1024000 px/frame 0 px/frame-past-bound")
	assert.Contains(t, out, " 240 frames/run")
	assert.NotContains(t, out, "e+")
}
