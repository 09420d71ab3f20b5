package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

// scenarios --format bmf prints one Bencher Metric Format document: one
// benchmark per scenario, a time with the bounds of its interval, a count
// with its value alone.
func TestScenariosFormatBMF(t *testing.T) {
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--format", "bmf", "--repeats", "2",
		"--baselines", filepath.Join(t.TempDir(), "b.yaml"))
	require.Equal(t, harness.ExitPass, code, stderr)
	var doc map[string]map[string]map[string]float64
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc), stdout)
	require.Contains(t, doc, "test-fixed")
	frame := doc["test-fixed"]["µs-per-frame"]
	assert.Equal(t, 10.0, frame["value"], "the estimate: the fastest of each process, their median")
	assert.LessOrEqual(t, frame["lower_value"], frame["value"])
	assert.GreaterOrEqual(t, frame["upper_value"], frame["value"])
	assert.Equal(t, map[string]float64{"value": 0}, doc["test-fixed"]["frames-per-run"], "a count is exact: a value, no bounds")
}

// scenarios --format gab-times and gab-counts print github-action-benchmark's
// custom array, each one kind of number, so each step has a threshold
// that fits it; a broken scenario is left out and fails the run; a set
// the run has none of is refused.
func TestScenariosFormatGAB(t *testing.T) {
	baselines := filepath.Join(t.TempDir(), "b.yaml")
	for format, want := range map[string][]string{"gab-times": {"test-fixed frame"}, "gab-counts": {"test-fixed frames"}} {
		code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "test-panic", "--format", format, "--repeats", "1",
			"--baselines", baselines)
		assert.Equal(t, harness.ExitFailed, code, stderr)
		var entries []map[string]any
		require.NoError(t, json.Unmarshal([]byte(stdout), &entries), stdout)
		var names []string
		for _, e := range entries {
			names = append(names, e["name"].(string))
			assert.IsType(t, 0.0, e["value"])
		}
		assert.Equal(t, want, names, format)
	}

	// The action fails a step whose file is empty, so a set the run has
	// none of is an error, and nothing is written.
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--format", "gab-floors", "--repeats", "1", "--baselines", baselines)
	assert.Equal(t, harness.ExitFailed, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "\nperfbench: gab-floors: no scenario that ran has a floor count (work avoided), "+
		"and github-action-benchmark fails on an empty file; nothing written\n", stderr)
	out := filepath.Join(t.TempDir(), "instructions.json")
	code, _, stderr = perfbench(t, "scenarios", "test-fixed", "--quiet", "--export-gab-instructions", out, "--repeats", "1", "--baselines", baselines)
	assert.Equal(t, harness.ExitFailed, code, stderr)
	assert.Contains(t, stderr, "gab-instructions: no scenario that ran counted its instructions, which needs Valgrind")
	assert.NoFileExists(t, out)

	code, _, stderr = perfbench(t, "scenarios", "--format", "gab-times", "--base", "HEAD")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "not --format gab-times")
}
