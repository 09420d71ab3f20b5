package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/phase"
)

// --hud prints the FPS monitor's rows to stderr every 500 ms of the
// phase's virtual time: 70 hover steps at 60 Hz are 1.17 s, two lines.
func TestPhaseHUDPrintsRowsEveryHalfSecond(t *testing.T) {
	code, out, stderr := perfbench(t, "phase", "hover", "s1", "70", "--hud")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "PASS")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	require.Len(t, lines, 2, stderr)
	assert.Regexp(t, `^hud s1 t=0\.517s virtual \(\d+\.\d{3}s real\) `, lines[0], "the virtual time, and the real time it took")
	assert.True(t, strings.HasPrefix(lines[1], "hud s1 t=1.017s virtual ("), lines[1])
	for _, row := range []string{"MAX FPS ", "FPS ", "INTERVAL 16.7 ms [virtual]", "FRAME ", "P95 ", "DROP ", "INV 1.00  ", "CPU not-applicable [real]", "MEM ", "GPU missing [real]"} {
		assert.Contains(t, lines[1], row)
	}
	assert.Regexp(t, `FRAME [^\[]+ \[real\]`, lines[1], "a frame's cost is real time")
	assert.Contains(t, lines[0], "FPS warmup [virtual]", "under a second: the FPS window has not filled")
	assert.Contains(t, lines[1], "FPS 60 [virtual]", "one hover frame per virtual refresh at 60 Hz")
}

// An idle phase draws nothing: FPS is a true 0, FRAME has nothing to
// average and says so.
func TestPhaseHUDIdle(t *testing.T) {
	code, _, stderr := perfbench(t, "phase", "idle", "s0", "4", "--hud")
	require.Equal(t, harness.ExitPass, code, stderr)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	require.Len(t, lines, 3, "a second per idle step, from the first step's end")
	for _, l := range lines {
		assert.Contains(t, l, "  FPS 0 [virtual]  ")
		assert.Contains(t, l, "FRAME warmup")
		assert.Contains(t, l, "MAX FPS warmup")
	}
}

// On a real run the HUD's time is real, and so is its CPU row. Ninety
// refreshes (1.5 s) and not forty: the view starts at the first step, and
// the phase's inputs fall due on a fixed grid of the real clock, so on a
// loaded machine that stalls the process before the first step the late
// inputs arrive back to back. Forty refreshes left under 0.5 s after such a stall, no HUD line,
// and failed a landing while the noise harness's load ran beside it.
func TestPhaseHUDReal(t *testing.T) {
	if testing.Short() {
		t.Skip("90 refreshes of real time")
	}
	t.Parallel() // waits out its real time beside the other parallel tests
	code, out, stderr := perfbench(t, "phase", "hover", "s1", "90", "--hud", "--real")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "real clock")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	require.NotEmpty(t, lines, stderr)
	assert.Regexp(t, `^hud s1 t=\d+\.\d{3}s real  `, lines[0])
	assert.Contains(t, lines[0], "INTERVAL ")
	// The null renderer presents nothing, so no frame was shown at a
	// refresh, late or not: HITCH alone does not apply.
	assert.Contains(t, lines[0], "HITCH not-applicable [real]")
	assert.NotContains(t, strings.ReplaceAll(stderr, "HITCH not-applicable", ""), "not-applicable", "no row needs a clock this run lacks")
}

// Sampling without mounting changes nothing the phase measures: every
// step's counters are those of a run without --hud.
func TestPhaseHUDChangesNoCounter(t *testing.T) {
	for _, p := range []string{"idle", "hover", "click"} {
		var runs [2][]phase.RunJSON
		for i, args := range [][]string{{"phase", p, "s1", "40", "--json"}, {"phase", p, "s1", "40", "--json", "--hud"}} {
			code, out, _ := perfbench(t, args...)
			require.Equal(t, harness.ExitPass, code, p)
			require.NoError(t, json.Unmarshal([]byte(out), &runs[i]))
		}
		require.Len(t, runs[1], 1)
		assert.Equal(t, runs[0][0].Total, runs[1][0].Total, p)
		assert.Equal(t, runs[0][0].Frames, runs[1][0].Frames, p)
		for i := range runs[0][0].Steps {
			assert.Equal(t, runs[0][0].Steps[i].Counters, runs[1][0].Steps[i].Counters, "%s step %d", p, i)
		}
	}
}
