package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/workreport"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/workloads"
)

var markdownUpdate = flag.Bool("update-markdown", false, "rewrite testdata/markdown/*.md from the reports")

// markdownGolden compares got with testdata/markdown/name; on a mismatch it
// writes name.got beside it, and with -update-markdown it rewrites name.
func markdownGolden(t *testing.T, name, got string) {
	t.Helper()
	golden(t, filepath.Join("testdata", "markdown", name), got, *markdownUpdate, "update-markdown")
}

var markdownMachine = baselines.Machine{CPU: "Test CPU 3000", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.0"}

// markdownOutcome judges one made-up run through the ratchet, against a
// stored baseline of 10 µs per hover frame and 20 µs per scroll frame.
func markdownOutcome(t *testing.T, hover, scroll []float64, restyles float64, broken string) outcome.Outcome {
	t.Helper()
	path := filepath.Join(t.TempDir(), "baselines.yaml")
	var store baselines.Store
	set := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	for _, b := range []struct {
		scenario string
		median   float64
	}{{"hover-storm", 10}, {"scroll", 20}} {
		store.Put(baselines.Key{Machine: markdownMachine.String(), Scenario: b.scenario, Number: "frame"},
			baselines.Baseline{Unit: "µs/frame", Median: b.median, Samples: []float64{b.median}, Set: set, Why: "test"})
	}
	require.NoError(t, os.WriteFile(path, store.Marshal(), 0o644))
	frame := band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.4), Budget: band.FrameBudget(60)}
	results := []scenario.Result{
		{Name: "hover-storm", Numbers: []band.Measured{
			{Spec: frame, Samples: hover},
			{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}, Samples: []float64{restyles}},
		}},
		{Name: "scroll", Broken: broken, Numbers: []band.Measured{
			{Spec: frame, Samples: scroll},
			{Spec: band.Spec{Name: "relayouts | held", Unit: "relayouts/frame", Band: band.Count(0)}, Samples: []float64{0}},
		}},
	}
	stored, err := ratchet.Load(path, nil)
	require.NoError(t, err)
	o, err := ratchet.Judge(results, stored, ratchet.Scope{Machine: markdownMachine}, ratchet.Rule{})
	require.NoError(t, err)
	// The baselines file is a test's own; a golden file names it as a
	// user's would be named.
	for i := range o.Scenarios {
		for k := range o.Scenarios[i].Numbers {
			n := &o.Scenarios[i].Numbers[k]
			n.Where = strings.Replace(n.Where, path, "perf/baselines.yaml", 1)
		}
	}
	return o
}

// Golden reports for a pull request's job summary: everything passed and
// nothing moved; a time and a count over their limits; a scenario that
// broke; a time that moved well under its baseline — and a count with
// slack under its ceiling, which is not a move (it is where the bound was
// set, not a change) and stays out of the summary.
func TestMarkdownScenarios(t *testing.T) {
	around := func(c float64) []float64 { return []float64{c - 1, c, c + 1, c - 0.5, c, c + 0.5, c, c} }
	for _, c := range []struct {
		name         string
		hover        []float64
		restyles     float64
		broken       string
		verdict      band.Verdict
		wantFragment string
	}{
		{"pass", around(10), 2, "", band.Pass, "Nothing failed, broke or moved."},
		{"fail", around(20), 3, "", band.Fail, "| ❌ fail | hover-storm frame (µs/frame) | 20 |"},
		{"broken", around(10), 2, "exited with status 2; stderr: panic: boom", band.Broken, "| 💥 broken | scroll (all) |"},
		{"moved", around(5), 1, "", band.Pass, "<details><summary>1 moved beyond their noise, within their bands</summary>"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := markdownOutcome(t, c.hover, around(20), c.restyles, c.broken)
			require.Equal(t, c.verdict, o.Verdict)
			var b bytes.Buffer
			require.NoError(t, (&report.Report{Program: "perfbench", Command: "scenarios", Outcome: o}).Write(&b, io.Discard, report.Markdown))
			assert.Contains(t, b.String(), c.wantFragment)
			assert.NotContains(t, b.String(), "| hover-storm restyles (restyles/frame) | 1 |", "slack under a ceiling is not a move")
			markdownGolden(t, c.name+".md", b.String())
		})
	}
}

func TestMarkdownWorkloads(t *testing.T) {
	ratio := workloads.Limit{Name: "time s26/s1", Unit: "×", Shape: workloads.Ceiling, Hi: 1.1, Time: true}
	diffs := workloads.Limit{Name: "differing frames", Unit: "frames", Shape: workloads.Ceiling, Hi: 0}
	for _, c := range []struct {
		name    string
		results []workloads.Result
	}{
		{"workloads-pass", []workloads.Result{
			{Workload: "static-slope", Gate: true, Verdict: band.Pass, Criteria: []workloads.Criterion{ratio.Judge(1.01, "s26 0.489 µs / s1 0.484 µs"), diffs.Judge(0, "")}},
			{Workload: "list-slope", Gate: true, Verdict: band.Pass, Remeasured: true,
				First:    []workloads.Criterion{ratio.Judge(1.3, "")},
				Criteria: []workloads.Criterion{ratio.Judge(1.02, "")}},
		}},
		{"workloads-fail", []workloads.Result{
			{Workload: "static-slope", Gate: true, Verdict: band.Fail, Criteria: []workloads.Criterion{ratio.Judge(1.5, "s26 0.7 µs / s1 0.47 µs"), diffs.Judge(2, "")}},
			{Workload: "resize-slope", Gate: true, Verdict: band.Broken, Criteria: []workloads.Criterion{ratio.Broken("the measurement returned nothing")}},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, workreport.WriteMarkdown(&b, c.results))
			markdownGolden(t, c.name+".md", b.String())
		})
	}
}

// --format markdown on the commands: the report on stdout, the exit status
// of the verdict, and nothing else.
func TestMarkdownFormatFlag(t *testing.T) {
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "test-fail", "--format", "markdown",
		"--baselines", filepath.Join(t.TempDir(), "b.yaml"))
	assert.Equal(t, harness.ExitFailed, code, stderr)
	assert.Contains(t, stdout, "## ❌ perfbench scenarios: fail\n")
	assert.Contains(t, stdout, "| ❌ fail | test-fail frames (frames/run) | 1 |")
	assert.Contains(t, stdout, "<details><summary>All 4 numbers</summary>")

	for _, args := range [][]string{
		{"scenarios", "--format", "markdown", "--json"},
		{"scenarios", "--format", "html"},
		{"perf", "--format", "benchfmt"},
		{"scenarios", "--base", "HEAD", "--format", "benchfmt"},
		{"workloads", "--format", "markdown", "--json"},
	} {
		code, _, stderr := perfbench(t, args...)
		assert.Equal(t, harness.ExitUsage, code, "%v: %s", args, stderr)
		scenarioOneLine(t, stderr)
	}
}

// The pull-request report of a paired run (scenarios --base): a head that
// matches its base; one that is slower and does more work; and one with
// a time the run could not decide (listed after the failures), a time slower by less
// than the tolerance (within tolerance, not "changed"), and a count that
// improved.
func TestMarkdownPaired(t *testing.T) {
	frame := func(name string, ratio, lo, hi float64, v band.Verdict, move outcome.Move, note string) outcome.Number {
		n := pairedNumber("hover-storm", name, "µs/frame", band.Band{Kind: band.KindTime}, 10*ratio, 10)
		n.Ratio = outcome.Ratio{Value: ratio, Lo: lo, Hi: hi, Level: 0.9875, Pairs: 60, Detectable: 1.02 * ratio / lo}
		n.Verdict, n.Move, n.Note = v, move, note
		return n
	}
	restyles := func(head float64, v band.Verdict, move outcome.Move, note string) outcome.Number {
		n := pairedNumber("hover-storm", "restyles", "restyles/frame", band.Band{Kind: band.KindCount, Dir: band.AtMost}, head, 2)
		n.Verdict, n.Move, n.Note = v, move, note
		return n
	}
	pairing := func(times int) outcome.Pairing {
		return outcome.Pairing{Tolerance: 0.01, Alpha: paired.Alpha, Times: times, Looks: 4}
	}
	fail := pairedOutcome(band.Broken, pairing(1), frame("frame", 1.35, 1.3, 1.41, band.Fail, outcome.Worse, "1.35× slower, beyond the 1% tolerance"),
		restyles(3, band.Fail, outcome.Worse, "rose from 2 to 3 (a ceiling)"))
	fail.Scenarios = append(fail.Scenarios, outcome.Scenario{Name: "scroll", Verdict: band.Broken, Broken: "head: exited with status 2; stderr: panic: boom"})
	for _, c := range []struct {
		name string
		o    outcome.Outcome
	}{
		{"paired-pass", pairedOutcome(band.Pass, pairing(1),
			frame("frame", 1.001, 0.997, 1.004, band.Pass, outcome.Same, ""), restyles(2, band.Pass, outcome.Same, ""))},
		{"paired-fail", fail},
		{"paired-unsure", pairedOutcome(band.Unsure, pairing(2),
			frame("frame", 1.006, 1.002, 1.009, band.Pass, outcome.Within, "1.006× slower, within the 1% tolerance"),
			frame("input-frame", 1.011, 1.004, 1.018, band.Unsure, outcome.Same, "unsure: 1.011× [1.004, 1.018] straddles the 1% tolerance after 200 pairs"),
			restyles(1, band.Pass, outcome.Better, "fell from 2 to 1 (an improvement for a ceiling)"))},
		// A no-op change: the counts the same, two times unsure, none
		// slower; it headlines as no change and lists the two.
		{"paired-nochange", pairedOutcome(band.Unsure, pairing(3),
			frame("frame", 1.004, 0.998, 1.012, band.Unsure, outcome.Same, "unsure: 1.004× [0.998, 1.012] straddles the 1% tolerance after 200 pairs"),
			frame("input-frame", 0.999, 0.99, 1.011, band.Unsure, outcome.Same, "unsure: 0.999× [0.99, 1.011] straddles the 1% tolerance after 200 pairs"),
			frame("layout-frame", 1.001, 0.997, 1.004, band.Pass, outcome.Same, ""),
			restyles(2, band.Pass, outcome.Same, ""))},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, (&report.Report{Program: "perfbench", Command: "scenarios", Outcome: c.o, Base: "origin/main"}).Write(&b, io.Discard, report.Markdown))
			markdownGolden(t, c.name+".md", b.String())
			// The heading, one sentence in plain words, the builds,
			// then the failures or the folded rest.
			lines := strings.Split(b.String(), "\n")
			require.Greater(t, len(lines), 6)
			assert.Empty(t, lines[1])
			assert.Regexp(t, `^(This change makes .* (slower|rise from \S+ to \S+)\.|No change.*\.|Nothing failed; .*\.)$`, lines[2])
			assert.Equal(t, "Head: this build. Base: origin/main.", lines[4])
			assert.Regexp(t, `^(### Failed|<details><summary>|\*\*Counts\*\*)`, lines[6])
		})
	}

	var ref bytes.Buffer
	o := pairedOutcome(band.Pass, outcome.Pairing{Tolerance: 0.03, Alpha: paired.Alpha, Times: 1, Looks: 1}, frame("frame", 1.001, 0.997, 1.004, band.Pass, outcome.Same, ""))
	require.NoError(t, (&report.Report{Program: "perfbench", Command: "reference", Outcome: o, Base: "the reference 4f6ca49b2d8b"}).Write(&ref, io.Discard, report.Markdown))
	assert.Contains(t, ref.String(), "## ✅ perfbench reference: head against the reference 4f6ca49b2d8b: no change\n", "the revision ratchet's report says what it ran")

	self, err := os.Executable()
	require.NoError(t, err)
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--base-binary", self, "--pairs", "4", "--budget", "0", "--format", "markdown")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "## ✅ perfbench scenarios --base "+self+": no change\n", "an empty change headlines as one")
	assert.Contains(t, stdout, "\nNo change: every count is the same, instructions are within their tolerance and no time is measurably slower.\n")
}
