// Package harness is the front end every program with scenarios shares:
// perfbench's own command and a user's program answer the same commands,
// with the same flags, the same output and the same exit codes, over the
// scenarios they registered (package scenario), each run in fresh
// processes of the program itself (package runner), judged against the
// program's baselines and docs page (package ratchet) and printed through
// one report (package report):
//
//	PROGRAM scenarios [NAME...]   run, judge, print; write nothing
//	                              --format table|markdown|benchfmt|json, --json, --count N,
//	                              --repeats N, --advisory-times, --baselines FILE,
//	                              --base REF | --base-binary PATH (paired, pull-request mode)
//	PROGRAM scenario NAME         one scenario's numbers, no verdict
//	PROGRAM perf                  the ratchet: judge, move this machine's baselines, rewrite the docs
//	                              --check (CI: write nothing, fail on stale docs), --advisory-times,
//	                              --rebaseline NAME --why TEXT, --format table|markdown|json
//	PROGRAM reference [NAME...]   the revision ratchet: head against the reference revision, paired,
//	                              built in the same run; move the reference when head is faster
//	                              --check, --rebaseline --why TEXT, --layouts N, --pairs N
//	PROGRAM scenario-child NAME   the runner's child: measure one scenario in this process
//
// A program registers its scenarios from an init function (so the child,
// the same binary, has them) and its main is one line:
//
//	func main() { os.Exit(harness.Main(os.Args[1:], os.Stdout, os.Stderr, harness.Options{})) }
//
// Exit status: 0 pass (or unbaselined), 1 a band failed, a scenario broke
// or (perf --check) the docs are out of date, 2 bad input: an unknown
// name, a bad flag, a malformed file, a file that cannot be read or
// written, one line on stderr naming the program; 130 when SIGINT or
// SIGTERM stopped the run, its children stopped and its temporary files
// removed (see [Interruptible]).
package harness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/runner"
	"github.com/perfbench/perfbench/scenario"
)

// Options configure the front end of one program. The zero Options serve
// every registered scenario, with ratchet's default files under the
// module root, and name the program after its binary.
type Options struct {
	// Program names the program in messages and reports ("perfbench");
	// "" is the binary's base name.
	Program string
	// Scenarios returns the scenarios run when none are named on the
	// command line; nil means every registered one.
	Scenarios func() []string
	// Baselines and Docs are the program's baselines file and the docs
	// page whose generated section perf rewrites, relative to the module
	// root; "" means ratchet.DefaultBaselines and ratchet.DefaultDocs.
	Baselines, Docs string
	// Renderers, when set, gives the scenario commands a --renderer flag:
	// for a program whose subject can draw with more than one renderer.
	Renderers *Renderers
	// Build returns the build information perf checks before it records;
	// nil reads this binary's. Tests swap it, since a test binary is not
	// the optimised build the ratchet insists on.
	Build func() *debug.BuildInfo
	// Progress makes the bar the scenario commands draw on a terminal;
	// nil is Lines, the runner's own lines.
	Progress NewBar
	// BasePackage is the main package --base REF builds, relative to the
	// module root ("./cmd/perfbench"); "" is this binary's own main
	// package, read from its build information.
	BasePackage string
}

// Renderers are the renderers a program's scenarios can draw with.
type Renderers struct {
	// Plain is the renderer whose times are baselined under the bare
	// machine key and whose docs page is Options.Docs ("null"); every
	// other renderer's baselines, docs page (docs/performance-NAME.md) and
	// charts are its own.
	Plain string
	// Default returns the flag's default (perfbench: gpu when
	// PERFBENCH_GPU=1); nil is Plain.
	Default func() string
	// Help ends the flag's usage line ("(null, cpu or gpu)").
	Help string
	// Open proves the named renderer starts on this machine and returns
	// what the machine key says of it ("" for Plain): its name and
	// graphics device, so that its baselines never mix with another's. An
	// unknown name is a UsageError.
	Open func(name string) (key string, err error)
	// Check says whether this build has the named renderer, making none
	// (the child's check: its parent proved it starts).
	Check func(name string) error
}

// UsageError is bad input: an unknown name, a malformed file, a bad flag.
// It prints as one line and exits 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

func usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// ErrFailed reports that a band failed, a scenario broke or the docs are
// stale; what failed has already been printed.
var ErrFailed = errors.New("a band failed or a scenario broke")

// Exit codes.
const (
	ExitPass   = 0
	ExitFailed = 1
	ExitUsage  = 2
)

// Main is the main of a program with scenarios: it runs the command line
// args with the program's commands and returns the exit status.
func Main(args []string, stdout, stderr io.Writer, opts Options) int {
	program := opts.program()
	root := &cobra.Command{
		Use:           program,
		Short:         "Measure " + program + "'s scenarios and gate their performance",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().BoolP("quiet", "q", false, "print no progress on stderr: no bar on a terminal, no line per scenario in a log")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return UsageError{err} })
	root.AddCommand(Commands(opts)...)
	root.SetArgs(args)
	return ExitCode(Execute(root), program, stderr)
}

// ExitCode prints err (unless it is ErrFailed, already reported) as one
// line naming the program and returns the exit status it means.
func ExitCode(err error, program string, stderr io.Writer) int {
	switch {
	case err == nil:
		return ExitPass
	case errors.Is(err, ErrFailed):
		return ExitFailed
	}
	fmt.Fprintf(stderr, "%s: %v\n", program, err)
	if in := (*Interrupted)(nil); errors.As(err, &in) {
		return ExitInterrupted
	}
	var ue UsageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		return ExitUsage
	}
	return ExitFailed
}

// isCobraUsage recognises cobra's own argument errors (unknown command,
// wrong number of arguments), which are usage errors too.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "unknown flag", "unknown shorthand", "invalid argument", "flag needs an argument"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// Commands returns the program's scenario commands, for a program that
// builds its own cobra root (perfbench's): scenarios, scenario, perf,
// reference and the runner's hidden child command. They read --quiet from the root's
// persistent flags where it has one.
func Commands(opts Options) []*cobra.Command {
	h := &front{opts: opts, program: opts.program()}
	return []*cobra.Command{checkingEnv(h.scenariosCmd()), checkingEnv(h.scenarioCmd()),
		checkingEnv(h.perfCmd()), checkingEnv(h.referenceCmd()), h.childCmd()}
}

// front is one program's front end.
type front struct {
	opts    Options
	program string
}

func (o Options) program() string {
	if o.Program != "" {
		return o.Program
	}
	return strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe")
}

// names returns the scenarios run when none is named.
func (h *front) names() []string {
	if h.opts.Scenarios != nil {
		return h.opts.Scenarios()
	}
	return scenario.Names()
}

// args checks scenario names given on the command line; none means the
// program's scenarios.
func (h *front) args(args []string) ([]string, error) {
	if len(args) == 0 {
		return h.names(), nil
	}
	for _, name := range args {
		if _, err := scenario.Lookup(name); err != nil {
			return nil, UsageError{err}
		}
	}
	return args, nil
}

// known is every scenario of the binary and those named: a baseline of a
// scenario the binary has is no error, even when this run names others.
func (h *front) known(names []string) []string {
	known := append(scenario.Names(), h.names()...)
	return append(known, names...)
}

// quiet reports whether the command was given --quiet.
func quiet(cmd *cobra.Command) bool {
	q, err := cmd.Flags().GetBool("quiet")
	return err == nil && q
}

// Measure is the ratchet's measure function over a runner: the one
// adapter between the two. When the ratchet asks for every scenario
// (names nil), it runs all, the scenarios the command was given.
func Measure(r *runner.Runner, all []string) ratchet.Measure {
	return (&measure{r: r, all: all}).run
}

// measure adapts a runner to the ratchet, and keeps what the ratchet does
// not: each scenario's steps, the benchmark format's iteration count.
type measure struct {
	r     *runner.Runner
	all   []string
	steps map[string]int
}

func (m *measure) run(ctx context.Context, names []string) ([]ratchet.Scenario, error) {
	if names == nil {
		names = m.all
	}
	results, err := m.r.Run(ctx, names)
	if err != nil {
		return nil, err
	}
	if m.steps == nil {
		m.steps = map[string]int{}
	}
	out := make([]ratchet.Scenario, len(results))
	for i, res := range results {
		m.steps[res.Name] = res.Steps
		out[i] = Ratchet(res)
	}
	return out, nil
}

// Ratchet returns a scenario's result as the ratchet reads it.
func Ratchet(r scenario.Result) ratchet.Scenario {
	return ratchet.Scenario{Name: r.Name, Numbers: r.Numbers, Broken: r.Broken}
}

// ratchetErr maps the ratchet's input errors to usage errors (exit 2),
// their advice naming this program's commands.
func (h *front) ratchetErr(err error) error {
	if ie, ok := err.(*ratchet.InputError); ok {
		return UsageError{ie.For(h.program)}
	}
	var ie *ratchet.InputError
	if errors.As(err, &ie) {
		return UsageError{err}
	}
	return err
}

// moduleRoot returns the nearest directory at or above the working
// directory that holds a go.mod, or "" where there is none.
func moduleRoot() string {
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
func filePath(flag, def, name string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	if filepath.IsAbs(def) {
		return def, nil
	}
	root := moduleRoot()
	if root == "" {
		return "", usagef("no go.mod in the working directory or above it, so %s has no default; run from the module or pass --%s", def, name)
	}
	p := filepath.Join(root, filepath.FromSlash(def))
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			return rel, nil
		}
	}
	return p, nil
}
