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

// scenarios --format gab prints github-action-benchmark's
// customSmallerIsBetter array; a broken scenario is left out and fails
// the run.
func TestScenariosFormatGAB(t *testing.T) {
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "test-panic", "--format", "gab", "--repeats", "1",
		"--baselines", filepath.Join(t.TempDir(), "b.yaml"))
	assert.Equal(t, harness.ExitFailed, code, stderr)
	var entries []map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &entries), stdout)
	var names []string
	for _, e := range entries {
		names = append(names, e["name"].(string))
		assert.IsType(t, 0.0, e["value"])
	}
	assert.Equal(t, []string{"test-fixed frame", "test-fixed frames"}, names)
	assert.Equal(t, "µs/frame", entries[0]["unit"])

	code, _, stderr = perfbench(t, "scenarios", "--format", "gab", "--base", "HEAD")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "not --format gab")
}
