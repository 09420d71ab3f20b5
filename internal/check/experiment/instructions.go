package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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
	runs, layouts, jobs, program, tags := 2, 8, runtime.NumCPU(), "./cmd/perfbench", ""
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			names = append(names, a)
			continue
		}
		if i+1 >= len(args) {
			fmt.Fprintf(os.Stderr, "xtask: instructions: %s needs a value\n%s\n", a, instructionsUsage)
			return 2
		}
		i++
		v := args[i]
		var n int
		var err error
		switch a {
		case "-runs", "-layouts", "-jobs":
			n, err = strconv.Atoi(v)
			if err == nil && (n < 0 || (a != "-layouts" && n == 0)) {
				err = errors.New("out of range")
			}
		case "-program":
			program = v
		case "-tags":
			tags = v
		default:
			err = errors.New("unknown flag")
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "xtask: instructions: %s %s: %v\n%s\n", a, v, err, instructionsUsage)
			return 2
		}
		switch a {
		case "-runs":
			runs = n
		case "-layouts":
			layouts = n
		case "-jobs":
			jobs = n
		}
	}
	// builds[0] is the ordinary build, run -runs times; the others are
	// its -randlayout builds, run once each.
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
			return code
		}
		builds = append(builds, out)
	}
	if len(names) == 0 {
		var err error
		if names, err = programScenarios(builds[0]); err != nil {
			fmt.Fprintf(os.Stderr, "xtask: instructions: %v\n", err)
			return 1
		}
	}
	type task struct{ build, run, scenario int }
	type done struct {
		task
		res     scenario.Result
		seconds float64
	}
	var tasks []task
	for b := range builds {
		n := 1
		if b == 0 {
			n = runs
		}
		for k := range n {
			for i := range names {
				tasks = append(tasks, task{b, k, i})
			}
		}
	}
	// Ctrl-C stops the children (the runner kills them when ctx ends) and
	// the deferred removals leave no temporary directory behind.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	var (
		mu      sync.Mutex
		next    int
		results []done
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
				d := done{t, res, time.Since(began).Seconds()}
				mu.Lock()
				switch {
				case err != nil:
					failed = err
				case res.Broken != "":
					failed = fmt.Errorf("%s: %s", res.Name, res.Broken)
				case res.NotCounted != "":
					failed = fmt.Errorf("%s: %s", res.Name, res.NotCounted)
				}
				results = append(results, d)
				fmt.Fprintf(os.Stderr, "%s build %d run %d: %.1fs (%d of %d)\n", names[t.scenario], t.build, t.run, d.seconds, len(results), len(tasks))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		fmt.Fprintf(os.Stderr, "xtask: instructions: %v\n", failed)
		return 1
	}
	fmt.Printf("%d process(es) in %s, %d at once; load average %s\n", len(tasks), since(start), jobs, loadAverage())
	fmt.Printf("%-14s %-16s %6s  %-27s %-27s %7s  %s\n", "scenario", "label", "steps", "instr/step, one build", fmt.Sprintf("%d layout builds", layouts), "spread", "s/process")
	for i, name := range names {
		var mine []done
		for _, d := range results {
			if d.scenario == i {
				mine = append(mine, d)
			}
		}
		slices.SortFunc(mine, func(a, b done) int { return (a.build*1000 + a.run) - (b.build*1000 + b.run) })
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
	return 0
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
