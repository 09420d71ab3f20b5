package experiment

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

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

// phases are the noise task's phases; the first five run by default.
var phases = []string{"suite", "plant", "base", "base-plant", "base-layout", "ci", "creep", "creep-aa", "creep-faster", "instr", "instr-base", "instr-creep"}

func parseNoise(args []string) (noiseOptions, error) {
	o := noiseOptions{phases: phases[:5]}
	fs := flag.NewFlagSet("noise", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.IntVar(&o.runs, "runs", 20, "")
	fs.BoolVar(&o.quiet, "quiet", false, "")
	fs.Func("phases", "", func(v string) error {
		o.phases = strings.Split(v, ",")
		for _, p := range o.phases {
			if !slices.Contains(phases, p) {
				return fmt.Errorf("unknown phase %q (valid: %s)", p, strings.Join(phases, " "))
			}
		}
		return nil
	})
	o.plants, o.basePlants = []float64{2, 1.5}, []float64{1.01, 1.02, 1.03, 1.05, 1.10}
	fs.Func("plants", "", factors(&o.plants))
	fs.Func("base-plants", "", factors(&o.basePlants))
	fs.Func("scenarios", "", func(v string) error { o.scenarios = strings.Split(v, ","); return nil })
	fs.IntVar(&o.commits, "commits", 12, "")
	fs.Float64Var(&o.step, "step", 1.01, "")
	fs.IntVar(&o.layouts, "layouts", 4, "")
	fs.IntVar(&o.pool, "pool", 0, "")
	fs.Func("tolerance", "", func(v string) error {
		t, err := strconv.ParseFloat(v, 64)
		if err != nil || !(t > 0 && t < 1) {
			return errors.New("must be a fraction above 0 and below 1")
		}
		o.tolerance = v
		return nil
	})
	o.spins, o.creepSpins = []int{3, 7, 18, 31}, 3
	fs.Func("spins", "", iterations(&o.spins))
	fs.Func("creep-spins", "", func(v string) error {
		var ns []int
		if err := iterations(&ns)(v); err != nil || len(ns) != 1 {
			return errors.New("one count of iterations from 1 to 1e6")
		}
		o.creepSpins = ns[0]
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("%q: noise takes flags only", fs.Arg(0))
	case o.runs < 1:
		return o, errors.New("-runs: must be at least 1")
	case o.commits < 1 || o.commits > 100:
		return o, errors.New("-commits: must be 1 to 100")
	case !(o.step >= 1):
		return o, errors.New("-step: must be a factor ≥ 1")
	case o.layouts < 1:
		return o, errors.New("-layouts: must be at least 1")
	case o.pool != 0 && o.pool < 2*o.layouts:
		return o, fmt.Errorf("-pool %d: must be at least twice -layouts (%d), so each run draws two disjoint sides", o.pool, o.layouts)
	}
	return o, nil
}

// factors parses a list of slowdown factors, each at least 1, into dst.
func factors(dst *[]float64) func(string) error {
	return func(v string) error {
		var out []float64
		for _, f := range strings.Split(v, ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || x < 1 {
				return fmt.Errorf("%q is not a factor ≥ 1", f)
			}
			out = append(out, x)
		}
		*dst = out
		return nil
	}
}

// iterations parses a list of counts of a plant's iterations into dst.
func iterations(dst *[]int) func(string) error {
	return func(v string) error {
		var out []int
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > 1e6 {
				return fmt.Errorf("%q is not a count of iterations from 1 to 1e6", f)
			}
			out = append(out, n)
		}
		*dst = out
		return nil
	}
}
