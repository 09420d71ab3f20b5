package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/scenario"
)

// scaledEnv is the variable test-scaled reads its factor from: the
// harness gives a base process PERFBENCH_BASE_PLANT as its
// PERFBENCH_PLANT, so head and reference can be slowed apart, as a build
// with the perfbench_plant tag is in the noise harness's creep simulation.
const scaledEnv = "PERFBENCH_PLANT"

func init() {
	// Fixed samples times the factor PERFBENCH_PLANT=test-scaled:F asks for.
	scenario.Register(scenario.Scenario{Name: "test-scaled",
		Run: func(s *scenario.Session) error { s.Attach(&idleSubject{}); s.Drive("poke", nil); return nil },
		Numbers: []scenario.Number{{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.2)},
			Value: func(*scenario.Record) []float64 {
				f := 1.0
				if v, ok := strings.CutPrefix(os.Getenv(scaledEnv), "test-scaled:"); ok {
					f, _ = strconv.ParseFloat(v, 64)
				}
				out := []float64{10, 11, 12, 10, 11, 12, 10, 11}
				for i := range out {
					out[i] *= f
				}
				return out
			}}},
	})
}

// idleSubject draws no frame.
type idleSubject struct{}

func (*idleSubject) Refresh() bool               { return false }
func (*idleSubject) Wait(time.Duration) int      { return 0 }
func (*idleSubject) FrameCosts() []time.Duration { return nil }

const (
	refOld  = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	refHead = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

// referenceFiles writes a baselines file naming refOld as the reference
// and returns it, the page's path and the flags that run head (this test
// binary) against the reference (this test binary too) as builds handed in.
func referenceFiles(t *testing.T) (baselines, page string, flags []string) {
	t.Helper()
	dir := t.TempDir()
	baselines = filepath.Join(dir, "perf", "baselines.yaml")
	page = filepath.Join(dir, "docs", "perf", "reference.md")
	require.NoError(t, os.MkdirAll(filepath.Dir(baselines), 0o755))
	require.NoError(t, os.WriteFile(baselines, []byte("version: 2\nreferences:\n  - commit: "+refOld+"\n    set: 2026-09-10T08:00:00Z\n    kind: recorded\n    why: the first\nmachines: {}\n"), 0o644))
	self, err := os.Executable()
	require.NoError(t, err)
	return baselines, page, []string{"reference", "test-scaled", "--baselines", baselines, "--docs", page,
		"--reference-binary", self, "--head-binary", self, "--head-commit", refHead, "--pairs", "6", "--budget", "0", "--quiet"}
}

func referenceOutcome(t *testing.T, stdout string) (ref struct {
	Moved           *struct{ Commit, Kind, Why string }
	Stays           string
	Failed, Written bool
}) {
	t.Helper()
	var doc struct {
		Reference json.RawMessage
		Paired    json.RawMessage
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc), stdout)
	require.NoError(t, json.Unmarshal(doc.Reference, &ref))
	require.NotEmpty(t, doc.Paired, "the paired report is in the JSON")
	return ref
}

// Head 10% slower than the reference fails (exit 1) and leaves the
// reference where it was; head 10% faster moves it, records the move in
// the baselines file and lists it on the page; an A/A stays.
func TestReferenceGates(t *testing.T) {
	for _, tt := range []struct {
		name       string
		env        [2]string // head's plant, the reference's
		code       int
		moves      bool
		stays      string
		extraFlags []string
	}{
		{"slower head fails", [2]string{"test-scaled:1.1", ""}, harness.ExitFailed, false, "head fails against the reference: test-scaled frame", nil},
		{"faster head moves it", [2]string{"", "test-scaled:1.1"}, harness.ExitPass, true, "", nil},
		{"a-a stays", [2]string{"", ""}, harness.ExitPass, false, "no time significantly faster", nil},
		{"rebaseline moves a slower head", [2]string{"test-scaled:1.1", ""}, harness.ExitPass, true, "", []string{"--rebaseline", "--why", "rows draw a shadow"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			baselines, page, flags := referenceFiles(t)
			t.Setenv(scaledEnv, tt.env[0])
			t.Setenv(harness.BasePlantEnv, tt.env[1])
			before, err := os.ReadFile(baselines)
			require.NoError(t, err)
			code, stdout, stderr := perfbench(t, append(append(flags, "--json"), tt.extraFlags...)...)
			require.Equal(t, tt.code, code, stderr)
			ref := referenceOutcome(t, stdout)
			after, err := os.ReadFile(baselines)
			require.NoError(t, err)
			if !tt.moves {
				assert.Nil(t, ref.Moved)
				assert.Contains(t, ref.Stays, tt.stays)
				assert.Equal(t, string(before), string(after), "the reference stays: nothing written")
				assert.NoFileExists(t, page)
				return
			}
			require.NotNil(t, ref.Moved)
			assert.True(t, ref.Written)
			assert.Contains(t, string(after), "  - commit: "+refHead+"\n")
			body, err := os.ReadFile(page)
			require.NoError(t, err)
			assert.Contains(t, string(body), "**The reference:** `bbbbbbbbbbbb`")
			assert.Contains(t, string(body), "| 2 | `bbbbbbbbbbbb` |")
			assert.Contains(t, string(body), "`aaaaaaaaaaaa` | test-scaled frame ")
		})
	}
}

// The table form says what became of the reference, last.
func TestReferenceTableSaysWhatBecameOfIt(t *testing.T) {
	_, _, flags := referenceFiles(t)
	t.Setenv(scaledEnv, "")
	t.Setenv(harness.BasePlantEnv, "test-scaled:1.1")
	code, stdout, stderr := perfbench(t, append(flags, "--check")...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "the reference aaaaaaaaaaaa")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	assert.Equal(t, "reference: would move (--check: nothing written) from aaaaaaaaaaaa to bbbbbbbbbbbb (faster): significantly faster than aaaaaaaaaaaa: test-scaled frame 0.9091× [0.9091, 0.9091]", lines[len(lines)-1])
}

// Bad input is one line, exit 2, and the baselines file untouched: a
// damaged reference block (with its line), no reference at all, a head
// build without its commit, --rebaseline without --why.
func TestReferenceBadInputIsExitTwo(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(string) string
		args []string
		want string
	}{
		{"damaged reference", func(s string) string { return strings.Replace(s, "kind: recorded", "kind: moved", 1) }, nil, `baselines.yaml:5: kind "moved": want recorded, faster or rebaselined`},
		{"no reference", func(string) string { return "version: 1\nmachines: {}\n" }, nil, "baselines.yaml: names no reference revision; record one with perfbench perf"},
		{"reference in an old file", func(s string) string { return strings.Replace(s, "version: 2", "version: 1", 1) }, nil, "baselines.yaml:2: references are a version 2 field, and the file says version 1"},
		{"rebaseline without why", nil, []string{"--rebaseline"}, "--rebaseline needs --why"},
		{"head build without its commit", nil, []string{"--head-commit", ""}, "--head-binary runs builds made elsewhere; name the commit they hold with --head-commit REV"},
		{"head commit not a commit", nil, []string{"--head-commit", "main"}, `--head-commit "main" is not a commit`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			baselines, page, flags := referenceFiles(t)
			if tt.edit != nil {
				data, err := os.ReadFile(baselines)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(baselines, []byte(tt.edit(string(data))), 0o644))
			}
			before, err := os.ReadFile(baselines)
			require.NoError(t, err)
			code, stdout, stderr := perfbench(t, append(flags, tt.args...)...)
			assert.Equal(t, harness.ExitUsage, code, stderr)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tt.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			after, err := os.ReadFile(baselines)
			require.NoError(t, err)
			assert.Equal(t, string(before), string(after))
			assert.NoFileExists(t, page)
		})
	}
}

// A reference the repository does not hold is told by where it comes
// from — the baselines file and the line that name it — never as a flag
// the user did not pass (exit 2, one line, the file untouched).
func TestAnUnknownReferenceNamesItsFileAndLine(t *testing.T) {
	baselines, page, flags := referenceFiles(t)
	var without []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == "--reference-binary" {
			i++ // and its value: the reference is built from git
			continue
		}
		without = append(without, flags[i])
	}
	// A clean repository of its own, which holds no such commit.
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "first"}} {
		out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	t.Chdir(repo)
	before, err := os.ReadFile(baselines)
	require.NoError(t, err)
	code, stdout, stderr := perfbench(t, without...)
	assert.Equal(t, harness.ExitUsage, code, stderr)
	assert.Empty(t, stdout)
	assert.True(t, strings.HasPrefix(stderr, "perfbench: the reference revision aaaaaaaaaaaa in "+baselines+":3: unknown revision"), "got %q", stderr)
	assert.NotContains(t, stderr, "--base")
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	after, err := os.ReadFile(baselines)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
	assert.NoFileExists(t, page)

	// A tree that cannot be built from is told the way out this command
	// has: --reference-binary, not scenarios' --base-binary.
	f := filepath.Join(repo, "f")
	require.NoError(t, os.WriteFile(f, []byte("1\n"), 0o644))
	for _, args := range [][]string{{"add", "f"}, {"-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "f"}} {
		out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	require.NoError(t, os.WriteFile(f, []byte("2\n"), 0o644))
	code, _, stderr = perfbench(t, without...)
	assert.Equal(t, harness.ExitUsage, code, stderr)
	assert.True(t, strings.HasPrefix(stderr, "perfbench: the reference revision aaaaaaaaaaaa in "+baselines+":3: the working tree has uncommitted changes"), "got %q", stderr)
	assert.Contains(t, stderr, "or use --reference-binary PATH")
	assert.NotContains(t, stderr, "--base")
}

// A commit that does not build is not recorded as the first reference:
// perf says why, records the rest and passes, and the next perf from a
// commit that builds records one.
func TestPerfRecordsNoReferenceThatDoesNotBuild(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	withTryBuild(t, errors.New("0123456789ab: the base does not build: no Go files in the extracted tree"))
	baselines, _, flags := perfFiles(t)
	code, _, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stderr, "perfbench: not recording 0123456789ab as the reference revision: the base does not build: no Go files in the extracted tree; "+
		"commit what the program is built from and run perfbench perf again")
	assert.NotContains(t, stderr, "as the reference revision (the first)")
	assert.NotContains(t, string(perfReadFile(t, baselines)), "references:")

	withTryBuild(t, nil)
	code, _, stderr = perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stderr, "perfbench: recorded 0123456789ab as the reference revision (the first)")
	assert.Contains(t, string(perfReadFile(t, baselines)), "references:\n  - commit: 0123456789abcdef\n")
}

// perf records the commit it measured as the first reference, says so,
// and writes the page beside the docs; perf --check fails on a page that
// no longer matches the references, naming it.
func TestPerfRecordsTheReferenceAndChecksItsPage(t *testing.T) {
	withScenarios(t, "test-fixed")
	withBuild(t, &debug.BuildInfo{})
	baselines, docs, flags := perfFiles(t)
	code, _, stderr := perfbench(t, append([]string{"perf"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stderr, "perfbench: recorded 0123456789ab as the reference revision (the first): perfbench reference judges head against it")
	assert.Contains(t, string(perfReadFile(t, baselines)), "references:\n  - commit: 0123456789abcdef\n")
	page := filepath.Join(filepath.Dir(docs), "perf", "reference.md")
	assert.Contains(t, string(perfReadFile(t, page)), "**The reference:** `0123456789ab`")

	code, _, stderr = perfbench(t, append([]string{"perf", "--check"}, flags...)...)
	require.Equal(t, harness.ExitPass, code, stderr)
	require.NoError(t, os.WriteFile(page, []byte("# edited\n"), 0o644))
	code, _, stderr = perfbench(t, append([]string{"perf", "--check"}, flags...)...)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Contains(t, stderr, page+" is out of date with the references in "+baselines)
}
