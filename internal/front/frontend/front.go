// Package frontend is one program's front end as its scenario commands
// see it: its options, scenarios and files, the judged run (Judged:
// measure, judge, measure again what straddles, judge again), its
// progress and log, and its output formats.
package frontend

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/perfbench/perfbench/internal/front/counting"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// Front is one program's front end.
type Front struct {
	Opts    Options
	Program string
}

// names returns the scenarios run when none is named.
func (h *Front) Names() []string {
	if h.Opts.Scenarios != nil {
		return h.Opts.Scenarios()
	}
	return scenario.Names()
}

// args checks scenario names given on the command line; none means the
// program's scenarios.
func (h *Front) Args(args []string) ([]string, error) {
	if len(args) == 0 {
		return h.Names(), nil
	}
	for _, name := range args {
		if _, err := scenario.Lookup(name); err != nil {
			return nil, cli.UsageError{Err: err}
		}
	}
	return args, nil
}

// known is every scenario of the binary and those named: a baseline of a
// scenario the binary has is no error, even when this run names others.
func (h *Front) Known(names []string) []string {
	known := append(scenario.Names(), h.Names()...)
	return append(known, names...)
}

// judging is what a judged run judges against and by: the stored
// baselines, the scope they are keyed by and the rule (ratchet.Judge).
type Judging struct {
	Stored ratchet.Stored
	Scope  ratchet.Scope
	Rule   ratchet.Rule
}

// judged is one judged run, the same way through for scenarios and perf:
// the runner measures names (and, with count, their instructions under
// Valgrind, in processes of their own), ratchet.Judge judges the results,
// the runner measures once more the scenarios whose times straddle their
// limits, and counts once more those whose instructions are over theirs,
// and ratchet.Rejudge judges those again. It returns the outcome and the
// results it stands on, each scenario's latest, which perf records.
// Control goes down to the runner and back up; judging is a function of
// what was measured.
func Judged(ctx context.Context, j Judging, r *runner.Runner, count *counting.Counting, names []string) (outcome.Outcome, []scenario.Result, error) {
	times, err := r.Run(ctx, names)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	results, err := count.Add(ctx, times)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	o, err := ratchet.Judge(results, j.Stored, j.Scope, j.Rule)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	again := ratchet.Straddling(o, j.Rule)
	recount := ratchet.Recounting(o, j.Rule)
	if len(again) == 0 && len(recount) == 0 {
		return o, results, nil
	}
	latest := map[string]scenario.Result{}
	for _, res := range times {
		latest[res.Name] = res
	}
	if len(again) > 0 {
		remeasured, err := r.Run(ctx, again)
		if err != nil {
			return outcome.Outcome{}, nil, err
		}
		for _, res := range remeasured {
			latest[res.Name] = res
		}
	}
	if err := count.Recount(ctx, recount); err != nil {
		return outcome.Outcome{}, nil, err
	}
	var redo []scenario.Result
	for _, name := range names {
		if slices.Contains(again, name) || slices.Contains(recount, name) {
			redo = append(redo, latest[name])
		}
	}
	if redo, err = count.Add(ctx, redo); err != nil {
		return outcome.Outcome{}, nil, err
	}
	results = slices.Clone(results)
	for _, res := range redo {
		if i := slices.IndexFunc(results, func(r scenario.Result) bool { return r.Name == res.Name }); i >= 0 {
			results[i] = res
		}
	}
	return ratchet.Rejudge(o, redo, j.Stored, j.Scope, j.Rule), results, nil
}

// ratchetErr maps the ratchet's input errors to usage errors (exit 2),
// their advice naming this program's commands.
func (h *Front) RatchetErr(err error) error {
	if ie, ok := err.(*writegroup.InputError); ok {
		return cli.UsageError{Err: ie.For(h.Program)}
	}
	var ie *writegroup.InputError
	if errors.As(err, &ie) {
		return cli.UsageError{Err: err}
	}
	return err
}

// moduleRoot returns the nearest directory at or above the working
// directory that holds a go.mod, or "" where there is none.
func ModuleRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// filePath resolves a file flag: as given when set, otherwise def under
// the module root. It returns the path relative to the working directory
// where it can, so messages name it the way a reader would.
func FilePath(flag, def, name string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	if filepath.IsAbs(def) {
		return def, nil
	}
	root := ModuleRoot()
	if root == "" {
		return "", cli.Usagef("no go.mod in the working directory or above it, so %s has no default; run from the module or pass --%s", def, name)
	}
	p := filepath.Join(root, filepath.FromSlash(def))
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			return rel, nil
		}
	}
	return p, nil
}
