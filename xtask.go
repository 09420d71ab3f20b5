//go:build ignore

// Command xtask runs perfbench's tasks:
//
//	go run xtask.go ci          # the whole definition of done
//	go run xtask.go perf        # the scenarios, the ratchet, docs/performance.md
//	go run xtask.go skips       # every counter of avoided work names its pair
//	go run xtask.go budget      # a cache over its soft limit comes back under it
//	go run xtask.go cadence     # one frame per refresh at 60, 75 and 240 Hz
//	go run xtask.go workloads   # the reference workloads against their same-run ratios
//	go run xtask.go resize      # the resize slope against a same-run baseline
//	go run xtask.go verify      # a live window's display list against a rebuild's (add --doc random --seeds 50 for random runs, --renderer cpu for pixels)
//	go run xtask.go wall-clock  # the absolute-duration budgets, optimised build
//	go run xtask.go noise       # how far the time verdicts hold on a busy machine
//	go run xtask.go screenshots # docs/gallery.png and docs/gallery-hover.png, the README's pictures
//	go run xtask.go instructions # the scenarios' instructions under Callgrind, over runs and layout builds
//
// Every task but ci is one perfbench subcommand of the same name, and any
// further arguments go to it. xtask is thin on purpose: it builds
// perfbench once (an ordinary, optimised build) into a temporary directory
// and runs it from the module root. ci runs go vet, the tests and every
// gate in order (perf as perf --check, which records nothing), printing each step's name and duration, and stops at the
// first failure with that step's exit status.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
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

// gates are the tasks that are one perfbench subcommand each.
var gates = []string{"perf", "skips", "budget", "cadence", "workloads", "resize", "verify", "wall-clock"}

func main() { os.Exit(run(os.Args[1:])) }

func usage() int {
	fmt.Fprintf(os.Stderr, "usage: go run xtask.go TASK [ARGS...]\ntasks: ci screenshots noise instructions %s\n", strings.Join(gates, " "))
	return 2
}

func run(args []string) int {
	if len(args) == 0 {
		return usage()
	}
	task := args[0]
	if task != "ci" && task != "screenshots" && task != "noise" && task != "instructions" && !contains(gates, task) {
		fmt.Fprintf(os.Stderr, "xtask: unknown task %q\n", task)
		return usage()
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: %v\n", err)
		return 1
	}
	if err := os.Chdir(root); err != nil {
		fmt.Fprintf(os.Stderr, "xtask: %v\n", err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "perfbench-xtask-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "perfbench")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := step{"build perfbench", []string{"go", "build", "-o", bin, "./cmd/perfbench"}}

	if task == "screenshots" {
		return screenshots(build, bin)
	}
	if task == "noise" {
		return noise(args[1:], tmp, build)
	}
	if task == "instructions" {
		return instructions(args[1:], tmp)
	}
	if task != "ci" {
		if code := build.run(); code != 0 {
			return code
		}
		return step{task, append([]string{bin, task}, args[1:]...)}.run()
	}
	if len(args) > 1 {
		fmt.Fprintf(os.Stderr, "xtask: ci takes no arguments\n")
		return 2
	}
	gioapp, fyneapp := filepath.Join(tmp, "gioapp")+filepath.Ext(bin), filepath.Join(tmp, "fyneapp")+filepath.Ext(bin)
	steps := []step{
		{"vet", []string{"go", "vet", "./..."}},
		// The slow tests too (package internal/check/slow): the Monte Carlo
		// simulations, the throwaway modules, the real paired runs.
		{"test", []string{"env", "PERFBENCH_SLOW_TESTS=1", "go", "test", "./..."}},
		build,
		{"workloads", []string{bin, "workloads"}},
		{"skips", []string{bin, "skips"}},
		{"budget", []string{bin, "budget"}},
		{"cadence", []string{bin, "cadence"}},
		{"resize", []string{bin, "resize"}},
		{"verify", []string{bin, "verify"}},
		// Pixels are part of right: the script's pictures through the CPU
		// rasteriser (pure Go), the live window's redrawn from its damage
		// against a rebuild's drawn whole, at three sizes — a paint-order
		// or damage bug draws the same display list wrong.
		{"verify cpu s1", []string{bin, "verify", "--renderer", "cpu", "--size", "s1"}},
		{"verify cpu s13", []string{bin, "verify", "--renderer", "cpu", "--size", "s13"}},
		{"verify cpu s26", []string{bin, "verify", "--renderer", "cpu", "--size", "s26"}},
		// The random verify runs: 50 seeds × 200 steps over generated
		// documents and over the gallery (gates.CISeeds, gates.CISteps),
		// pictures, routing and replayed input judged after every step;
		// and a few seeds of generated documents in pictures, through the
		// CPU rasteriser (a seed costs a rebuild and a whole picture a
		// step).
		{"verify random", []string{bin, "verify", "--doc", "random", "--seeds", "50", "--steps", "200"}},
		{"verify gallery", []string{bin, "verify", "--doc", "gallery", "--seeds", "50", "--steps", "200"}},
		{"verify random cpu", []string{bin, "verify", "--doc", "random", "--seeds", "1-3", "--steps", "200", "--renderer", "cpu"}},
		{"wall-clock", []string{bin, "wall-clock"}},
		// perf --check judges every band and fails when docs/performance.md
		// is out of date, writing nothing: a ratchet run on the CI machine
		// could move a baseline, and CI is there to check, not to record.
		// It is the one run of the suite here (the workflow's report step
		// is the other, with every export from it).
		// Times against this machine's stored baselines are reported as
		// advice (--advisory-times): CI runs on virtual machines whose
		// speed drifts with their hosts' other tenants, so a stored
		// baseline cannot gate there. Counts, instructions and broken
		// scenarios fail as ever; the times that gate are the same-run
		// ratios (workloads, resize) and, on a pull request, the paired
		// run against the target branch (scenarios --base).
		// Instructions are judged against their toolchain's baselines,
		// and required: a run that could not count them could not check
		// the docs lines that show them.
		{"perf --check (docs up to date)", []string{bin, "perf", "--check", "--advisory-times", "--instructions", "require"}},
		// The example programs' docs pages and recorded bounds are checked
		// the same way, each through its own binary. Fyne's instructions
		// are left out, as .ci/run leaves them out of its report: its
		// software painter makes each counted process half a minute under
		// Valgrind; its counts and recorded bounds are still judged.
		{"build gioapp", []string{"go", "build", "-o", gioapp, "./examples/gioapp"}},
		{"gioapp perf --check", []string{gioapp, "perf", "--check", "--advisory-times", "--instructions", "require"}},
		{"build fyneapp", []string{"go", "build", "-o", fyneapp, "./examples/fyneapp"}},
		{"fyneapp perf --check", []string{fyneapp, "perf", "--check", "--advisory-times", "--instructions", "off"}},
	}
	start := time.Now()
	for _, s := range steps {
		if code := s.run(); code != 0 {
			fmt.Fprintf(os.Stderr, "xtask: ci failed at %s (exit %d) after %s\n", s.name, code, since(start))
			return code
		}
	}
	fmt.Printf("xtask: ci passed, %d steps in %s\n", len(steps), since(start))
	return 0
}

// screenshots renders the README's pictures of the shipped gallery with
// the CPU rasteriser: as it opens, and after twelve hover steps (a hovered
// table row).
func screenshots(build step, bin string) int {
	for _, s := range []step{
		build,
		{"gallery", []string{bin, "screenshot", "docs/gallery.png"}},
		{"gallery after hover", []string{bin, "screenshot", "--phase", "hover", "--steps", "12", "docs/gallery-hover.png"}},
	} {
		if code := s.run(); code != 0 {
			return code
		}
	}
	return 0
}

// step is one command ci or a task runs.
type step struct {
	name string
	argv []string
}

// run runs the step with the terminal's output, prints its name and
// duration, and returns its exit status.
func (s step) run() int {
	fmt.Printf("==> %s: %s\n", s.name, strings.Join(s.argv, " "))
	start := time.Now()
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, io.MultiWriter(os.Stderr, &stderr)
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
		if code <= 0 {
			code = 1
		}
	case err != nil:
		fmt.Fprintf(os.Stderr, "xtask: %s: %v\n", s.name, err)
		code = 1
	}
	if code == 0 {
		fmt.Printf("--- %s: ok (%s)\n", s.name, since(start))
		return 0
	}
	fmt.Printf("--- %s: FAILED, exit %d (%s)\n", s.name, code, since(start))
	if strings.Contains(stderr.String(), "unknown command") {
		fmt.Fprintf(os.Stderr, "xtask: %s: perfbench has no %q subcommand yet; this step cannot pass until it exists\n", s.name, s.argv[1])
	}
	return code
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside a Go module: run xtask from the perfbench module")
	}
	return filepath.Dir(mod), nil
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func since(t time.Time) string { return time.Since(t).Round(time.Millisecond).String() }

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// noiseUsage documents `go run xtask.go noise`.
const noiseUsage = `usage: go run xtask.go noise [-runs N] [-quiet] [-phases LIST] [-plants LIST] [-base-plants LIST] [-scenarios LIST] [-commits N] [-step F] [-layouts N] [-pool N] [-tolerance T] [-spins LIST] [-creep-spins N]

Measures how far perfbench's time verdicts can be trusted on a busy
machine. It builds perfbench, the same with the perfbench_plant build tag,
and perfload; starts perfload (unless -quiet: two busy threads per CPU, one
of them streaming through 256 MiB, so the CPUs are twice oversubscribed
before the suite runs); then runs each phase N times and prints:

  suite       perfbench scenarios, unmodified: false fails, the suite's wall
              time, the spread (max/min) of the hover-storm frame estimate
  plant       perfbench scenarios hover-storm with PERFBENCH_PLANT=hover-storm:F
              for each F of -plants: how many runs caught it
  base        perfbench scenarios --base-binary (the same build on both
              sides): false fails
  base-plant  perfbench scenarios hover-storm paired, planted builds on
              both sides, the head's planted, for each F of -base-plants
              (default 1.01, 1.02, 1.03, 1.05, 1.10): how many caught it, how
              many were unsure, the effective ratio measured, pairs and
              seconds a run
  base-layout perfbench scenarios paired between builds of the same code
              that differ only in their function layout (-layouts builds a
              side, all -ldflags=-randlayout=SEED but head's first): the
              honest A/A of a pull request; runs that failed, unsure times,
              pairs and seconds a run
  ci          go run xtask.go ci with GOFLAGS=-count=1 (no cached test
              results): how many passed (not in the default list)
  creep       the revision ratchet (perfbench reference hover-storm) over a
              simulated main of -commits commits (default 12), commit k
              running at -step^k (default 1.01) by a plant of work, each
              judged against the reference as the ratchet left it: the
              commit at which it first fails, every move of the reference,
              seconds a step; N runs are N simulated mains (not in the
              default list: minutes)
  creep-aa    the same with no plant on any commit (A/A): fails and moves
              of the reference, which must be none and none upwards (not
              in the default list)
  creep-faster  the same, commit 0 planted 1.05× and commit k ≥ 1 at
              step^(k−1): commit 1 is faster and should move the reference,
              and the creep after it fail against the moved one (not in the
              default list)

  instr       perfbench scenarios hover-storm --instructions require
              against the committed baselines: the build unchanged, the
              perfbench_plant build with no plant (code added, never run),
              -layouts -randlayout builds in turn, and a plant of each N of
              -spins iterations of work a step (default 3,7,18,31: about
              +0.3, +0.6, +1.5 and +2.6% of hover-storm's instructions);
              how many runs passed or caught it, the rise each read (not in
              the default list)
  instr-base  the same paired (--base-binary, 4 pairs, one look): the
              planted build both sides, a -randlayout base, each plant
              (not in the default list)
  instr-creep the revision ratchet over -commits simulated commits, commit
              k planted k × -creep-spins (default 3) iterations a step,
              judged on instructions: the commit at which it first fails
              (not in the default list)

The instruction phases count under Valgrind whatever the load: what they
show is that the gate's verdict holds under it, where a time's does not.

-scenarios limits the suite, base and base-layout phases to the named
scenarios (default: all of them); names the instr phases' one planted
scenario (default hover-storm; -spins then counts iterations for it, each
7 instructions or so); and names the creep phases' scenarios (default:
hover-storm, the planted one; with others beside it, their unplanted
times enter the suite-wide error rate as a real main's would).

The creep phases simulate commits with one planted binary on both sides
rather than real builds of real commits: perfbench reference takes the
builds (--reference-binary, --head-binary) and the commit they stand for
(--head-commit), the head's plant in PERFBENCH_PLANT and the reference's
in PERFBENCH_BASE_PLANT. Commit k's code is the same binary slowed by
step^k of work, which is what a commit that adds that much work to every
crossing would be, minus the layout change a real commit brings (which
the real command's --layouts builds average out); so the simulation
judges the ratchet's rule, and the paired verdict under it, on this
machine, without 12 × 7 builds.
-layouts N (default 4, as scenarios --base builds) is how many builds of
each side base-plant and base-layout spread their pairs over: head's the
planted build and N−1 -randlayout builds of it, base's N more; -layouts 1
runs the one planted build on both sides. -pool N (at least 2×layouts)
builds N layouts instead, the planted build and N−1 -randlayout builds,
and each run draws its two sides' builds from them anew, disjoint, so
runs sample layouts rather than repeat one draw of them: without it
every run of an invocation judges the same builds, and a detection rate
over its runs is one layout draw's. -tolerance T is given to every
paired run of the base phases as --tolerance. Each phase's report line
ends with the load average before and after it.


The plant phase's slowdown multiplies every thread-CPU sample of
hover-storm by F; the base-plant phase's is a plant of work, every
crossing spinning for (F−1) times the crossing's unplanted cost, read
first from a paired run with no plant, with no clock read of its own
(see scenario.PlantEnv). Counts are unchanged; an ordinary build has no
such hook.`

// noiseOptions are the noise task's flags.
type noiseOptions struct {
	runs       int
	quiet      bool
	phases     []string
	plants     []float64
	basePlants []float64
	scenarios  []string
	commits    int     // the creep phases' simulated commits
	step       float64 // each creep commit's slowdown over its parent
	layouts    int     // builds a side of base-plant and base-layout
	pool       int     // layout builds each run draws its sides' from (0: 2×layouts, fixed)
	tolerance  string  // --tolerance for the base phases' paired runs
	spins      []int   // the instruction phases' plants, iterations of the spin a step
	creepSpins int     // instr-creep's plant per simulated commit
}

func parseNoise(args []string) (noiseOptions, error) {
	o := noiseOptions{runs: 20, phases: []string{"suite", "plant", "base", "base-plant", "base-layout"},
		plants: []float64{2, 1.5}, basePlants: []float64{1.01, 1.02, 1.03, 1.05, 1.10}, commits: 12, step: 1.01, layouts: 4,
		spins: []int{3, 7, 18, 31}, creepSpins: 3}
	valid := []string{"suite", "plant", "base", "base-plant", "base-layout", "ci", "creep", "creep-aa", "creep-faster", "instr", "instr-base", "instr-creep"}
	floats := func(v string) ([]float64, error) {
		var out []float64
		for _, f := range strings.Split(v, ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || x < 1 {
				return nil, fmt.Errorf("%q is not a factor ≥ 1", f)
			}
			out = append(out, x)
		}
		return out, nil
	}
	for i := 0; i < len(args); i++ {
		flag, value := args[i], ""
		if flag != "-quiet" {
			if i+1 >= len(args) {
				return o, fmt.Errorf("%s needs a value", flag)
			}
			i++
			value = args[i]
		}
		var err error
		switch flag {
		case "-runs":
			o.runs, err = strconv.Atoi(value)
			if err == nil && o.runs < 1 {
				err = errors.New("must be at least 1")
			}
		case "-quiet":
			o.quiet = true
		case "-phases":
			o.phases = strings.Split(value, ",")
			for _, p := range o.phases {
				if !contains(valid, p) {
					err = fmt.Errorf("unknown phase %q (valid: %s)", p, strings.Join(valid, " "))
				}
			}
		case "-plants":
			o.plants, err = floats(value)
		case "-scenarios":
			o.scenarios = strings.Split(value, ",")
		case "-base-plants":
			o.basePlants, err = floats(value)
		case "-commits":
			o.commits, err = strconv.Atoi(value)
			if err == nil && (o.commits < 1 || o.commits > 100) {
				err = errors.New("must be 1 to 100")
			}
		case "-step":
			var fs []float64
			if fs, err = floats(value); err == nil && len(fs) != 1 {
				err = errors.New("one factor")
			} else if err == nil {
				o.step = fs[0]
			}
		case "-layouts":
			o.layouts, err = strconv.Atoi(value)
			if err == nil && o.layouts < 1 {
				err = errors.New("must be at least 1")
			}
		case "-pool":
			o.pool, err = strconv.Atoi(value)
			if err == nil && o.pool < 2 {
				err = errors.New("must be at least 2")
			}
		case "-spins", "-creep-spins":
			var ns []int
			for _, f := range strings.Split(value, ",") {
				n, perr := strconv.Atoi(strings.TrimSpace(f))
				if perr != nil || n < 1 || n > 1e6 {
					err = fmt.Errorf("%q is not a count of iterations from 1 to 1e6", f)
					break
				}
				ns = append(ns, n)
			}
			if err == nil && flag == "-creep-spins" {
				if len(ns) != 1 {
					err = errors.New("one count")
				} else {
					o.creepSpins = ns[0]
				}
			} else if err == nil {
				o.spins = ns
			}
		case "-tolerance":
			var t float64
			t, err = strconv.ParseFloat(value, 64)
			if err == nil && !(t > 0 && t < 1) {
				err = errors.New("must be a fraction above 0 and below 1")
			}
			o.tolerance = value
		default:
			err = errors.New("unknown flag")
		}
		if err != nil {
			return o, fmt.Errorf("%s %s: %v", flag, value, err)
		}
	}
	if o.pool > 0 && o.pool < 2*o.layouts {
		return o, fmt.Errorf("-pool %d: must be at least twice -layouts (%d), so each run draws two disjoint sides", o.pool, o.layouts)
	}
	return o, nil
}

// scenariosJSON is what the noise task reads of perfbench scenarios --json
// (both the baseline and the --base form).
type scenariosJSON struct {
	Verdict   string `json:"verdict"`
	Scenarios []struct {
		Name    string `json:"name"`
		Numbers []struct {
			Name        string  `json:"name"`
			Median      float64 `json:"median"`
			BandVerdict string  `json:"band_verdict"`
			Band        struct {
				Baseline float64 `json:"baseline"`
			} `json:"band"`
		} `json:"numbers"`
	} `json:"scenarios"`
	// --base form
	Numbers []struct {
		Scenario string   `json:"scenario"`
		Name     string   `json:"name"`
		Head     *float64 `json:"head"`
		Base     *float64 `json:"base"`
		Ratio    *float64 `json:"ratio"`
		Lo       *float64 `json:"lo"`
		Hi       *float64 `json:"hi"`
		Pairs    int      `json:"pairs"`
		Verdict  string   `json:"verdict"`
		Spread   *float64 `json:"layout_spread"`
	} `json:"numbers"`
}

// hoverInterval describes the hover-storm frame's paired interval, or
// nothing for a run without one.
func (s scenariosJSON) hoverInterval() string {
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == "frame" && n.Lo != nil && n.Hi != nil {
			spread := ""
			if n.Spread != nil {
				spread = fmt.Sprintf(", layouts ±%.2f%% a build", *n.Spread*100)
			}
			return fmt.Sprintf(" [%.3f, %.3f] over %d pairs%s", *n.Lo, *n.Hi, n.Pairs, spread)
		}
	}
	return ""
}

// hoverBase returns the base side's estimate of the hover-storm frame in
// a paired run, or 0.
func (s scenariosJSON) hoverBase() float64 {
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == "frame" && n.Base != nil {
			return *n.Base
		}
	}
	return 0
}

// hoverPairs returns how many pairs the hover-storm frame was judged
// over in a paired run, or 0.
func (s scenariosJSON) hoverPairs() int {
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == "frame" {
			return n.Pairs
		}
	}
	return 0
}

// hover returns the hover-storm frame's estimate and verdict, or its
// paired ratio and verdict.
func (s scenariosJSON) hover() (value float64, verdict string) { return s.number("frame") }

// number returns hover-storm's number name: its estimate and verdict, or
// its paired ratio and verdict.
func (s scenariosJSON) number(name string) (value float64, verdict string) {
	for _, sc := range s.Scenarios {
		for _, n := range sc.Numbers {
			if sc.Name == "hover-storm" && n.Name == name {
				return n.Median, n.BandVerdict
			}
		}
	}
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == name && n.Ratio != nil {
			return *n.Ratio, n.Verdict
		}
	}
	return 0, "missing"
}

// instructions returns a scenario's instructions a step and their
// rise over what they are judged against (the baseline, or the base's
// count in a paired run), with the verdict; 0 and "missing" where the run
// counted none.
func (s scenariosJSON) instructions(scenario string) (perStep, rise float64, verdict string) {
	for _, sc := range s.Scenarios {
		for _, n := range sc.Numbers {
			if sc.Name == scenario && n.Name == "instructions" && n.Band.Baseline > 0 {
				return n.Median, n.Median/n.Band.Baseline - 1, n.BandVerdict
			}
		}
	}
	for _, n := range s.Numbers {
		if n.Scenario == scenario && n.Name == "instructions" && n.Head != nil && n.Ratio != nil {
			return *n.Head, *n.Ratio - 1, n.Verdict
		}
	}
	return 0, 0, "missing"
}

// pairedSummary sums up paired runs' times: how many were unsure (and in
// how many runs), the pairs a time ran, and the runs' wall time.
func pairedSummary(runs []noiseRun) string {
	times, unsure, unsureRuns, pairs := 0, 0, 0, 0
	// What the same intervals say of a tighter tolerance: below 1+t at
	// the pass level (would pass), above it (the most that could fail:
	// the fail level is as strict or stricter).
	tighter := []float64{0.01, 0.02}
	below, above := make([]int, len(tighter)), make([]int, len(tighter))
	var walls, spreads []float64
	for _, r := range runs {
		walls = append(walls, r.wall.Seconds())
		any := false
		for _, n := range r.out.Numbers {
			if n.Pairs == 0 {
				continue // a count
			}
			times++
			pairs += n.Pairs
			if n.Spread != nil {
				spreads = append(spreads, *n.Spread*100)
			}
			for i, t := range tighter {
				if n.Hi != nil && *n.Hi < 1+t {
					below[i]++
				}
				if n.Lo != nil && *n.Lo > 1+t {
					above[i]++
				}
			}
			if n.Verdict == "unsure" {
				unsure++
				any = true
			}
		}
		if any {
			unsureRuns++
		}
	}
	if times == 0 || len(walls) == 0 {
		return "no time judged"
	}
	slices.Sort(walls)
	var at []string
	for i, t := range tighter {
		at = append(at, fmt.Sprintf("%g%%: %d below, %d above", t*100, below[i], above[i]))
	}
	layouts := ""
	if len(spreads) > 0 {
		slices.Sort(spreads)
		layouts = fmt.Sprintf("; the layouts' spread a build, median over the times %.2f%% (%.2f–%.2f)", spreads[len(spreads)/2], spreads[0], spreads[len(spreads)-1])
	}
	return fmt.Sprintf("%d of %d times unsure (in %d runs); %.0f pairs a time on average; %.0f s a run (%.0f–%.0f); intervals against a tighter tolerance (%s)%s",
		unsure, times, unsureRuns, float64(pairs)/float64(times), walls[len(walls)/2], walls[0], walls[len(walls)-1], strings.Join(at, "; "), layouts)
}

// loadAverage is the machine's one-minute load average, "" where the
// system does not say (it is read from /proc/loadavg).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// noiseRun is one run of perfbench the noise task made.
type noiseRun struct {
	code    int
	wall    time.Duration
	out     scenariosJSON
	failing []string // the numbers that failed or broke
}

// perfbenchJSON runs perfbench with args (and env) and reads its --json.
func perfbenchJSON(bin string, env []string, args ...string) (noiseRun, error) {
	cmd := exec.Command(bin, append(args, "--json", "--quiet")...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := noiseRun{wall: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		return r, err
	}
	if r.code == 2 {
		return r, fmt.Errorf("perfbench %s: usage error: %s", strings.Join(args, " "), strings.TrimSpace(stderr.String()))
	}
	if err := json.Unmarshal(stdout.Bytes(), &r.out); err != nil {
		return r, fmt.Errorf("perfbench %s: output is not its JSON (%v); stderr: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	for _, sc := range r.out.Scenarios {
		for _, n := range sc.Numbers {
			if n.BandVerdict == "fail" || n.BandVerdict == "broken" {
				r.failing = append(r.failing, fmt.Sprintf("%s/%s %s %.4g", sc.Name, n.Name, n.BandVerdict, n.Median))
			}
		}
	}
	for _, n := range r.out.Numbers {
		if n.Verdict == "fail" || n.Verdict == "broken" {
			ratio := "—"
			if n.Ratio != nil {
				ratio = fmt.Sprintf("%.3f", *n.Ratio)
			}
			r.failing = append(r.failing, fmt.Sprintf("%s/%s %s %s", n.Scenario, n.Name, n.Verdict, ratio))
		}
	}
	return r, nil
}

// noise is `go run xtask.go noise`.
func noise(args []string, tmp string, build step) int {
	o, err := parseNoise(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: noise: %v\n%s\n", err, noiseUsage)
		return 2
	}
	// The noise harness measures times under load; instructions, which
	// no load moves, are counted in xtask ci and xtask instructions.
	os.Setenv("PERFBENCH_INSTRUCTIONS", "off")
	bin := filepath.Join(tmp, "perfbench")
	planted := filepath.Join(tmp, "perfbench-plant")
	load := filepath.Join(tmp, "perfload")
	steps := []step{
		build,
		{"build perfbench with the perfbench_plant tag", []string{"go", "build", "-tags", "perfbench_plant", "-o", planted, "./cmd/perfbench"}},
		{"build perfload", []string{"go", "build", "-o", load, "./cmd/perfload"}},
	}
	// The paired phases' builds: head's the planted build and layouts−1
	// -randlayout builds of it, base's layouts more (or the planted build
	// itself on both sides); with -pool, pool builds that each run draws
	// its two sides from.
	layouts := []string{planted}
	if n := max(o.pool, 2*o.layouts); o.layouts > 1 && (contains(o.phases, "base-plant") || contains(o.phases, "base-layout") || contains(o.phases, "instr-base")) {
		for seed := 1; seed < n; seed++ {
			out := fmt.Sprintf("%s-%d", planted, seed)
			steps = append(steps, step{fmt.Sprintf("build the planted perfbench with -randlayout=%d", seed),
				[]string{"go", "build", "-tags", "perfbench_plant", fmt.Sprintf("-ldflags=-randlayout=%d", seed), "-o", out, "./cmd/perfbench"}})
			layouts = append(layouts, out)
		}
	}
	// The plain instructions phase's layout builds: the ordinary build
	// -randlayout'd, judged against the baselines the ordinary build set.
	var plainLayouts []string
	if contains(o.phases, "instr") {
		for seed := 1; seed <= o.layouts; seed++ {
			out := fmt.Sprintf("%s-%d", bin, seed)
			steps = append(steps, step{fmt.Sprintf("build perfbench with -randlayout=%d", seed),
				[]string{"go", "build", fmt.Sprintf("-ldflags=-randlayout=%d", seed), "-o", out, "./cmd/perfbench"}})
			plainLayouts = append(plainLayouts, out)
		}
	}
	// withTolerance adds -tolerance to a paired run's arguments.
	withTolerance := func(args []string) []string {
		if o.tolerance != "" {
			args = append(args, "--tolerance", o.tolerance)
		}
		return args
	}
	draw := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 21))
	pairedArgs := func() []string {
		heads, bases := layouts[:1], layouts[:1]
		if len(layouts) > 1 {
			order := layouts
			if o.pool > 0 {
				order = slices.Clone(layouts)
				draw.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			}
			heads, bases = order[:o.layouts], order[o.layouts:2*o.layouts]
		}
		args := []string{"--base-binary", strings.Join(bases, ",")}
		if len(heads) > 1 {
			args = append(args, "--head-binary", strings.Join(heads, ","))
		}
		return withTolerance(args)
	}
	builds := fmt.Sprintf("%d build(s) a side", min(o.layouts, len(layouts)))
	if o.pool > 0 && len(layouts) > 1 {
		builds += fmt.Sprintf(" drawn anew each run from %d", o.pool)
	}
	if o.tolerance != "" {
		builds += ", --tolerance " + o.tolerance
	}
	for _, s := range steps {
		if code := s.run(); code != 0 {
			return code
		}
	}
	condition := "quiet (no load of the harness's own; whatever else runs on the machine still runs)"
	if !o.quiet {
		cmd := exec.Command(load)
		if err := cmd.Start(); err != nil {
			fmt.Fprintf(os.Stderr, "xtask: noise: starting perfload: %v\n", err)
			return 1
		}
		defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
		condition = fmt.Sprintf("under perfload: %d busy threads and a 256 MiB memory hog on %d CPUs (2× oversubscribed)", 2*runtime.NumCPU()-1, runtime.NumCPU())
		time.Sleep(time.Second) // let the hog fill its buffer
	}
	fmt.Printf("noise: %d runs per phase, %s\n", o.runs, condition)
	var report []string
	say := func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		report = append(report, line)
		fmt.Println("noise: " + line)
	}
	// repeat runs one kind of perfbench run o.runs times, each with the
	// arguments args gives it; ok says whether a run is the outcome hoped
	// for.
	fixed := func(a []string) func() []string { return func() []string { return a } }
	repeat := func(what string, env []string, binary string, args func() []string, ok func(noiseRun) bool) ([]noiseRun, int, error) {
		var runs []noiseRun
		good := 0
		for i := range o.runs {
			r, err := perfbenchJSON(binary, env, args()...)
			if err != nil {
				return nil, 0, err
			}
			runs = append(runs, r)
			v, verdict := r.out.hover()
			mark := "ok"
			if ok(r) {
				good++
			} else {
				mark = "MISS"
			}
			fmt.Fprintf(os.Stderr, "noise: %s run %d/%d: exit %d in %.2fs, hover-storm frame %.4g%s %s, %s %s\n",
				what, i+1, o.runs, r.code, r.wall.Seconds(), v, r.out.hoverInterval(), verdict, mark, strings.Join(r.failing, "; "))
		}
		return runs, good, nil
	}
	// stepCost is what a plant of work is sized by: the unplanted
	// estimate of hover-storm's frame from a paired run of the planted
	// binary against itself with no plant (read once, for every phase
	// that plants work).
	stepRef := 0.0
	stepCost := func() (float64, error) {
		if stepRef > 0 {
			return stepRef, nil
		}
		refRun, err := perfbenchJSON(planted, nil, "scenarios", "hover-storm", "--base-binary", planted)
		if err != nil {
			return 0, err
		}
		if stepRef = refRun.out.hoverBase(); !(stepRef > 0) {
			return 0, errors.New("the unplanted paired run measured no hover-storm frame")
		}
		return stepRef, nil
	}
	hoverCaught := func(r noiseRun) bool { _, v := r.out.hover(); return v == "fail" }
	// unjudged says how many runs read hover-storm's frame unbaselined: on
	// a machine the baselines file has no times for, a time band judges
	// nothing, and a pass or a miss there says nothing of the band.
	unjudged := func(runs []noiseRun) string {
		n := 0
		for _, r := range runs {
			if _, v := r.out.hover(); v == "unbaselined" {
				n++
			}
		}
		if n == 0 {
			return ""
		}
		return fmt.Sprintf("; %d of %d read hover-storm's frame unbaselined (this machine has no time baselines, so its band judged nothing)", n, len(runs))
	}
	passed := func(r noiseRun) bool { return r.code == 0 }
	start := time.Now()
	for _, phase := range o.phases {
		before := loadAverage()
		n := len(report)
		switch phase {
		case "suite":
			runs, good, err := repeat("suite", nil, bin, fixed(append([]string{"scenarios"}, o.scenarios...)), passed)
			if err != nil {
				fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
				return 1
			}
			var walls, hovers []float64
			for _, r := range runs {
				walls = append(walls, r.wall.Seconds())
				if v, _ := r.out.hover(); v > 0 {
					hovers = append(hovers, v)
				}
			}
			slices.Sort(walls)
			slices.Sort(hovers)
			say("suite: %d false fails in %d runs of unmodified perfbench scenarios%s", len(runs)-good, len(runs), unjudged(runs))
			say("suite: wall time %.2f s median, %.2f–%.2f s", walls[len(walls)/2], walls[0], walls[len(walls)-1])
			if len(hovers) > 0 {
				say("suite: hover-storm frame estimate %.4g–%.4g µs, spread ×%.3f", hovers[0], hovers[len(hovers)-1], hovers[len(hovers)-1]/hovers[0])
			}
		case "plant":
			for _, f := range o.plants {
				env := []string{fmt.Sprintf("PERFBENCH_PLANT=hover-storm:%g", f)}
				runs, good, err := repeat(fmt.Sprintf("plant %g×", f), env, planted, fixed([]string{"scenarios", "hover-storm"}), hoverCaught)
				if err != nil {
					fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
					return 1
				}
				say("plant: hover-storm frame %g× slower caught in %d of %d runs%s", f, good, o.runs, unjudged(runs))
			}
		case "base":
			args := withTolerance(append([]string{"scenarios", "--base-binary", bin}, o.scenarios...))
			runs, good, err := repeat("base", nil, bin, fixed(args), passed)
			if err != nil {
				fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
				return 1
			}
			say("base: %d false fails in %d runs of perfbench scenarios --base-binary (the same build both sides); %s", o.runs-good, o.runs, pairedSummary(runs))
		case "creep", "creep-aa", "creep-faster":
			ref, err := stepCost()
			if err != nil {
				fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
				return 1
			}
			say("%s: plants of work at REF = %.4g µs a crossing (the unplanted base estimate)", phase, ref)
			// factor is commit k's slowdown against unplanted code.
			factor := func(k int) float64 { return math.Pow(o.step, float64(k)) }
			switch phase {
			case "creep-aa":
				factor = func(int) float64 { return 1 }
			case "creep-faster":
				// Commit 1 takes away a slowdown commit 0 had; the
				// commits after it creep again.
				factor = func(k int) float64 {
					if k == 0 {
						return fasterBy
					}
					return math.Pow(o.step, float64(k-1))
				}
			}
			for i := range o.runs {
				lines, err := creep(phase, planted, tmp, workCreep(ref, factor), o.commits, o.scenarios)
				if err != nil {
					fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
					return 1
				}
				for _, l := range lines {
					say("%s run %d/%d: %s", phase, i+1, o.runs, l)
				}
			}
		case "base-plant":
			ref, err := stepCost()
			if err != nil {
				fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
				return 1
			}
			say("base-plant: plants of work at REF = %.4g µs a crossing (the unplanted base estimate)", ref)
			for _, f := range o.basePlants {
				env := []string{fmt.Sprintf("PERFBENCH_PLANT=hover-storm:%g@%g", f, ref)}
				// The planted binary on both sides (perfbench gives the
				// base no PERFBENCH_PLANT), so the two differ only by the
				// plant, not by how the build tag laid the code out.
				runs, good, err := repeat(fmt.Sprintf("base plant %g×", f), env, planted, func() []string { return append([]string{"scenarios", "hover-storm"}, pairedArgs()...) }, hoverCaught)
				if err != nil {
					fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
					return 1
				}
				var ratios, walls []float64
				pairs, unsure := 0, 0
				for _, r := range runs {
					v, verdict := r.out.hover()
					ratios = append(ratios, v)
					walls = append(walls, r.wall.Seconds())
					pairs += r.out.hoverPairs()
					if verdict == "unsure" {
						unsure++
					}
				}
				slices.Sort(ratios)
				slices.Sort(walls)
				say("base-plant: hover-storm frame planted %g× (effective ratio, median of the runs' estimates, %.4f; %.4f–%.4f) caught in %d of %d paired runs, unsure in %d; %.0f pairs a run on average, %.1f–%.1f s a run; %s",
					f, ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1], good, o.runs, unsure, float64(pairs)/float64(len(runs)), walls[0], walls[len(walls)-1], builds)
			}
		case "base-layout":
			// The planted builds, no plant: head and base differ only by
			// their function layout.
			runs, good, err := repeat("base layout", nil, planted, func() []string { return append(append([]string{"scenarios"}, o.scenarios...), pairedArgs()...) }, passed)
			if err != nil {
				fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
				return 1
			}
			say("base-layout: %d false fails in %d paired runs between builds that differ only in layout (%s); %s", o.runs-good, o.runs, builds, pairedSummary(runs))
		case "instr", "instr-base":
			if code := instrPhase(phase, o, bin, planted, plainLayouts, layouts, say); code != 0 {
				return code
			}
		case "instr-creep":
			sim := creepSim{
				plant: func(k int) string {
					if k == 0 {
						return ""
					}
					return fmt.Sprintf("hover-storm:+%d", k*o.creepSpins)
				},
				label:  func(k int) string { return fmt.Sprintf("+%d spins", k*o.creepSpins) },
				number: "instructions",
				// The times are not what this phase judges: the fewest
				// pairs that judge them at all, one look.
				args: []string{"--pairs", "4", "--budget", "0", "--instructions", "require"},
			}
			for i := range o.runs {
				lines, err := creep(phase, planted, tmp, sim, o.commits, nil)
				if err != nil {
					fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
					return 1
				}
				for _, l := range lines {
					say("%s run %d/%d: %s", phase, i+1, o.runs, l)
				}
			}
		case "ci":
			good := 0
			var walls []float64
			for i := range o.runs {
				cmd := exec.Command("go", "run", "xtask.go", "ci")
				// -count=1: every run runs every test again; a test result
				// cached from an earlier run measured nothing under this load.
				cmd.Env = append(os.Environ(), "GOFLAGS=-count=1")
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				t := time.Now()
				err := cmd.Run()
				walls = append(walls, time.Since(t).Seconds())
				if err == nil {
					good++
					fmt.Fprintf(os.Stderr, "noise: ci run %d/%d: passed in %s\n", i+1, o.runs, since(t))
					continue
				}
				// Which step failed and what it printed last: a failure
				// under load is only worth counting with its cause.
				fmt.Fprintf(os.Stderr, "noise: ci run %d/%d: %v after %s; its last lines:\n%s\n", i+1, o.runs, err, since(t), tail(out.String(), 40))
			}
			slices.Sort(walls)
			say("ci: go run xtask.go ci passed %d of %d runs, %.0f–%.0f s each", good, o.runs, walls[0], walls[len(walls)-1])
		}
		if after := loadAverage(); len(report) > n && before != "" {
			report[len(report)-1] += fmt.Sprintf(" (load average %s before the phase, %s after)", before, after)
		}
	}
	fmt.Printf("\nnoise: %s, %s in all\n  %s\n", condition, since(start), strings.Join(report, "\n  "))
	return 0
}

// instrPhase runs the instruction phases, instr (plain perfbench
// scenarios hover-storm against the committed baselines) and instr-base
// (paired against a base build), each condition o.runs times: the
// unchanged build, layout-only changes, and each plant of o.spins
// iterations of work a step. It says how many runs of each judged the
// instructions as hoped (pass unchanged, fail planted) and the rise they
// read; 0 or an exit status.
func instrPhase(phase string, o noiseOptions, bin, planted string, plainLayouts, layouts []string, say func(string, ...any)) int {
	type condition struct {
		what   string
		binary func(i int) string
		args   func(i int) []string
		plant  string
	}
	// The plants' scenario: hover-storm, or the one -scenarios names.
	target := "hover-storm"
	if len(o.scenarios) == 1 {
		target = o.scenarios[0]
	}
	one := func(b string) func(int) string { return func(int) string { return b } }
	cycle := func(bs []string) func(int) string { return func(i int) string { return bs[i%len(bs)] } }
	// Times are not what these phases judge: advisory in the plain runs,
	// and as few pairs as judge them at all in the paired ones.
	plain := func(int) []string {
		return []string{"scenarios", target, "--instructions", "require", "--advisory-times"}
	}
	paired := func(base func(int) string) func(int) []string {
		return func(i int) []string {
			return []string{"scenarios", target, "--base-binary", base(i), "--pairs", "4", "--budget", "0", "--instructions", "require"}
		}
	}
	var conds []condition
	if phase == "instr" {
		conds = append(conds,
			condition{what: "the committed build, unchanged", binary: one(bin), args: plain},
			// The plant's build tag adds the plant's code to the binary and
			// runs none of it without PERFBENCH_PLANT: a commit that adds
			// code elsewhere.
			condition{what: "code added, not run (the perfbench_plant build, no plant)", binary: one(planted), args: plain})
		if len(plainLayouts) > 0 {
			conds = append(conds, condition{what: fmt.Sprintf("layout only (%d -randlayout builds in turn)", len(plainLayouts)), binary: cycle(plainLayouts), args: plain})
		}
	} else {
		conds = append(conds, condition{what: "the same build both sides", binary: one(planted), args: paired(one(planted))})
		if len(layouts) > 1 {
			conds = append(conds, condition{what: fmt.Sprintf("layout only (base one of %d -randlayout builds in turn)", len(layouts)-1),
				binary: one(planted), args: paired(cycle(layouts[1:]))})
		}
	}
	for _, n := range o.spins {
		c := condition{what: fmt.Sprintf("+%d spins a step", n), binary: one(planted), args: plain, plant: fmt.Sprintf("%s:+%d", target, n)}
		if phase == "instr-base" {
			c.args = paired(one(planted))
		}
		conds = append(conds, c)
	}
	for _, c := range conds {
		var env []string
		if c.plant != "" {
			env = []string{"PERFBENCH_PLANT=" + c.plant}
		}
		good := 0
		var rises, walls []float64
		for i := range o.runs {
			r, err := perfbenchJSON(c.binary(i), env, c.args(i)...)
			if err != nil {
				fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
				return 1
			}
			perStep, rise, verdict := r.out.instructions(target)
			if verdict == "missing" {
				fmt.Fprintf(os.Stderr, "xtask: noise: %s: %s counted no instructions (exit %d; %s)\n", phase, target, r.code, strings.Join(r.failing, "; "))
				return 1
			}
			want := "pass"
			if c.plant != "" {
				want = "fail"
			}
			mark := "ok"
			if verdict == want {
				good++
			} else {
				mark = "MISS"
			}
			rises = append(rises, rise*100)
			walls = append(walls, r.wall.Seconds())
			fmt.Fprintf(os.Stderr, "noise: %s %s run %d/%d: exit %d in %.1fs, %.1f instructions a step (%+.3f%%) %s %s\n",
				phase, c.what, i+1, o.runs, r.code, r.wall.Seconds(), perStep, rise*100, verdict, mark)
		}
		slices.Sort(rises)
		slices.Sort(walls)
		outcome := fmt.Sprintf("passed in %d of %d runs", good, o.runs)
		if c.plant != "" {
			outcome = fmt.Sprintf("caught in %d of %d runs", good, o.runs)
		}
		say("%s: %s %s: %s, instructions a step %+.3f%% to %+.3f%% of what they are judged against; %.1f–%.1f s a run",
			phase, target, c.what, outcome, rises[0], rises[len(rises)-1], walls[0], walls[len(walls)-1])
	}
	return 0
}

// fasterBy is how much slower creep-faster's commit 0 is than the commits
// after it: 5%, well past what a paired run of hover-storm resolves
// (about ±0.5%), so commit 1 should move the reference.
const fasterBy = 1.05

// simCommit names simulated commit k: a commit name the baselines file
// takes (hexadecimal), c000… with k in its last digits.
func simCommit(k int) string { return fmt.Sprintf("c%011x", k) }

// referenceJSON is what the creep phases read of perfbench reference --json.
type referenceJSON struct {
	Reference struct {
		Reference struct{ Commit string } `json:"reference"`
		Failed    bool                    `json:"failed"`
		Moved     *struct {
			Commit, Kind, Why string
		} `json:"moved"`
		Stays string `json:"stays"`
	} `json:"reference"`
	Paired scenariosJSON `json:"paired"`
}

// creepSim is what a creep simulation plants and judges: commit k's
// plant (a PERFBENCH_PLANT value, "" for none) and how it reads in a
// line, the number of hover-storm whose head/reference ratio each line
// shows, and the reference runs' further arguments.
type creepSim struct {
	plant  func(k int) string
	label  func(k int) string
	number string
	args   []string
}

// workCreep is the time creep phases' simulation: commit k slowed to
// factor(k) by a plant of work, ref µs a crossing.
func workCreep(ref float64, factor func(k int) float64) creepSim {
	return creepSim{
		plant: func(k int) string {
			if f := factor(k); f > 1 {
				return fmt.Sprintf("hover-storm:%g@%g", f, ref)
			}
			return ""
		},
		label:  func(k int) string { return fmt.Sprintf("%.4f×", factor(k)) },
		number: "frame",
	}
}

// creep runs the revision ratchet over a simulated main of n commits,
// commit k planted as sim says, starting from a baselines file whose
// reference is commit 0, and returns a line per commit and a summary: the
// first commit that failed, each move, the seconds each step took.
func creep(phase, planted, tmp string, sim creepSim, n int, scenarios []string) ([]string, error) {
	if len(scenarios) == 0 {
		scenarios = []string{"hover-storm"} // the plant's scenario; any others run unplanted beside it
	}
	dir, err := os.MkdirTemp(tmp, "creep-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	baselines := filepath.Join(dir, "baselines.yaml")
	page := filepath.Join(dir, "reference.md")
	first := "version: 2\nreferences:\n  - commit: " + simCommit(0) + "\n    set: 2026-01-01T00:00:00Z\n    kind: recorded\n    why: simulated commit 0\nmachines: {}\n"
	if err := os.WriteFile(baselines, []byte(first), 0o644); err != nil {
		return nil, err
	}
	plant := sim.plant
	var lines, moves []string
	r, failedAt, fails := 0, 0, 0
	var walls []float64
	for k := 1; k <= n; k++ {
		env := []string{"PERFBENCH_PLANT=" + plant(k), "PERFBENCH_BASE_PLANT=" + plant(r)}
		args := append([]string{"reference"}, scenarios...)
		cmd := exec.Command(planted, append(args, "--baselines", baselines, "--docs", page,
			"--reference-binary", planted, "--head-binary", planted, "--head-commit", simCommit(k), "--json", "--quiet")...)
		cmd.Args = append(cmd.Args, sim.args...)
		cmd.Env = append(os.Environ(), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		t := time.Now()
		err := cmd.Run()
		wall := time.Since(t).Seconds()
		walls = append(walls, wall)
		code := 0
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			code = exit.ExitCode()
		case err != nil:
			return nil, err
		}
		var out referenceJSON
		if code == 2 || json.Unmarshal(stdout.Bytes(), &out) != nil {
			return nil, fmt.Errorf("perfbench reference at simulated commit %d: exit %d: %s", k, code, strings.TrimSpace(stderr.String()))
		}
		ratio, verdict := out.Paired.number(sim.number)
		judged := r
		what := "stays: " + out.Reference.Stays
		if m := out.Reference.Moved; m != nil {
			var to int
			fmt.Sscanf(m.Commit, "c%x", &to)
			what = fmt.Sprintf("MOVED from commit %d to %d (%s)", r, to, m.Kind)
			moves = append(moves, fmt.Sprintf("%d→%d at %.4f", r, to, ratio))
			r = to
		}
		if out.Reference.Failed {
			fails++
			if failedAt == 0 {
				failedAt = k
			}
		}
		interval := ""
		if sim.number == "frame" {
			interval = out.Paired.hoverInterval()
		}
		line := fmt.Sprintf("commit %2d (planted %s, against commit %d's %s): exit %d, hover-storm %s head/reference %.4f%s %s, %s; %.1f s",
			k, sim.label(k), judged, sim.label(judged), code, sim.number, ratio, interval, verdict, what, wall)
		fmt.Fprintln(os.Stderr, "noise: "+phase+": "+line)
		lines = append(lines, line)
	}
	slices.Sort(walls)
	sum := 0.0
	for _, w := range walls {
		sum += w
	}
	first = "never failed"
	if failedAt > 0 {
		first = fmt.Sprintf("first failed at commit %d (planted %s)", failedAt, sim.label(failedAt))
	}
	mv := "none"
	if len(moves) > 0 {
		mv = strings.Join(moves, ", ")
	}
	lines = append(lines, fmt.Sprintf("%d commits: %s; %d of %d failed; reference moves: %s; %.1f s a step (%.1f–%.1f), %.0f s in all",
		n, first, fails, n, mv, sum/float64(len(walls)), walls[0], walls[len(walls)-1], sum))
	return lines, nil
}

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

func instructions(args []string, tmp string) int {
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
		if code := (step{name, append(argv, program)}).run(); code != 0 {
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
