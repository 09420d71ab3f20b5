package experiment

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

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
