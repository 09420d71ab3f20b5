package harness

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/where"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

// addProfilesFlag adds --profiles to fl: where the instructions profiles
// of the numbers a where-table explains are written.
func addProfilesFlag(fl *pflag.FlagSet, dir *string) {
	fl.StringVar(dir, "profiles", "", "write the profiles behind each where-table here, for go tool pprof (default: a new temporary directory)")
}

// explained reports whether number n gets a where-table: an instructions
// number that failed, or moved past its tolerance from base.
func explained(n outcome.Number) bool {
	if n.Band.Kind != band.KindInstructions {
		return false
	}
	return n.Verdict.Failed() || n.Move == outcome.Worse || n.Move == outcome.Better
}

// stepsOf returns the step label and step count of instructions number
// name in a counted result: "instructions" is the one label's,
// "LABEL-instructions" that label's (runner.InstructionNumbers).
func stepsOf(res scenario.Result, name string) (label string, steps int, ok bool) {
	ins := res.Instructions
	if name == "instructions" && len(ins) == 1 {
		return ins[0].Label, ins[0].Steps, true
	}
	l, cut := strings.CutSuffix(name, "-instructions")
	if !cut {
		return "", 0, false
	}
	k := slices.IndexFunc(ins, func(in scenario.Instructions) bool { return in.Label == l })
	if k < 0 {
		return "", 0, false
	}
	return l, ins[k].Steps, true
}

// explain adds to o a where-table for each number explained picks that
// both sides have a profile of, and writes those profiles into dir (a new
// temporary directory when dir is ""), named SCENARIO.head.pb.gz and
// SCENARIO.base.pb.gz. counted are head's counted results, which say
// each label's steps. Nothing is written where nothing is explained.
func explain(o *outcome.Outcome, counted []scenario.Result, head, base *runner.Profiles, dir string) error {
	written := map[string][2]string{}
	for _, sc := range o.Scenarios {
		k := slices.IndexFunc(counted, func(r scenario.Result) bool { return r.Name == sc.Name })
		if k < 0 {
			continue
		}
		for _, n := range sc.Numbers {
			label, steps, ok := stepsOf(counted[k], n.Name)
			hp, bp := head.Get(sc.Name), base.Get(sc.Name)
			if !explained(n) || !ok || hp == nil || bp == nil {
				continue
			}
			paths, done := written[sc.Name]
			if !done {
				if dir == "" {
					var err error
					if dir, err = os.MkdirTemp("", "perfbench-where-"); err != nil {
						return fmt.Errorf("where: %w", err)
					}
				}
				for i, side := range []struct {
					ps   *runner.Profiles
					name string
				}{{head, "head"}, {base, "base"}} {
					p, err := side.ps.Write(dir, sc.Name, side.name)
					if err != nil {
						return fmt.Errorf("where: writing %s's %s profile: %w", sc.Name, side.name, err)
					}
					paths[i] = p
				}
				written[sc.Name] = paths
			}
			w := where.Diff(bp, hp, where.Options{Key: callgrind.StepLabel, Value: label, Steps: float64(steps)})
			w.Scenario, w.Number, w.Unit = sc.Name, n.Name, n.Unit
			w.HeadProfile, w.BaseProfile = paths[0], paths[1]
			o.Where = append(o.Where, w)
		}
	}
	return nil
}
