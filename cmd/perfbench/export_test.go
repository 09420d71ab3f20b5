package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

// One run writes the table to stdout and every exported format to its own
// file, each what --format would have printed in a run of its own.
func TestExportsWriteEveryFormatFromOneRun(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--quiet", "--baselines", path("none.yaml"),
		"--export-json", path("r.json"), "--export-markdown", path("r.md"), "--export-benchfmt", path("r.txt"),
		"--export-bmf", path("r.bmf"), "--export-gab-times", path("r.gab"))
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "verdict: unbaselined", "the terminal still gets the table")

	var judged struct {
		Kind      string `json:"kind"`
		Scenarios []struct {
			Name string `json:"name"`
		} `json:"scenarios"`
	}
	data, err := os.ReadFile(path("r.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &judged))
	assert.Equal(t, "judged", judged.Kind)
	require.Len(t, judged.Scenarios, 1)
	assert.Equal(t, "test-fixed", judged.Scenarios[0].Name)

	md, err := os.ReadFile(path("r.md"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(md), "## "), "a job summary's heading: %q", md)
	bench, err := os.ReadFile(path("r.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(bench), "BenchmarkScenario/test-fixed")
	for _, f := range []string{"r.bmf", "r.gab"} {
		data, err := os.ReadFile(path(f))
		require.NoError(t, err)
		assert.True(t, json.Valid(data), "%s is JSON", f)
	}
	left, err := filepath.Glob(path(".*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temporary file is left behind")
}

// An export that cannot be written as asked is refused before anything
// runs, one line, exit 2, and the file it names is left as it was.
func TestExportsRefuseBadFilesBeforeRunning(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	kept := filepath.Join(dir, "kept.md")
	require.NoError(t, os.WriteFile(kept, []byte("mine"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a FIFO", []string{"--export-json", fifo}, "not a regular file, left untouched"},
		{"a directory", []string{"--export-json", dir}, "not a regular file"},
		{"no such directory", []string{"--export-markdown", filepath.Join(dir, "nope", "r.md")}, "does not exist"},
		{"one file twice", []string{"--export-markdown", kept, "--export-json", kept}, "another --export names that file too"},
		{"a paired run's benchfmt", []string{"--base-binary", os.Args[0], "--export-benchfmt", filepath.Join(dir, "b.txt")}, "a paired run (--base) prints no benchfmt report"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := perfbench(t, append([]string{"scenarios", "test-fixed", "--quiet"}, tc.args...)...)
			assert.Equal(t, harness.ExitUsage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			assert.Empty(t, stdout, "nothing ran")
			data, err := os.ReadFile(kept)
			require.NoError(t, err)
			assert.Equal(t, "mine", string(data))
		})
	}
}

// A run never writes over what it reads or records: an export that
// resolves to the baselines, the history, the docs, a chart or the
// reference page is refused, through any spelling or link, exit 2 in
// one line, and every file is left as it was.
func TestExportsNeverNameWhatTheRunKeeps(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"perf", "docs/perf/charts"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	files := map[string]string{
		"perf/baselines.yaml":             "version: 1\n",
		"perf/history.yaml":               "version: 1\n",
		"docs/performance.md":             "# docs\n",
		"docs/perf/charts/test-fixed.svg": "<svg/>",
		"docs/perf/reference.md":          "# ref\n",
	}
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644))
	}
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(filepath.Join(dir, "perf", "baselines.yaml"), link))
	linkedDir := filepath.Join(dir, "elsewhere")
	require.NoError(t, os.Symlink(filepath.Join(dir, "perf"), linkedDir))
	baselinesFlag := []string{"--baselines", filepath.Join(dir, "perf", "baselines.yaml")}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"the baselines", []string{"scenarios", "test-fixed", "--export-json", filepath.Join(dir, "perf", "baselines.yaml")}},
		{"the baselines, spelled round", []string{"scenarios", "test-fixed", "--export-json", filepath.Join(dir, "perf", "..", "perf", ".", "baselines.yaml")}},
		{"a link to the baselines", []string{"scenarios", "test-fixed", "--export-json", link}},
		{"the history through a linked directory", []string{"scenarios", "test-fixed", "--export-markdown", filepath.Join(linkedDir, "history.yaml")}},
		{"the docs", []string{"perf", "--docs", filepath.Join(dir, "docs", "performance.md"), "--export-markdown", filepath.Join(dir, "docs", "performance.md")}},
		{"a chart", []string{"perf", "--docs", filepath.Join(dir, "docs", "performance.md"), "--export-json", filepath.Join(dir, "docs", "perf", "charts", "test-fixed.svg")}},
		{"the reference page", []string{"perf", "--docs", filepath.Join(dir, "docs", "performance.md"), "--export-markdown", filepath.Join(dir, "docs", "perf", "reference.md")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := perfbench(t, append(append(tc.args, baselinesFlag...), "--quiet")...)
			assert.Equal(t, harness.ExitUsage, code, stderr)
			assert.Contains(t, stderr, "which this run reads or records; name a file of its own")
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			assert.Empty(t, stdout, "nothing ran")
			for name, data := range files {
				got, err := os.ReadFile(filepath.Join(dir, name))
				require.NoError(t, err)
				assert.Equal(t, data, string(got), name)
			}
		})
	}
}
