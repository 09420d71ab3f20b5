package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/scenario"
)

// measure measures a scenario in this process (the runner measures it in a
// child; counts are the same) and returns its numbers by name.
func measure(t *testing.T, name string) map[string]band.Measured {
	t.Helper()
	sc, err := scenario.Lookup(name)
	require.NoError(t, err)
	res := sc.Measure()
	require.Empty(t, res.Broken, name)
	out := map[string]band.Measured{}
	for _, m := range res.Numbers {
		out[m.Name] = m
	}
	return out
}

// counts returns a scenario's counts by number name, each whose bound is
// written judged; a recorded one (band.Record) has no bound until perf
// records it, and its value must read the same on every run. Its
// allocations are left out: in a test process a frame now and then counts
// an allocation more or less (the runtime's type-switch caches, see
// subject/fyne), and the runner's own processes judge them (allocs
// Varies).
func counts(t *testing.T, name string) map[string][]float64 {
	t.Helper()
	out := map[string][]float64{}
	for _, m := range measure(t, name) {
		if m.Band.Kind == band.KindCount && m.Name != "allocs" {
			out[m.Name] = m.Samples
			if !m.Band.Recorded {
				assert.Equal(t, band.Pass, band.Judge(m).BandVerdict, "%s %s = %v", name, m.Name, m.Samples)
			}
		}
	}
	return out
}

// recordedFrom returns m judged against the bound perf records from clean,
// a measurement of the same count before a change: its value.
func recordedFrom(clean, m band.Measured) band.Judged {
	m.Band = m.Band.WithBound(clean.Samples[0])
	return band.Judge(m)
}

func TestEveryScenarioPassesWithIdenticalCountsThreeTimes(t *testing.T) {
	slow.Test(t, "every scenario of the program recorded and run in three processes")
	for _, name := range scenario.Names() {
		t.Run(name, func(t *testing.T) {
			first := counts(t, name)
			assert.NotEmpty(t, first)
			for range 2 {
				assert.Equal(t, first, counts(t, name))
			}
		})
	}
}

// Regressions planted through the test-only hover hook, each a classic of
// retained-mode code, are each caught by a count band of the hover
// scenario, recorded from a clean run, where a time band on a shared
// machine would let them through.
func TestPlantedRegressionsFailTheirCountBand(t *testing.T) {
	slow.Test(t, "the program recorded, and run clean and with each plant")
	for _, tc := range []struct {
		name, number string
		plant        func(a *app)
	}{
		// Refreshing the whole list where one row changed: every row in
		// view is updated and refreshed again.
		{"refresh the list on every hover", "refreshes", func(a *app) { a.list.Refresh() }},
		// Building the status line anew on every hover rather than
		// setting its text: a new label, its rich text and its text
		// appear in the tree every frame.
		{"rebuild the status line on every hover", "appeared", func(a *app) {
			border := a.content.(*fyne.Container)
			fresh := widget.NewLabel(a.status.Text)
			for i, o := range border.Objects {
				if o == a.status {
					border.Objects[i] = fresh
				}
			}
			a.status = fresh
			border.Refresh()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := measure(t, "fyne-hover")[tc.number]
			clean := recordedFrom(first, measure(t, "fyne-hover")[tc.number])
			require.Equal(t, band.Pass, clean.BandVerdict, clean.String())
			hoverHook = tc.plant
			defer func() { hoverHook = nil }()
			planted := recordedFrom(first, measure(t, "fyne-hover")[tc.number])
			t.Logf("clean:   %s", clean)
			t.Logf("planted: %s", planted)
			assert.Equal(t, band.Fail, planted.BandVerdict)
		})
	}
}

func TestMainAnswersUsageErrorsWithExit2(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, harness.Main([]string{"scenarios", "fyne-hovr"}, &out, &errb, harness.Options{}))
	assert.Contains(t, errb.String(), `unknown scenario "fyne-hovr" (valid:`)
	assert.Contains(t, errb.String(), "fyne-hover")
	assert.Empty(t, out.String())
}

// A Fyne program that measures itself links none of perfbench's engine:
// no ui/, gallery, phase or renderer.
func TestTheProgramLinksNoEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := strings.Fields(string(out))
	for _, d := range deps {
		for _, p := range []string{"ui", "ui/gallery", "internal/check/phase", "renderer"} {
			p = "github.com/perfbench/perfbench/" + p
			assert.False(t, d == p || strings.HasPrefix(d, p+"/"), "examples/fyneapp depends on %s", d)
		}
	}
	assert.Contains(t, deps, "github.com/perfbench/perfbench/subject/fyne", "the check sees the program's dependencies")
}
