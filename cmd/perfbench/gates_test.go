package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/gates"
)

// budget, cadence and verify judge counts and equalities on a virtual
// clock, so their verdicts are the same on every machine and a test can
// hold them.

func TestBudgetPasses(t *testing.T) {
	code, out, _ := perfbench(t, "budget")
	assert.Equal(t, harness.ExitPass, code)
	assert.Contains(t, out, "budget: pass")
	assert.Contains(t, out, "glyph atlas back under its soft limit after the frame")
}

func TestCadenceJSON(t *testing.T) {
	code, out, _ := perfbench(t, "cadence", "--seconds", "1", "--json")
	require.Equal(t, harness.ExitPass, code)
	var r gates.Report
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, band.Pass, r.Verdict)
	require.Len(t, r.Checks, 6, "three rates, idle, the HUD shown and hidden")
	assert.Equal(t, "240 Hz: one frame per refresh in 1 s", r.Checks[2].Name)
	assert.Equal(t, "240 frames for 240 refreshes", r.Checks[2].Detail)
}

func TestVerifyPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("drives the gallery through 42 steps; skipped with -short")
	}
	t.Parallel()
	code, out, stderr := perfbench(t, "verify", "--size", "s0")
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "live window equals a rebuild after each of 42 steps")
}

func TestVerifyRandomPassesAndNamesWhatItChecked(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{"random", "gallery"} {
		code, out, stderr := perfbench(t, "verify", "--doc", doc, "--seed", "4", "--seeds", "2", "--steps", "15", "--json")
		require.Equal(t, harness.ExitPass, code, stderr)
		var r gates.Report
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		require.Len(t, r.Checks, 1)
		assert.Equal(t, "live window equals a rebuild, and routes input as it does, after each of 15 steps, 2 seeds from 4, "+doc+" document", r.Checks[0].Name)
		assert.Contains(t, r.Checks[0].Detail, "0 divergences, 0 panics; 30 steps, ")
		assert.Contains(t, r.Checks[0].Detail, " routing points and ")
	}
	code, out, stderr := perfbench(t, "verify", "--doc", "random", "--seeds", "3-4", "--steps", "5", "--renderer", "cpu")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "after each of 5 steps, 2 seeds from 3, random document")
}

// Every gate's bad flag is refused with one line that says what is wrong,
// exit 2.
func TestGateUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // stderr's only line, after "perfbench: "
	}{
		{[]string{"verify", "--size", "s3"}, `gallery: unknown size "s3"`},
		{[]string{"verify", "--doc", "nonsense"}, `verify: unknown --doc "nonsense"`},
		{[]string{"verify", "--seed", "3"}, "--seed does nothing without --doc random or gallery; add it, or drop --seed"},
		{[]string{"verify", "--steps", "3"}, "--steps does nothing without --doc random or gallery; add it, or drop --steps"},
		{[]string{"verify", "--doc", "random", "--steps", "0"}, "--steps must be at least 1, got 0"},
		{[]string{"verify", "--doc", "random", "--nodes", "0"}, "--nodes must be at least 1, got 0"},
		{[]string{"verify", "--doc", "random", "--seeds", "0"}, "--seeds must be at least 1, got 0"},
		{[]string{"verify", "--doc", "random", "--renderer", "vulkan"}, `unknown renderer "vulkan"`},
		{[]string{"verify", "--doc", "random", "--seeds", "5-2"}, `invalid argument "5-2" for "--seeds" flag`},
		{[]string{"verify", "--doc", "random", "--seeds", "0-3"}, `invalid argument "0-3" for "--seeds" flag`},
		{[]string{"verify", "--doc", "random", "--seeds", "1-3", "--seed", "2"}, "--seeds 1-3 names its first seed: give no --seed"},
		{[]string{"cadence", "--seconds", "0"}, "--seconds 0 is out of range"},
		{[]string{"wall-clock", "--reps", "0"}, "--reps must be at least 1, got 0"},
		{[]string{"resize", "--rounds", "-2"}, "--rounds must be at least 0, got -2"},
		{[]string{"workloads", "--rounds", "-1"}, "--rounds must be at least 0, got -1"},
		{[]string{"workload", "static-slope", "--rounds", "-1"}, "--rounds must be at least 0, got -1"},
		{[]string{"budget", "now"}, `unknown command "now" for "perfbench budget"`},
	} {
		code, stdout, stderr := perfbench(t, tt.args...)
		assert.Equal(t, harness.ExitUsage, code, "%v: %s", tt.args, stderr)
		assert.Empty(t, stdout, "%v", tt.args)
		assert.True(t, strings.HasPrefix(stderr, "perfbench: "+tt.want), "%v: got %q", tt.args, stderr)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%v: one line", tt.args)
	}
}

func TestFailedGatePrintsWhatFailedAndExitsOne(t *testing.T) {
	var out, errb bytes.Buffer
	s := &streams{out: &out, err: &errb}
	r := gates.Report{Gate: "cadence", Verdict: band.Fail, Checks: []gates.Check{
		{Name: "60 Hz: one frame per refresh in 5 s", Verdict: band.Pass, Detail: "300 frames for 300 refreshes"},
		{Name: "75 Hz: one frame per refresh in 5 s", Verdict: band.Fail, Detail: "the refresh at 13.33 ms drew 2 frames"},
	}}
	err := finishGate(s, r, false)
	assert.ErrorIs(t, err, harness.ErrFailed)
	assert.Contains(t, out.String(), "cadence: fail")
	assert.Equal(t, "FAIL cadence: 75 Hz: one frame per refresh in 5 s: the refresh at 13.33 ms drew 2 frames\n", errb.String())
}

func TestAdvisoryGateSaysSoAndPasses(t *testing.T) {
	var out, errb bytes.Buffer
	s := &streams{out: &out, err: &errb}
	r := gates.JudgeWallClock([]gates.WallReading{{WallBudget: gates.WallBudgets[0], Micros: []float64{1e6}}}, false)
	assert.NoError(t, finishGate(s, r, false))
	assert.True(t, strings.HasPrefix(out.String(), "wall-clock: ADVISORY"), out.String())
	assert.Contains(t, out.String(), "no recorded baseline")
	assert.Empty(t, errb.String())
}
