package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/latency"
)

// --plot with a format no chart has is refused before the phase runs, and
// the file named is left as it was.
func TestPhasePlotCheckedFirst(t *testing.T) {
	txt := filepath.Join(t.TempDir(), "scroll.txt")
	require.NoError(t, os.WriteFile(txt, []byte("keep me\n"), 0o644))
	code, stdout, stderr := perfbench(t, "phase", "click", "s1", "2", "--plot", txt)
	assert.Equal(t, harness.ExitUsage, code)
	assert.Empty(t, stdout, "refused before running")
	assert.Equal(t, "perfbench: chart: "+txt+`: unknown format ".txt"; name a file ending in .png, .svg, .pdf`+"\n", stderr)
	b, _ := os.ReadFile(txt)
	assert.Equal(t, "keep me\n", string(b))
}

// N is capped before anything is allocated, with the limit named.
func TestPhaseStepsCapped(t *testing.T) {
	code, stdout, stderr := perfbench(t, "phase", "click", "s1", "100000000")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "perfbench: N is at most 100000 steps (each step's counters are kept for the report), got 100000000; run fewer, or run the phase several times\n", stderr)
}

// An input that is a directory, or not there, is an input error.
func TestTraceSummarizeInputErrors(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{dir, filepath.Join(dir, "none.jsonl")} {
		code, _, stderr := perfbench(t, "trace", "summarize", path)
		assert.Equal(t, harness.ExitUsage, code, stderr)
	}
}

// A trace that cannot be written is reported once and leaves the exit
// status to the command.
func TestFailingTraceWriteKeepsTheExitStatus(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full to fail the writes")
	}
	require.NoError(t, latency.Open("/dev/full"))
	t.Cleanup(func() { latency.Close() })
	code, _, stderr := perfbench(t, "phase", "click", "s1", "2")
	assert.Equal(t, harness.ExitPass, code)
	assert.Contains(t, stderr, "perfbench: latency trace: ")
	assert.Contains(t, stderr, "(the trace is incomplete; the exit status is the command's)\n")
}

// Outside a module, scenarios says where it looked for baselines.
func TestScenariosSayWhereTheyLookedForBaselines(t *testing.T) {
	t.Chdir(t.TempDir())
	code, _, stderr := perfbench(t, "scenarios", "idle")
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stderr, "perfbench: no baselines file at perf/baselines.yaml (no go.mod in the working directory or above it, so relative to the working directory): every time is unbaselined; run from the perfbench module, or pass --baselines FILE\n")
}
