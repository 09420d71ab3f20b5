package ratchet

import (
	"context"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/scenario"
)

// Measure is a test's runner: the results of the named scenarios (nil:
// every one).
type Measure func(ctx context.Context, names []string) ([]scenario.Result, error)

// Run drives one ratchet run through its steps as a command does: Open,
// measure, Judge, measure again what straddles, Rejudge, Finish, Close.
func Run(ctx context.Context, opts Options, measure Measure) (outcome.Outcome, error) {
	r, err := Open(opts)
	if err != nil {
		return outcome.Outcome{}, err
	}
	defer r.Close()
	results, err := measure(ctx, nil)
	if err != nil {
		return outcome.Outcome{}, err
	}
	o, err := r.Judge(results)
	if err != nil {
		return outcome.Outcome{}, err
	}
	if names := append(r.Straddling(o), r.Recounting(o)...); len(names) > 0 {
		again, err := measure(ctx, names)
		if err != nil {
			return outcome.Outcome{}, err
		}
		o = r.Rejudge(o, again)
	}
	return r.Finish(o)
}
