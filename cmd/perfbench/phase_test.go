package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/phase"
)

// By default phase prints a summary that fits a 120-column terminal, at
// the largest size too; --frames adds the (wide) per-step rows.
func TestPhasePrintsSummaryAndClaim(t *testing.T) {
	code, out, _ := perfbench(t, "phase", "scroll-resize", "s26", "6")
	require.Equal(t, harness.ExitPass, code)
	assert.Contains(t, out, "phase scroll-resize at s26")
	assert.Regexp(t, `(?m)^  NodesRelaidOut +\d+ `, out)
	assert.NotContains(t, out, "=", "no per-step rows without --frames")
	assert.Contains(t, out, "PASS")
	for _, l := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), 120, "%q", l)
	}

	code, out, _ = perfbench(t, "phase", "hover", "s1", "6", "--frames")
	require.Equal(t, harness.ExitPass, code)
	assert.Regexp(t, `(?m)^ +5 +[0-9.]+ µs  .*ElementsRestyled=`, out)
}

func TestPhasePlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hover.svg")
	code, _, stderr := perfbench(t, "phase", "hover", "s0", "8", "--plot", path)
	require.Equal(t, harness.ExitPass, code, stderr)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(b), "<svg")
	assert.Contains(t, string(b), "hover at s0")
}

func TestPhaseJSON(t *testing.T) {
	code, out, _ := perfbench(t, "phase", "idle", "s0", "3", "--json")
	require.Equal(t, harness.ExitPass, code)
	var runs []phase.RunJSON
	require.NoError(t, json.Unmarshal([]byte(out), &runs))
	require.Len(t, runs, 1)
	assert.Equal(t, 0, runs[0].Frames)
	assert.Equal(t, "pass", runs[0].Claim)
}

func TestPhaseUnknownNamesAreOneLineUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"phase", "hovr", "s1"}, {"phase", "hover", "s3"}, {"phase", "hover", "s1", "-2"}} {
		code, _, stderr := perfbench(t, args...)
		assert.Equal(t, harness.ExitUsage, code, args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
	}
	_, _, stderr := perfbench(t, "phase", "hovr", "s1")
	assert.Contains(t, stderr, "valid: idle hover click")
	_, _, stderr = perfbench(t, "phase", "hover", "s3")
	assert.Contains(t, stderr, "s0 s1 s2 s4 s8 s13 s26")
}

func TestPhaseRenderer(t *testing.T) {
	code, _, stderr := perfbench(t, "phase", "hover", "s0", "2", "--renderer", "nope")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, `unknown renderer "nope" (valid: `)
	code, out, stderr := perfbench(t, "phase", "hover", "s0", "2", "--renderer", "cpu")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "PASS")
}

func TestPhaseJSONSaysWhichClock(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"phase", "hover", "s0", "3", "--json"}, "virtual"},
		{[]string{"phase", "hover", "s0", "3", "--json", "--real"}, "real"},
	} {
		code, out, stderr := perfbench(t, tt.args...)
		require.Equal(t, harness.ExitPass, code, stderr)
		var runs []phase.RunJSON
		require.NoError(t, json.Unmarshal([]byte(out), &runs))
		require.Len(t, runs, 1)
		assert.Equal(t, tt.want, runs[0].Clock)
	}
}
