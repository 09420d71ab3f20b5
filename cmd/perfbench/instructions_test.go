package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/slow"
)

// A judged run counts each time-carrying scenario's instructions a step
// under Valgrind, judges them as a number of kind instructions beside its
// times, and two runs of one build read the same count.
func TestScenariosCountInstructions(t *testing.T) {
	slow.Test(t, "two scenarios' processes under Valgrind")
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Skip("valgrind is not installed (apt-get install valgrind)")
	}
	baselines := filepath.Join(t.TempDir(), "b.yaml")
	read := func() float64 {
		code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--quiet", "--json", "--instructions", "require", "--baselines", baselines)
		require.Equal(t, harness.ExitPass, code, stderr)
		var out struct {
			Scenarios []struct {
				Numbers []struct {
					Name   string  `json:"name"`
					Unit   string  `json:"unit"`
					Median float64 `json:"median"`
					Band   struct {
						Kind string `json:"kind"`
					} `json:"band"`
					Verdict string `json:"band_verdict"`
				} `json:"numbers"`
			} `json:"scenarios"`
		}
		require.NoError(t, json.Unmarshal([]byte(stdout), &out), stdout)
		require.Len(t, out.Scenarios, 1)
		for _, n := range out.Scenarios[0].Numbers {
			if n.Band.Kind == "instructions" {
				assert.Equal(t, "instructions", n.Name)
				assert.Equal(t, "instructions/step", n.Unit)
				assert.Equal(t, "unbaselined", n.Verdict)
				return n.Median
			}
		}
		t.Fatalf("no instructions in %s", stdout)
		return 0
	}
	first, second := read(), read()
	assert.Positive(t, first)
	assert.InDelta(t, first, second, first*0.0025, "two runs of one build agree within half the tolerance")
}

// Without Valgrind, auto says once that instructions were not measured,
// with the install hint, and judges the rest; require refuses to run.
func TestInstructionsWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	baselines := filepath.Join(t.TempDir(), "b.yaml")
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--quiet", "--instructions", "auto", "--baselines", baselines)
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stderr, "perfbench: instructions not measured: valgrind not found (apt-get install valgrind)\n")
	assert.NotContains(t, stdout, "instructions")
	code, stdout, stderr = perfbench(t, "scenarios", "test-fixed", "--quiet", "--instructions", "require", "--baselines", baselines)
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, "perfbench: --instructions require: valgrind not found (apt-get install valgrind)\n", stderr)
	assert.Empty(t, stdout)
	code, _, stderr = perfbench(t, "scenarios", "test-fixed", "--instructions", "maybe")
	assert.Equal(t, harness.ExitUsage, code)
	assert.True(t, strings.HasPrefix(stderr, `perfbench: --instructions "maybe": want auto, require or off`), stderr)
}

// scenario NAME counts its instructions too, in a process of its own,
// and shows them beside its other numbers; with --instructions off it
// shows none.
func TestScenarioShowsItsInstructions(t *testing.T) {
	slow.Test(t, "a scenario's process under Valgrind")
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Skip("valgrind is not installed (apt-get install valgrind)")
	}
	code, stdout, stderr := perfbench(t, "scenario", "test-fixed", "--instructions", "require")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Regexp(t, `\ninstructions +\d+ +instructions/step +—\n`, stdout)
	code, stdout, stderr = perfbench(t, "scenario", "test-fixed", "--instructions", "off")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.NotContains(t, stdout, "instructions")
}
