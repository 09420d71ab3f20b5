// Package harness is the front end every program shares: perfbench's own
// command and a user's program answer the same commands over their
// registered scenarios, with package runner's processes, package
// ratchet's baselines and docs, and one report.
package harness

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/runner"
	"github.com/perfbench/perfbench/scenario"
)

// MainOptions configure [Main].
type MainOptions struct {
	// Scenarios are the scenarios run when none are named on the command
	// line; nil means every registered one.
	Scenarios []string
	// Baselines and Docs are the ratchet's files (ratchet.Options): the
	// program's own baselines file and the docs page whose generated
	// section `perf` rewrites. Empty means ratchet's defaults.
	Baselines, Docs string
}

// Main is the main of a program that measures its own scenarios, with
// perfbench's runner, bands, ratchet and docs writer. It answers:
//
//	PROGRAM scenarios [-json] [NAME...]   run, judge, print; write nothing (perfbench scenarios)
//	PROGRAM perf [-rebaseline NAME -why TEXT] [NAME...]
//	                                      the same, then the ratchet: record or lower this
//	                                      machine's baselines and rewrite the docs page (perfbench perf)
//	PROGRAM scenario-child NAME           the runner's child: measure one scenario, print its Result
//
// Each scenario runs in a fresh process of the program itself, so the
// program must register its scenarios from an init function. Main returns
// the exit status: 0 every band passed (or is unbaselined), 1 a band failed
// or a scenario broke, 2 a usage or input error (one line on stderr).
func Main(args []string, stdout, stderr io.Writer, opts MainOptions) int {
	err := mainErr(args, stdout, stderr, opts)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errFailed):
		return 1
	case errors.As(err, &ue), errors.Is(err, flag.ErrHelp):
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, err)
		}
		return 2
	}
	fmt.Fprintln(stderr, err)
	return 1
}

// usageError is bad input to Main; errFailed a judged failure already
// printed.
type usageError struct{ error }

var errFailed = errors.New("a band failed or a scenario broke")

const mainUsage = "usage: scenarios [-json] [NAME...] | perf [-rebaseline NAME -why TEXT] [NAME...] | " + runner.ChildCommand + " NAME"

func mainErr(args []string, stdout, stderr io.Writer, opts MainOptions) error {
	if len(args) == 0 {
		return usageError{errors.New(mainUsage)}
	}
	cmd, args := args[0], args[1:]
	if cmd == runner.ChildCommand {
		if len(args) != 1 {
			return usageError{fmt.Errorf("%s takes one scenario name", runner.ChildCommand)}
		}
		if err := runner.ServeChild(stdout, args[0], scenario.Options{}); err != nil {
			return usageError{err}
		}
		return nil
	}
	if cmd != "scenarios" && cmd != "perf" {
		return usageError{fmt.Errorf("unknown command %q (%s)", cmd, mainUsage)}
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print every judged number as JSON")
	var rebaseline names
	why := ""
	if cmd == "perf" {
		fs.Var(&rebaseline, "rebaseline", "a scenario whose time baselines are set to this run's medians even if higher (repeatable)")
		fs.StringVar(&why, "why", "", "why the rebaselined scenarios moved (required with -rebaseline)")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err}
	}
	run := fs.Args()
	if len(run) == 0 {
		run = opts.Scenarios
	}
	for _, name := range run {
		if _, err := scenario.Lookup(name); err != nil {
			return usageError{err}
		}
	}
	ro := ratchet.Options{
		Baselines: opts.Baselines, Docs: opts.Docs, Scenarios: run,
		ReadOnly: cmd == "scenarios", Rebaseline: rebaseline, Why: why,
	}
	r := &runner.Runner{Progress: stderr}
	o, err := ratchet.Run(context.Background(), ro, Measure(r, run))
	if err != nil {
		var ie *ratchet.InputError
		if errors.As(err, &ie) {
			return usageError{err}
		}
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(o)
	} else {
		err = o.WriteReport(stdout)
	}
	if err != nil {
		return err
	}
	if o.Failed() {
		return errFailed
	}
	return nil
}

// names is a repeatable flag.
type names []string

func (n *names) String() string     { return strings.Join(*n, ",") }
func (n *names) Set(v string) error { *n = append(*n, v); return nil }

// Measure is the ratchet's measure function over a runner: the one
// adapter between the two. When the ratchet asks for every scenario
// (names nil), it runs all, the scenarios the command was given.
func Measure(r *runner.Runner, all []string) ratchet.Measure {
	return func(ctx context.Context, names []string) ([]ratchet.Scenario, error) {
		if names == nil {
			names = all
		}
		results, err := r.Run(ctx, names)
		if err != nil {
			return nil, err
		}
		out := make([]ratchet.Scenario, len(results))
		for i, res := range results {
			out[i] = Ratchet(res)
		}
		return out, nil
	}
}

// Ratchet returns a scenario's result as the ratchet reads it.
func Ratchet(r scenario.Result) ratchet.Scenario {
	return ratchet.Scenario{Name: r.Name, Numbers: r.Numbers, Broken: r.Broken}
}
