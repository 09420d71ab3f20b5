package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

var traceUpdate = flag.Bool("update-trace", false, "rewrite testdata/trace/*.stdout from the output of trace summarize")

// traceGolden compares got with testdata/trace/name; on a mismatch it
// writes name.got beside it, and with -update-trace it rewrites name.
func traceGolden(t *testing.T, name, got string) {
	t.Helper()
	golden(t, filepath.Join("testdata", "trace", name), got, *traceUpdate, "update-trace")
}

func TestTraceSummarizeTable(t *testing.T) {
	tests := []struct {
		name      string
		malformed []int // lines named on stderr
	}{
		{"ok", nil},
		{"malformed", []int{47, 48, 49, 50, 51}},
		// Recorded with perfbench phase hover s1 40 (virtual clock, null
		// renderer) and perfbench phase hover s1 40 --real.
		{"virtual-null", nil},
		{"real-null", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := "testdata/trace/" + tt.name + ".jsonl"
			code, stdout, stderr := perfbench(t, "trace", "summarize", file)
			require.Equal(t, harness.ExitPass, code, stderr)
			traceGolden(t, tt.name+".stdout", stdout)
			var lines []string
			for _, l := range tt.malformed {
				lines = append(lines, "perfbench: "+file+":"+strconv.Itoa(l)+": malformed line skipped: ")
			}
			got := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if len(lines) == 0 {
				assert.Empty(t, stderr)
				return
			}
			require.Len(t, got, len(lines), stderr)
			for i := range lines {
				assert.True(t, strings.HasPrefix(got[i], lines[i]), "%q does not start %q", got[i], lines[i])
			}
		})
	}
}

func TestTraceSummarizeJSON(t *testing.T) {
	// Replayed under definition set 1, the one it was recorded under
	// (before traces had headers).
	code, stdout, stderr := perfbench(t, "trace", "summarize", "--json", "--defs", "1", "testdata/trace/malformed.jsonl")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, 5, strings.Count(stderr, "malformed line skipped"), "malformed lines go to stderr with --json too")

	var got struct {
		File      string `json:"file"`
		Defs      int    `json:"defs"`
		Lines     int    `json:"lines"`
		Marks     int    `json:"marks"`
		Malformed []struct {
			Line   int    `json:"line"`
			Reason string `json:"reason"`
		} `json:"malformed"`
		Epochs  int `json:"epochs"`
		Metrics []struct {
			ID      string   `json:"id"`
			Label   string   `json:"label"`
			Version int      `json:"version"`
			Unit    string   `json:"unit"`
			N       int      `json:"n"`
			Value   *float64 `json:"value"`
			Quality string   `json:"quality"`
		} `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
	assert.Equal(t, "testdata/trace/malformed.jsonl", got.File)
	assert.Equal(t, 1, got.Defs)
	assert.Equal(t, 97, got.Lines)
	assert.Equal(t, 92, got.Marks)
	assert.Equal(t, 1, got.Epochs)
	var bad []int
	for _, m := range got.Malformed {
		bad = append(bad, m.Line)
		assert.NotEmpty(t, m.Reason)
	}
	assert.Equal(t, []int{47, 48, 49, 50, 51}, bad)

	byID := map[string]int{}
	for i, m := range got.Metrics {
		assert.Equal(t, 1, m.Version, m.ID)
		assert.NotEmpty(t, m.Unit, m.ID)
		byID[m.ID+" "+m.Label] = i
	}
	count := got.Metrics[byID["frame.count "]]
	require.NotNil(t, count.Value)
	assert.Equal(t, 8.0, *count.Value)
	assert.Equal(t, "valid", count.Quality)
	low := got.Metrics[byID["present.fps.low1 "]]
	assert.Nil(t, low.Value, "a 1%% low of 7 intervals is missing, not 0")
	assert.Equal(t, "missing", low.Quality)
	span := got.Metrics[byID["stage.p50 f.begin->f.restyle"]]
	assert.Equal(t, "ns", span.Unit)
	assert.Equal(t, "valid", span.Quality)
}

func TestTraceSummarizeBadInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want []string // in the one line on stderr
	}{
		{"empty file", []string{"testdata/trace/empty.jsonl"},
			[]string{"testdata/trace/empty.jsonl", "empty trace", "PERFBENCH_LATENCY="}},
		{"no frame", []string{"testdata/trace/noframes.jsonl"},
			[]string{"testdata/trace/noframes.jsonl", "no complete frame", "4 lines", "1 malformed", "line 3"}},
		{"no such file", []string{filepath.Join(dir, "nope.jsonl")},
			[]string{filepath.Join(dir, "nope.jsonl"), "no such file"}},
		{"a directory", []string{dir}, []string{dir}},
		{"no file named", nil, []string{"accepts 1 arg"}},
		{"two files", []string{"a", "b"}, []string{"accepts 1 arg"}},
		{"no such definition set", []string{"--defs", "7", "testdata/trace/ok.jsonl"}, []string{"--defs 7", "valid: 1 2"}},
	}
	t.Run("unknown subcommand", func(t *testing.T) {
		code, _, stderr := perfbench(t, "trace", "summarise", "x.jsonl")
		assert.Equal(t, harness.ExitUsage, code)
		assert.Contains(t, stderr, `unknown command "summarise"`)
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := perfbench(t, append([]string{"trace", "summarize"}, tt.args...)...)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			assert.True(t, strings.HasPrefix(stderr, "perfbench: "), stderr)
			for _, w := range tt.want {
				assert.Contains(t, stderr, w)
			}
		})
	}
}

func TestTraceSummarizeNamesTheFirstMalformedLines(t *testing.T) {
	ok, err := os.ReadFile("testdata/trace/ok.jsonl")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "noisy.jsonl")
	require.NoError(t, os.WriteFile(path, append([]byte(strings.Repeat("oops\n", 25)), ok...), 0o644))

	code, _, stderr := perfbench(t, "trace", "summarize", path)
	require.Equal(t, harness.ExitPass, code, stderr)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	require.Len(t, lines, 11, stderr)
	assert.Contains(t, lines[0], path+":1: malformed line skipped")
	assert.Contains(t, lines[9], path+":10: malformed line skipped")
	assert.Equal(t, "perfbench: "+path+": 15 more malformed lines skipped (--json lists them)", lines[10])
}

func TestTraceSummarizeQuotesOddStageNames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "odd.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(`{"t":1,"base_unix_ns":1,"stage":"f.begin"}
{"t":2,"base_unix_ns":1,"stage":"my stage\t2"}
{"t":3,"base_unix_ns":1,"stage":"f.end"}
`), 0o644))
	code, stdout, stderr := perfbench(t, "trace", "summarize", path)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, `stage.p50 "f.begin->my stage\t2"`)
	assert.Contains(t, stdout, `stage.p50 "my stage\t2->f.end"`)
}

// The virtual-clock hover trace gives no valid presentation rate, and says
// why; its frame costs stay valid. Replayed under set 1 it gives the
// number set 1 gave, labelled v1.
func TestTraceSummarizeVirtualTraceHasNoPresentationRate(t *testing.T) {
	type reading struct {
		ID      string   `json:"id"`
		Version int      `json:"version"`
		Value   *float64 `json:"value"`
		Quality string   `json:"quality"`
		Why     string   `json:"why"`
	}
	read := func(args ...string) map[string]reading {
		code, stdout, stderr := perfbench(t, append([]string{"trace", "summarize", "--json"}, args...)...)
		require.Equal(t, harness.ExitPass, code, stderr)
		var got struct {
			Metrics []reading `json:"metrics"`
		}
		require.NoError(t, json.Unmarshal([]byte(stdout), &got))
		out := map[string]reading{}
		for _, m := range got.Metrics {
			out[m.ID] = m
		}
		return out
	}
	v2 := read("testdata/trace/virtual-null.jsonl")
	for _, id := range []string{"present.fps.avg", "present.interval.p50", "present.count", "input.to.present.p50", "frame.rate.avg"} {
		assert.Equal(t, "not-applicable", v2[id].Quality, id)
		assert.Nil(t, v2[id].Value, id)
		assert.Contains(t, v2[id].Why, "virtual timing", id)
	}
	assert.Equal(t, "valid", v2["frame.cost.p50"].Quality)
	assert.Equal(t, 2, v2["present.fps.avg"].Version)

	v1 := read("--defs", "1", "testdata/trace/virtual-null.jsonl")
	assert.Equal(t, 1, v1["present.fps.avg"].Version)
	require.NotNil(t, v1["present.fps.avg"].Value)
	assert.Greater(t, *v1["present.fps.avg"].Value, 1000.0, "the impossible rate v1 published, now labelled v1")
}
