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
// nothing it started outlives it.
//
// Only a fresh process gives exact counts: a program's package-level state
// (a cache, a pool, a map grown once) carries from one measurement to the
// next inside a process, so a scenario measured twice in one process need
// not count what it counted the first time.
package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/latency"
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
	// Renderer, when set, is passed to every child as --renderer: the
	// renderer its subject draws with (scenario.Options.Renderer).
	Renderer string
	// Timeout bounds each process; zero means DefaultTimeout.
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

	// traced counts the processes started per scenario while the latency
	// trace is on, so that each writes a file of its own.
	traced map[string]int
}

// DefaultRepeats is how many processes a scenario runs in by default.
// Five: the estimate is the median of five processes' fastest samples, so two
// processes disturbed by the machine's other work cannot move it, and the
// whole suite (five scenarios, 25 processes) takes about 1.5 s on a
// two-core machine, well inside the 15 s a CI step may spend on it.
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
	repeats := r.repeats()
	runs := make([][]scenario.Result, len(names))
	spent := make([]time.Duration, len(names))
	for round := range repeats {
		for i, name := range names {
			if len(runs[i]) > 0 && runs[i][len(runs[i])-1].Broken != "" {
				continue
			}
			start := time.Now()
			res, err := r.one(ctx, name)
			if err != nil {
				return nil, err
			}
			spent[i] += time.Since(start)
			runs[i] = append(runs[i], res)
			if r.Progress != nil {
				state := "done"
				switch {
				case res.Broken != "":
					state = "broken"
				case round < repeats-1:
					state = "process"
				}
				fmt.Fprintf(r.Progress, "scenario %s: %s in %.2fs (%d of %d processes)\n",
					name, state, spent[i].Seconds(), len(runs[i]), repeats)
			}
		}
	}
	out := make([]scenario.Result, len(names))
	for i, rs := range runs {
		out[i] = Pool(rs)
	}
	return out, nil
}

func (r *Runner) repeats() int {
	if r.Repeats > 0 {
		return r.Repeats
	}
	return DefaultRepeats
}

// Pool combines one scenario's results from several processes into one:
// every count must be the same in each (counts depend on nothing but the
// code, so a difference is a bug, and Broken) except one declared
// Number.Varies, which is the processes' median; every time pools its
// samples, keeping each process's apart in Runs for the estimator. A
// broken process breaks the pool.
func Pool(runs []scenario.Result) scenario.Result {
	if len(runs) == 0 {
		return scenario.Result{Broken: "no process ran"}
	}
	first := runs[0]
	out := scenario.Result{Name: first.Name, Steps: first.Steps, Clock: first.Clock, Processes: len(runs), Varying: first.Varying}
	for k, res := range runs {
		if res.Broken != "" {
			out.Broken = res.Broken
			if len(runs) > 1 {
				out.Broken = fmt.Sprintf("process %d of %d: %s", k+1, len(runs), res.Broken)
			}
			return out
		}
	}
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
			out.Broken = err.Error()
			return out
		}
		out.Numbers = append(out.Numbers, m)
	}
	return out
}

// Once runs the named scenario in one fresh process and returns what it
// printed: what Run does for each process, for a caller that schedules
// processes itself (paired runs of two builds).
func (r *Runner) Once(ctx context.Context, name string) (scenario.Result, error) {
	return r.one(ctx, name)
}

// TracePath returns the latency trace file of scenario name's process when
// the runner's own is path: the scenario's name before path's extension
// (trace.jsonl → trace.hover-storm.jsonl).
func TracePath(path, name string) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "." + name + ext
}

func (r *Runner) command(name string) (*exec.Cmd, error) {
	if r.Command != nil {
		return r.Command(name), nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("runner: cannot find this binary to run %s in: %w", name, err)
	}
	return exec.Command(exe, ChildCommand, name), nil
}

// one runs one scenario's process and reads its result.
func (r *Runner) one(ctx context.Context, name string) (scenario.Result, error) {
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
		if r.traced == nil {
			r.traced = map[string]int{}
		}
		r.traced[name]++
		trace := TracePath(path, name)
		if n := r.traced[name]; n > 1 {
			// A later process of the same scenario (the next round)
			// keeps the earlier ones' traces too.
			trace = TracePath(path, fmt.Sprintf("%s.%d", name, n))
		}
		cmd.Env = append(env, latency.EnvVar+"="+trace)
	}
	return r.wait(ctx, name, cmd)
}

// wait starts cmd, the process of scenario name, in a process group of its
// own and reads its result. Whatever way the process ends (it exits, runs
// past the timeout, prints too much, or ctx ends), the whole group is
// killed before the result is read, so no process it started outlives it.
func (r *Runner) wait(ctx context.Context, name string, cmd *exec.Cmd) (scenario.Result, error) {
	// The runner's own pipes, not writers that os/exec copies into: Wait
	// then returns as the child exits, even while a grandchild holds the
	// pipes open, and the group is killed at once.
	outR, outW, err := os.Pipe()
	if err != nil {
		return scenario.Result{}, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return scenario.Result{}, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	defer outR.Close()
	defer errR.Close()
	cmd.Stdout, cmd.Stderr = outW, errW
	inGroup(cmd)
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		return scenario.Result{}, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	stop := sync.OnceFunc(func() { stopGroup(cmd.Process) })
	defer stop()

	stdout := bounded{limit: MaxOutput, full: stop}
	var stderr tail
	read := make(chan struct{}, 2)
	go func() { stdout.readFrom(outR); read <- struct{}{} }()
	go func() { _, _ = io.Copy(&stderr, errR); read <- struct{}{} }()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var waitErr error
	var timedOut bool
	select {
	case waitErr = <-done:
	case <-timer.C:
		stop()
		<-done
		timedOut = true
	case <-ctx.Done():
		stop()
		<-done
		drain(read, outR, errR)
		return scenario.Result{}, ctx.Err()
	}
	stop()
	drain(read, outR, errR)
	switch {
	case stdout.over:
		return broken(name, fmt.Sprintf("printed more than %d MiB on stdout, where a result takes a few KB; killed", MaxOutput>>20), &stderr), nil
	case timedOut:
		return broken(name, fmt.Sprintf("timed out: still running after %s, killed", timeout), &stderr), nil
	case waitErr != nil:
		return broken(name, exitReason(waitErr, &stderr), &stderr), nil
	}
	res, err := parseResult(stdout.buf.Bytes(), name)
	if err != nil {
		return broken(name, err.Error(), &stderr), nil
	}
	return res, nil
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
func checkNumbers(numbers []band.Measured) error {
	for _, n := range numbers {
		if n.Band.Kind != band.KindTime {
			for _, v := range n.Samples {
				if !(v >= 0) || math.IsInf(v, 0) {
					return fmt.Errorf("reported count %s as %v, not a finite number ≥ 0", n.Name, v)
				}
			}
			continue
		}
		for _, values := range []struct {
			what    string
			samples []float64
		}{{"time " + n.Name, n.Samples}, {"wall time " + n.Name, n.Wall}} {
			if len(values.samples) == 0 {
				continue // a missing number, Broken when judged
			}
			err := band.CheckTime(slices.Min(values.samples), values.samples)
			switch {
			case err == nil:
			case err.Field == "median":
				return fmt.Errorf("reported %s with fastest sample %s, %s",
					values.what, strconv.FormatFloat(err.Value, 'g', -1, 64), strings.TrimPrefix(err.Why, "is "))
			default:
				return fmt.Errorf("reported %s with %v", values.what, err)
			}
		}
	}
	return nil
}

// broken returns a Broken result whose reason quotes the tail of stderr.
func broken(name, why string, stderr *tail) scenario.Result {
	if t := stderr.String(); t != "" {
		why += "; stderr: " + t
	}
	return scenario.Result{Name: name, Broken: why}
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
