package ratchet

import (
	"context"
	"slices"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/revision"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/scenario"
)

// Measure is a test's runner: the results of the named scenarios (nil:
// every one).
type Measure func(ctx context.Context, names []string) ([]scenario.Result, error)

// Run drives one ratchet run through its steps as a command does: Open,
// measure, Judge, measure again what straddles, Rejudge, Finish with what
// was judged, Close.
func Run(ctx context.Context, opts Options, measure Measure) (outcome.Outcome, error) {
	r, err := Open(opts)
	if err != nil {
		return outcome.Outcome{}, err
	}
	defer r.Close()
	o, results, err := judged(ctx, r.Stored(), r.Scope(), r.Rule(), measure)
	if err != nil {
		return outcome.Outcome{}, err
	}
	return r.Finish(o, results)
}

// ReadOnly judges as perfbench scenarios does, opening nothing for
// writing: Load, measure, Judge, measure again what straddles, Rejudge.
// It reads opts as Open would.
func ReadOnly(ctx context.Context, opts Options, measure Measure) (outcome.Outcome, error) {
	opts = opts.withDefaults()
	rule := Rule{Scenarios: opts.Scenarios, Known: opts.Known, AdvisoryTimes: opts.AdvisoryTimes, Program: opts.Program}
	stored, err := Load(opts.Baselines, rule.known())
	if err != nil {
		return outcome.Outcome{}, err
	}
	o, _, err := judged(ctx, stored, Scope{Machine: opts.Machine, Toolchain: opts.Toolchain}, rule, measure)
	return o, err
}

// judged is the harness's judged run: it returns the outcome and the
// results it stands on, each scenario's latest.
func judged(ctx context.Context, stored Stored, scope Scope, rule Rule, measure Measure) (outcome.Outcome, []scenario.Result, error) {
	results, err := measure(ctx, nil)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	o, err := Judge(results, stored, scope, rule)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	names := append(Straddling(o, rule), Recounting(o, rule)...)
	if len(names) == 0 {
		return o, results, nil
	}
	again, err := measure(ctx, names)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	o = Rejudge(o, again, stored, scope, rule)
	results = slices.Clone(results)
	for _, res := range again {
		if i := slices.IndexFunc(results, func(r scenario.Result) bool { return r.Name == res.Name }); i >= 0 && slices.Contains(names, res.Name) {
			results[i] = res
		}
	}
	return o, results, nil
}

// RunRevision drives one revision ratchet run as the reference command
// does, with compare for its paired run.
func RunRevision(ctx context.Context, opts RevisionOptions, compare func(context.Context, baselines.Reference) (outcome.Outcome, error)) (revision.Decision, error) {
	v, err := OpenRevision(opts)
	if err != nil {
		return revision.Decision{}, err
	}
	defer v.Close()
	o := v.Before()
	if ref, run := o.Against(); run {
		c, err := compare(ctx, ref)
		if err != nil {
			return o, err
		}
		o = revision.Judge(o, c, v.Rule())
	}
	return v.Record(o)
}
