package experiment

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

// instructionsUsage documents `go run xtask.go instructions`.
const instructionsUsage = `usage: go run xtask.go instructions [-runs N] [-layouts N] [-jobs N] [-program PKG] [-tags T] [SCENARIO...]

Counts the instructions of each scenario's recorded steps under Callgrind
(runner.Runner.Instructions) and prints, per scenario and step label, the
instructions a step in each of -runs processes of one build (default 2), the
least and most over -layouts more builds with -ldflags=-randlayout=SEED
(default 8, one process each), the spread (most − least) / least over them
all, and the seconds a process took. -program is the package of the program
whose scenarios run (default ./cmd/perfbench; ./examples/gioapp,
./examples/fyneapp); with no SCENARIO, all of its own. -jobs processes run
at once (default: one per CPU). PERFBENCH_PLANT reaches the children, with
-tags perfbench_plant.`

// Instructions is `go run xtask.go instructions`: each scenario's
// instructions a step over processes of one build and over layout
// builds, with their spread; 0, or an exit status.
func Instructions(args []string, tmp string) int {
	fs := flag.NewFlagSet("instructions", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	runs := fs.Int("runs", 2, "")
	layouts := fs.Int("layouts", 8, "")
	jobs := fs.Int("jobs", runtime.NumCPU(), "")
	program := fs.String("program", "./cmd/perfbench", "")
	tags := fs.String("tags", "", "")
	err := fs.Parse(args)
	if err == nil && (*runs < 1 || *layouts < 0 || *jobs < 1) {
		err = errors.New("-runs and -jobs must be at least 1, -layouts at least 0")
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: instructions: %v\n%s\n", err, instructionsUsage)
		return 2
	}
	builds, code := buildLayouts(tmp, *program, *tags, *layouts)
	if code != 0 {
		return code
	}
	names := fs.Args()
	if len(names) == 0 {
		if names, err = programScenarios(builds[0]); err != nil {
			fmt.Fprintf(os.Stderr, "xtask: instructions: %v\n", err)
			return 1
		}
	}
	start := time.Now()
	results, tasks, err := countAll(builds, names, *runs, *jobs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: instructions: %v\n", err)
		return 1
	}
	fmt.Printf("%d process(es) in %s, %d at once; load average %s\n", tasks, since(start), *jobs, loadAverage())
	printSpread(results, names, *layouts)
	return 0
}

// buildLayouts builds program: builds[0] the ordinary build, the others
// its -randlayout builds; 0 or the failed build's exit status.
func buildLayouts(tmp, program, tags string, layouts int) ([]string, int) {
	var builds []string
	for seed := 0; seed <= layouts; seed++ {
		out := filepath.Join(tmp, fmt.Sprintf("program-%d", seed))
		argv := []string{"go", "build", "-o", out}
		if tags != "" {
			argv = append(argv, "-tags", tags)
		}
		name := "build " + program
		if seed > 0 {
			argv = append(argv, fmt.Sprintf("-ldflags=-randlayout=%d", seed))
			name += fmt.Sprintf(" with -randlayout=%d", seed)
		}
		if code := (Step{name, append(argv, program)}).Run(); code != 0 {
			return nil, code
		}
		builds = append(builds, out)
	}
	return builds, 0
}

// counted is one process's count: which build, which run of it, which
// scenario, what it counted and how long it took.
type counted struct {
	build, run, scenario int
	res                  scenario.Result
	seconds              float64
}

// countAll counts every scenario in runs processes of builds[0] and one
// of each other build, jobs at once; the counts and how many processes.
func countAll(builds, names []string, runs, jobs int) ([]counted, int, error) {
	var tasks []counted
	for b := range builds {
		n := 1
		if b == 0 {
			n = runs
		}
		for k := range n {
			for i := range names {
				tasks = append(tasks, counted{build: b, run: k, scenario: i})
			}
		}
	}
	// Ctrl-C stops the children (the runner kills them when ctx ends) and
	// the deferred removals leave no temporary directory behind.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var (
		mu      sync.Mutex
		next    int
		results []counted
		failed  error
		wg      sync.WaitGroup
	)
	for range min(jobs, len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next >= len(tasks) || failed != nil {
					mu.Unlock()
					return
				}
				t := tasks[next]
				next++
				mu.Unlock()
				bin := builds[t.build]
				r := &runner.Runner{Instructions: true, Command: func(name string) *exec.Cmd {
					return exec.Command(bin, runner.ChildCommand, name)
				}}
				began := time.Now()
				res, err := r.Once(ctx, names[t.scenario])
				t.res, t.seconds = res, time.Since(began).Seconds()
				mu.Lock()
				switch {
				case err != nil:
					failed = err
				case res.Broken != "":
					failed = fmt.Errorf("%s: %s", res.Name, res.Broken)
				case res.NotCounted != "":
					failed = fmt.Errorf("%s: %s", res.Name, res.NotCounted)
				}
				results = append(results, t)
				fmt.Fprintf(os.Stderr, "%s build %d run %d: %.1fs (%d of %d)\n", names[t.scenario], t.build, t.run, t.seconds, len(results), len(tasks))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return results, len(tasks), failed
}

// printSpread prints, per scenario and step label, the instructions a
// step of each process of the ordinary build, the least and most over the
// layout builds, the spread over all, and the seconds a process took.
func printSpread(results []counted, names []string, layouts int) {
	fmt.Printf("%-14s %-16s %6s  %-27s %-27s %7s  %s\n", "scenario", "label", "steps", "instr/step, one build", fmt.Sprintf("%d layout builds", layouts), "spread", "s/process")
	for i, name := range names {
		var mine []counted
		for _, d := range results {
			if d.scenario == i {
				mine = append(mine, d)
			}
		}
		slices.SortFunc(mine, func(a, b counted) int { return (a.build*1000 + a.run) - (b.build*1000 + b.run) })
		lo, hi := math.Inf(1), 0.0
		for _, d := range mine {
			lo, hi = min(lo, d.seconds), max(hi, d.seconds)
		}
		for j, in := range mine[0].res.Instructions {
			var base, lay []float64
			for _, d := range mine {
				v := d.res.Instructions[j].PerStep()
				if d.build == 0 {
					base = append(base, v)
				} else {
					lay = append(lay, v)
				}
			}
			all := append(slices.Clone(base), lay...)
			least, most := slices.Min(all), slices.Max(all)
			var bs []string
			for _, v := range base {
				bs = append(bs, fmt.Sprintf("%.1f", v))
			}
			ls := "-"
			if len(lay) > 0 {
				ls = fmt.Sprintf("%.1f–%.1f", slices.Min(lay), slices.Max(lay))
			}
			fmt.Printf("%-14s %-16s %6d  %-27s %-27s %6.3f%%  %.1f–%.1f\n", name, in.Label, in.Steps, strings.Join(bs, " / "), ls, 100*(most-least)/least, lo, hi)
		}
	}
}

// programScenarios returns the scenarios a program registers, in order:
// its child names them all when asked for one it does not have.
func programScenarios(bin string) ([]string, error) {
	out, _ := exec.Command(bin, runner.ChildCommand, "no-such-scenario").CombinedOutput()
	_, valid, ok := strings.Cut(string(out), "(valid: ")
	valid, _, ok2 := strings.Cut(valid, ")")
	if !ok || !ok2 {
		return nil, fmt.Errorf("%s does not list its scenarios: %s", bin, tail(string(out), 3))
	}
	return strings.Fields(valid), nil
}
