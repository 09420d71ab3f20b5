package paired

import (
	"context"
	"slices"
	"time"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

// runOptions are a test's paired run: its Options, with each side's
// builds as runners.
type runOptions struct {
	Head, Base               *runner.Runner
	HeadLayouts, BaseLayouts []*runner.Runner
	Seed                     uint64
	Pairs                    int
	Budget                   time.Duration
	Tolerance                float64
	FailUnsure               bool
	Progress                 func(Status)
}

// Run runs a paired run as the harness's measuring loop does
// (revisions.measurePairs): the schedule's pairs round by round, each
// side's processes pooled for its looks and for JudgeRun.
func Run(ctx context.Context, names []string, o runOptions) (outcome.Outcome, error) {
	heads := append([]*runner.Runner{o.Head}, o.HeadLayouts...)
	bases := append([]*runner.Runner{o.Base}, o.BaseLayouts...)
	sc := NewSchedule(names, Options{HeadBuilds: len(heads), BaseBuilds: len(bases), Seed: o.Seed, Pairs: o.Pairs,
		Budget: o.Budget, Tolerance: o.Tolerance, FailUnsure: o.FailUnsure, Progress: o.Progress})
	head, base := make([][]scenario.Result, len(names)), make([][]scenario.Result, len(names))
	for round := sc.Round(); len(round) > 0; round = sc.Round() {
		for _, p := range round {
			began := time.Now()
			sides := []struct {
				r   *runner.Runner
				out *[]scenario.Result
			}{{heads[p.Head], &head[p.Scenario]}, {bases[p.Base], &base[p.Scenario]}}
			if p.BaseFirst {
				slices.Reverse(sides)
			}
			for _, side := range sides {
				res, err := side.r.Once(ctx, p.Name)
				if err != nil {
					return outcome.Outcome{}, err
				}
				*side.out = append(*side.out, res)
			}
			i := p.Scenario
			sc.Ran(p, head[i][len(head[i])-1], base[i][len(base[i])-1], time.Since(began))
		}
		due := sc.Due()
		hs, bs := make([]scenario.Result, len(due)), make([]scenario.Result, len(due))
		for k, i := range due {
			hs[k], bs[k] = pool.Runs(head[i]), pool.Runs(base[i])
		}
		sc.Look(hs, bs)
	}
	hp, bp := make([]scenario.Result, len(names)), make([]scenario.Result, len(names))
	for i := range names {
		hp[i], bp[i] = pool.Runs(head[i]), pool.Runs(base[i])
	}
	return JudgeRun(sc, hp, bp)
}
