package runner

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	_ "github.com/perfbench/perfbench/internal/check/suite" // hover-storm and resize, for the allocation test
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// childEnv makes the test binary act as the runner's child: TestMain
// registers the misbehaving scenarios below and serves the one named on
// its command line, as perfbench's hidden subcommand does.
const childEnv = "PERFBENCH_SCENARIO_TEST_CHILD"

// grandchildEnv makes the test binary a child's child that sleeps, for
// the scenarios that leave one behind; pidFileEnv names the file the
// child writes its process ID to.
const (
	grandchildEnv = "PERFBENCH_SCENARIO_TEST_GRANDCHILD"
	pidFileEnv    = "PERFBENCH_SCENARIO_TEST_PIDFILE"
)

func TestMain(m *testing.M) {
	if os.Getenv(grandchildEnv) == "1" {
		// Long enough to outlive every test that looks for it, short
		// enough that one the old runner left behind goes by itself.
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	if os.Getenv(childEnv) == "1" {
		registerMisbehaving()
		var opts scenario.Options
		args := os.Args[1:]
		if n := len(args); n >= 2 && args[n-2] == "--renderer" {
			opts.Renderer, args = args[n-1], args[:n-2]
		}
		if len(args) < 2 || args[0] != ChildCommand {
			fmt.Fprintln(os.Stderr, "usage: scenario-child NAME... [--renderer R]")
			os.Exit(2)
		}
		if err := ServeChildren(os.Stdout, args[1:], opts); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		latency.Close() // as perfbench's main does: the trace is buffered
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// registerMisbehaving registers one scenario per way a child can go
// wrong, and one that goes right, in the child process only.
func registerMisbehaving() {
	frames := []scenario.Number{{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0)}, Value: scenario.FrameCount(nil)}}
	misbehave := func(name string, do func()) {
		scenario.Register(scenario.Scenario{Name: name, Numbers: frames, Run: func(*scenario.Session) error { do(); return nil }})
	}
	for _, name := range []string{"test-ok", "test-ok-too"} {
		scenario.Register(scenario.Scenario{Name: name, Numbers: frames, Run: func(s *scenario.Session) error {
			g := gallery.Build(gallery.Shipped, gallery.Options{}) // idle at s13, quickly
			engine.Open(s, g.Doc, window.Options{})
			s.Wait("second", time.Second)
			return nil
		}})
	}
	// 20 steps each spinning 10 000 times, counted or left out of the
	// count (scenario.Uncounted), and 20 that spin none.
	for name, spins := range map[string]int{"test-spin-counted": 10000, "test-spin-uncounted": 10000, "test-spin-none": 0} {
		scenario.Register(scenario.Scenario{Name: name, Numbers: frames, Run: func(s *scenario.Session) error {
			engine.Open(s, gallery.Build(gallery.S0, gallery.Options{}).Doc, window.Options{})
			s.Repeat("spin", 20, func(int) {
				spin := func() {
					for range spins {
						spun++
					}
				}
				if name == "test-spin-counted" {
					spin()
					spins := 0
					scenario.Uncounted(func() { spun += uint64(spins) })
					return
				}
				scenario.Uncounted(spin)
			})
			return nil
		}})
	}
	Register := scenario.Register
	Register(scenario.Scenario{Name: "test-prints", Numbers: frames, Run: func(s *scenario.Session) error {
		g := gallery.Build(gallery.Shipped, gallery.Options{})
		engine.Open(s, g.Doc, window.Options{})
		s.Drive("print", func() { fmt.Fprint(os.Stderr, "a debug print\nfrom a step") })
		return nil
	}})
	Register(scenario.Scenario{Name: "test-renderer", Numbers: frames, Run: func(s *scenario.Session) error {
		if s.Renderer() != "null" {
			return fmt.Errorf("asked for renderer %q", s.Renderer())
		}
		g := gallery.Build(gallery.S0, gallery.Options{})
		engine.Open(s, g.Doc, window.Options{})
		return nil
	}})
	misbehave("test-panic", func() { panic("runner test: boom") })
	misbehave("test-hang", func() { fmt.Fprintln(os.Stderr, "hanging"); hang() })
	misbehave("test-spin", func() {
		for {
			spun++
		}
	})
	misbehave("test-exit", func() { fmt.Fprintln(os.Stderr, "giving up"); os.Exit(1) })
	misbehave("test-garbage", func() { fmt.Print("hello, runner\n"); os.Exit(0) })
	misbehave("test-kill", func() {
		fmt.Fprintln(os.Stderr, "about to die")
		p, _ := os.FindProcess(os.Getpid())
		_ = p.Kill()
		hang()
	})
	misbehave("test-two", func() {
		fmt.Print(`{"name":"test-two","steps":0,"numbers":[]}` + "\n")
		fmt.Print(`{"name":"test-two","steps":0,"numbers":[]}` + "\n")
		os.Exit(0)
	})
	// A grandchild that sleeps: with the child's stdout and stderr, or
	// with neither (a background process), while the child hangs or
	// exits having printed its result.
	grandchild := func(pipes bool) {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), grandchildEnv+"=1")
		if pipes {
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		}
		if err := cmd.Start(); err != nil {
			panic(err)
		}
		if err := os.WriteFile(os.Getenv(pidFileEnv), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644); err != nil {
			panic(err)
		}
	}
	misbehave("test-grandchild-hang", func() { grandchild(true); hang() })
	// What a child does before it measures an empty window, as test-renderer
	// does, and prints a result.
	measureAfter := func(name string, do func()) {
		scenario.Register(scenario.Scenario{Name: name, Numbers: frames, Run: func(s *scenario.Session) error {
			do()
			engine.Open(s, gallery.Build(gallery.S0, gallery.Options{}).Doc, window.Options{})
			return nil
		}})
	}
	measureAfter("test-grandchild-pipes", func() { grandchild(true) })
	measureAfter("test-grandchild-background", func() { grandchild(false) })
	// A valid result after 32 MiB of JSON's white space: a result to the
	// old runner, which read all of it.
	measureAfter("test-flood", func() {
		spaces := bytes.Repeat([]byte{' '}, 1<<20)
		for range 32 {
			os.Stdout.Write(spaces)
		}
	})
	// Results that parse but hold what no run measures.
	for name, numbers := range map[string]string{
		"test-time-1e308":     `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[1e308,1e308]}`,
		"test-time-zero":      `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[0,0,0]}`,
		"test-time-5e-324":    `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[5e-324,5e-324]}`,
		"test-time-negative":  `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[1.2,-1]}`,
		"test-time-nan":       `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[NaN]}`,
		"test-time-inf":       `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[1e999]}`,
		"test-wall-1e308":     `{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[1.2],"wall":[1e308]}`,
		"test-count-negative": `{"name":"frames","unit":"frames/run","band":{"kind":"count","ceiling":9},"samples":[-3]}`,
	} {
		misbehave(name, func() {
			fmt.Printf(`{"name":%q,"steps":1,"numbers":[%s]}`+"\n", name, numbers)
			os.Exit(0)
		})
	}
	misbehave("test-steps-negative", func() {
		fmt.Print(`{"name":"test-steps-negative","steps":-5,"numbers":[{"name":"frames","unit":"frames/run","band":{"kind":"count","ceiling":9},"samples":[3]}]}` + "\n")
		os.Exit(0)
	})
	misbehave("test-other", func() {
		fmt.Print(`{"name":"test-ok","steps":1,"numbers":[{"name":"frames","unit":"frames/run","band":{"kind":"count","ceiling":0},"samples":[0]}]}` + "\n")
		os.Exit(0)
	})
}

// testRunner runs the test binary as the child.
func testRunner(timeout time.Duration) *Runner {
	return &Runner{
		Timeout: timeout,
		Command: func(name string) *exec.Cmd {
			cmd := exec.Command(os.Args[0], ChildCommand, name)
			cmd.Env = append(os.Environ(), childEnv+"=1")
			return cmd
		},
	}
}

// A child's stderr reaches Runner.Stderr line by line, each led by the
// scenario's name, the last line too though it ends with no newline;
// without Stderr it is shown nowhere but in a Broken result's tail.
func TestRunnerShowsTheChildsStderr(t *testing.T) {
	var shown strings.Builder
	r := testRunner(0)
	r.Stderr, r.Repeats = &shown, 1
	results, err := r.Run(context.Background(), []string{"test-prints"})
	require.NoError(t, err)
	require.Empty(t, results[0].Broken)
	assert.Equal(t, "test-prints: a debug print\ntest-prints: from a step\n", shown.String())
}

func TestRunnerReadsTheChildsResult(t *testing.T) {
	results, err := testRunner(0).Run(context.Background(), []string{"test-ok"})
	require.NoError(t, err)
	require.Len(t, results, 1)
	assert.Equal(t, "test-ok", results[0].Name)
	assert.Empty(t, results[0].Broken)
	assert.Equal(t, 1, results[0].Steps)
	require.Len(t, results[0].Numbers, 1)
	assert.Equal(t, []float64{0}, results[0].Numbers[0].Samples)
}

// Every way a child can go wrong is Broken, quoting its stderr, and the
// ratchet fails the run for it.
func TestMisbehavingChildrenAreBroken(t *testing.T) {
	t.Parallel() // each mostly waits out a timeout
	for name, want := range map[string][]string{
		"test-panic":   {"panicked (exit status 2): runner test: boom in github.com/perfbench/perfbench/internal/measure/runner.registerMisbehaving.func", "(runner_test.go:"},
		"test-hang":    {"timed out: no progress (no CPU time used) for 2s, killed"},
		"test-spin":    {"timed out: used 2s of CPU time", "killed"},
		"test-exit":    {"exited with status 1", "stderr: giving up"},
		"test-garbage": {"printed output that is not a scenario result", `"hello, runner"`},
		"test-kill":    {"killed by signal killed", "stderr: about to die"},
		"test-two":     {"printed more than one result"},
		"test-other":   {`printed the result of scenario "test-ok", not "test-other"`},
		"test-unknown": {`the build has no scenario "test-unknown": a revision from before it was added`},
		"test-flood":   {"printed more than 16 MiB on stdout, where a result takes a few KB; killed"},

		"test-time-1e308":     {"reported time frame with sample 0, 1e+308, is above 1e+09 (MaxTime), which no run measures"},
		"test-time-zero":      {"reported time frame with samples that are all zero, which measured nothing"},
		"test-time-5e-324":    {"reported time frame with fastest sample 5e-324, below 0.001 (MinTime), which no run measures"},
		"test-time-negative":  {"reported time frame with sample 1, -1, is not a finite number ≥ 0"},
		"test-time-nan":       {"printed output that is not a scenario result", "invalid character 'N'"},
		"test-time-inf":       {"printed output that is not a scenario result", "cannot unmarshal number 1e999"},
		"test-wall-1e308":     {"reported wall time frame with sample 0, 1e+308, is above 1e+09 (MaxTime)"},
		"test-count-negative": {"reported count frames as -3, not a finite number ≥ 0"},
		"test-steps-negative": {"reported -5 steps, not a number ≥ 0"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			timeout := DefaultTimeout
			if name == "test-hang" || name == "test-spin" {
				// Room for a child built with -race to start on a
				// loaded machine.
				timeout = 2 * time.Second
			}
			r := testRunner(timeout)
			results, err := r.Run(context.Background(), []string{name})
			require.NoError(t, err)
			require.Len(t, results, 1)
			res := results[0]
			assert.Equal(t, name, res.Name)
			for _, w := range want {
				assert.Contains(t, res.Broken, w)
			}
			assert.NotContains(t, res.Broken, "\n", "a broken reason is one line")
			assert.Equal(t, name == "test-unknown", res.IsNotInBuild(), "only a refused name is not in the build")

			stored, err := ratchet.Load(t.TempDir()+"/baselines.yaml", []string{name})
			require.NoError(t, err)
			o, err := ratchet.Judge(results, stored, ratchet.Scope{}, ratchet.Rule{Scenarios: []string{name}})
			require.NoError(t, err)
			assert.Equal(t, band.Broken, o.Verdict)
			assert.True(t, o.Failed())
		})
	}
}

// The renderer a runner names reaches its children's sessions: the
// protocol's --renderer.
func TestRunnerPassesTheRendererToTheChild(t *testing.T) {
	r := testRunner(0)
	r.Repeats = 1
	results, err := r.Run(context.Background(), []string{"test-renderer"})
	require.NoError(t, err)
	assert.Equal(t, `asked for renderer ""`, results[0].Broken)
	r.Renderer = "null"
	results, err = r.Run(context.Background(), []string{"test-renderer"})
	require.NoError(t, err)
	assert.Empty(t, results[0].Broken)
}

func TestRunnerStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	_, err := testRunner(time.Minute).Run(ctx, []string{"test-hang"})
	assert.ErrorIs(t, err, context.Canceled)
}

func TestRunnerReportsProgress(t *testing.T) {
	var progress strings.Builder
	r := testRunner(0)
	r.Progress = &progress
	_, err := r.Run(context.Background(), []string{"test-ok", "test-exit"})
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	// One line a process; a broken process ends its scenario at once, in
	// the first round; the other scenario says done at its last process.
	require.Len(t, lines, 6)
	assert.True(t, strings.HasPrefix(lines[0], "scenario test-ok: process in "), lines[0])
	assert.True(t, strings.HasSuffix(lines[0], "(1 of 5 processes)"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "scenario test-exit: broken in "), lines[1])
	assert.True(t, strings.HasSuffix(lines[1], "(1 of 5 processes)"), lines[1])
	assert.True(t, strings.HasPrefix(lines[5], "scenario test-ok: done in "), lines[5])
	assert.True(t, strings.HasSuffix(lines[5], "(5 of 5 processes)"), lines[5])
}

// A scenario's processes run interleaved with the other scenarios', round
// by round, never back to back.
func TestRunnerInterleavesProcesses(t *testing.T) {
	var order []string
	r := testRunner(0)
	r.Repeats = 3
	command := r.Command
	r.Command = func(name string) *exec.Cmd { order = append(order, name); return command(name) }
	results, err := r.Run(context.Background(), []string{"test-ok", "test-ok-too"})
	require.NoError(t, err)
	assert.Equal(t, []string{"test-ok", "test-ok-too", "test-ok", "test-ok-too", "test-ok", "test-ok-too"}, order)
	for _, res := range results {
		assert.Empty(t, res.Broken)
		assert.Equal(t, 3, res.Processes)
	}
}

// Allocation counts vary only a little between the scenario's own
// processes (the runtime's map hash seed): two runs of the runner, five
// processes each, report medians within 1% of each other. In a test
// process they are not counted alone (other tests allocate beside the
// scenario), which is why the in-process count test leaves them out.
// Their ceilings are judged on perfbench's own binary by `perfbench
// scenarios`: this test binary, a different program, allocates a little
// more per hover frame than perfbench does.
func TestAllocationsAreExactInTheScenariosOwnProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two scenarios in ten processes; -short skips it")
	}
	r := testRunner(0)
	first, err := r.Run(context.Background(), []string{"hover-storm", "resize"})
	require.NoError(t, err)
	second, err := r.Run(context.Background(), []string{"hover-storm", "resize"})
	require.NoError(t, err)
	for i, res := range first {
		require.Empty(t, res.Broken)
		require.Empty(t, second[i].Broken)
		for k, m := range res.Numbers {
			if m.Unit != "allocs/frame" && m.Unit != "B/frame" {
				continue
			}
			require.Len(t, m.Samples, 1)
			assert.InEpsilon(t, m.Samples[0]+1, second[i].Numbers[k].Samples[0]+1, 0.01, "%s %s", res.Name, m.Name)
		}
	}
}

// With the latency trace on, each child writes its own file, named after
// its scenario, so no child truncates another's trace.
func TestEachChildTracesToItsOwnFile(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "trace.jsonl")
	require.NoError(t, os.WriteFile(trace, []byte("the caller's own\n"), 0o644))
	t.Setenv(latency.EnvVar, trace)
	r := testRunner(0)
	r.Repeats = 2
	results, err := r.Run(context.Background(), []string{"test-ok", "test-exit"})
	require.NoError(t, err)
	require.Len(t, results, 2)
	second, err := os.ReadFile(filepath.Join(dir, "trace.test-ok.2.jsonl"))
	require.NoError(t, err, "the second process of test-ok has its own file")
	assert.Contains(t, string(second), `"stage":"f.end"`)
	data, err := os.ReadFile(filepath.Join(dir, "trace.test-ok.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"stage":"f.end"`, "test-ok drew frames and traced them")
	assert.NoFileExists(t, filepath.Join(dir, "trace.test-exit.jsonl"), "test-exit died before flushing: a trace file is created by its first written marks")
	data, err = os.ReadFile(trace)
	require.NoError(t, err)
	assert.Equal(t, "the caller's own\n", string(data), "no child touched the caller's file")
	assert.Equal(t, "trace.hover-storm.jsonl", TracePath("trace.jsonl", "hover-storm"))
	assert.Equal(t, "/tmp/t.idle", TracePath("/tmp/t", "idle"))
}

// spun is what test-spin's loop writes, so that the loop is not
// compiled away.
var spun uint64

// hang blocks forever the way a stuck scenario does. Not select {}: with
// nothing else to run, a build without cgo reports that as a deadlock and
// exits at once, which is not a hang.
func hang() {
	for {
		time.Sleep(time.Hour)
	}
}

// Once, which a paired run reads every process of both builds through,
// refuses what no run measures as Run does: a base build reporting 1e308
// is Broken, and the pair with it, not a base of "+∞ µs" that passes.
func TestOnceRefusesWhatNoRunMeasures(t *testing.T) {
	res, err := testRunner(0).Once(context.Background(), "test-time-1e308")
	require.NoError(t, err)
	assert.Equal(t, "test-time-1e308", res.Name)
	assert.Contains(t, res.Broken, "1e+308, is above 1e+09 (MaxTime)")
	assert.Empty(t, res.Numbers, "nothing of it reaches a judge")
}
