package harness_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/measure/affinity"
)

// A PERFBENCH_* value every child would fail on, or lose its trace to, is
// refused by the parent before any child runs: one line naming the
// variable and what it wants, exit 2, on every command that starts
// children.
func TestBadEnvironmentIsRefusedBeforeAnyChild(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-dir", "trace.jsonl")
	for _, tc := range []struct {
		env, value, want string
	}{
		{affinity.Env, "abc", `prog: PERFBENCH_CPU="abc": want `},
		{affinity.Env, "-1", `prog: PERFBENCH_CPU="-1": want `},
		{affinity.Env, "999", `prog: PERFBENCH_CPU="999": want `},
		{affinity.Env, "0,1", `prog: PERFBENCH_CPU="0,1": want `},
		{harness.BasePlantEnv, "hover-storm", `prog: PERFBENCH_BASE_PLANT="hover-storm": want SCENARIO:FACTOR`},
		{latency.EnvVar, missing, `prog: PERFBENCH_LATENCY="` + missing + `": cannot create a file in ` + filepath.Dir(missing) + `: no such file or directory`},
		{latency.EnvVar, dir, `prog: PERFBENCH_LATENCY="` + dir + `" is a directory; name a file for the trace`},
		{harness.InstructionsEnv, "bogus", `prog: PERFBENCH_INSTRUCTIONS="bogus": want auto, require or off, or empty for auto`},
	} {
		for _, args := range [][]string{
			{"scenarios", "harness-quick"},
			{"scenario", "harness-quick"},
			{"perf", "--check", "--baselines", t.TempDir() + "/b.yaml", "--docs", t.TempDir() + "/p.md"},
			{"reference", "--baselines", t.TempDir() + "/b.yaml"},
		} {
			t.Run(tc.env+"="+tc.value+" "+args[0], func(t *testing.T) {
				t.Setenv(tc.env, tc.value)
				code, out, errb := main(args...)
				assert.Equal(t, 2, code, errb)
				assert.Contains(t, errb, tc.want)
				assert.Equal(t, 1, bytes.Count([]byte(errb), []byte("\n")), "one line: %q", errb)
				assert.Empty(t, out)
			})
		}
	}
}
