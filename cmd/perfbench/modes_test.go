package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// One rule per kind of number, in every mode: each plant's number, judged
// against the bound perf records from base (plain) and against base
// itself (paired), gets the same verdict. The values are the issue's: a
// count one over, a Fyne window's allocations 6297 → 6596 and a Gio
// frame's 18 → 32, instructions 0.35% over a 0.25% tolerance; and each
// one's unplanted run, within its noise.
func TestEveryPlantGetsOneVerdictInEveryMode(t *testing.T) {
	count := func(v float64) scenario.Result {
		return result(band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Record(band.AtMost)}, Samples: []float64{v}})
	}
	allocs := func(perProcess ...float64) scenario.Result {
		m := band.Measured{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Record(band.AtMost)}}
		ms := make([]band.Measured, len(perProcess))
		for i, v := range perProcess {
			ms[i] = m
			ms[i].Samples = []float64{v}
		}
		pooled, err := band.Pool(ms, true)
		require.NoError(t, err)
		r := result(pooled)
		r.Varying = []string{"allocs"}
		return r
	}
	instructions := func(v float64) scenario.Result {
		return result(band.Measured{Spec: band.Spec{Name: "instructions", Unit: "instructions/step", Band: band.Instructions(0.0025)}, Samples: []float64{v}})
	}
	for _, tt := range []struct {
		name       string
		base, head scenario.Result
		want       band.Verdict
	}{
		{"count plant", count(2), count(3), band.Fail},
		{"count, no plant", count(2), count(2), band.Pass},
		{"allocation plant, Fyne", allocs(6297, 6299, 6301), allocs(6596, 6598, 6597), band.Fail},
		{"allocation plant, Gio", allocs(18, 18, 19), allocs(32, 32, 33), band.Fail},
		{"allocations, no plant", allocs(648, 653, 650), allocs(651, 654, 649), band.Pass},
		{"instructions plant", instructions(8366), instructions(8395.3), band.Fail},
		{"instructions, no plant", instructions(8366), instructions(8370), band.Pass},
	} {
		t.Run(tt.name, func(t *testing.T) {
			plain := plainVerdict(t, tt.base, tt.head)
			ns := paired.Judge("s", tt.head, tt.base, 0.03)
			require.Len(t, ns, 1)
			assert.Equal(t, tt.want, plain, "plain, against the recorded bound")
			assert.Equal(t, tt.want, ns[0].Verdict, "paired, against base: %s", ns[0].Note)
		})
	}
}

func result(m band.Measured) scenario.Result {
	return scenario.Result{Name: "s", Numbers: []band.Measured{m}}
}

// plainVerdict records base with perf and judges head against what it
// recorded, as perfbench scenarios does.
func plainVerdict(t *testing.T, base, head scenario.Result) band.Verdict {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"perf", "docs"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	opts := ratchet.Options{
		Baselines: filepath.Join(dir, "perf", "baselines.yaml"), Docs: filepath.Join(dir, "docs", "performance.md"),
		Scenarios: []string{"s"}, Machine: baselines.Machine{CPU: "Test CPU", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.0"},
		Toolchain: "instructions: test", Build: &debug.BuildInfo{}, Now: func() time.Time { return time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC) },
	}
	require.Equal(t, band.Unbaselined, recorded(t, opts, base).Scenarios[0].Numbers[0].BandVerdict)
	return judgedOnly(t, opts, head).Scenarios[0].Numbers[0].BandVerdict
}

// recorded records r as perfbench perf does, once.
func recorded(t *testing.T, opts ratchet.Options, r scenario.Result) outcome.Outcome {
	t.Helper()
	rt, err := ratchet.Open(opts)
	require.NoError(t, err)
	defer rt.Close()
	o, err := ratchet.Judge([]scenario.Result{r}, rt.Stored(), rt.Scope(), rt.Rule())
	require.NoError(t, err, "never the user's file's error")
	o, err = rt.Finish(o, []scenario.Result{r})
	require.NoError(t, err)
	return o
}

// judgedOnly judges r against what opts' files hold as perfbench
// scenarios does, opening nothing for writing.
func judgedOnly(t *testing.T, opts ratchet.Options, r scenario.Result) outcome.Outcome {
	t.Helper()
	stored, err := ratchet.Load(opts.Baselines, opts.Scenarios)
	require.NoError(t, err)
	o, err := ratchet.Judge([]scenario.Result{r}, stored, ratchet.Scope{Machine: opts.Machine, Toolchain: opts.Toolchain}, ratchet.Rule{Scenarios: opts.Scenarios})
	require.NoError(t, err, "never the user's file's error")
	return o
}

// A child that reports a number in another unit than its declaration is
// that scenario Broken, with a short excerpt: the baselines file, whose
// baseline is in the declared unit, is not blamed.
func TestAStrangeUnitIsTheScenariosFault(t *testing.T) {
	sc, err := scenario.Lookup("test-fixed")
	require.NoError(t, err)
	res := func(unit string) scenario.Result {
		r := scenario.Result{Name: "test-fixed"}
		for _, n := range sc.Numbers {
			m := band.Measured{Spec: n.Spec, Samples: []float64{10, 11, 12, 10, 11, 12, 10, 11}}
			if n.Band.Kind.Bounded() {
				m.Samples = []float64{0}
			} else if unit != "" {
				m.Unit = unit
			}
			r.Numbers = append(r.Numbers, m)
		}
		return r
	}
	dir := t.TempDir()
	for _, d := range []string{"perf", "docs"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	opts := ratchet.Options{
		Baselines: filepath.Join(dir, "perf", "baselines.yaml"), Docs: filepath.Join(dir, "docs", "performance.md"),
		Scenarios: []string{"test-fixed"}, Machine: baselines.Machine{CPU: "Test CPU", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.0"},
		Build: &debug.BuildInfo{}, Now: func() time.Time { return time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC) },
	}
	require.Empty(t, recorded(t, opts, res("")).Scenarios[0].Broken)
	got := judgedOnly(t, opts, res(strings.Repeat("ms/", 40)+"frame")).Scenarios[0]
	assert.Equal(t, band.Broken, got.Verdict)
	assert.Equal(t, `reported frame in "ms/ms/ms/ms/ms/ms/ms/ms/ms/ms/ms/ms/ms/m…", which its declaration measures in "µs/frame"`, got.Broken)
}
