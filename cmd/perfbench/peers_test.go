package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

func TestPeersPrintsBothSubjectsRatiosAndCaveats(t *testing.T) {
	code, out, stderr := perfbench(t, "peers", "--size", "s0", "--phase", "hover,idle", "--steps", "8", "--peer", "gio")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "interleaved")
	assert.Regexp(t, `hover\s+s0\s+perfbench\s+8\s`, out)
	assert.Regexp(t, `hover\s+s0\s+gio\s+8\s.*×`, out)
	assert.Regexp(t, `idle\s+s0\s+gio\s+0\s+—`, out)
	assert.Contains(t, out, "Router.Frame", "the caveats say what a Gio frame includes")
	assert.Regexp(t, `cold cpu, the first step of each block of 20,.*\n.*\n`+
		`  hover s0: perfbench \S+ [µm]s \(\d+\.\d× warm\), gio \S+ [µm]s \(\d+\.\d× warm\) ratio \d+\.\d×\n`, out)
	assert.Contains(t, out, "in blocks of 20 steps", "the caveats say the block length and why")
	assert.Contains(t, stderr, "peers hover s0", "progress on stderr")
	for _, l := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), 100, "fits 100 columns: %q", l)
	}
}

// --quiet leaves out the line a phase and size that peers prints on
// stderr as it goes.
func TestPeersQuietPrintsNoProgress(t *testing.T) {
	code, out, stderr := perfbench(t, "peers", "--quiet", "--size", "s0", "--phase", "idle", "--steps", "5", "--peer", "gio")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "idle")
	assert.Empty(t, stderr)
}

func TestPeersJSON(t *testing.T) {
	code, out, _ := perfbench(t, "peers", "--size", "s0", "--phase", "scroll", "--steps", "8", "--form", "everything", "--peer", "gio", "--json")
	require.Equal(t, harness.ExitPass, code)
	var got struct {
		Form string `json:"form"`
		Rows []struct {
			Phase string `json:"phase"`
			Sides []struct {
				Subject string  `json:"subject"`
				Frames  int     `json:"frames"`
				Ratio   float64 `json:"ratio"`
			} `json:"sides"`
		} `json:"rows"`
		Caveats []string `json:"caveats"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "everything", got.Form)
	require.Len(t, got.Rows, 1)
	sides := got.Rows[0].Sides
	require.GreaterOrEqual(t, len(sides), 2)
	assert.Equal(t, "perfbench", sides[0].Subject)
	assert.Equal(t, "gio", sides[1].Subject)
	assert.Equal(t, 8, sides[1].Frames)
	assert.Positive(t, sides[1].Ratio)
	assert.NotEmpty(t, got.Caveats)
}

func TestPeersBadInputIsAOneLineUsageError(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"peers", "--phase", "glide"}, "valid: hover scroll idle"},
		{[]string{"peers", "--size", "s3"}, "s0 s1 s2 s4 s8 s13 s26"},
		{[]string{"peers", "--form", "lazy"}, "valid: idiomatic everything"},
		{[]string{"peers", "--steps", "0"}, "--steps must be at least 5 (each block leaves out its first 4 steps, to run warm), got 0"},
		{[]string{"peers", "--steps", "4"}, "got 4"},
		{[]string{"peers", "--peer", "qt"}, `unknown peer "qt" (valid in this build: gio`},
	} {
		code, _, stderr := perfbench(t, tc.args...)
		assert.Equal(t, harness.ExitUsage, code, tc.args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
		assert.Contains(t, stderr, tc.want)
	}
}
