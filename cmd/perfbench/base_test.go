package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

// gitRepo makes a repository with one commit whose ./cmd/perfbench does
// not build, and makes it the working directory.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                "module example.com/broken\n\ngo 1.26\n",
		"cmd/perfbench/main.go": "package main\n\nfunc main() { this does not compile }\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "."},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "a base that does not build"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	t.Chdir(dir)
	return dir
}

// tree returns every file under dir (the .git directory too) with a hash
// of its bytes and its modification time.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%x %s", sha256.Sum256(b), info.ModTime())
		return nil
	}))
	return out
}

// --base with a revision git does not know, a dirty working tree or a base
// that does not build is a one-line usage error, exit 2, and no file of
// the repository (its .git included) changes.
func TestBaseBadInputIsExitTwoAndTouchesNothing(t *testing.T) {
	dir := gitRepo(t)
	for _, tt := range []struct {
		name  string
		dirty bool
		args  []string
		want  string
	}{
		{"unknown revision", false, []string{"--base", "no-such-rev"}, `--base no-such-rev: unknown revision`},
		{"base does not build", false, []string{"--base", "HEAD"}, `--base HEAD: the base does not build: `},
		{"dirty tree", true, []string{"--base", "HEAD"}, `--base HEAD: the working tree has uncommitted changes`},
		{"both bases", false, []string{"--base", "HEAD", "--base-binary", "x"}, `--base and --base-binary both name a base`},
		{"not a binary", false, []string{"--base-binary", filepath.Join(dir, "go.mod")}, `not an executable file`},
		{"one pair", false, []string{"--base", "HEAD", "--pairs", "1"}, `--pairs must be at least 2`},
		{"negative budget", false, []string{"--base", "HEAD", "--budget", "-1s"}, `--budget -1s is out of range`},
		{"no tolerance", false, []string{"--base", "HEAD", "--tolerance", "0"}, `--tolerance must be a fraction above 0 and below 1, got 0`},
		{"layouts of binaries", false, []string{"--base-binary", filepath.Join(dir, "go.mod"), "--layouts", "2"}, `--layouts builds each side with --base REF`},
		{"head builds alone", false, []string{"--head-binary", "x"}, `--head-binary names head builds for a paired run`},
		{"a head build not a binary", false, []string{"--base-binary", os.Args[0], "--head-binary", filepath.Join(dir, "go.mod")}, `--head-binary ` + filepath.Join(dir, "go.mod") + `: not an executable file`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.dirty {
				p := filepath.Join(dir, "go.mod")
				orig, err := os.ReadFile(p)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(p, append(orig, "// edited\n"...), 0o644))
				t.Cleanup(func() { require.NoError(t, os.WriteFile(p, orig, 0o644)) })
			}
			before := tree(t, dir)
			code, stdout, stderr := perfbench(t, append([]string{"scenarios", "test-fixed"}, tt.args...)...)
			assert.Equal(t, harness.ExitUsage, code, stderr)
			assert.Empty(t, stdout)
			// Progress lines may come first; the error is the last line,
			// and one line.
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			assert.Contains(t, lines[len(lines)-1], tt.want)
			for _, l := range lines[:len(lines)-1] {
				assert.True(t, strings.HasPrefix(l, "base: "), "only progress before the error: %q", l)
			}
			assert.Equal(t, before, tree(t, dir), "no file changed")
		})
	}
}

// The same binary on both sides: every number passes, every time's ratio
// is 1, and nothing is listed as changed.
func TestBaseBinarySameBuildPasses(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--base-binary", self, "--pairs", "4", "--budget", "0", "--json")
	require.Equal(t, harness.ExitPass, code, stderr)
	var o report.PairedJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))
	assert.Equal(t, band.Pass, o.Verdict)
	require.NotEmpty(t, o.Numbers)
	assert.Equal(t, 1, o.Builds)
	for _, n := range o.Numbers {
		assert.Equal(t, band.Pass, n.Verdict, "%s", n.Name)
		assert.Empty(t, n.Note, "%s", n.Name)
		if n.Kind.Estimated() {
			require.NotNil(t, n.Ratio)
			assert.Equal(t, 1.0, *n.Ratio)
			assert.Equal(t, 4, n.Pairs)
		}
	}
}

// Several builds of each side (--base-binary a,b --head-binary c,d):
// the pairs are spread over them, and the same code passes.
func TestBaseBinaryBuildsSpreadThePairs(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--base-binary", self+","+self, "--head-binary", self, "--head-binary", self,
		"--pairs", "4", "--budget", "0", "--json")
	require.Equal(t, harness.ExitPass, code, stderr)
	var o report.PairedJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))
	assert.Equal(t, band.Pass, o.Verdict)
	assert.Equal(t, 2, o.Builds)
}

// The paired table lists the numbers under their headings after the
// table, failures first, then unsure, improved and within tolerance, then
// how they were judged; a time prints its interval's level and, in plain
// words, what the run could miss.
func TestPairedTableListsFailuresFirst(t *testing.T) {
	time := func(name string, v band.Verdict, move outcome.Move, note string) outcome.Number {
		n := pairedNumber("s", name, "µs/frame", band.Band{Kind: band.KindTime}, 1, 1)
		n.Ratio = outcome.Ratio{Value: 1.01, Lo: 1.005, Hi: 1.02, Level: 0.9875, Pairs: 60, Detectable: 1.031}
		n.Verdict, n.Move, n.Note = v, move, note
		return n
	}
	skips := pairedNumber("s", "skips", "skips", band.Band{Kind: band.KindCount, Dir: band.AtLeast}, 3, 2)
	skips.Verdict, skips.Move, skips.Note = band.Pass, outcome.Better, "rose from 2 to 3 (an improvement for a floor)"
	o := pairedOutcome(band.Fail, outcome.Pairing{Tolerance: 0.01, Alpha: paired.Alpha, Times: 3, Looks: 4},
		time("a", band.Pass, outcome.Within, "1.01× slower, within the 1% tolerance"),
		time("b", band.Fail, outcome.Worse, "1.01× slower, beyond the 1% tolerance"),
		skips,
		time("c", band.Unsure, outcome.Same, "unsure: straddles"))
	var b strings.Builder
	require.NoError(t, (&report.Report{Program: "perfbench", Command: "scenarios", Outcome: o, Base: "main"}).Write(&b, io.Discard, report.Table))
	out := b.String()
	assert.Contains(t, out, "head/base [98.75% interval]", "every time's interval has one level, said once")
	assert.Contains(t, out, "1.01 [1.005, 1.02] 60 pairs")
	for _, l := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 100, "fits 100 columns: %q", l)
	}
	assert.Contains(t, out, "s a: 1.01× slower, within the 1% tolerance; this run can miss a slowdown under 3.1%")
	assert.Contains(t, out, "s b: 1.01× slower, beyond the 1% tolerance\n", "a failure was caught: what the run could miss is moot")
	assert.Contains(t, strings.Join(strings.Fields(out), " "), "shown more than 1% slower than base, and passes when it is shown less. "+
		"Otherwise it is unsure: listed after the failures; it does not fail the run. "+
		"Shown means at the suite's level: α 2.5% over 3 times and 4 looks (Holm).", "(wrapped to 100 columns)")
	var order []int
	for _, h := range []string{"head: this binary; base: main\n\nnumber", "\nfailed:\n  s b:", "\nunsure:\n  s c:", "\nimproved:\n  s skips:",
		"\nwithin tolerance:\n  s a:", "\nHead and base ran", "\nverdict: fail"} {
		i := strings.Index(out, h)
		require.GreaterOrEqual(t, i, 0, "%q in\n%s", h, out)
		order = append(order, i)
	}
	assert.IsIncreasing(t, order, out)
	assert.NotContains(t, out, "changed:")
}

// A time's head and base columns agree with its ratio: the ratio is the
// median over every pair of processes, which the medians of each side's
// processes can contradict (head 200.5 µs beside base 214.6 µs at 1.067),
// so head reads as base × ratio, and the rule below the table says so.
func TestPairedColumnsAgreeWithTheRatio(t *testing.T) {
	frame := pairedNumber("kitchen", "frame", "µs/frame", band.Band{Kind: band.KindTime}, 200.5, 214.6)
	frame.Ratio = outcome.Ratio{Value: 1.067, Lo: 1.02, Hi: 1.11, Level: 0.95, Pairs: 60, Detectable: 1.05}
	frame.Verdict, frame.Move, frame.Note = band.Fail, outcome.Worse, "1.067× slower, beyond the 3% tolerance"
	o := pairedOutcome(band.Fail, outcome.Pairing{Tolerance: 0.03, Alpha: paired.Alpha, Times: 1, Looks: 1}, frame)
	for _, f := range []report.Format{report.Table, report.Markdown} {
		var b strings.Builder
		require.NoError(t, (&report.Report{Program: "perfbench", Command: "scenarios", Outcome: o, Base: "main"}).Write(&b, io.Discard, f))
		out := b.String()
		assert.NotContains(t, out, "200.5", "%s: head's own median would read faster than base at a ratio above 1", f)
		assert.Contains(t, strings.Join(strings.Fields(out), " "), "A time's head is shown as its base times head/base", f)
		if f == report.Table {
			assert.Regexp(t, `\n  frame +229 µs +214\.6 µs +1\.067 \[1\.02, 1\.11\]`, out)
		} else {
			assert.Contains(t, out, "| kitchen frame (µs/frame) | 229 | 214.6 |")
		}
	}
}

// The paired table fits its terminal: a time's ratio has a column of its
// own where it fits (scroll's numbers at 100 columns); where it would not
// (with resize's widest value too, at 100 or 80), the ratio joins the note
// below its row, and the notes and the rule below wrap.
func TestPairedTableFitsItsWidth(t *testing.T) {
	frame := pairedNumber("scroll", "translation-frame", "µs/translation-frame", band.Band{Kind: band.KindTime}, 2.1, 2.1)
	frame.Ratio = outcome.Ratio{Value: 1.001, Lo: 0.9902, Hi: 1.025, Level: 0.9875, Pairs: 30, Detectable: 1.047}
	rebuilds := pairedNumber("scroll", "translation-hit-index-rebuilds", "hit-index-rebuilds/translation-frame", band.Count(0), 0, 0)
	damage := pairedNumber("resize", "damage-area", "px/frame", band.Count(1024000), 1024000, 1024000)
	for _, n := range []*outcome.Number{&frame, &rebuilds, &damage} {
		n.Verdict = band.Pass
	}
	pairing := outcome.Pairing{Tolerance: 0.03, Alpha: paired.Alpha, Times: 1, Looks: 4}
	o := pairedOutcome(band.Pass, pairing, frame, rebuilds, damage)
	scroll := pairedOutcome(band.Pass, pairing, frame, rebuilds)
	for _, tt := range []struct {
		o      outcome.Outcome
		width  int
		column bool
	}{{scroll, 100, true}, {o, 100, false}, {o, 80, false}} {
		var b strings.Builder
		r := &report.Report{Program: "perfbench", Command: "scenarios", Outcome: tt.o, Base: "main", Terminal: terminal.Terminal{Width: tt.width}}
		require.NoError(t, r.Write(&b, io.Discard, report.Table))
		out := b.String()
		for _, l := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, len([]rune(l)), tt.width, "fits %d columns: %q", tt.width, l)
		}
		if tt.column {
			assert.Contains(t, out, "head/base [98.75% interval]")
			assert.Regexp(t, `  translation-frame +2\.102 µs +2\.1 µs +1\.001 \[0\.9902, 1\.025\] 30 pairs +pass\n`, out)
		} else {
			assert.NotContains(t, out, "head/base [")
			assert.Regexp(t, `  translation-frame +2\.102 µs +2\.1 µs +pass\n    head/base 1\.001 \[0\.9902, 1\.025\] 98\.75% 30 pairs; this run can miss a\s+slowdown under 4\.7%\n`, out)
		}
	}
}

// pairedNumber is a number of a paired run as paired.JudgeRun leaves it
// before its ratio and verdict: head's value judged by its own band, and
// base's.
func pairedNumber(sc, name, unit string, b band.Band, head, base float64) outcome.Number {
	return outcome.Number{Scenario: sc, Judged: band.Judged{Spec: band.Spec{Name: name, Unit: unit, Band: b}, Median: head, BandVerdict: band.Pass},
		Base: base, Ratio: outcome.NoRatio()}
}

// pairedOutcome is a paired run's outcome of numbers, each scenario's in
// a run of its own, in order.
func pairedOutcome(v band.Verdict, p outcome.Pairing, numbers ...outcome.Number) outcome.Outcome {
	o := outcome.Outcome{Against: outcome.Base, Verdict: v, Pairing: p}
	for _, n := range numbers {
		if k := len(o.Scenarios) - 1; k >= 0 && o.Scenarios[k].Name == n.Scenario {
			o.Scenarios[k].Numbers = append(o.Scenarios[k].Numbers, n)
			continue
		}
		o.Scenarios = append(o.Scenarios, outcome.Scenario{Name: n.Scenario, Numbers: []outcome.Number{n}})
	}
	return o
}
