// Package runner runs scenarios each in a fresh process of their program
// and reads their results back: the child-process protocol between a
// program's front end (package harness) and its own binary started once
// per scenario, repeats interleaved round by round, their results pooled
// (package pool).
//
// # The protocol
//
// The runner starts the program as `BINARY scenario-child NAME
// [--renderer R]` ([ChildCommand]); the child measures the one scenario
// in its own process ([ServeChild], which package harness's Main answers)
// and prints its scenario.Result as one JSON object on stdout, exiting 0
// whatever the result says. A process that panics, exits non-zero, is
// killed, hangs past its timeout, prints what does not parse, more than
// [MaxOutput], or a number no run measures (band.CheckTime) is a Broken
// result quoting the tail of its stderr, and Broken fails. Each process
// leads a process group of its own, killed whole however it ends, so
// nothing it started outlives it; on Linux it also dies with the runner's
// process, should that be killed (though what it started does not).
//
// # Instructions
//
// With Runner.Instructions the runner starts each child under Valgrind's
// Callgrind (`valgrind --tool=callgrind --collect-atstart=no`, with
// GODEBUG=asyncpreemptoff=1 and GOMAXPROCS=1, which Valgrind needs of a
// Go program); package scenario sees Valgrind and switches collection on
// around each recorded step's work alone, on the scenario's thread, and
// asks Callgrind to dump its count each time the step label changes. The
// runner reads the dumps from a temporary directory, removed however the
// child ends, into the result's Instructions: one count a label. What
// decides a count is the code, the Go toolchain, GOARCH and the Valgrind
// version, not the machine or its load, so counted children run on every
// CPU at once. What can still move a count between processes of one build
// is the Go runtime's, not the program's: a refill of the allocator's
// page cache, the probes of a string-keyed map under the process's random
// hash seed, and, in a step longer than 10 ms under Valgrind, the
// scheduler's preemptions; together a few hundredths of a percent of
// perfbench's scenarios, and the pool takes each label's least.
//
// Only a fresh process gives exact counts: a program's package-level state
// (a cache, a pool, a map grown once) carries from one measurement to the
// next inside a process, so a scenario measured twice in one process need
// not count what it counted the first time.
package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/internal/measure/sites"
	"github.com/perfbench/perfbench/scenario"
)

// ChildCommand is the argument that makes a binary run one scenario as the
// runner's child: `BINARY scenario-child NAME [--renderer R]` must call
// [ServeChild] with NAME, the options and its stdout, and exit 0 once it
// has written the result (whatever the result says). Package harness's
// front end answers it, for perfbench and for a program with scenarios of
// its own alike.
const ChildCommand = "scenario-child"

// DefaultTimeout bounds one scenario's process when Runner.Timeout is zero.
// The slowest scenario takes about a second on a two-core machine; a
// process still running a minute later is hung.
const DefaultTimeout = time.Minute

// DefaultCountedTimeout bounds one process under Callgrind
// (Runner.Instructions) when Runner.Timeout is zero: Valgrind runs a
// program 20 to 100 times slower, and the slowest child measured, Fyne's
// hover scenario with its software painter, took half a minute alone.
const DefaultCountedTimeout = 10 * time.Minute

// Runner runs scenarios, each in a fresh process of its own: a cold start
// is only cold once, a scenario that crashes takes only itself down, and
// no state of one measurement reaches the next. It reads each process's
// scenario.Result back from its stdout.
//
// A process that panics, exits non-zero, is killed, runs past the timeout
// or prints anything but one scenario.Result for the scenario it was asked for
// gives a Broken result quoting the tail of its stderr; Broken fails.
//
// The zero Runner runs this binary (os.Executable) with [ChildCommand].
type Runner struct {
	// Command returns the command that runs the named scenario and prints
	// its Result; nil means this binary with ChildCommand NAME. The
	// runner adds --renderer when Renderer is set and sets its Stdout
	// and Stderr. Tests use it to make the test binary the child; a
	// paired run, to run another build's.
	Command func(name string) *exec.Cmd
	// Env, when set, is every child's environment where Command sets
	// none; nil means this process's. A paired run pins its children to
	// one CPU there (package affinity), leaving its own environment as
	// it is.
	Env []string
	// Renderer, when set, is passed to every child as --renderer: the
	// renderer its subject draws with (scenario.Options.Renderer).
	Renderer string
	// Timeout bounds each process's work: the CPU time it may use, and
	// how long it may go using none (see watch); zero means
	// DefaultTimeout, or DefaultCountedTimeout with Instructions. A
	// counted process past it, or one that crashes, leaves its
	// scenario's instructions not measured (NotCounted), not Broken.
	Timeout time.Duration
	// Progress, if set, gets one line per process as it finishes:
	// "scenario NAME: process in 0.31s (1 of 5 processes)", and for the
	// scenario's last, "done" or, for one that broke (which ends its
	// scenario), "broken" in place of "process". One line a process, not a
	// scenario, since the scenarios interleave and finish together: a bar
	// over scenarios sat at 0% for most of a run.
	Progress io.Writer
	// Repeats is how many processes each scenario runs in; zero means
	// DefaultRepeats. The processes of one scenario are interleaved with
	// the other scenarios' (round by round: every scenario once, then
	// every scenario again), so a burst of other work on the machine
	// lands on one process of several scenarios rather than on every
	// process of one.
	Repeats int

	// Instructions, when set, runs every process under Valgrind's
	// Callgrind, which counts the instructions of the recorded steps
	// alone into the result's Instructions (package scenario switches
	// collection on around each step's work). A time taken under Valgrind
	// is no time of this machine, so a counted process's time numbers are
	// left out of its result; its counts stand. Where Valgrind is missing
	// no process runs, and each result says so in NotCounted.
	Instructions bool
	// Stderr, if set, gets every child's stderr as the child writes it,
	// each line led by the scenario's name ("gio-type: "), so that a
	// program's own prints from a step are seen; a Broken result quotes
	// the tail of it either way.
	Stderr io.Writer
	// Jobs is how many processes run at once. Zero means one, since a
	// time shares the machine with every process beside it, or, with
	// Instructions, one per CPU, since what Callgrind counts does not
	// move with the machine's load.
	Jobs int
	// Profiles, when set with Instructions, keeps each scenario's
	// instructions per call stack and step label (package callgrind's
	// Pprof), for a where-table and `go tool pprof`.
	Profiles *Profiles
	// Stacks, with Instructions, has Callgrind keep each function's cost
	// per call stack (callgrind.KeepStacks), so that Profiles hold stacks
	// rather than each function's own cost alone; it costs a counted
	// process about 1.7 times its CPU time and memory.
	Stacks bool
	// AllocSites, when set, runs every process recording its steps'
	// allocation sites (scenario.AllocSitesEnv) and keeps each scenario's
	// (sites.ReadAllocs) here: a process of its own, since it samples every
	// allocation and collects garbage between labels. Not with
	// Instructions.
	AllocSites *Profiles
	// WorkSites, when set, runs every process recording which elements
	// its subject's work was for (scenario.WorkSitesEnv) and keeps each
	// scenario's (sites.ReadWork) here, where its subject reported any: a
	// process of its own, whose recording allocates and costs. Not with
	// Instructions or AllocSites.
	WorkSites *Profiles

	// traced counts the processes started per scenario while the latency
	// trace is on, so that each writes a file of its own.
	traced map[string]int
}

// tracedMu guards Runner.traced between the processes of a run, which
// may run at once (Runner.Jobs).
var tracedMu sync.Mutex

// DefaultRepeats is how many processes a scenario runs in by default.
// Five: the estimate is the median of five processes' fastest samples, so
// two processes disturbed by the machine's other work cannot move it, and
// the suite's times (six scenarios, 30 processes) take about 4 s on a
// shared two-core machine at a load average of 6.
const DefaultRepeats = 5

// Run runs the named scenarios (nil: every registered one), each in
// Repeats processes interleaved round by round, and returns one pooled
// result per scenario in the order named (see [pool.Runs]). A scenario that
// misbehaves is a Broken result, not an error, and runs no further
// processes; the error is for a runner that cannot work at all (no
// executable to start) or a cancelled ctx.
func (r *Runner) Run(ctx context.Context, names []string) ([]scenario.Result, error) {
	if names == nil {
		names = scenario.Names()
	}
	if r.Instructions {
		if _, err := callgrind.Find(); err != nil {
			return allNotCounted(names, err), nil
		}
	}
	repeats := r.repeats()
	// runs[i][round] is scenario i's process of that round; a process
	// not run (its scenario broke in an earlier round) stays zero.
	runs := make([][]scenario.Result, len(names))
	for i := range runs {
		runs[i] = make([]scenario.Result, repeats)
	}
	spent := make([]time.Duration, len(names))
	finished := make([]int, len(names))
	broke := make([]bool, len(names))
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	// Round by round: task t is round t/len(names) of scenario
	// t%len(names).
	work := func() {
		defer wg.Done()
		for {
			mu.Lock()
			t := next
			next++
			for t < repeats*len(names) && broke[t%len(names)] {
				t = next
				next++
			}
			if t >= repeats*len(names) || first != nil {
				mu.Unlock()
				return
			}
			mu.Unlock()
			round, i := t/len(names), t%len(names)
			start := time.Now()
			res, err := r.one(ctx, names[i])
			mu.Lock()
			if err != nil {
				if first == nil {
					first = err
				}
				mu.Unlock()
				return
			}
			spent[i] += time.Since(start)
			runs[i][round] = res
			finished[i]++
			broke[i] = broke[i] || res.Broken != "" || res.NotCounted != ""
			if r.Progress != nil {
				fmt.Fprintf(r.Progress, "scenario %s: %s in %.2fs (%d of %d processes)\n",
					names[i], progressState(res, finished[i], repeats), spent[i].Seconds(), finished[i], repeats)
			}
			mu.Unlock()
		}
	}
	for range min(r.jobs(), repeats*len(names)) {
		wg.Add(1)
		go work()
	}
	wg.Wait()
	if first != nil {
		return nil, first
	}
	out := make([]scenario.Result, len(names))
	for i, rs := range runs {
		out[i] = pool.Runs(slices.DeleteFunc(rs, func(res scenario.Result) bool { return res.Name == "" }))
	}
	return out, nil
}

// allNotCounted is the results of a counted run where Callgrind cannot
// be found: every scenario's instructions not measured, saying why.
func allNotCounted(names []string, err error) []scenario.Result {
	out := make([]scenario.Result, len(names))
	for i, name := range names {
		out[i] = scenario.Result{Name: name, NotCounted: "not measured: " + err.Error()}
	}
	return out
}

// progressState is what a scenario's progress line says of its latest
// process: broken, uncounted, one process of several, or done.
func progressState(res scenario.Result, finished, repeats int) string {
	switch {
	case res.Broken != "":
		return "broken"
	case res.NotCounted != "":
		return "uncounted"
	case finished < repeats:
		return "process"
	}
	return "done"
}

// timeout is how long one process may run: Timeout, or its default for
// a process that is counted or not.
func (r *Runner) timeout() time.Duration {
	switch {
	case r.Timeout > 0:
		return r.Timeout
	case r.Instructions:
		return DefaultCountedTimeout
	}
	return DefaultTimeout
}

// jobs returns how many processes run at once.
func (r *Runner) jobs() int {
	switch {
	case r.Jobs > 0:
		return r.Jobs
	case r.Instructions:
		return runtime.NumCPU()
	}
	return 1
}

func (r *Runner) repeats() int {
	if r.Repeats > 0 {
		return r.Repeats
	}
	return DefaultRepeats
}

// Once runs the named scenario in one fresh process and returns what it
// printed: what Run does for each process, for a caller that schedules
// processes itself (paired runs of two builds).
func (r *Runner) Once(ctx context.Context, name string) (scenario.Result, error) {
	return r.one(ctx, name)
}

// uninstrumented begins the Broken line of a counted process none of
// whose steps Callgrind counted anything in: a program that collects
// around its steps but never switches instrumentation on, as one built
// before it did does. The process is run again instrumented from its
// start (callgrind.InstrumentAtStart).
const uninstrumented = "callgrind counted no instructions in any step"

// TracePath returns the latency trace file of scenario name's process when
// the runner's own is path: the scenario's name before path's extension
// (trace.jsonl → trace.hover-storm.jsonl).
func TracePath(path, name string) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "." + name + ext
}

func (r *Runner) command(name string) (*exec.Cmd, error) {
	var cmd *exec.Cmd
	if r.Command != nil {
		cmd = r.Command(name)
	} else {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("runner: cannot find this binary to run %s in: %w", name, err)
		}
		cmd = exec.Command(exe, ChildCommand, name)
	}
	if cmd.Env == nil && r.Env != nil {
		cmd.Env = slices.Clone(r.Env)
	}
	return cmd, nil
}

// one runs one scenario's process and reads its result.
func (r *Runner) one(ctx context.Context, name string) (scenario.Result, error) {
	res, err := r.oneAt(ctx, name, false)
	if err == nil && r.Instructions && strings.HasPrefix(res.Broken, uninstrumented) {
		return r.oneAt(ctx, name, true)
	}
	return res, err
}

// oneAt runs one process of scenario name; counted, it is instrumented
// from its start where atStart says so.
func (r *Runner) oneAt(ctx context.Context, name string, atStart bool) (scenario.Result, error) {
	cmd, err := r.command(name)
	if err != nil {
		return scenario.Result{}, err
	}
	if r.Renderer != "" {
		cmd.Args = append(cmd.Args, "--renderer", r.Renderer)
	}
	if path := os.Getenv(latency.EnvVar); path != "" {
		r.traceTo(cmd, name, path)
	}
	var profiles string
	if r.Instructions {
		valgrind, err := callgrind.Find()
		if err != nil {
			return scenario.Result{Name: name, NotCounted: "not measured: " + err.Error()}, nil
		}
		// Removed however the process ends, a cancelled ctx included:
		// the child's group is killed and waited for before wait returns.
		if profiles, err = os.MkdirTemp("", "perfbench-callgrind-"); err != nil {
			return scenario.Result{}, fmt.Errorf("runner: %w", err)
		}
		defer os.RemoveAll(profiles)
		callgrind.Wrap(cmd, valgrind, profiles)
		if atStart {
			callgrind.InstrumentAtStart(cmd)
		}
		if r.Stacks {
			callgrind.KeepStacks(cmd)
		}
	}
	if r.AllocSites != nil {
		if r.Instructions {
			panic("runner: AllocSites with Instructions")
		}
		return r.allocSites(ctx, name, cmd)
	}
	if r.WorkSites != nil {
		if r.Instructions {
			panic("runner: WorkSites with Instructions")
		}
		return r.workSites(ctx, name, cmd)
	}
	return r.wait(ctx, name, cmd, profiles)
}

// traceTo has the process of scenario name record its own latency trace
// beside path: one file shared by every child would be truncated by
// each in turn.
func (r *Runner) traceTo(cmd *exec.Cmd, name, path string) {
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	tracedMu.Lock()
	if r.traced == nil {
		r.traced = map[string]int{}
	}
	r.traced[name]++
	n := r.traced[name]
	tracedMu.Unlock()
	trace := TracePath(path, name)
	if n > 1 {
		// A later process of the same scenario (the next round)
		// keeps the earlier ones' traces too.
		trace = TracePath(path, fmt.Sprintf("%s.%d", name, n))
	}
	cmd.Env = append(env, latency.EnvVar+"="+trace)
}

// allocSites runs cmd, the process of scenario name, recording its steps'
// allocation sites, and keeps them in r.AllocSites.
func (r *Runner) allocSites(ctx context.Context, name string, cmd *exec.Cmd) (scenario.Result, error) {
	dir, err := os.MkdirTemp("", "perfbench-allocs-")
	if err != nil {
		return scenario.Result{}, fmt.Errorf("runner: %w", err)
	}
	defer os.RemoveAll(dir)
	cmd.Env = sites.AllocEnv(cmd.Env, dir)
	res, err := r.wait(ctx, name, cmd, "")
	if err != nil || res.Broken != "" {
		return res, err
	}
	p, err := sites.ReadAllocs(dir)
	if err != nil {
		return scenario.Result{Name: name, Broken: err.Error()}, nil
	}
	r.AllocSites.Keep(name, p)
	return res, nil
}

// workSites runs cmd, the process of scenario name, recording which
// elements its subject's work was for, and keeps them in r.WorkSites
// where the subject reported any.
func (r *Runner) workSites(ctx context.Context, name string, cmd *exec.Cmd) (scenario.Result, error) {
	dir, err := os.MkdirTemp("", "perfbench-work-")
	if err != nil {
		return scenario.Result{}, fmt.Errorf("runner: %w", err)
	}
	defer os.RemoveAll(dir)
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(slices.Clone(cmd.Env), scenario.WorkSitesEnv+"="+dir)
	res, err := r.wait(ctx, name, cmd, "")
	if err != nil || res.Broken != "" {
		return res, err
	}
	w, err := sites.ReadWork(dir)
	if err != nil {
		return scenario.Result{Name: name, Broken: err.Error()}, nil
	}
	if w != nil {
		r.WorkSites.Keep(name, w)
	}
	return res, nil
}

// ServeChild measures the named scenario in this process with opts and
// writes its scenario.Result to w as one JSON object: what a binary does
// when the runner starts it with ChildCommand NAME. An unknown name is a
// *scenario.UnknownError and nothing is written.
func ServeChild(w io.Writer, name string, opts scenario.Options) error {
	sc, err := scenario.Lookup(name)
	if err != nil {
		return err
	}
	res := sc.MeasureWith(opts)
	b, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("scenario %s: %w", name, err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
