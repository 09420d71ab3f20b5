package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/publish/report"
)

// withBuild makes perf check bi instead of the test binary's own build
// information. One without a VCS stamp gets a clean one, or perf would ask
// git about the checkout the tests run in, and refuse to record whenever
// it has uncommitted changes. The commit it names builds, as far as perf
// can tell (withTryBuild says otherwise).
func withBuild(t *testing.T, bi *debug.BuildInfo) {
	t.Helper()
	if bi != nil && !slices.ContainsFunc(bi.Settings, func(s debug.BuildSetting) bool { return s.Key == "vcs.revision" }) {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.revision", Value: "0123456789abcdef"}, debug.BuildSetting{Key: "vcs.modified", Value: "false"})
	}
	old := perfBuild
	perfBuild = func() *debug.BuildInfo { return bi }
	t.Cleanup(func() { perfBuild = old })
	withTryBuild(t, nil)
}

// withTryBuild makes perf's trial build of the reference it is about to
// record end with err.
func withTryBuild(t *testing.T, err error) {
	t.Helper()
	old := perfTryBuild
	perfTryBuild = func(context.Context, string) error { return err }
	t.Cleanup(func() { perfTryBuild = old })
}

// perfFiles returns temporary baselines and docs paths, in directories that
// exist, and the flags that name them.
func perfFiles(t *testing.T) (baselines, docs string, flags []string) {
	dir := t.TempDir()
	baselines = filepath.Join(dir, "perf", "baselines.yaml")
	docs = filepath.Join(dir, "docs", "performance.md")
	require.NoError(t, os.MkdirAll(filepath.Dir(baselines), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Dir(docs), 0o755))
	return baselines, docs, []string{"--baselines", baselines, "--docs", docs}
}

func perfReadFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// Run twice without a change, perf records baselines, their history, the
// docs and a chart the first time, and leaves every file byte-identical
// (and unwritten) the second.
func TestPerfTwiceLeavesTheDocsAlone(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	baselines, docs, flags := perfFiles(t)
	dir := filepath.Dir(filepath.Dir(baselines))
	files := func() map[string]string {
		out := map[string]string{}
		require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				fi, _ := d.Info()
				out[path] = fi.ModTime().String() + "\n" + string(perfReadFile(t, path))
			}
			return err
		}))
		return out
	}

	code, stdout, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "baseline recorded: test-fixed/frame 10 µs/frame")
	assert.Contains(t, stdout, "charts updated: test-fixed.svg")
	assert.Contains(t, stdout, "verdict: unbaselined")
	firstDocs := perfReadFile(t, docs)
	assert.Contains(t, string(firstDocs), "### test-fixed")
	assert.Contains(t, string(firstDocs), "(perf/charts/test-fixed.svg)")
	first := files()
	assert.Contains(t, first, filepath.Join(dir, "perf", "history.yaml"))
	assert.Contains(t, first, filepath.Join(dir, "docs", "perf", "charts", "test-fixed.svg"))

	code, stdout, stderr = perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "verdict: pass")
	assert.NotContains(t, stdout, "updated")
	assert.Equal(t, first, files(), "every file byte-identical, none rewritten")
}

func TestPerfFailIsExitOne(t *testing.T) {
	withScenarios(t, "test-fixed", "test-fail")
	withBuild(t, &debug.BuildInfo{})
	baselines, docs, flags := perfFiles(t)
	code, stdout, _ := perfbench(t, append([]string{"perf"}, flags...)...)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Contains(t, stdout, "nothing written: the verdict is fail, so "+baselines+" and "+docs+" were left as they were")
	assert.Contains(t, stdout, "verdict: fail")
	assert.NoFileExists(t, baselines, "a failing run records nothing")
	assert.NoFileExists(t, docs, "a failing run publishes nothing")
}

func TestPerfRebaseline(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	_, _, flags := perfFiles(t)
	code, _, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	code, stdout, stderr := perfbench(t, append([]string{"perf", "--rebaseline", "test-fixed/frame", "--why", "a test"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "baseline rebaselined: test-fixed/frame 10 → 10 µs/frame: a test")
}

// Bad input is one line naming the file or name and the fix, exit 2, and
// every file byte-identical.
func TestPerfBadInputLeavesEveryFileAlone(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	goodBaselines, goodDocs, flags := perfFiles(t)
	code, _, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	baselinesBytes, docsBytes := perfReadFile(t, goodBaselines), perfReadFile(t, goodDocs)

	for name, tc := range map[string]struct {
		args      []string
		baselines []byte // nil: as recorded
		docs      []byte
		build     *debug.BuildInfo // nil: a plain optimised build
		noBuild   bool             // the binary carries no build information
		flags     []string         // nil: the good files' flags
		env       string           // PERFBENCH_LATENCY, when not empty
		want      string
	}{
		"unknown scenario in the baselines": {baselines: []byte(strings.Replace(string(baselinesBytes), "test-fixed:", "test-renamed:", 1)),
			want: `baselines.yaml:18: a baseline for unknown scenario "test-renamed"`},
		"empty baselines":         {baselines: []byte{}, want: "baselines.yaml: the baselines file is empty or holds only comments; restore it from version control, or delete it"},
		"comments-only baselines": {baselines: []byte("# nothing\n"), want: "the baselines file is empty or holds only comments"},
		"--baselines in a missing directory": {flags: []string{"--baselines", filepath.Join(filepath.Dir(goodBaselines), "nope", "b.yaml"), "--docs", goodDocs},
			want: "nope does not exist; create it, or point --baselines at a file in an existing directory"},
		"--baselines names a directory": {flags: []string{"--baselines", filepath.Dir(goodBaselines), "--docs", goodDocs},
			want: "cannot read the baselines file: is a directory"},
		"tracing on":          {env: "trace.jsonl", want: "PERFBENCH_LATENCY is set (trace.jsonl): tracing slows every frame, so perf refuses to judge or record its times"},
		"malformed baselines": {baselines: []byte("version: 1\nmachines: [oops\n"), want: "baselines.yaml:"},
		"damaged markers": {docs: []byte("# Performance\n\n<!-- perfbench:begin -->\nno end marker\n"),
			want: "performance.md:3: perfbench:begin marker has no perfbench:end after it"},
		"unknown rebaseline":     {args: []string{"--rebaseline", "hover", "--why", "x"}, want: `--rebaseline "hover": unknown scenario; valid: test-fixed`},
		"rebaseline without why": {args: []string{"--rebaseline", "test-fixed"}, want: "--rebaseline test-fixed needs --why"},
		"race build": {build: &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-race", Value: "true"}}},
			want: "refusing to record times from this binary: it was built with -race"},
		"no build info":                  {noBuild: true, want: "the binary carries no build information"},
		"stray argument":                 {args: []string{"hover-storm"}, want: "unknown command"},
		"advisory times while recording": {args: []string{"--advisory-times"}, want: "--advisory-times is for perf --check"},
	} {
		t.Run(name, func(t *testing.T) {
			b, d := baselinesBytes, docsBytes
			if tc.baselines != nil {
				b = tc.baselines
			}
			if tc.docs != nil {
				d = tc.docs
			}
			require.NoError(t, os.WriteFile(goodBaselines, b, 0o644))
			require.NoError(t, os.WriteFile(goodDocs, d, 0o644))
			switch {
			case tc.noBuild:
				withBuild(t, nil)
			case tc.build != nil:
				withBuild(t, tc.build)
			}
			f := flags
			if tc.flags != nil {
				f = tc.flags
			}
			if tc.env != "" {
				t.Setenv("PERFBENCH_LATENCY", filepath.Join(t.TempDir(), tc.env))
				tc.want = strings.Replace(tc.want, tc.env, os.Getenv("PERFBENCH_LATENCY"), 1)
			}
			code, stdout, stderr := perfbench(t, append(append([]string{"perf"}, tc.args...), f...)...)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout)
			scenarioOneLine(t, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, b, perfReadFile(t, goodBaselines))
			assert.Equal(t, d, perfReadFile(t, goodDocs))
		})
	}
}

// Without flags, the files are perf/baselines.yaml and docs/performance.md
// under the module root, named relative to the working directory.
func TestPerfJSON(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	_, _, flags := perfFiles(t)
	code, stdout, stderr := perfbench(t, append([]string{"perf", "--json"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	var o report.JudgedJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))
	assert.Equal(t, band.Unbaselined, o.Verdict)
	assert.True(t, o.BaselinesWritten)
	assert.True(t, o.DocsWritten)
	require.Len(t, o.Moves, 1)
	assert.Equal(t, report.MoveJSON{Scenario: "test-fixed", Number: "frame", Unit: "µs/frame", Kind: "recorded",
		To: 10, Why: "first record on this machine"}, o.Moves[0])
}

// perf and scenarios print one table with one column order, so a reader
// who learnt one has learnt both.
func TestPerfAndScenariosShareColumns(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	baselines, _, flags := perfFiles(t)
	code, perfOut, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	code, scenariosOut, stderr := perfbench(t, "scenarios", "test-fixed", "--baselines", baselines)
	require.Equal(t, harness.ExitPass, code, stderr)
	header := func(out string) string {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "number ") {
				return strings.Join(strings.Fields(l), " ")
			}
		}
		return ""
	}
	want := "number value 95% CI band verdict budget"
	assert.Equal(t, want, header(perfOut))
	assert.Equal(t, want, header(scenariosOut))
}

// perf --check with out-of-date docs exits 1, and says so in the verdict's
// own words — in the table and in the JSON — where it used to print
// "verdict: pass" above exit status 1.
func TestPerfCheckWithStaleDocsSaysSo(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	_, docs, flags := perfFiles(t)
	code, _, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	code, stdout, stderr := perfbench(t, append([]string{"perf", "--check"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.True(t, strings.HasSuffix(stdout, "verdict: pass\n"), stdout)

	b := perfReadFile(t, docs)
	i := strings.Index(string(b), "<!-- perfbench:begin")
	require.Positive(t, i)
	j := i + strings.Index(string(b[i:]), "\n") + 1
	require.NoError(t, os.WriteFile(docs, []byte(string(b[:j])+"a line by hand\n"+string(b[j:])), 0o644))
	code, stdout, stderr = perfbench(t, append([]string{"perf", "--check"}, flags...)...)
	assert.Equal(t, harness.ExitFailed, code)
	assert.True(t, strings.HasSuffix(stdout, "the docs or their charts are out of date: run perf, review the change and commit it\nverdict: docs out of date\n"), stdout)
	assert.Contains(t, stderr, "is out of date")
	line := strings.Count(string(b[:j]), "\n") + 1
	assert.Contains(t, stderr, fmt.Sprintf("%s:%d: perf would drop \"a line by hand\"\n", docs, line), "it names the line that differs")
	assert.Equal(t, 2, strings.Count(stderr, docs), "and only that line: %s", stderr)
	code, stdout, _ = perfbench(t, append([]string{"perf", "--check", "--json"}, flags...)...)
	assert.Equal(t, harness.ExitFailed, code)
	var out struct {
		Verdict   string `json:"verdict"`
		DocsStale bool   `json:"docs_stale"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &out))
	assert.True(t, out.DocsStale)
}
