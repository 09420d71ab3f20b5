package runner

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/childout"
	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/internal/measure/valgrind"
	"github.com/perfbench/perfbench/scenario"
)

// ServeChildren measures each of names in turn in this process, as
// ServeChild does, and writes their results to w one JSON object a line:
// what a binary does when the runner starts it with ChildCommand and
// several names (Runner.Together). Between two scenarios it collects the
// heap twice, as a fresh process has it, sync.Pools empty; under Valgrind
// it closes each scenario's counts with a dump of their own
// (callgrind.EndOf), which tells the parent where the next one's begin.
func ServeChildren(w io.Writer, names []string, opts scenario.Options) error {
	for i, name := range names {
		if i > 0 {
			runtime.GC()
			runtime.GC()
		}
		if err := ServeChild(w, name, opts); err != nil {
			return err
		}
		if len(names) > 1 {
			valgrind.DumpStatsAt(callgrind.EndOf(name))
		}
	}
	return nil
}

// Together counts groups of scenarios under Callgrind (Instructions must
// be set): each group's scenarios in turn in one process of their own
// (ServeChildren), Jobs processes at once, Repeats rounds; it returns one
// pooled result per scenario, in the order of the groups and their names.
//
// A process pays Valgrind's start, its reading of the binary's symbols
// and the program's start-up once for the group, where a process a
// scenario pays them for each: about 0.7 s of CPU of each counted
// process of perfbench's 40 MB binary. A scenario's count there is its
// count in a fresh process only where no package-level state its program
// keeps (a cache, a pool, a map grown once) moves what a later scenario's
// steps do: the caller groups only a program's scenarios that it knows
// of (harness.Options.CountTogether). Put a group's costliest first: the
// groups start in their order.
//
// A group's timeout is Timeout for each of its scenarios. Where its
// process ends early (past its timeout, a crash), the scenario it was
// counting is not measured, as a process of its own would be; those it
// had not begun are counted in a process of their own. Where a latency
// trace is // asked for, each scenario is counted in a process of its own, as Run
// does. Command, where set, must take the other names after the one it
// is given, as ChildCommand does.
func (r *Runner) Together(ctx context.Context, groups [][]string) ([]scenario.Result, error) {
	if !r.Instructions {
		panic("runner: Together without Instructions")
	}
	var names []string
	for _, g := range groups {
		names = append(names, g...)
	}
	if os.Getenv(latency.EnvVar) != "" {
		return r.Run(ctx, names)
	}
	if _, err := callgrind.Find(); err != nil {
		return r.Run(ctx, names)
	}
	repeats := r.repeats()
	// runs[name][round] is the scenario's process of that round.
	runs := map[string][]scenario.Result{}
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
		start = time.Now()
		done  = map[string]int{}
	)
	// report tells Progress that a process gave scenario name's result:
	// as each line arrives, so that a bar moves through a group.
	report := func(name, state string) {
		mu.Lock()
		defer mu.Unlock()
		done[name]++
		if r.Progress == nil {
			return
		}
		if state == "done" && done[name] < repeats {
			state = "process"
		}
		fmt.Fprintf(r.Progress, "scenario %s: %s in %.2fs (%d of %d processes)\n",
			name, state, time.Since(start).Seconds(), done[name], repeats)
	}
	work := func() {
		defer wg.Done()
		for {
			mu.Lock()
			t := next
			next++
			if t >= repeats*len(groups) || first != nil {
				mu.Unlock()
				return
			}
			mu.Unlock()
			out, err := r.group(ctx, groups[t%len(groups)], report)
			mu.Lock()
			if err != nil && first == nil {
				first = err
			}
			for _, res := range out {
				runs[res.Name] = append(runs[res.Name], res)
			}
			mu.Unlock()
		}
	}
	for range min(r.jobs(), repeats*len(groups)) {
		wg.Add(1)
		go work()
	}
	wg.Wait()
	if first != nil {
		return nil, first
	}
	out := make([]scenario.Result, len(names))
	for i, name := range names {
		// A scenario that broke or went uncounted in one round counts
		// in no later one (as Run), so the pool sees that one.
		rs := runs[name]
		if k := slices.IndexFunc(rs, func(res scenario.Result) bool { return res.Broken != "" || res.NotCounted != "" }); k >= 0 {
			rs = rs[k : k+1]
		}
		out[i] = pool.Runs(rs)
	}
	return out, nil
}

// state is how a process's result reads on Progress.
func state(res scenario.Result) string {
	switch {
	case res.Broken != "":
		return "broken"
	case res.NotCounted != "":
		return "uncounted"
	}
	return "done"
}

// group counts names in turn in one counted process, reporting each
// scenario's result as its line arrives, and returns their results in
// order.
func (r *Runner) group(ctx context.Context, names []string, report func(name, state string)) ([]scenario.Result, error) {
	if len(names) == 1 {
		res, err := r.one(ctx, names[0])
		if err == nil {
			report(res.Name, state(res))
		}
		return []scenario.Result{res}, err
	}
	// BINARY scenario-child NAME, and the other names after it.
	cmd, err := r.command(names[0])
	if err != nil {
		return nil, err
	}
	cmd.Args = append(cmd.Args, names[1:]...)
	if r.Renderer != "" {
		cmd.Args = append(cmd.Args, "--renderer", r.Renderer)
	}
	valgrind, _ := callgrind.Find()
	profiles, err := os.MkdirTemp("", "perfbench-callgrind-")
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	defer os.RemoveAll(profiles)
	callgrind.Wrap(cmd, valgrind, profiles)
	exe := callgrind.Program(cmd)
	if r.Stacks {
		callgrind.KeepStacks(cmd)
	}
	printed := 0 // lines read, on exec's reader
	e, err := r.exec(ctx, names[0], cmd, r.timeout()*time.Duration(len(names)), func() {
		if printed < len(names) {
			report(names[printed], "done")
		}
		printed++
	})
	if err != nil {
		return nil, err
	}
	dirs, closed, err := callgrind.Split(profiles, names)
	var out []scenario.Result
	lines := bytes.SplitAfter(e.stdout.buf.Bytes(), []byte("\n"))
	for i, name := range names[:min(closed, len(lines))] {
		res, perr := childout.Parse(lines[i], name)
		switch {
		case err != nil:
			res = broken(name, err.Error(), e.stderr)
		case perr != nil:
			res = broken(name, perr.Error(), e.stderr)
		case res.Broken == "":
			if cerr := counted(&res, dirs[i]); cerr != nil {
				res = broken(name, cerr.Error(), e.stderr)
			} else if kerr := r.keepProfile(name, dirs[i], exe); kerr != nil {
				res = broken(name, kerr.Error(), e.stderr)
			}
		}
		out = append(out, res)
	}
	if len(out) == len(names) {
		return out, nil
	}
	// The process ended before it closed every scenario: the one it was
	// counting says why, and the rest are counted afresh.
	why := "ended before its result"
	switch {
	case e.stdout.over:
		why = fmt.Sprintf("printed more than %d MiB on stdout, where a result takes a few KB; killed", MaxOutput>>20)
	case e.timedOut != "":
		why = e.timedOut + ", killed"
	case e.waitErr != nil:
		why = childout.ExitReason(e.waitErr, e.stderr)
	}
	res := notCounted(names[len(out)], why, e.stderr)
	if printed <= len(out) {
		report(res.Name, "uncounted")
	}
	out = append(out, res)
	if rest := names[len(out):]; len(rest) > 0 {
		more, err := r.group(ctx, rest, report)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}
