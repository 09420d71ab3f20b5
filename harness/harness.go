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
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/commands"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/instrument/latency"
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

// Main is the main of a program with scenarios: it runs the command line
// args with the program's commands and returns the exit status.
func Main(args []string, stdout, stderr io.Writer, opts Options) int {
	root := Root(stdout, stderr, opts)
	root.SetArgs(args)
	err := cli.Execute(root)
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
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cli.UsageError{Err: err} })
	if opts.Before != nil {
		root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error { return opts.Before(cmd) }
	}
	f := &frontend.Front{Opts: opts.frontend(), Program: program}
	cmds := commands.New(f)
	root.AddCommand(cmds...)
	if opts.Commands != nil {
		root.AddCommand(opts.Commands()...)
	}
	cli.RefuseUnknownShells(root)
	commands.Complete(f, cmds)
	if opts.Root != nil {
		opts.Root(root)
	}
	cli.StyleHelp(root)
	return root
}

// ExitCode prints err (unless it is ErrFailed, already reported) as one
// line naming the program and returns the exit status it means.
func ExitCode(err error, program string, stderr io.Writer) int {
	return cli.ExitCode(err, program, stderr)
}

// frontend is what the scenario commands read of o.
func (o Options) frontend() frontend.Options {
	f := frontend.Options{Scenarios: o.Scenarios, Baselines: o.Baselines, Docs: o.Docs, Build: o.Build,
		TryBuild: o.TryBuild, BasePackage: o.BasePackage, ModFile: o.ModFile, CountTogether: o.CountTogether}
	if r := o.Renderers; r != nil {
		f.Renderers = &frontend.Renderers{Plain: r.Plain, Default: r.Default, Help: r.Help, Open: r.Open, Check: r.Check, Names: r.Names}
	}
	return f
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
