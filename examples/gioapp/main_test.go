package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/scenario"
)

// programEnv makes the test binary act as the program: the runner starts
// os.Executable, which under go test is this binary, once per scenario,
// so TestMain runs the program's own main for it. rowPlantEnv plants the
// per-row regression in those processes.
const (
	programEnv  = "GIOAPP_TEST_PROGRAM"
	rowPlantEnv = "GIOAPP_TEST_PLANT_ROW"
)

// sink keeps what the planted regression allocates, so the compiler
// cannot drop it.
var sink string

func TestMain(m *testing.M) {
	if os.Getenv(programEnv) == "1" {
		if os.Getenv(rowPlantEnv) == "1" {
			// Formatting every row's label again on every frame, a classic
			// of immediate-mode code, planted without editing the program.
			rowHook = func(i int) { sink = fmt.Sprintf("Row %04d", i+1) }
		}
		main()
	}
	os.Setenv(programEnv, "1")
	// Its scenarios' instructions are counted in xtask ci's own runs of
	// the program; here they would put every command under Valgrind.
	os.Setenv(harness.InstructionsEnv, "off")
	os.Exit(m.Run())
}

// program runs the program's front end in this process; its scenarios run
// in fresh processes of this binary, as they do for the real program. Only
// a fresh process gives exact counts: the program's package-level state
// (the Gio shaper's caches, the router's maps) carries over from one
// measurement to the next inside a process.
func program(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = harness.Main(append(args, "--quiet"), &out, &errb, harness.Options{
		Program:   "gioapp",
		Baselines: filepath.Join(t.TempDir(), "baselines.yaml"),
	})
	return code, out.String(), errb.String()
}

// recorded runs perf into a fresh directory, as a first run of the program
// records its counts' bounds (every count but the frames is recorded,
// band.Record), and returns its baselines file for scenarios to judge
// against.
func recorded(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "baselines.yaml")
	// --allow-dirty: the recording is thrown away with the directory, and
	// a test may run from a tree with changes.
	code, _, stderr := program(t, "perf", "--repeats", "3", "--allow-dirty", "--baselines", path, "--docs", filepath.Join(dir, "performance.md"))
	require.Equal(t, 0, code, stderr)
	return path
}

// judged decodes a --json report strictly: every field it prints is one
// package report's schema declares, the schema perfbench's own
// `scenarios --json` is decoded with too (cmd/perfbench).
func judged(t *testing.T, stdout string) report.JudgedJSON {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(stdout)))
	dec.DisallowUnknownFields()
	var o report.JudgedJSON
	require.NoError(t, dec.Decode(&o), stdout)
	require.Equal(t, report.Version, o.Version)
	require.Equal(t, "judged", o.Kind)
	require.Equal(t, "gioapp", o.Program)
	return o
}

// Every scenario, each in three fresh processes whose counts must agree
// (the runner calls a difference Broken), passes every count band once
// perf has recorded the bounds.
func TestEveryScenarioPassesWithIdenticalCountsInThreeProcesses(t *testing.T) {
	slow.Test(t, "every scenario of the program recorded and run in three processes")
	code, stdout, stderr := program(t, "scenarios", "--json", "--repeats", "3", "--baselines", recorded(t))
	o := judged(t, stdout)
	require.NotEqual(t, 2, code, stderr)
	require.Len(t, o.Scenarios, len(scenario.Names()))
	for i, sc := range o.Scenarios {
		assert.Equal(t, scenario.Names()[i], sc.Name)
		assert.Empty(t, sc.Broken, sc.Name)
		for _, n := range sc.Numbers {
			if n.Band.Kind == band.KindCount {
				assert.Equal(t, band.Pass, n.BandVerdict, "%s %s", sc.Name, n)
			}
		}
	}
	assert.Equal(t, 0, code, stderr)
}

// The regression planted through the test-only row hook is caught by the
// hover scenario's recorded allocation ceiling, and by nothing that
// measures time alone.
func TestPlantedAllocationPerRowFailsTheCountBand(t *testing.T) {
	slow.Test(t, "the program recorded, and its hover run clean and planted")
	bounds := recorded(t)
	allocs := func() band.Judged {
		_, stdout, stderr := program(t, "scenarios", "gio-hover", "--json", "--repeats", "1", "--baselines", bounds)
		for _, n := range judged(t, stdout).Scenarios[0].Numbers {
			if n.Name == "allocs" {
				return n
			}
		}
		t.Fatalf("gio-hover declares no allocs number: %s", stderr)
		return band.Judged{}
	}
	clean := allocs()
	require.Equal(t, band.Pass, clean.BandVerdict, clean.String())
	t.Setenv(rowPlantEnv, "1")
	planted := allocs()
	t.Logf("clean:   %s", clean)
	t.Logf("planted: %s", planted)
	assert.Equal(t, band.Fail, planted.BandVerdict, "one allocation per row per frame exceeds the ceiling")
	assert.Greater(t, planted.Median, clean.Median+30, "about one more allocation per row in view (31)")
}

func TestMainAnswersUsageErrorsWithExit2(t *testing.T) {
	code, stdout, stderr := program(t, "scenarios", "gio-hovr")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `gioapp: unknown scenario "gio-hovr" (valid:`)
	assert.Contains(t, stderr, "gio-hover")
	assert.Empty(t, stdout)
}

// A baselines file that holds other scenarios' baselines is no reason to
// refuse a scenario named on the command line: every scenario of the
// binary is known.
func TestOneScenarioBesideABaselinesFile(t *testing.T) {
	data, err := os.ReadFile("baselines.yaml")
	require.NoError(t, err)
	require.Contains(t, string(data), "gio-hover", "the program's baselines file holds another scenario's baselines")
	code, stdout, stderr := program(t, "scenarios", "gio-idle", "--baselines", "baselines.yaml")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "verdict: pass")
}

// engine reports whether pkg is part of perfbench's engine, which a Gio
// program that measures itself must not link.
func engine(pkg string) bool {
	for _, p := range []string{"ui", "ui/gallery", "internal/check/phase", "renderer"} {
		p = "github.com/perfbench/perfbench/" + p
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

// A Gio program that measures itself links none of perfbench's engine:
// no ui/, gallery, phase or renderer, and no net/http (the terminal bar
// of perfbench's own command stays in perfbench).
func TestTheProgramLinksNoEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	require.True(t, engine("github.com/perfbench/perfbench/ui/window"), "the check can fail")
	require.False(t, engine("github.com/perfbench/perfbench/uix"))
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := strings.Fields(string(out))
	for _, d := range deps {
		assert.False(t, engine(d), "examples/gioapp depends on %s", d)
		assert.NotEqual(t, "net/http", d)
	}
	assert.Contains(t, deps, "github.com/perfbench/perfbench/harness", "the check sees the program's dependencies")
	t.Logf("%d packages", len(deps))
}
