//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/keep/baselines"
)

// perfCase is a checkout perf has recorded into once: its baselines,
// history, docs and chart.
type perfCase struct {
	baselines, history, docs, chart string
	flags                           []string
}

func newPerfCase(t *testing.T) perfCase {
	t.Helper()
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	b, d, flags := perfFiles(t)
	c := perfCase{baselines: b, history: filepath.Join(filepath.Dir(b), "history.yaml"), docs: d,
		chart: filepath.Join(filepath.Dir(d), "perf", "charts", "test-fixed.svg"), flags: flags}
	code, _, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	return c
}

// copyTo returns a copy of the checkout in a directory of t's own: the
// files perf recorded, without recording them again.
func (c perfCase) copyTo(t *testing.T) perfCase {
	t.Helper()
	root := filepath.Dir(filepath.Dir(c.baselines))
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(root)))
	moved := func(p string) string {
		rel, err := filepath.Rel(root, p)
		require.NoError(t, err)
		return filepath.Join(dir, rel)
	}
	out := perfCase{baselines: moved(c.baselines), history: moved(c.history), docs: moved(c.docs), chart: moved(c.chart)}
	for _, f := range c.flags {
		if strings.HasPrefix(f, root+string(filepath.Separator)) {
			f = moved(f)
		}
		out.flags = append(out.flags, f)
	}
	return out
}

// files returns every file under the checkout with its bytes (a FIFO or a
// link by its mode, never read).
func (c perfCase) files(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	root := filepath.Dir(filepath.Dir(c.baselines))
	require.NoError(t, filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		if !e.Type().IsRegular() {
			out[p] = e.Type().String()
			return nil
		}
		data, err := os.ReadFile(p)
		out[p] = string(data)
		return err
	}))
	return out
}

func (c perfCase) edit(t *testing.T, path, from, to string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(data), from)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), from, to, 1)), 0o644))
}

// The issue's cases through the command line: what a user types, the exit
// code and the first line they see, and every file byte-identical after.
// (Cases 1 and 8 at every write point, with ENOSPC, EIO and kills, are
// ratchet's TestEveryWriteFaultLeavesTheFilesWhole; 3 for traces and 4
// are TestTraceSummarizeRefusesWhatIsNotATrace and
// TestPhaseRealWithAnUnwritableTraceIsAnInputError.)
func TestIssueCasesExit2WithOneLineAndLoseNothing(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, c perfCase)
		args    []string
		want    func(c perfCase) string // stderr's first line
	}{
		{"case 1: a pending file recovery cannot remove stops the run", func(t *testing.T, c perfCase) {
			// Not a file perfbench left (a directory with a file in it):
			// nothing is renamed over the history, nothing is removed.
			p := filepath.Join(filepath.Dir(c.history), ".history.yaml.perfbench-pending")
			require.NoError(t, os.Mkdir(p, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(p, "x"), nil, 0o644))
		}, nil, func(c perfCase) string {
			return "perfbench: " + filepath.Join(filepath.Dir(c.history), ".history.yaml.perfbench-pending") + ": cannot remove it: directory not empty; it is where perfbench prepares a file and not one it left: move it away, then run again (nothing was changed)"
		}},
		{"case 2: NaN in the history", func(t *testing.T, c perfCase) {
			c.edit(t, c.history, ", 10, ", ", NaN, ")
		}, nil, func(c perfCase) string {
			return "perfbench: " + c.history + `:12: "NaN" is not a finite number from 0 to 1e+09; a point is [set, median, low, high, samples, recorded|lowered|rebaselined, commit] or [..., commit, why]; fix the line, or restore the file from version control`
		}},
		{"case 2: Inf in the baselines", func(t *testing.T, c perfCase) {
			c.edit(t, c.baselines, "median: 10\n", "median: .inf\n")
		}, []string{"--check"}, func(c perfCase) string {
			return "perfbench: " + c.baselines + `:20: median ".inf" is not a finite number ≥ 0; fix the line, or restore the file from version control and run perfbench perf again`
		}},
		{"case 3: the baselines are /dev/zero", func(t *testing.T, c perfCase) {
			require.NoError(t, os.Remove(c.baselines))
			require.NoError(t, os.Symlink("/dev/zero", c.baselines))
		}, []string{"--check"}, func(c perfCase) string {
			return "perfbench: " + c.baselines + ": cannot read the baselines file: it is not a regular file (a character device); point --baselines at the file"
		}},
		{"case 6: a median of 1e308", func(t *testing.T, c perfCase) {
			c.edit(t, c.baselines, "median: 10\n", "median: 1e308\n")
		}, nil, func(c perfCase) string {
			return "perfbench: " + c.baselines + ":20: median 1e308 is above 1e+09 (MaxTime), which no run measures; fix the line, or restore the file from version control and run perfbench perf again"
		}},
		{"case 6: a unit that is not the scenario's", func(t *testing.T, c perfCase) {
			c.edit(t, c.baselines, "unit: µs/frame", "unit: ms/frame")
		}, nil, func(c perfCase) string {
			return "perfbench: " + c.baselines + `:18: the baseline for test-fixed "frame" on machine "` + baselines.DetectMachine().String() + `" is in "ms/frame", but the scenario measures it in "µs/frame"; restore the file from version control, or delete the baseline to record it afresh`
		}},
		{"case 7: a baselines file cut at a line boundary", func(t *testing.T, c perfCase) {
			data, err := os.ReadFile(c.baselines)
			require.NoError(t, err)
			s := string(data)
			require.NoError(t, os.WriteFile(c.baselines, []byte(s[:strings.Index(s, "machines:")+len("machines:\n")]), 0o644))
		}, nil, func(c perfCase) string {
			return "perfbench: " + c.baselines + ": has no baseline for test-fixed frame on " + baselines.DetectMachine().String() + ", which the history records (" + c.history + ":11); restore the baselines file from version control (if a number was renamed or removed, delete its points from the history too)"
		}},
		{"issue 32: an emptied history", func(t *testing.T, c perfCase) {
			require.NoError(t, os.WriteFile(c.history, nil, 0o644))
		}, nil, func(c perfCase) string {
			s, err := baselines.Load(c.baselines)
			if err != nil {
				return err.Error()
			}
			k := baselines.Key{Machine: baselines.DetectMachine().String(), Scenario: "test-fixed", Number: "frame"}
			b, _ := s.Get(k)
			return "perfbench: " + c.history + ": has no point for test-fixed frame on " + k.Machine + " (set " + b.Set.UTC().Format(time.RFC3339) + "), which the baselines file records (" +
				c.baselines + ":" + strconv.Itoa(s.Line(k)) + "): the history was emptied or cut short; restore it from version control, then run perfbench perf again"
		}},
		{"issue 32: an interval upside down in the history", func(t *testing.T, c perfCase) {
			data, err := os.ReadFile(c.history)
			require.NoError(t, err)
			point := regexp.MustCompile(`, 10, [^,]+, [^,]+, `)
			require.Regexp(t, point, string(data))
			require.NoError(t, os.WriteFile(c.history, []byte(point.ReplaceAllString(string(data), ", 10, 11, 9, ")), 0o644))
		}, nil, func(c perfCase) string {
			return "perfbench: " + c.history + `:12: the interval's low 11 is above its high 9; a point is [set, median, low, high, samples, recorded|lowered|rebaselined, commit] or [..., commit, why]; fix the line, or restore the file from version control`
		}},
		{"case 8: the history is a directory", func(t *testing.T, c perfCase) {
			require.NoError(t, os.Remove(c.history))
			require.NoError(t, os.Mkdir(c.history, 0o755))
		}, nil, func(c perfCase) string {
			return "perfbench: " + c.history + ": cannot read the history file: is a directory; restore it from version control"
		}},
		{"case 8: the charts folder cannot be made", func(t *testing.T, c perfCase) {
			c.edit(t, c.baselines, "median: 10\n", "median: 10.5\n")
			dir := filepath.Dir(c.chart)
			require.NoError(t, os.RemoveAll(dir))
			require.NoError(t, os.WriteFile(dir, []byte("a file\n"), 0o644))
		}, []string{"--rebaseline", "test-fixed", "--why", "a test"}, func(c perfCase) string {
			return "perfbench: " + filepath.Dir(c.chart) + ": cannot write it: not a directory; check the disk and the directory, then run again (nothing was changed: the files stand as they were)"
		}},
		{"case 9: --why without --rebaseline", func(*testing.T, perfCase) {}, []string{"--why", "faster"}, func(perfCase) string {
			return "perfbench: --why is recorded with a rebaseline, and there is none; name what moves with --rebaseline NAME[/NUMBER], or drop --why"
		}},
		{"case 9: --check --rebaseline", func(*testing.T, perfCase) {}, []string{"--check", "--rebaseline", "test-fixed", "--why", "x"}, func(perfCase) string {
			return "perfbench: --rebaseline records a baseline, which perf --check never does; run perfbench perf --rebaseline without --check"
		}},
	}
	// Recorded once: every case starts from a copy of the same checkout.
	recorded := newPerfCase(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := recorded.copyTo(t)
			tt.prepare(t, c)
			before := c.files(t)
			code, stdout, stderr := perfbench(t, append(append([]string{"perf"}, c.flags...), tt.args...)...)
			assert.Equal(t, harness.ExitUsage, code, stdout)
			first, _, _ := strings.Cut(stderr, "\n")
			assert.Equal(t, tt.want(c), first)
			assert.Equal(t, before, c.files(t), "every file byte-identical, no pending file left")
		})
	}
}

// Case 9: every flag's range is checked, and a flag that does nothing in
// this mode is an exit-2 error naming the mode it needs; each refused
// before anything runs.
func TestIssueCase9FlagsAreValidated(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	tests := []struct {
		args []string
		want string // stderr's only line
	}{
		{[]string{"scenarios", "--format", "benchfmt", "--count", "1000000"}, "--count 1000000 is out of range: want 1 to 100"},
		{[]string{"scenarios", "--repeats", "1000"}, "--repeats 1000 is out of range: want 1 to 100"},
		{[]string{"scenarios", "--repeats", "0"}, "--repeats must be at least 1, got 0"},
		{[]string{"scenarios", "--timeout", "0"}, "--timeout 0s is out of range: want how long one scenario's process may run, above 0 and at most 24h0m0s"},
		{[]string{"scenarios", "--base", "main", "--pairs", "100000"}, "--pairs 100000 is out of range: want 2 to 10000"},
		{[]string{"scenarios", "--base", "main", "--layouts", "99"}, "--layouts 99 is out of range: want 1 to 16"},
		{[]string{"scenarios", "--pairs", "60"}, "--pairs does nothing without a paired run (--base REF or --base-binary PATH); add it, or drop --pairs"},
		{[]string{"scenarios", "--budget", "1m"}, "--budget does nothing without a paired run (--base REF or --base-binary PATH); add it, or drop --budget"},
		{[]string{"scenarios", "--fail-unsure"}, "--fail-unsure does nothing without a paired run (--base REF or --base-binary PATH); add it, or drop --fail-unsure"},
		{[]string{"scenarios", "--tolerance", "0.05"}, "--tolerance does nothing without a paired run (--base REF or --base-binary PATH); add it, or drop --tolerance"},
		{[]string{"scenarios", "--base", "main", "--budget", "87600h"}, "--budget 87600h0m0s is out of range: want how long a scenario's unsure times may run more pairs, 0 to 1h0m0s"},
		{[]string{"reference", "--budget", "2h"}, "--budget 2h0m0s is out of range: want how long a scenario's unsure times may run more pairs, 0 to 1h0m0s"},
		{[]string{"reference", "--budget", "-1s"}, "--budget -1s is out of range: want how long a scenario's unsure times may run more pairs, 0 to 1h0m0s"},
		{[]string{"cadence", "--seconds", "87600"}, "--seconds 87600 is out of range: want virtual seconds to watch each rate, above 0 and at most 300"},
		{[]string{"cadence", "--seconds", "0"}, "--seconds 0 is out of range: want virtual seconds to watch each rate, above 0 and at most 300"},
		{[]string{"scenarios", "--base", ""}, "--base needs a git revision (a branch, a tag or a commit) to build the base from; it was empty"},
		{[]string{"scenarios", "--base-binary", self, "--repeats", "3"}, "--repeats is for a run judged against baselines; a paired run (--base, --base-binary) runs --pairs pairs of head and base; drop --repeats"},
		{[]string{"scenarios", "--base-binary", self, "--advisory-times"}, "--advisory-times is for a run judged against baselines; a paired run (--base, --base-binary) runs --pairs pairs of head and base; drop --advisory-times"},
		{[]string{"scenario", "idle", "--timeout", "-1s"}, "--timeout -1s is out of range: want how long one scenario's process may run, above 0 and at most 24h0m0s"},
		{[]string{"perf", "--repeats", "0"}, "--repeats must be at least 1, got 0"},
		{[]string{"perf", "--timeout", "0"}, "--timeout 0s is out of range: want how long one scenario's process may run, above 0 and at most 24h0m0s"},
		{[]string{"scenarios", "--count", "2"}, "--count is for --format benchfmt (or --export-benchfmt), which benchstat reads as samples"},
		{[]string{"scenarios", "--base-binary", self, "--format", "benchfmt"}, "--base compares two builds; it prints a table, --json or --format markdown, not --format benchfmt"},
		{[]string{"scenarios", "--base", "main", "--renderer", "cpu"}, "--base runs the null renderer; --renderer cpu is for baseline runs"},
		{[]string{"scenarios", "--base", "main", "--tolerance", "1"}, "--tolerance must be a fraction above 0 and below 1, got 1"},
		{[]string{"reference", "--layouts", "0"}, "--layouts must be at least 1, got 0"},
		{[]string{"reference", "--timeout", "25h"}, "--timeout 25h0m0s is out of range: want how long one scenario's process may run, above 0 and at most 24h0m0s"},
		{[]string{"scenarios", "--base-binary", self, "--baselines", "b.yaml"}, "--baselines is for a run judged against baselines; a paired run (--base, --base-binary) runs --pairs pairs of head and base; drop --baselines"},
		{[]string{"reference", "--pairs", "1"}, "--pairs must be at least 2 (a ratio's interval needs two pairs), got 1"},
		{[]string{"reference", "--reference-binary", self, "--layouts", "2"}, "--layouts builds the reference from git; with --reference-binary, list the builds (--reference-binary a,b --head-binary x,y)"},
		{[]string{"perf", "--check", "--allow-dirty"}, "--allow-dirty lets a recording run record from a dirty tree, and perf --check records nothing; drop one of them"},
		{[]string{"perf", "--check", "--rebaseline", "idle", "--why", "x"}, "--rebaseline records a baseline, which perf --check never does; run perfbench perf --rebaseline without --check"},
		{[]string{"perf", "--why", "faster"}, "--why is recorded with a rebaseline, and there is none; name what moves with --rebaseline NAME[/NUMBER], or drop --why"},
		{[]string{"completion", "tcsh"}, "completion tcsh: no script for that shell (valid: bash, fish, powershell, zsh)"},
		{[]string{"trace", "summarize", "--defs", "0", "testdata/trace/ok.jsonl"}, "--defs 0: no such definition set (valid: "},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := perfbench(t, tt.args...)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout)
			assert.True(t, strings.HasPrefix(stderr, "perfbench: "+tt.want), "got  %q\nwant %q", stderr, tt.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line")
		})
	}
}
