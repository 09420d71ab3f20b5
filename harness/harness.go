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
// written, one line on stderr naming the program; 130 when SIGINT,
// SIGTERM or SIGHUP stopped the run, its children stopped and its
// temporary files removed (see [Interruptible]).
package harness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/ratchet"
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
	// root; "" means baselines.DefaultFile and perfdocs.DefaultFile.
	Baselines, Docs string
	// Renderers, when set, gives the scenario commands a --renderer flag:
	// for a program whose subject can draw with more than one renderer.
	Renderers *Renderers
	// Build returns the build information perf checks before it records;
	// nil reads this binary's. Tests swap it, since a test binary is not
	// the optimised build the ratchet insists on.
	Build func() *debug.BuildInfo
	// TryBuild builds commit, the first reference revision perf is about
	// to record, to see that it builds, and returns why where it does
	// not; nil builds it here as reference would, once. Tests that hand
	// in a Build naming a commit of no repository swap it too.
	TryBuild func(ctx context.Context, commit string) error
	// BasePackage is the main package --base REF builds, relative to the
	// module root ("./cmd/perfbench"); "" is this binary's own main
	// package, read from its build information.
	BasePackage string
	// ModFile is the module file this binary is built with, relative to
	// the module root (go build -modfile=go.perf.mod: a perf build that
	// keeps perfbench out of the program's own go.mod, docs/programs.md);
	// the builds of --base REF, reference and perf's first reference use
	// the revision's copy of it. "" is go.mod. The go command records no
	// -modfile in a binary, so only the program can say.
	ModFile string
	// CountTogether lets a run count several of the program's scenarios
	// in turn in one process under Valgrind (runner.Runner.Together),
	// which pays Valgrind's start and the program's once for them: for a
	// program that has shown each scenario counts there what it counts
	// in a process of its own (no cache, pool or map of its packages
	// carries from one scenario to the next's steps). False counts each
	// in a process of its own.
	CountTogether bool

	// Short is the root command's one-line summary and About its help's
	// prose; "" for Short says that the program measures its scenarios.
	Short, About string
	// Commands returns the program's own commands, beside the scenario
	// commands under the same root and help layout (perfbench's phases,
	// workloads and gates); nil means none.
	Commands func() []*cobra.Command
	// Before, when set, runs before every command (cobra's
	// PersistentPreRunE): a check of the environment every command
	// relies on.
	Before func(cmd *cobra.Command) error
	// Root, when set, is called with the root command once every command
	// is on it: to add the completions of the program's own commands
	// (CompleteFlag, CompleteNoFiles), say; the scenario commands'
	// are there already.
	Root func(root *cobra.Command)
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
	// Open returns what the machine key says of the named renderer here
	// ("" for Plain): its name and graphics device, so that its baselines
	// never mix with another's, asking the device (proving it starts)
	// without making a renderer (perfbench: renderer.Describe). An
	// unknown name is a UsageError.
	Open func(name string) (key string, err error)
	// Check says whether this build has the named renderer, making none
	// (the child's check: its parent proved it starts).
	Check func(name string) error
	// Names returns the renderers this build has, which --renderer
	// completes in the shell; nil completes Plain alone.
	Names func() []string
}

// UsageError is bad input: an unknown name, a malformed file, a bad flag.
// It prints as one line and exits 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with a message formatted as fmt.Errorf
// does, for a program's own commands.
func Usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

func usagef(format string, args ...any) error { return Usagef(format, args...) }

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
	root := Root(stdout, stderr, opts)
	root.SetArgs(args)
	err := Execute(root)
	// The latency trace (PERFBENCH_LATENCY) is buffered: flush it before
	// the process exits, or the file would hold nothing. A trace that
	// could not be written is reported once and does not change the exit
	// status: the verdict stands on its own.
	if cerr := latency.Close(); cerr != nil {
		fmt.Fprintf(stderr, "%s: latency trace: %v (the trace is incomplete; the exit status is the command's)\n", opts.program(), cerr)
	}
	return ExitCode(err, opts.program(), stderr)
}

// Root returns the program's root command, writing to stdout and stderr:
// the scenario commands and the program's own (Options.Commands) under
// one help layout (what a command does, its usage, examples and flags
// first, the reasoning after), with --version, --quiet and shell
// completion, which knows the scenario commands' values (the program's
// scenario names, formats, renderers, revisions). Main executes it;
// tests walk it.
func Root(stdout, stderr io.Writer, opts Options) *cobra.Command {
	program := opts.program()
	short := opts.Short
	if short == "" {
		short = "Measure " + program + "'s scenarios and gate their performance"
	}
	root := &cobra.Command{
		Use:           program,
		Short:         short,
		Long:          opts.About,
		Example:       rootExamples(program),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().BoolP("quiet", "q", false, "print no progress on stderr: no bar on a terminal, no line per scenario in a log")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return UsageError{err} })
	if opts.Before != nil {
		root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error { return opts.Before(cmd) }
	}
	h := &front{opts: opts, program: program}
	cmds := h.commands()
	root.AddCommand(cmds...)
	if opts.Commands != nil {
		root.AddCommand(opts.Commands()...)
	}
	refuseUnknownShells(root)
	h.complete(cmds)
	if opts.Root != nil {
		opts.Root(root)
	}
	styleHelp(root)
	return root
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

// commands returns the program's scenario commands: scenarios, scenario,
// perf, reference and the runner's hidden child command. They read
// --quiet from the root's persistent flags.
func (h *front) commands() []*cobra.Command {
	return []*cobra.Command{checkingEnv(h.scenariosCmd()), checkingEnv(h.scenarioCmd()),
		checkingEnv(h.perfCmd()), checkingEnv(h.referenceCmd()), checkingEnv(h.bisectCmd()), h.childCmd()}
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
	bi, _ := debug.ReadBuildInfo()
	return programName(bi, os.Args[0])
}

// programName names a program after its main package, the last element of
// its import path, as go build names the binary: a binary built with -o
// kitchen-perf.bin, or renamed, is still kitchen-perf. A binary without
// that information (a test) is named after its file.
func programName(bi *debug.BuildInfo, arg0 string) string {
	if bi != nil && bi.Path != "" && bi.Path != "command-line-arguments" && !strings.HasSuffix(bi.Path, ".test") {
		return path.Base(bi.Path)
	}
	return strings.TrimSuffix(strings.TrimSuffix(filepath.Base(arg0), ".exe"), ".test")
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

// Quiet reports whether the command was given --quiet, the root's flag
// that turns progress off: for a program's own commands that draw
// progress.
func Quiet(cmd *cobra.Command) bool {
	q, err := cmd.Flags().GetBool("quiet")
	return err == nil && q
}

// judging is what a judged run judges against and by: the stored
// baselines, the scope they are keyed by and the rule (ratchet.Judge).
type judging struct {
	stored ratchet.Stored
	scope  ratchet.Scope
	rule   ratchet.Rule
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
func judged(ctx context.Context, j judging, r *runner.Runner, count *counting, names []string) (outcome.Outcome, []scenario.Result, error) {
	times, err := r.Run(ctx, names)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	results, err := count.add(ctx, times)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	o, err := ratchet.Judge(results, j.stored, j.scope, j.rule)
	if err != nil {
		return outcome.Outcome{}, nil, err
	}
	again := ratchet.Straddling(o, j.rule)
	recount := ratchet.Recounting(o, j.rule)
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
	if err := count.recount(ctx, recount); err != nil {
		return outcome.Outcome{}, nil, err
	}
	var redo []scenario.Result
	for _, name := range names {
		if slices.Contains(again, name) || slices.Contains(recount, name) {
			redo = append(redo, latest[name])
		}
	}
	if redo, err = count.add(ctx, redo); err != nil {
		return outcome.Outcome{}, nil, err
	}
	results = slices.Clone(results)
	for _, res := range redo {
		if i := slices.IndexFunc(results, func(r scenario.Result) bool { return r.Name == res.Name }); i >= 0 {
			results[i] = res
		}
	}
	return ratchet.Rejudge(o, redo, j.stored, j.scope, j.rule), results, nil
}

// ratchetErr maps the ratchet's input errors to usage errors (exit 2),
// their advice naming this program's commands.
func (h *front) ratchetErr(err error) error {
	if ie, ok := err.(*writegroup.InputError); ok {
		return UsageError{ie.For(h.program)}
	}
	var ie *writegroup.InputError
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

// rootExamples are the root command's examples, aligned, within 80
// columns for a program name of up to 12 characters.
func rootExamples(program string) string {
	var b strings.Builder
	for i, e := range [][2]string{
		{"scenarios", "judge each scenario against its bands"},
		{"scenario NAME", "one scenario's numbers, in detail"},
		{"scenarios --base main", "head against main, paired"},
		{"perf --check", "what CI runs: judge, and check the docs"},
	} {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  %s %-21s # %s", program, e[0], e[1])
	}
	return b.String()
}
