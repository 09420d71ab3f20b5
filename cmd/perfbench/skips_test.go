package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/skips"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/nonvacuity"
	"github.com/perfbench/perfbench/scenario"
)

// skipsModule writes a module whose one test file calls nonvacuity.Assert
// for every Skip counter of the table except those in leaveOut, with the
// counter package imported under an alias. It returns the module root and
// the line of each call.
func skipsModule(t *testing.T, leaveOut ...counter.Counter) (dir string, lines map[counter.Counter]int) {
	t.Helper()
	var b strings.Builder
	b.WriteString(`package app

import (
	"testing"

	pc "github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
)

var s = nonvacuity.Scenario{Name: "anything", Run: func() {}}
`)
	line := strings.Count(b.String(), "\n") + 1
	lines = map[counter.Counter]int{}
	for _, c := range counter.Skips() {
		if contains(leaveOut, c) {
			continue
		}
		fmt.Fprintf(&b, "\nfunc Test%[1]s(t *testing.T) { nonvacuity.Assert(t, pc.%[1]s, s, s) }\n", c)
		line += 2
		lines[c] = line - 1
	}
	dir = t.TempDir()
	writeFile(t, dir, "go.mod", "module example.com/app\n\ngo 1.26\n")
	writeFile(t, dir, "ui/app_test.go", b.String())
	return dir, lines
}

func contains(cs []counter.Counter, c counter.Counter) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
}

// wantSkipsRow says what the table row of c reads: its name, the counter
// of the work it avoids, and its call (or none).
func wantSkipsRow(c counter.Counter, line int) []string {
	if line == 0 {
		return []string{c.String(), c.Group().Done.String(), "none"}
	}
	return []string{c.String(), c.Group().Done.String(), fmt.Sprintf("ui/app_test.go:%d", line), "Test" + c.String()}
}

// withSkipFloors makes the scenario floors the skips gate sees floors, for
// the rest of the test.
func withSkipFloors(t *testing.T, floors ...skips.Floor) {
	saved := skipFloors
	skipFloors = func(*baselines.Store) []skips.Floor { return floors }
	t.Cleanup(func() { skipFloors = saved })
}

// skipsTables splits the skips report into its asserted-by rows, its
// floored-by rows (headers dropped) and its closing line.
func skipsTables(t *testing.T, stdout string) (asserted, floored []string, last string) {
	t.Helper()
	first, rest, ok := strings.Cut(stdout, "\n\n")
	require.True(t, ok, stdout)
	rows := strings.Split(strings.TrimSuffix(rest, "\n"), "\n")
	assert.Equal(t, []string{"skip", "counter", "avoids", "asserted", "by"}, strings.Fields(strings.Split(first, "\n")[0]))
	assert.Equal(t, []string{"skip", "counter", "floored", "by", "scenario", "numbers"}, strings.Fields(rows[0]))
	return strings.Split(first, "\n")[1:], rows[1 : len(rows)-1], rows[len(rows)-1]
}

func TestSkipsAllAsserted(t *testing.T) {
	withSkipFloors(t)
	dir, lines := skipsModule(t)
	code, stdout, stderr := perfbench(t, "skips", "--dir", dir)
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Empty(t, stderr)

	rows, floored, last := skipsTables(t, stdout)
	skipCounters := counter.Skips()
	require.Len(t, rows, len(skipCounters), stdout)
	for i, c := range skipCounters {
		assert.Equal(t, wantSkipsRow(c, lines[c]), strings.Fields(rows[i]))
		assert.Equal(t, []string{c.String(), "none"}, strings.Fields(floored[i]))
	}
	assert.Equal(t, fmt.Sprintf("%d of %d skip counters asserted, in 1 test file; 0 floored by a scenario", len(skipCounters), len(skipCounters)), last)
}

// A skip counter that neither a test asserts nor a scenario floors fails
// the gate; the same counter with a scenario floor and still no test
// passes, and the report says which scenario number would notice it.
func TestSkipsFailsNamingTheUncovered(t *testing.T) {
	skipCounters := counter.Skips()
	missing := skipCounters[len(skipCounters)-1]
	dir, lines := skipsModule(t, missing)

	withSkipFloors(t)
	code, stdout, stderr := perfbench(t, "skips", "--dir", dir)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Equal(t, fmt.Sprintf("FAIL %[1]s: no test calls nonvacuity.Assert(t, counter.%[1]s, …) and no scenario has a floor on it\n", missing), stderr)
	rows, _, last := skipsTables(t, stdout)
	require.Len(t, rows, len(skipCounters), stdout)
	for i, c := range skipCounters {
		assert.Equal(t, wantSkipsRow(c, lines[c]), strings.Fields(rows[i]))
	}
	assert.Equal(t, fmt.Sprintf("%d of %d skip counters asserted, in 1 test file; 0 floored by a scenario", len(skipCounters)-1, len(skipCounters)), last)

	// A floor of zero notices nothing.
	withSkipFloors(t, skips.Floor{Counter: missing.String(), Floor: nonvacuity.Floor{Scenario: "scroll", Number: "x", Floor: 0}})
	code, _, _ = perfbench(t, "skips", "--dir", dir)
	assert.Equal(t, harness.ExitFailed, code)

	withSkipFloors(t, skips.Floor{Counter: missing.String(), Floor: nonvacuity.Floor{Scenario: "scroll", Number: "chunks-translated", Floor: 3840}})
	code, stdout, stderr = perfbench(t, "skips", "--dir", dir)
	assert.Equal(t, harness.ExitPass, code, stderr)
	_, floored, last := skipsTables(t, stdout)
	assert.Equal(t, []string{missing.String(), "scroll", "chunks-translated", "≥", "3840"}, strings.Fields(floored[len(floored)-1]))
	assert.Equal(t, fmt.Sprintf("%d of %d skip counters asserted, in 1 test file; 1 floored by a scenario", len(skipCounters)-1, len(skipCounters)), last)
}

// The scenarios registered in this binary floor every skip counter, each
// with a number above zero.
func TestSkipsSeesTheScenarioFloors(t *testing.T) {
	floored := map[string]bool{}
	for _, f := range skipFloors(&baselines.Store{}) {
		if f.Floor.Floor > 0 {
			floored[f.Counter] = true
		}
	}
	for _, c := range counter.Skips() {
		assert.True(t, floored[c.String()], "no scenario floors %s", c)
	}
}

func TestSkipsJSON(t *testing.T) {
	withSkipFloors(t)
	skipCounters := counter.Skips()
	dir, lines := skipsModule(t, skipCounters[0])
	code, stdout, _ := perfbench(t, "skips", "--json", "--dir", dir)
	assert.Equal(t, harness.ExitFailed, code)
	var r nonvacuity.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &r), stdout)
	assert.Equal(t, "example.com/app", r.Module)
	assert.Equal(t, []string{skipCounters[0].String()}, r.Missing())
	require.Len(t, r.Skips, len(skipCounters))
	assert.Equal(t, []nonvacuity.Call{{File: "ui/app_test.go", Line: lines[skipCounters[1]], Func: "Test" + skipCounters[1].String()}}, r.Skips[1].Calls)
}

// A call the scan cannot read fails the gate, at its file and line, and a
// call marked ignored is listed with its reason.
func TestSkipsProblemsAndIgnored(t *testing.T) {
	withSkipFloors(t)
	dir, _ := skipsModule(t)
	writeFile(t, dir, "ui/table_test.go", `package app

import (
	"testing"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
)

func TestTable(t *testing.T) {
	for _, c := range counter.Skips() {
		nonvacuity.Assert(t, c, s, s)
	}
	//nonvacuity:ignore drives counters by hand
	nonvacuity.Assert(t, counter.`+counter.Skips()[0].String()+`, s, s)
}
`)
	code, stdout, stderr := perfbench(t, "skips", "--dir", dir)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Equal(t, "FAIL ui/table_test.go:12: the counter argument of Assert, c, does not name a counter of github.com/perfbench/perfbench/internal/instrument/counter, so the scan cannot tell which counter it checks; write it as counter.Name\n", stderr)
	assert.Contains(t, stdout, "\nignored ui/table_test.go:15 TestTable (drives counters by hand)\n")
	assert.True(t, strings.HasSuffix(stdout, "in 2 test files; 0 floored by a scenario; 1 problem\n"), stdout)
}

// By default the scan starts from the go.mod at or above the working
// directory.
func TestSkipsFindsTheModuleRoot(t *testing.T) {
	dir, _ := skipsModule(t)
	t.Chdir(filepath.Join(dir, "ui"))
	code, stdout, stderr := perfbench(t, "skips")
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "ui/app_test.go:")
}

// This module's own scan runs (whether it passes depends on the engine's
// tests) and lists every skip counter of the table.
func TestSkipsOnThisModule(t *testing.T) {
	code, stdout, stderr := perfbench(t, "skips")
	require.NotEqual(t, harness.ExitUsage, code, stderr)
	for _, c := range counter.Skips() {
		assert.Contains(t, stdout, "\n"+c.String()+" ")
	}
}

func TestSkipsBadInput(t *testing.T) {
	broken, _ := skipsModule(t)
	writeFile(t, broken, "ui/broken_test.go", "package app\n\nfunc TestX(t *testing.T) {\n")

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no go.mod in --dir", []string{"skips", "--dir", t.TempDir()}, "not a module root"},
		{"a test file that does not parse", []string{"skips", "--dir", broken}, "perfbench: skips: ui/broken_test.go:3:28: expected '}', found 'EOF'\n"},
		{"an argument", []string{"skips", "extra"}, "unknown command"},
		{"an unknown flag", []string{"skips", "--frobnicate"}, "unknown flag"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := perfbench(t, tc.args...)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Contains(t, stderr, tc.want)
		})
	}
}

// A floor the ratchet records covers its skip counter with the bound the
// baselines file's counts block holds, as a written floor covers it with
// its own; one perf has not recorded yet covers nothing.
func TestSkipsReadsARecordedFloorFromTheBaselinesFile(t *testing.T) {
	skip := counter.Skips()[0]
	number := func(name string, b band.Band) scenario.Number {
		return scenario.Number{Spec: band.Spec{Name: name, Unit: name + "/run", Band: b}, Reads: skip.String()}
	}
	scenarios := []*scenario.Scenario{{Name: "scroll", Numbers: []scenario.Number{
		number("written", band.Floor(40)),
		number("recorded", band.Record(band.AtLeast)),
		number("unrecorded", band.Record(band.AtLeast)),
	}}}
	store, err := baselines.Parse([]byte(`version: 3
counts:
  scroll:
    recorded:
      unit: recorded/run
      direction: floor
      bound: 3840
      set: 2026-12-03T09:00:29Z
`), "baselines.yaml")
	require.NoError(t, err)
	var got []float64
	for _, f := range skips.FloorsOf(scenarios, store) {
		assert.Equal(t, skip.String(), f.Counter)
		got = append(got, f.Floor.Floor)
	}
	assert.Equal(t, []float64{40, 3840, 0}, got)
}
