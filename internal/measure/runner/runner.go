// Package runner runs scenarios each in a fresh process of their program
// and reads their results back: the child-process protocol between a
// program's front end (package harness) and its own binary started once
// per scenario, repeats interleaved round by round, and the pooling of
// the processes' results.
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
// Only a fresh process gives exact counts of every program: its
// package-level state (a cache, a pool, a map grown once) carries from one
// measurement to the next inside a process, so a scenario measured twice
// in one process need not count what it counted the first time. A program
// that has shown none of its state moves a later scenario's count has its
// scenarios counted in turn in one process (Runner.Together), which pays
// Valgrind's start and its own once for them.
package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/scenario"
)

// ChildCommand is the argument that makes a binary run one scenario as the
// runner's child: `BINARY scenario-child NAME [--renderer R]` must call
// [ServeChild] with NAME, the options and its stdout, and exit 0 once it
// has written the result (whatever the result says); with several names
// (Runner.Together), [ServeChildren]. Package harness's front end answers
// it, for perfbench and for a program with scenarios of its own alike.
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

// stderrTail is how much of a child's stderr a Broken result quotes.
const (
	stderrTailLines = 8
	stderrTailBytes = 1200
)

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
	// (ReadAllocSites) here: a process of its own, since it samples every
	// allocation and collects garbage between labels. Not with
	// Instructions.
	AllocSites *Profiles
	// WorkSites, when set, runs every process recording which elements
	// its subject's work was for (scenario.WorkSitesEnv) and keeps each
	// scenario's (ReadWorkSites) here, where its subject reported any: a
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
// result per scenario in the order named (see [Pool]). A scenario that
// misbehaves is a Broken result, not an error, and runs no further
// processes; the error is for a runner that cannot work at all (no
// executable to start) or a cancelled ctx.
func (r *Runner) Run(ctx context.Context, names []string) ([]scenario.Result, error) {
	if names == nil {
		names = scenario.Names()
	}
	if r.Instructions {
		if _, err := callgrind.Find(); err != nil {
			out := make([]scenario.Result, len(names))
			for i, name := range names {
				out[i] = scenario.Result{Name: name, NotCounted: "not measured: " + err.Error()}
			}
			return out, nil
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
				state := "done"
				switch {
				case res.Broken != "":
					state = "broken"
				case res.NotCounted != "":
					state = "uncounted"
				case finished[i] < repeats:
					state = "process"
				}
				fmt.Fprintf(r.Progress, "scenario %s: %s in %.2fs (%d of %d processes)\n",
					names[i], state, spent[i].Seconds(), finished[i], repeats)
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
		out[i] = Pool(slices.DeleteFunc(rs, func(res scenario.Result) bool { return res.Name == "" }))
	}
	return out, nil
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

// Pool combines one scenario's results from several processes into one:
// every count must be the same in each (counts depend on nothing but the
// code, so a difference is a bug, and Broken, naming the first frame
// whose trace differs where the subject keeps one) except one declared
// Number.Varies, which is the processes' median; every time pools its
// samples, keeping each process's apart in Runs for the estimator. A
// broken process breaks the pool.
func Pool(runs []scenario.Result) scenario.Result {
	if len(runs) == 0 {
		return scenario.Result{Broken: "no process ran"}
	}
	for k, res := range runs {
		if res.Broken != "" {
			out := scenario.Result{Name: res.Name, Broken: res.Broken}
			if len(runs) > 1 {
				out.Broken = fmt.Sprintf("process %d of %d: %s", k+1, len(runs), res.Broken)
			}
			return out
		}
	}
	// A counted process that did not finish counted nothing: the others
	// are pooled without it, and with none, nothing was.
	done := slices.DeleteFunc(slices.Clone(runs), func(res scenario.Result) bool { return res.NotCounted != "" })
	if len(done) == 0 {
		return scenario.Result{Name: runs[0].Name, NotCounted: runs[0].NotCounted}
	}
	runs = done
	first := runs[0]
	out := scenario.Result{Name: first.Name, Steps: first.Steps, Clock: first.Clock, Processes: len(runs), Varying: first.Varying}
	for i, n := range first.Numbers {
		ms := make([]band.Measured, len(runs))
		for k, res := range runs {
			if len(res.Numbers) != len(first.Numbers) || res.Numbers[i].Name != n.Name {
				out.Broken = fmt.Sprintf("process %d reported other numbers than process 1", k+1)
				return out
			}
			ms[k] = res.Numbers[i]
		}
		m, err := band.Pool(ms, slices.Contains(first.Varying, n.Name))
		if err != nil {
			out.Broken = err.Error() + firstDifference(runs)
			return out
		}
		out.Numbers = append(out.Numbers, m)
	}
	ins, err := poolInstructions(runs)
	if err != nil {
		out.Broken = err.Error()
		return out
	}
	out.Instructions, out.InstructionsTolerance = ins, first.InstructionsTolerance
	return out
}

// shownLines bounds the lines of a frame's trace a Broken reason quotes
// for each process: the first few name the object that moved, and a
// frame where a whole page appeared would quote hundreds.
const shownLines = 6

// firstDifference says where the first process whose frames' trace
// (scenario.Result.Frames) differs from process 1's parts from it: the
// first frame that differs, the step that drew it, and the lines of that
// frame one process has and the other has not (an object laid out,
// refreshed or appeared in one and not the other). It is appended to the
// reason a count that differs between processes is Broken; "" where the
// processes kept no trace.
func firstDifference(runs []scenario.Result) string {
	a := runs[0].Frames
	if a == nil {
		return ""
	}
	for k, res := range runs[1:] {
		b := res.Frames
		for i := range max(len(a), len(b)) {
			switch {
			case i >= len(a):
				return fmt.Sprintf("; the first frame that differs is frame %d%s, which process %d drew and process 1 did not: %s",
					i+1, stepOf(b[i]), k+2, quoteLines(b[i].Lines, nil))
			case i >= len(b):
				return fmt.Sprintf("; the first frame that differs is frame %d%s, which process 1 drew and process %d did not: %s",
					i+1, stepOf(a[i]), k+2, quoteLines(a[i].Lines, nil))
			case !slices.Equal(a[i].Lines, b[i].Lines) || a[i].Step != b[i].Step:
				return fmt.Sprintf("; the first frame that differs is frame %d%s: in process 1 only, %s; in process %d only, %s",
					i+1, stepOf(a[i]), quoteLines(a[i].Lines, b[i].Lines), k+2, quoteLines(b[i].Lines, a[i].Lines))
			}
		}
	}
	return "; every frame's trace is the same in every process"
}

// stepOf names the step that drew a frame.
func stepOf(f scenario.FrameTrace) string {
	if f.Step == 0 {
		return " (drawn outside every step)"
	}
	return fmt.Sprintf(" (step %d, %q)", f.Step, f.Label)
}

// quoteLines quotes the lines of lines that others lacks, as many times as
// they are more in lines, up to shownLines of them.
func quoteLines(lines, others []string) string {
	left := map[string]int{}
	for _, l := range others {
		left[l]++
	}
	var only []string
	for _, l := range lines {
		if left[l] > 0 {
			left[l]--
			continue
		}
		only = append(only, l)
	}
	switch {
	case len(only) == 0:
		return "nothing"
	case len(only) > shownLines:
		return fmt.Sprintf("%s and %d more", strings.Join(only[:shownLines], "; "), len(only)-shownLines)
	}
	return strings.Join(only, "; ")
}

// poolInstructions combines the processes' instruction counts: each
// label's least, every process's kept in Runs. The least, since what can
// move a count between processes of one build adds work (the runtime's
// scheduler on the scenario's thread, a map's probe sequence under
// another hash seed) rather than removing any. Every process must have
// counted the same labels over the same steps.
func poolInstructions(runs []scenario.Result) ([]scenario.Instructions, error) {
	first := runs[0].Instructions
	if first == nil {
		return nil, nil
	}
	out := make([]scenario.Instructions, len(first))
	for j, in := range first {
		out[j] = scenario.Instructions{Label: in.Label, Steps: in.Steps, Count: in.Count}
	}
	for k, res := range runs {
		if !slices.EqualFunc(res.Instructions, first, func(a, b scenario.Instructions) bool { return a.Label == b.Label && a.Steps == b.Steps }) {
			return nil, fmt.Errorf("process %d counted instructions over other steps than process 1", k+1)
		}
		for j, in := range res.Instructions {
			out[j].Count = min(out[j].Count, in.Count)
			if len(runs) > 1 {
				out[j].Runs = append(out[j].Runs, in.Count)
			}
		}
	}
	return out, nil
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
		// Each child records its own trace: one file shared by every
		// child would be truncated by each in turn.
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
		sites, err := os.MkdirTemp("", "perfbench-allocs-")
		if err != nil {
			return scenario.Result{}, fmt.Errorf("runner: %w", err)
		}
		defer os.RemoveAll(sites)
		cmd.Env = allocSitesEnv(cmd.Env, sites)
		res, err := r.wait(ctx, name, cmd, "")
		if err != nil || res.Broken != "" {
			return res, err
		}
		p, err := ReadAllocSites(sites)
		if err != nil {
			return scenario.Result{Name: name, Broken: err.Error()}, nil
		}
		r.AllocSites.Keep(name, p)
		return res, nil
	}
	if r.WorkSites != nil {
		if r.Instructions {
			panic("runner: WorkSites with Instructions")
		}
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
		w, err := ReadWorkSites(dir)
		if err != nil {
			return scenario.Result{Name: name, Broken: err.Error()}, nil
		}
		if w != nil {
			r.WorkSites.Keep(name, w)
		}
		return res, nil
	}
	return r.wait(ctx, name, cmd, profiles)
}

// wait starts cmd, the process of scenario name, in a process group of its
// own and reads its result; profiles is the directory its Callgrind
// profiles go to when it runs counted. Whatever way the process ends (it
// exits, runs past the timeout, prints too much, or ctx ends), the whole
// group is killed before the result is read, so no process it started
// outlives it.
func (r *Runner) wait(ctx context.Context, name string, cmd *exec.Cmd, profiles string) (scenario.Result, error) {
	e, err := r.exec(ctx, name, cmd, r.timeout(), nil)
	if err != nil {
		return scenario.Result{}, err
	}
	var why string
	switch {
	case e.waitErr != nil && unknownTo(&e.stderr, name):
		return scenario.NotInBuild(name), nil
	case e.stdout.over:
		return broken(name, fmt.Sprintf("printed more than %d MiB on stdout, where a result takes a few KB; killed", MaxOutput>>20), &e.stderr), nil
	case e.timedOut != "":
		why = e.timedOut + ", killed"
	case e.waitErr != nil:
		why = exitReason(e.waitErr, &e.stderr)
	}
	if why != "" && r.Instructions {
		// A count that cannot finish (Valgrind's slowness past the
		// timeout, a crash under Valgrind that the timed processes did
		// not have) says nothing of the program: its instructions are
		// not measured, and its times and counts stand.
		return notCounted(name, why, &e.stderr), nil
	}
	if why != "" {
		return broken(name, why, &e.stderr), nil
	}
	res, err := parseResult(e.stdout.buf.Bytes(), name)
	if err != nil {
		return broken(name, err.Error(), &e.stderr), nil
	}
	if r.Instructions && res.Broken == "" {
		if err := counted(&res, profiles); err != nil {
			return broken(name, err.Error(), &e.stderr), nil
		}
		if err := r.keepProfile(name, profiles, callgrind.Program(cmd)); err != nil {
			return broken(name, err.Error(), &e.stderr), nil
		}
	}
	return res, nil
}

// timeout is how much work one scenario's process may do (Timeout).
func (r *Runner) timeout() time.Duration {
	switch {
	case r.Timeout > 0:
		return r.Timeout
	case r.Instructions:
		return DefaultCountedTimeout
	}
	return DefaultTimeout
}

// ended is how a child's process ended: what it printed, and why it did
// not exit cleanly, if it did not.
type ended struct {
	stdout bounded
	stderr tail
	// waitErr is what Wait returned; timedOut, why the watch killed it.
	waitErr  error
	timedOut string
}

// exec runs cmd in a process group of its own until it exits, runs past
// timeout (see watch) or ctx ends, and kills the whole group however it
// ends. name leads the lines of its stderr shown on Runner.Stderr. line,
// when set, is called as each line of its stdout arrives.
func (r *Runner) exec(ctx context.Context, name string, cmd *exec.Cmd, timeout time.Duration, line func()) (*ended, error) {
	// The runner's own pipes, not writers that os/exec copies into: Wait
	// then returns as the child exits, even while a grandchild holds the
	// pipes open, and the group is killed at once.
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	defer outR.Close()
	defer errR.Close()
	cmd.Stdout, cmd.Stderr = outW, errW
	inGroup(cmd)
	done := make(chan error, 1)
	err = startHeld(cmd, done)
	outW.Close()
	errW.Close()
	if err != nil {
		return nil, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	stop := sync.OnceFunc(func() { stopGroup(cmd.Process) })
	defer stop()

	e := &ended{stdout: bounded{limit: MaxOutput, full: stop}}
	var sink io.Writer = &e.stderr
	if r.Stderr != nil {
		shown := &prefixed{to: r.Stderr, prefix: name + ": "}
		defer shown.flush()
		sink = io.MultiWriter(&e.stderr, shown)
	}
	var out io.Reader = outR
	if line != nil {
		out = io.TeeReader(outR, lines(line))
	}
	read := make(chan struct{}, 2)
	go func() { e.stdout.readFrom(out); read <- struct{}{} }()
	go func() { _, _ = io.Copy(sink, errR); read <- struct{}{} }()

	w := newWatch(cmd.Process.Pid, timeout, time.Now())
	tick := time.NewTicker(w.every())
	defer tick.Stop()
wait:
	for {
		select {
		case e.waitErr = <-done:
			break wait
		case now := <-tick.C:
			if e.timedOut = w.over(now); e.timedOut != "" {
				stop()
				<-done
				break wait
			}
		case <-ctx.Done():
			stop()
			<-done
			drain(read, outR, errR)
			return nil, ctx.Err()
		}
	}
	stop()
	drain(read, outR, errR)
	return e, nil
}

// lines calls line for each newline written to it.
type lines func()

func (l lines) Write(b []byte) (int, error) {
	for range bytes.Count(b, []byte("\n")) {
		l()
	}
	return len(b), nil
}

// startHeld starts cmd on an OS thread that it holds until cmd has
// exited, then sends what Wait returned on done. The kernel's
// parent-death signal (dieWithParent) follows the thread that started the
// child, not the process, and the Go runtime ends a thread whose locked
// goroutine returns: a child started on a thread that such a goroutine
// later took (a load spinner's, a GL thread's) would be killed mid-run.
func startHeld(cmd *exec.Cmd, done chan<- error) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		done <- cmd.Wait()
	}()
	return <-started
}

// MaxOutput bounds what the runner reads from a child's stdout. A result
// takes a few KB (the suite's largest, scroll's, 5.7 KB); 16 MiB holds one
// with most of a million samples, more frames than any scenario draws,
// and keeps a child that prints without end from filling the parent's
// memory. A child past it is killed and Broken.
const MaxOutput = 16 << 20

// bounded keeps what a child prints on stdout up to limit bytes; past it,
// it sets over, calls full (which kills the child) and reads no further.
type bounded struct {
	buf   bytes.Buffer
	limit int
	over  bool
	full  func()
}

func (b *bounded) readFrom(r io.Reader) {
	n, _ := b.buf.ReadFrom(io.LimitReader(r, int64(b.limit)+1))
	if n > int64(b.limit) {
		b.over = true
		b.buf.Truncate(b.limit)
		b.full()
	}
}

// drain waits for the two readers of a child's pipes to reach the end,
// which they do once every process of its group is dead; after a second
// (a process that left the group on purpose and holds a pipe) it closes
// the pipes under them.
func drain(read <-chan struct{}, pipes ...*os.File) {
	wait := time.NewTimer(time.Second)
	defer wait.Stop()
	for left := 2; left > 0; left-- {
		select {
		case <-read:
		case <-wait.C:
			for _, p := range pipes {
				p.Close()
			}
			for ; left > 0; left-- {
				<-read
			}
			return
		}
	}
}

// counted fills a counted child's result from the profiles Callgrind wrote
// into dir: each label's Count is the sum of the dumps named after it (a
// label used in several stretches of the run is dumped once a stretch).
// The time numbers go, since they were taken under Valgrind. What the
// child printed gives the labels and their steps alone: a count it
// printed is not Callgrind's, so it is dropped, and each label's count a
// step must pass band.CheckTime, the check the baselines file reads it
// back with, as a time from a child does (checkNumbers).
func counted(res *scenario.Result, dir string) error {
	res.Numbers = slices.DeleteFunc(res.Numbers, func(m band.Measured) bool { return m.Band.Kind.Slowed() })
	if res.Instructions == nil {
		return errors.New("ran under Valgrind but counted no instructions: the child did not see Valgrind, or recorded no step")
	}
	for i, in := range res.Instructions {
		if in.Steps <= 0 {
			return fmt.Errorf("reported the steps labelled %q as %d steps, not a number above zero", in.Label, in.Steps)
		}
		if slices.ContainsFunc(res.Instructions[:i], func(e scenario.Instructions) bool { return e.Label == in.Label }) {
			return fmt.Errorf("reported the steps labelled %q twice", in.Label)
		}
		res.Instructions[i].Count, res.Instructions[i].Runs = 0, nil
	}
	profiles, err := callgrind.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading Callgrind's profiles: %w", err)
	}
	for _, p := range profiles {
		n, ok := p.Instructions()
		if !ok {
			return fmt.Errorf("callgrind profile %d counted no instructions (events %v)", p.Part, p.Events)
		}
		label, asked := p.Request()
		if !asked {
			if n != 0 {
				return fmt.Errorf("callgrind counted %d instructions outside every step (%s)", n, p.Trigger)
			}
			continue
		}
		j := slices.IndexFunc(res.Instructions, func(in scenario.Instructions) bool { return in.Label == label })
		if j < 0 {
			return fmt.Errorf("callgrind dumped instructions for label %q, which no step has", label)
		}
		res.Instructions[j].Count += n
	}
	if !slices.ContainsFunc(res.Instructions, func(in scenario.Instructions) bool { return in.Count > 0 }) {
		return errors.New(uninstrumented + ": the program never switched instrumentation on")
	}
	for _, in := range res.Instructions {
		if in.Count == 0 {
			return fmt.Errorf("callgrind counted no instructions for the steps labelled %q", in.Label)
		}
		if err := band.CheckTime(in.PerStep(), []float64{in.PerStep()}); err != nil {
			return fmt.Errorf("callgrind counted %s instructions a step for the steps labelled %q (%d over %d steps), %s",
				strconv.FormatFloat(in.PerStep(), 'g', -1, 64), in.Label, in.Count, in.Steps, strings.TrimPrefix(err.Why, "is "))
		}
	}
	return nil
}

// unknownTo says whether a child's stderr is its refusal of a scenario
// it does not have: scenario.UnknownError, which every revision's child
// prints, so that a base built from before the scenario was added says so.
func unknownTo(stderr *tail, name string) bool {
	return bytes.Contains(stderr.Bytes(), []byte(fmt.Sprintf("unknown scenario %q", name)))
}

// exitReason says how a child that did not exit cleanly ended.
func exitReason(err error, stderr *tail) string {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return "did not finish: " + err.Error()
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by signal %v", ws.Signal())
	}
	if msg, at, ok := panicked(stderr.Bytes()); ok {
		return fmt.Sprintf("panicked (exit status %d): %s%s", ee.ExitCode(), msg, at)
	}
	return fmt.Sprintf("exited with status %d", ee.ExitCode())
}

// panicked finds a Go panic in a child's stderr: the panic's message and,
// where the trace shows it, the function that panicked (the first frame
// that is not the runtime's), so a Broken reason says what went wrong
// even when the tail of stderr is all stack.
func panicked(stderr []byte) (msg, at string, ok bool) {
	lines := strings.Split(string(stderr), "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "panic: ") })
	if start < 0 {
		return "", "", false
	}
	msg = strings.TrimPrefix(lines[start], "panic: ")
	for i := start + 1; i+1 < len(lines); i++ {
		fn := lines[i]
		if fn == "" || strings.HasPrefix(fn, "\t") || strings.HasPrefix(fn, "goroutine ") ||
			strings.HasPrefix(fn, "panic(") || strings.HasPrefix(fn, "runtime.") {
			continue
		}
		if file := strings.TrimSpace(lines[i+1]); strings.HasPrefix(lines[i+1], "\t") {
			if j := strings.LastIndex(file, " +0x"); j >= 0 {
				file = file[:j]
			}
			fn = fn[:max(strings.LastIndexByte(fn, '('), 0)]
			return msg, fmt.Sprintf(" in %s (%s)", fn, filepath.Base(file)), true
		}
	}
	return msg, "", true
}

// parseResult reads a child's stdout: exactly one JSON scenario.Result for the
// scenario asked for, with every number declared.
func parseResult(out []byte, name string) (scenario.Result, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	var res scenario.Result
	if err := dec.Decode(&res); err != nil {
		return scenario.Result{}, fmt.Errorf("printed output that is not a scenario result (%v): %s", err, quote(out))
	}
	if _, err := dec.Token(); err != io.EOF {
		return scenario.Result{}, fmt.Errorf("printed more than one result: %s", quote(out))
	}
	switch {
	case res.Name != name:
		return scenario.Result{}, fmt.Errorf("printed the result of scenario %q, not %q", res.Name, name)
	case len(res.Numbers) == 0 && res.Broken == "":
		return scenario.Result{}, errors.New("printed a result with no numbers")
	case res.Steps < 0:
		return scenario.Result{}, fmt.Errorf("reported %d steps, not a number ≥ 0", res.Steps)
	}
	if err := checkNumbers(res.Numbers); err != nil {
		return scenario.Result{}, err
	}
	return res, nil
}

// checkNumbers returns why a child's numbers hold a value no run measures,
// before anything judges or records them: a time fails band.CheckTime, the
// check the baselines file is read with, taking its fastest sample as the
// median (what a baseline takes of one process), so that a run never
// writes a file it cannot read back; a count is a finite number ≥ 0.
//
// A number's name and unit are labels the baselines file keys and a
// report prints: each is at most maxLabel bytes of printable UTF-8 with no
// blanks, and a name is reported once. A child that breaks this is that
// scenario Broken, quoted short, never a refusal of the user's files.
func checkNumbers(numbers []band.Measured) error {
	seen := map[string]bool{}
	for _, n := range numbers {
		if err := checkLabel("a number name", n.Name); err != nil {
			return err
		}
		if err := checkLabel("number "+n.Name+"'s unit", n.Unit); err != nil {
			return err
		}
		if seen[n.Name] {
			return fmt.Errorf("reported number %s twice", n.Name)
		}
		seen[n.Name] = true
	}
	for _, n := range numbers {
		if err := n.Implausible(); err != nil {
			return fmt.Errorf("reported %v", err)
		}
	}
	return nil
}

// maxLabel is the longest name or unit a child may report: four times
// the longest the suites declare (translation-hit-index-rebuilds), short
// enough that a reason quoting one fits a line.
const maxLabel = 120

// checkLabel returns why label, a number's name or unit as a child
// reported it, is not one, quoting at most its start.
func checkLabel(what, label string) error {
	bad := ""
	switch {
	case label == "":
		bad = "empty"
	case len(label) > maxLabel:
		bad = fmt.Sprintf("%d bytes long", len(label))
	case !utf8.ValidString(label):
		bad = "not UTF-8"
	case strings.IndexFunc(label, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) >= 0:
		bad = "not printable without blanks"
	default:
		return nil
	}
	return fmt.Errorf("reported %s %s, %s", what, excerpt(label), bad)
}

// excerpt quotes the start of s, short enough for a one-line reason.
func excerpt(s string) string {
	const n = 40
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "…"
	}
	return strconv.Quote(s)
}

// broken returns a Broken result whose reason quotes the tail of stderr.
func broken(name, why string, stderr *tail) scenario.Result {
	if t := stderr.String(); t != "" {
		why += "; stderr: " + t
	}
	return scenario.Result{Name: name, Broken: why}
}

// notCounted returns the result of a counted process that did not finish:
// its instructions not measured, saying why.
func notCounted(name, why string, stderr *tail) scenario.Result {
	res := broken(name, why, stderr)
	return scenario.Result{Name: name, NotCounted: "not measured: " + res.Broken}
}

// quote returns the start of a child's output for an error message.
func quote(out []byte) string {
	const max = 120
	s := strings.TrimSpace(string(out))
	if s == "" {
		return "(nothing)"
	}
	if len(s) > max {
		s = s[:max] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// shownMu serialises the lines prefixed writers write, so that the
// lines of processes running at once (Runner.Jobs) do not interleave
// within a line.
var shownMu sync.Mutex

// prefixed writes whole lines to to, each led by prefix; flush writes a
// last line left without its newline.
type prefixed struct {
	to      io.Writer
	prefix  string
	partial []byte
}

func (p *prefixed) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	i := bytes.LastIndexByte(p.partial, '\n')
	if i < 0 {
		return len(b), nil
	}
	var out []byte
	for _, line := range bytes.SplitAfter(p.partial[:i+1], []byte("\n")) {
		if len(line) > 0 {
			out = append(append(out, p.prefix...), line...)
		}
	}
	p.partial = append(p.partial[:0], p.partial[i+1:]...)
	shownMu.Lock()
	defer shownMu.Unlock()
	if _, err := p.to.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

func (p *prefixed) flush() {
	if len(p.partial) > 0 {
		_, _ = p.Write([]byte("\n"))
	}
}

// tail keeps the last stderrTailBytes bytes written to it.
type tail struct{ buf []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - 4*stderrTailBytes; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tail) Bytes() []byte { return t.buf }

// String returns the last stderrTailLines lines (at most stderrTailBytes
// bytes), joined with " | " so a reason stays on one line.
func (t *tail) String() string {
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	if len(lines) > stderrTailLines {
		lines = lines[len(lines)-stderrTailLines:]
	}
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	s := strings.Join(lines, " | ")
	if len(s) > stderrTailBytes {
		s = "…" + strings.ToValidUTF8(s[len(s)-stderrTailBytes:], "")
	}
	return s
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
