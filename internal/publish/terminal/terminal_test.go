package terminal_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

var terminalUpdate = flag.Bool("update-terminal", false, "rewrite testdata/terminal/*.txt from the tables")

// judged judges samples against a band as the runner's numbers are.
func judged(name, unit string, b band.Band, budget *band.Budget, samples ...float64) band.Judged {
	return band.Judge(band.Measured{Spec: band.Spec{Name: name, Unit: unit, Band: b, Budget: budget}, Samples: samples})
}

func spreadAround(c float64) []float64 {
	var s []float64
	for i := range 30 {
		s = append(s, c*(1+0.02*float64(i%5-2)))
	}
	return s
}

// terminalOutcome is a run of three scenarios shaped as perfbench's own:
// a hover storm, a scroll and a kitchen sink. slow makes hover-storm's
// frame 1.5× its baseline and its restyles one over their ceiling; broken
// breaks the scroll.
// machine is the machine the tables' outcomes were judged on.
var machine = baselines.Machine{CPU: "AMD EPYC", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.8"}

func terminalOutcome(slow, broken bool) outcome.Outcome {
	frame := 1.0
	restyles := 2.0
	if slow {
		frame, restyles = 1.7, 3
	}
	hover := outcome.Scenario{Name: "hover-storm", Numbers: outcome.ByBand("hover-storm",
		judged("frame", "µs/frame", band.TimeFromSpread(1.187).WithBaseline(1.1373), band.FrameBudget(60), spreadAround(frame)...),
		judged("frames", "frames/run", band.Exact(240), nil, 240),
		judged("restyles", "restyles/frame", band.Count(2), nil, restyles),
		judged("draw-order-insertions", "draw-order-insertions/run", band.Count(719), nil, 719),
		judged("primitives-culled", "primitives-culled/run", band.Floor(0), nil, 0),
		judged("alloc-bytes", "B/frame", band.Count(1.07), nil, 0.67),
	)}
	// Where each reference lives, as the ratchet says it.
	hover.Numbers[0].Where, hover.Numbers[0].Fix = "perf/baselines.yaml:20", `perfbench perf --rebaseline hover-storm/frame --why "…"`
	hover.Numbers[2].Where = "internal/check/suite/hoverstorm.go:56"
	scroll := outcome.Scenario{Name: "scroll", Numbers: outcome.ByBand("scroll",
		judged("translation-frame", "µs/translation-frame", band.TimeFromSpread(1.05).WithBaseline(4.1), band.FrameBudget(60), spreadAround(4.2)...),
		judged("chunks-translated", "chunks-translated/run", band.Floor(1640), nil, 1640),
		// The suite's longest name and one of its widest values.
		judged("translation-hit-index-rebuilds", "translation-hit-index-rebuilds/run", band.Count(0), nil, 0),
		judged("damage-area", "px/frame", band.Count(1024000), nil, 1024000),
	)}
	if broken {
		scroll = outcome.Scenario{Name: "scroll", Broken: "exited with status 2; stderr: panic: boom", Verdict: band.Broken}
	}
	kitchen := outcome.Scenario{Name: "kitchen-sink", Numbers: outcome.ByBand("kitchen-sink",
		judged("resize-frame", "µs/resize-frame", band.TimeFromSpread(1.058).WithBaseline(2309.03225), band.FrameBudget(60), spreadAround(2290)...),
		judged("input-frame", "µs/input-frame", band.TimeFromSpread(1.067).WithBaseline(1.2), band.FrameBudget(60), spreadAround(1.21)...),
		judged("wheel-frame", "µs/wheel-frame", band.TimeFromSpread(1.1), band.FrameBudget(60), spreadAround(4.9)...),
	)}
	o := outcome.Outcome{Machine: machine.String(), CPU: machine.CPU,
		Scenarios: []outcome.Scenario{hover, scroll, kitchen}}
	var vs []band.Verdict
	for i := range o.Scenarios {
		sc := &o.Scenarios[i]
		if sc.Broken == "" {
			var nv []band.Verdict
			for _, n := range sc.Numbers {
				nv = append(nv, n.BandVerdict)
			}
			sc.Verdict = band.Worst(nv...)
		}
		vs = append(vs, sc.Verdict)
	}
	o.Verdict = band.Worst(vs...)
	return o
}

func terminalGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "terminal", name)
	if *terminalUpdate {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./internal/publish/terminal -run Terminal -update-terminal")
	if string(want) != got {
		require.NoError(t, os.WriteFile(path+".got", []byte(got), 0o644))
		t.Errorf("%s differs; compare with: diff %s %s.got (or -update-terminal if the change is right)", path, path, path)
	}
}

// The table fits its width — every line of it, at 100 columns and at 80 —
// and a failing run ends with its failures and the verdict the exit status
// means, not with passing rows.
func TestTerminalTableFitsAndEndsWithItsFailures(t *testing.T) {
	for _, tc := range []struct {
		name         string
		slow, broken bool
		width        int
		wide         bool
		stale        bool
		last         string
	}{
		{"pass-100", false, false, 100, false, false, "verdict: unbaselined"},
		{"pass-80", false, false, 80, false, false, "verdict: unbaselined"},
		{"fail-100", true, true, 100, false, false, "verdict: broken"},
		{"fail-80", true, true, 80, false, false, "verdict: broken"},
		{"stale-100", false, false, 100, false, true, "verdict: docs out of date"},
		{"wide", true, false, 100, true, false, "verdict: fail"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			o := terminalOutcome(tc.slow, tc.broken)
			require.NoError(t, terminal.WriteTerminal(&b, o, terminal.Terminal{Width: tc.width, Wide: tc.wide, DocsStale: tc.stale}))
			out := b.String()
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			assert.Equal(t, tc.last, lines[len(lines)-1])
			if !tc.wide {
				for _, l := range lines {
					assert.LessOrEqual(t, len([]rune(l)), tc.width, "%q", l)
				}
			}
			if tc.slow {
				tail := strings.Join(lines[len(lines)-10:], "\n")
				assert.Contains(t, tail, "FAIL  hover-storm frame: 1.7 µs: +49% over 1.137 (tolerance 25%)")
				assert.Contains(t, tail, "\n        recorded at perf/baselines.yaml:20; if the change is meant, move it with\n"+
					`        perfbench perf --rebaseline hover-storm/frame --why "…"`+"\n")
				assert.Contains(t, tail, "FAIL  hover-storm restyles: 3 /frame, ≤ 2: 1 past it\n"+
					"        bound written at internal/check/suite/hoverstorm.go:56;\n        if the change is meant, change it there\n")
			}
			if tc.broken {
				assert.Contains(t, strings.Join(lines[len(lines)-5:], "\n"), "BROKEN  scroll: exited with status 2; stderr: panic: boom")
				assert.Contains(t, out, "\nscroll  BROKEN: exited with status 2", "and in its place in the table")
			}
			assert.NotContains(t, out, "\x1b[", "no colour unless asked")
			// A column left out is named, once; the wide table leaves none out.
			switch tc.name {
			case "pass-80":
				assert.Equal(t, 1, strings.Count(out, "(95% CI and budget left out to fit 80 columns; --wide shows them)\n"), out)
			case "wide":
				assert.NotContains(t, out, "left out")
			}
			terminalGolden(t, tc.name+".txt", out)
		})
	}
}

// Colour marks the verdicts on a terminal and nowhere else; the table's
// columns stay aligned, since escapes take no columns.
func TestTerminalColourIsOnlyWhereAsked(t *testing.T) {
	var plain, colour bytes.Buffer
	o := terminalOutcome(true, false)
	require.NoError(t, terminal.WriteTerminal(&plain, o, terminal.Terminal{}))
	assert.Contains(t, plain.String(), "FAIL  hover-storm frame: 1.7 µs: +49% over 1.137 (tolerance 25%), 95% CI 1.666–1.734\n", "the zero Terminal is 100 columns wide")
	require.NoError(t, terminal.WriteTerminal(&colour, o, terminal.Terminal{Color: true}))
	assert.Contains(t, colour.String(), "\x1b[31m\x1b[1mFAIL\x1b[0m")
	strip := strings.NewReplacer("\x1b[31m", "", "\x1b[1m", "", "\x1b[0m", "", "\x1b[32m", "", "\x1b[33m", "", "\x1b[35m", "")
	assert.Equal(t, plain.String(), strip.Replace(colour.String()))
}

// The verdict word matches the exit status: docs out of date is its own
// word (the command exits 1 though every band passed), never "pass".
func TestVerdictWordMatchesTheExitStatus(t *testing.T) {
	pass := terminalOutcome(false, false)
	assert.Equal(t, "unbaselined", terminal.VerdictWord(pass, false), "exit 0: one time has no baseline yet")
	assert.Equal(t, "docs out of date", terminal.VerdictWord(pass, true))
	assert.Equal(t, "fail", terminal.VerdictWord(terminalOutcome(true, false), true), "a failed band is the worse news")
	assert.Equal(t, "broken", terminal.VerdictWord(terminalOutcome(false, true), false))
}

// A name too long for the table once the budget and the interval are
// dropped is clipped — the names give way last — and a failure is still
// named whole in the closing summary.
func TestTerminalClipsLongNamesLast(t *testing.T) {
	long := "a-number-whose-name-is-far-longer-than-any-in-the-suite"
	o := outcome.Outcome{Machine: machine.String(), CPU: machine.CPU,
		Scenarios: []outcome.Scenario{{Name: "s", Verdict: band.Fail, Numbers: outcome.ByBand("s",
			judged(long, long+"/run", band.Count(1), nil, 2),
			judged("damage-area", "px/frame", band.Count(1024000), nil, 1024000),
		)}}, Verdict: band.Fail}
	var b bytes.Buffer
	require.NoError(t, terminal.WriteTerminal(&b, o, terminal.Terminal{Width: 80}))
	out := b.String()
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 80, "%q", l)
	}
	assert.Contains(t, out, "\n  a-number-whose-name-is-far-longer-than-…  ", "clipped in the table")
	assert.Contains(t, out, "FAIL  s "+long+": ", "whole in the summary")
}

// A scenario whose instructions could not be counted says so under the
// table, with why, and keeps its verdict: its times and counts stand.
func TestTerminalSaysWhichInstructionsWereNotMeasured(t *testing.T) {
	o := terminalOutcome(false, false)
	o.Scenarios[0].NotCounted = "not measured: timed out: used 10m0s of CPU time (after 31m0s), killed"
	var b bytes.Buffer
	require.NoError(t, terminal.WriteTerminal(&b, o, terminal.Terminal{}))
	assert.Contains(t, b.String(), "\nhover-storm: instructions not measured: timed out: used 10m0s of CPU time (after 31m0s), killed\n")
	assert.Equal(t, "unbaselined", terminal.VerdictWord(o, false), "the scenario's other numbers decide")
}
