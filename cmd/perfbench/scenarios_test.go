package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/perf/benchfmt"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

var scenariosUpdate = flag.Bool("update-scenarios", false, "rewrite testdata/scenarios/*.stdout from the commands' output")

// testMainEnv makes the test binary act as perfbench: the scenario runner
// starts os.Executable, which under go test is this binary, so TestMain
// sets it for every child and a child runs the command line it was given.
const testMainEnv = "PERFBENCH_TEST_MAIN"

// straddleEnv names a directory where test-straddle keeps a marker of its
// first run, so its second process measures differently.
const straddleEnv = "PERFBENCH_TEST_STRADDLE_DIR"

func TestMain(m *testing.M) {
	registerTestScenarios()
	// Commands that run every scenario run the real ones, as they would
	// outside the tests; a test names the test scenarios it wants.
	scenarioNames = func() []string {
		var real []string
		for _, name := range scenario.Names() {
			if !strings.HasPrefix(name, "test-") {
				real = append(real, name)
			}
		}
		return real
	}
	if os.Getenv(testMainEnv) == "1" {
		os.Exit(run(os.Stdout, os.Stderr, os.Args[1:]))
	}
	os.Setenv(testMainEnv, "1")
	// The tests that count instructions ask for them; the rest would run
	// every scenario command's children under Valgrind too.
	os.Setenv(harness.InstructionsEnv, "off")
	os.Exit(m.Run())
}

// bigCountEnv is added to test-big's count, in the child that measures it.
const bigCountEnv = "PERFBENCH_TEST_BIG_PLUS"

// registerTestScenarios registers, under names starting "test-", scenarios whose numbers are fixed, so the
// command's output is the same on every run and machine, and one per way a
// scenario's process can go wrong. Parent and child both register them.
func registerTestScenarios() {
	open := func(s *scenario.Session) {
		g := gallery.Build(gallery.S0, gallery.Options{})
		engine.Open(s, g.Doc, window.Options{})
		s.Wait("second", time.Second)
	}
	samples := func(v ...float64) func(*scenario.Record) []float64 {
		return func(*scenario.Record) []float64 { return v }
	}
	// 20%: a test band; the samples are fixed.
	frame := band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.2), Budget: band.FrameBudget(60)}
	frames := band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0), Budget: band.Max(0, "nothing touched")}
	fixed := func(name string, time []float64, count float64) scenario.Scenario {
		return scenario.Scenario{Name: name, Run: func(s *scenario.Session) error { open(s); return nil },
			Numbers: []scenario.Number{{Spec: frame, Value: samples(time...)}, {Spec: frames, Value: samples(count)}}}
	}
	scenario.Register(fixed("test-fixed", []float64{10, 11, 12, 10, 11, 12, 10, 11}, 0))
	// A count large enough that benchstat's four digits round its last
	// away; bigCountEnv adds to it.
	big := fixed("test-big", []float64{10, 11, 12, 10, 11, 12, 10, 11}, 0)
	big.Numbers[1] = scenario.Number{Spec: band.Spec{Name: "restyles", Unit: "restyles/run", Band: band.Count(49520)},
		Value: func(*scenario.Record) []float64 {
			plus, _ := strconv.Atoi(os.Getenv(bigCountEnv))
			return []float64{49520 + float64(plus)}
		}}
	scenario.Register(big)
	scenario.Register(fixed("test-fail", []float64{20, 21, 22, 20, 21, 22, 20, 21}, 1))
	straddle := fixed("test-straddle", nil, 0)
	straddle.Numbers[0].Value = func(*scenario.Record) []float64 {
		// First process: over the limit (12 against a baseline of 10)
		// with an interval that reaches below it. Second: in the band.
		dir := os.Getenv(straddleEnv)
		if dir == "" {
			return []float64{10, 10, 10, 10, 11, 11, 11, 11}
		}
		marker := filepath.Join(dir, "measured-once")
		if _, err := os.Stat(marker); err != nil {
			_ = os.WriteFile(marker, nil, 0o644)
			return []float64{9, 10, 13, 14, 14, 15, 15, 16}
		}
		return []float64{10, 10, 10, 10, 11, 11, 11, 11}
	}
	scenario.Register(straddle)

	misbehave := func(name string, do func()) {
		sc := fixed(name, []float64{1}, 0)
		sc.Run = func(*scenario.Session) error { do(); return nil }
		scenario.Register(sc)
	}
	misbehave("test-panic", func() { panic("perfbench test: boom") })
	misbehave("test-hang", func() { fmt.Fprintln(os.Stderr, "hanging"); hang() })
	misbehave("test-exit", func() { fmt.Fprintln(os.Stderr, "giving up"); os.Exit(1) })
	misbehave("test-garbage", func() { fmt.Println("hello, runner"); os.Exit(0) })
	misbehave("test-kill", func() {
		fmt.Fprintln(os.Stderr, "about to die")
		p, _ := os.FindProcess(os.Getpid())
		_ = p.Kill()
		hang()
	})
}

// withScenarios makes names the scenarios the commands run by default.
func withScenarios(t *testing.T, names ...string) {
	t.Helper()
	old := scenarioNames
	scenarioNames = func() []string { return names }
	t.Cleanup(func() { scenarioNames = old })
}

// scenarioMachineLine matches the report's machine line, the one part of the
// output that depends on where the test runs.
var scenarioMachineLine = regexp.MustCompile(`(?m)^machine: .*$`)

// scenariosGolden compares got with testdata/scenarios/name; on a mismatch
// it writes name.got beside it, and with -update-scenarios it rewrites
// name.
func scenariosGolden(t *testing.T, name, got string) {
	t.Helper()
	got = scenarioMachineLine.ReplaceAllString(got, "machine: MACHINE")
	golden(t, filepath.Join("testdata", "scenarios", name), got, *scenariosUpdate, "update-scenarios")
}

// scenarioOneLine asserts stderr is exactly one line.
func scenarioOneLine(t *testing.T, stderr string) {
	t.Helper()
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	assert.True(t, strings.HasSuffix(stderr, "\n"), "one line: %q", stderr)
}

func TestScenariosTable(t *testing.T) {
	baselines := filepath.Join(t.TempDir(), "baselines.yaml")
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--baselines", baselines)
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Regexp(t, `^scenario test-fixed: unbaselined in [0-9.]+s \(5 processes\)\n$`, stderr,
		"not a terminal: one line per scenario, no bar")
	scenariosGolden(t, "fixed.stdout", stdout)
	assert.NoFileExists(t, baselines, "scenarios writes nothing")
}

// A log names each scenario's verdict, and a failing scenario's failed
// numbers, one line each, in the report's order.
func TestScenariosFailIsExitOne(t *testing.T) {
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "test-fail", "--baselines", filepath.Join(t.TempDir(), "b.yaml"))
	assert.Equal(t, harness.ExitFailed, code)
	scenariosGolden(t, "fail.stdout", stdout)
	assert.Regexp(t, `^scenario test-fixed: unbaselined in [0-9.]+s \(5 processes\)\n`+
		`scenario test-fail: fail in [0-9.]+s \(5 processes\): [a-z-]+(, [a-z-]+)*\n$`, stderr)
}

// Every way a scenario's process can go wrong is Broken, with the tail of
// its stderr, and fails the command.
func TestScenariosBrokenChildren(t *testing.T) {
	t.Parallel() // waits out a hang's 2 s timeout beside the other parallel tests
	baselines := filepath.Join(t.TempDir(), "b.yaml")
	rows := func(stdout string) map[string]string {
		out := map[string]string{}
		for _, l := range strings.Split(stdout, "\n") {
			if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[0], "test-") {
				out[f[0]] = l
			}
		}
		return out
	}
	code, stdout, _ := perfbench(t, "scenarios", "test-panic", "test-exit", "test-garbage", "test-kill", "--baselines", baselines)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Contains(t, stdout, "verdict: broken")
	got := rows(stdout)
	for name, want := range map[string]string{
		"test-panic":   "panicked (exit status 2): perfbench test: boom in ",
		"test-exit":    "exited with status 1; stderr: giving up",
		"test-garbage": `printed output that is not a scenario result`,
		"test-kill":    "killed by signal killed; stderr: about to die",
	} {
		assert.Contains(t, got[name], "BROKEN", name)
		assert.Contains(t, got[name], want, name)
	}

	// A hang is killed at the timeout. The timeout leaves room for a
	// child built with -race to start on a loaded machine.
	code, stdout, _ = perfbench(t, "scenarios", "test-hang", "--timeout", "2s", "--baselines", baselines)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Contains(t, rows(stdout)["test-hang"], "BROKEN")
	assert.Contains(t, rows(stdout)["test-hang"], "timed out: no progress (no CPU time used) for 2s, killed")
}

// A time over its limit whose interval straddles the limit is measured
// once more in a fresh process, and the second judgement stands.
func TestScenariosStraddlingBreachIsMeasuredAgain(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(straddleEnv, dir)
	file := filepath.Join(dir, "baselines.yaml")
	var store baselines.Store
	store.Put(baselines.Key{Machine: baselines.DetectMachine().String(), Scenario: "test-straddle", Number: "frame"},
		baselines.Baseline{Unit: "µs/frame", Median: 10, Samples: []float64{10, 10, 10, 10, 10, 10, 10, 10},
			Set: time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC), Why: "test"})
	require.NoError(t, os.WriteFile(file, store.Marshal(), 0o644))

	code, stdout, stderr := perfbench(t, "scenarios", "test-straddle", "--repeats", "1", "--baselines", file, "--json")
	require.Equal(t, harness.ExitPass, code, stderr)
	var o report.JudgedJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))
	require.Len(t, o.Scenarios, 1)
	sc := o.Scenarios[0]
	assert.True(t, sc.Remeasured)
	assert.Equal(t, band.Pass, sc.Verdict)
	assert.Equal(t, 10.5, sc.Numbers[0].Median)
}

// perfbench's --json is package report's schema, decoded strictly: the
// same type decodes a program's own (examples/gioapp's test, and
// harness's TestAGioModuleOfItsOwn), so the two cannot drift apart.
func TestScenariosJSON(t *testing.T) {
	code, stdout, _ := perfbench(t, "scenarios", "test-fixed", "--json", "--baselines", filepath.Join(t.TempDir(), "b.yaml"))
	require.Equal(t, harness.ExitPass, code)
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	var o report.JudgedJSON
	require.NoError(t, dec.Decode(&o))
	assert.Equal(t, report.Header{Version: report.Version, Kind: "judged", Program: "perfbench", Command: "scenarios"}, o.Header)
	assert.Equal(t, band.Unbaselined, o.Verdict)
	require.Len(t, o.Scenarios, 1)
	require.Len(t, o.Scenarios[0].Numbers, 2)
	frame := o.Scenarios[0].Numbers[0]
	assert.Equal(t, "frame", frame.Name)
	assert.Equal(t, 10.0, frame.Median)
	assert.Equal(t, band.Unbaselined, frame.BandVerdict)
	assert.Equal(t, band.Pass, frame.BudgetVerdict)
}

// The benchmark format is what benchfmt's reader reads: a config header
// and one result per scenario and run, each number a value-unit pair.
func TestScenariosBenchfmt(t *testing.T) {
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--format", "benchfmt", "--count", "2",
		"--baselines", filepath.Join(t.TempDir(), "b.yaml"))
	require.Equal(t, harness.ExitPass, code, stderr)

	r := benchfmt.NewReader(strings.NewReader(stdout), "scenarios.txt")
	var results []*benchfmt.Result
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.Result:
			results = append(results, rec.Clone())
		case *benchfmt.SyntaxError:
			t.Fatalf("benchfmt cannot read the output: %v", rec)
		}
	}
	require.NoError(t, r.Err())
	require.Len(t, results, 2)
	for _, res := range results {
		assert.Equal(t, "Scenario/test-fixed", res.Name.String())
		assert.Equal(t, 1, res.Iters, "one step: the scenario waits one second")
		for _, key := range []string{"goos", "goarch", "cpu", "pkg"} {
			assert.NotEmpty(t, res.GetConfig(key), key)
		}
		assert.Equal(t, "github.com/perfbench/perfbench/scenario", res.GetConfig("pkg"))
		v, ok := res.Value("µs/frame")
		assert.True(t, ok)
		assert.Equal(t, 10.0, v)
		v, ok = res.Value("frames/run")
		assert.True(t, ok)
		assert.Equal(t, 0.0, v)
		assert.Equal(t, "test-fixed", res.GetConfig("scenario"), "each scenario under its own configuration")
	}
	assert.Contains(t, stdout, "Unit frames/run assume=exact\n", "a count is exact")
	assert.NotContains(t, stdout, "Unit µs/frame assume=exact", "a time is a distribution")
	assert.Contains(t, stdout, "Unit µs/frame better=lower\n")
	assert.Contains(t, stdout, "Unit frames/run better=lower\n", "a ceiling: fewer is better")
}

// A count's one-unit change shows in benchstat even where its four
// significant digits round it away: a count of 49 520 that rose by one
// read "49.52k → 49.52k +0.00%"; its distance past its bound reads
// 0 → 1.
func TestBenchstatShowsAOneUnitCountChange(t *testing.T) {
	slow.Test(t, "builds benchstat")
	dir := t.TempDir()
	benchstat := filepath.Join(dir, "benchstat")
	out, err := exec.Command("go", "build", "-o", benchstat, "golang.org/x/perf/cmd/benchstat").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for name, plus := range map[string]string{"old.txt": "0", "new.txt": "1"} {
		t.Setenv(bigCountEnv, plus)
		code, stdout, stderr := perfbench(t, "scenarios", "test-big", "--format", "benchfmt", "--count", "3",
			"--baselines", filepath.Join(dir, "b.yaml"))
		if plus == "0" {
			require.Equal(t, harness.ExitPass, code, stderr)
		} else {
			require.Equal(t, harness.ExitFailed, code, "one over its ceiling fails: %s", stderr)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(stdout), 0o644))
	}
	cmd := exec.Command(benchstat, "old.txt", "new.txt")
	cmd.Dir = dir
	got, err := cmd.Output()
	require.NoError(t, err)
	assert.Regexp(t, `Scenario/test-big\s+49\.52k ± 0%\s+49\.52k ± 0%\s+\+0\.00% \(n=3\)`, string(got), "the count itself rounds")
	assert.Regexp(t, `Scenario/test-big\s+0\.000 ± 0%\s+1\.000 ± 0%\s+\? \(n=3\)`, string(got), "past its bound it shows")
	assert.Contains(t, string(got), "restyles/run-past-bound")
	t.Logf("benchstat old.txt new.txt:\n%s", got)

	// The README's two readings: the times alone, and the large counts
	// past their bounds, where the +1 shows.
	cmd = exec.Command(benchstat, "-filter", `.unit:/^µs\//`, "old.txt", "new.txt")
	cmd.Dir = dir
	times, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(times), "µs/frame")
	assert.NotContains(t, string(times), "restyles/run", "times only")
	// One table per scenario, so one row a table and no geomean row,
	// whose footnote a past-bound 0 would bring (summaries must be >0).
	cmd = exec.Command(benchstat, "-filter", ".unit:/past-bound$/", "old.txt", "new.txt")
	cmd.Dir = dir
	past, err := cmd.Output()
	require.NoError(t, err)
	assert.Regexp(t, `Scenario/test-big\s+0\.000 ± 0%\s+1\.000 ± 0%`, string(past))
	assert.NotContains(t, string(past), "µs/frame", "the past-bound counts only")
	assert.NotContains(t, string(past), "geomean")
	assert.NotContains(t, string(past), "¹", "no footnote")
	t.Logf("benchstat -filter .unit:/past-bound$/ old.txt new.txt:\n%s", past)
}

// benchstat, the real one from the module's own golang.org/x/perf, reads
// two runs of --format benchfmt --count 6 as one table per scenario and
// unit: no geomean across scenarios (test-fixed and test-fail share
// µs/frame), and each count on one exact line. The golden file is the
// README's example of what a reader sees.
func TestBenchstatReadsBenchfmt(t *testing.T) {
	slow.Test(t, "builds benchstat")
	dir := t.TempDir()
	benchstat := filepath.Join(dir, "benchstat")
	build := exec.Command("go", "build", "-o", benchstat, "golang.org/x/perf/cmd/benchstat")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	var files []string
	for _, name := range []string{"old.txt", "new.txt"} {
		code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "test-fail", "--format", "benchfmt", "--count", "6",
			"--baselines", filepath.Join(dir, "b.yaml"))
		require.Equal(t, harness.ExitFailed, code, "test-fail fails its ceiling: %s", stderr)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(stdout), 0o644))
		files = append(files, name)
	}
	cmd := exec.Command(benchstat, files...)
	cmd.Dir = dir
	got, err := cmd.Output()
	require.NoError(t, err)
	assert.NotContains(t, string(got), "geomean")
	cpu := regexp.MustCompile(`(?m)^cpu: .*$`)
	scenariosGolden(t, "benchstat.stdout", cpu.ReplaceAllString(string(got), "cpu: CPU"))
}

// Every unit a built-in scenario declares survives benchfmt's reader as
// written, so benchstat's columns read as the report's.
func TestBuiltinUnitsReadBackFromBenchfmt(t *testing.T) {
	for _, name := range []string{"idle", "hover-storm", "scroll", "kitchen-sink", "resize"} {
		sc, err := scenario.Lookup(name)
		require.NoError(t, err)
		var line bytes.Buffer
		fmt.Fprintf(&line, "BenchmarkScenario/%s 1", name)
		for _, n := range sc.Numbers {
			fmt.Fprintf(&line, " 1 %s", n.Unit)
		}
		r := benchfmt.NewReader(strings.NewReader(line.String()+"\n"), name)
		require.True(t, r.Scan())
		res, ok := r.Result().(*benchfmt.Result)
		require.True(t, ok, "%v", r.Result())
		require.Len(t, res.Values, len(sc.Numbers))
		for i, n := range sc.Numbers {
			assert.Equal(t, n.Unit, res.Values[i].Unit, "benchfmt tidied %s", n.Unit)
		}
	}
}

func TestScenarioPrintsNumbersWithoutVerdict(t *testing.T) {
	code, stdout, stderr := perfbench(t, "scenario", "test-fixed")
	require.Equal(t, harness.ExitPass, code, stderr)
	scenariosGolden(t, "one.stdout", stdout)
	assert.NotContains(t, stdout, "pass")

	code, stdout, _ = perfbench(t, "scenario", "test-fixed", "--json")
	require.Equal(t, harness.ExitPass, code)
	var res report.MeasuredJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &res))
	require.Len(t, res.Numbers, 2)
	require.NotNil(t, res.Numbers[0].Median)
	assert.Equal(t, 11.0, *res.Numbers[0].Median)
	assert.Equal(t, 10.0, *res.Numbers[0].Min)
	assert.Equal(t, []float64{10, 11, 12, 10, 11, 12, 10, 11}, res.Numbers[0].Samples)
}

func TestScenarioBrokenIsExitOne(t *testing.T) {
	code, stdout, _ := perfbench(t, "scenario", "test-exit")
	assert.Equal(t, harness.ExitFailed, code)
	assert.Contains(t, stdout, "broken: exited with status 1; stderr: giving up")
}

func TestScenarioNamesAreCheckedFirst(t *testing.T) {
	for _, args := range [][]string{
		{"scenario", "hover"},
		{"scenarios", "idle", "hover"},
		{"scenarios", "--format", "csv"},
		{"scenarios", "--count", "3"},
		{"scenarios", "--count", "0", "--format", "benchfmt"},
		{"scenarios", "--json", "--format", "benchfmt"},
		{"scenario"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, stdout, stderr := perfbench(t, args...)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout)
			scenarioOneLine(t, stderr)
		})
	}
	_, _, stderr := perfbench(t, "scenario", "hover")
	assert.Contains(t, stderr, `unknown scenario "hover" (valid: idle hover-storm scroll kitchen-sink resize`)
}

func TestScenariosMalformedBaselinesIsInputError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baselines.yaml")
	bad := []byte("version: 1\nmachines: [oops\n")
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--baselines", path)
	assert.Equal(t, harness.ExitUsage, code)
	assert.Empty(t, stdout)
	scenarioOneLine(t, stderr)
	assert.Contains(t, stderr, path)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, bad, got)
}

// With the latency trace on, scenarios refuses to judge times: exit 2,
// one line naming the variable and what to do, and no child is run.
func TestScenariosRefuseWhileTracing(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	t.Setenv("PERFBENCH_LATENCY", trace)
	code, stdout, stderr := perfbench(t, "scenarios", "idle")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "perfbench: PERFBENCH_LATENCY is set ("+trace+"): tracing slows every frame, so scenarios refuses to judge or record its times; unset it, or trace one scenario with perfbench scenario NAME (its process writes "+strings.TrimSuffix(trace, ".jsonl")+".NAME.jsonl)\n", stderr)
	assert.NoFileExists(t, strings.TrimSuffix(trace, ".jsonl")+".idle.jsonl", "no scenario ran")
}

// A refused command leaves an existing trace byte-identical: the trace
// named by PERFBENCH_LATENCY is opened by its first marks, not at process
// start, so perfbench's own process, started with the variable set, must
// not truncate it before perf or scenarios refuses.
func TestRefusedWhileTracingKeepsTheTrace(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	old := []byte("{\"t\":1,\"base_unix_ns\":2,\"stage\":\"f.begin\"}\n")
	require.NoError(t, os.WriteFile(trace, old, 0o644))
	for _, args := range [][]string{{"scenarios", "idle"}, {"perf"}} {
		cmd := exec.Command(self, args...)
		cmd.Env = append(os.Environ(), testMainEnv+"=1", "PERFBENCH_LATENCY="+trace)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%s", out)
		assert.Equal(t, harness.ExitUsage, ee.ExitCode(), "%s", out)
		assert.Contains(t, string(out), "PERFBENCH_LATENCY is set")
		got, err := os.ReadFile(trace)
		require.NoError(t, err)
		assert.Equal(t, old, got, "perfbench %v rewrote the trace", args)
	}
}

// hang blocks forever the way a stuck scenario does. Not select {}: with
// nothing else to run, a build without cgo reports that as a deadlock and
// exits at once, which is not a hang.
func hang() {
	for {
		time.Sleep(time.Hour)
	}
}

// scenario NAME --stderr shows what the scenario's process printed on
// stderr as it ran, each line led by the scenario's name; without it, the
// print reaches the user only inside a Broken line's tail.
func TestScenarioShowsTheChildsStderr(t *testing.T) {
	code, _, stderr := perfbench(t, "scenario", "test-exit", "--stderr", "--quiet")
	assert.Equal(t, harness.ExitFailed, code, stderr)
	assert.Contains(t, stderr, "test-exit: giving up\n")
	code, _, stderr = perfbench(t, "scenario", "test-exit", "--quiet")
	assert.Equal(t, harness.ExitFailed, code, stderr)
	assert.NotContains(t, stderr, "test-exit: giving up\n")
}
