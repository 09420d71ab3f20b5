package harness

import (
	"context"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/revisions"
)

// What a program's own commands share with the scenario commands: the
// usage error and exit codes, the flag rules, completion and the
// signals. The scenario commands' machinery lives under internal/front;
// these are its public names.

// UsageError is bad input: an unknown name, a malformed file, a bad flag.
// It prints as one line and exits 2.
type UsageError = cli.UsageError

// Usagef returns a UsageError with a message formatted as fmt.Errorf
// does, for a program's own commands.
func Usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

// ErrFailed reports that a band failed, a scenario broke or the docs are
// stale; what failed has already been printed.
var ErrFailed = cli.ErrFailed

// Exit codes.
const (
	ExitPass   = cli.ExitPass
	ExitFailed = cli.ExitFailed
	ExitUsage  = cli.ExitUsage
	// ExitInterrupted is the exit status of a run stopped by SIGINT or
	// SIGTERM: 128 + SIGINT, what a shell reports for a command Ctrl-C
	// stopped.
	ExitInterrupted = cli.ExitInterrupted
)

// Quiet reports whether the command was given --quiet, the root's flag
// that turns progress off: for a program's own commands that draw
// progress.
func Quiet(cmd *cobra.Command) bool { return cli.Quiet(cmd) }

// InstructionsEnv, when set, is --instructions' default: a test suite
// that runs scenarios by the dozen sets it off, since each counted
// process runs tens of times slower under Valgrind.
const InstructionsEnv = counting.InstructionsEnv

// MaxKeptProfile bounds a profile kept beside the baselines: a scenario
// of perfbench's suite takes 5 to 40 KB. Above it the smallest stacks
// are merged into one sample, "(other)", until it fits, so that the
// profile's total stays the count's.
const MaxKeptProfile = counting.MaxKeptProfile

// BasePlantEnv names the plant a base process gets as its PERFBENCH_PLANT
// (build tag perfbench_plant), for a harness that plants a slowdown on
// each side: the noise harness's creep simulation runs one planted binary
// as head at 1.01^k and as the reference at 1.01^r. An ordinary build
// reads no plant, so setting it there changes nothing.
const BasePlantEnv = revisions.BasePlantEnv

// A FlagRule is one thing a command line must hold beyond what each
// flag's type checks: a value's range, two flags that exclude each other,
// a flag that needs another or a mode of the command. The constructors
// below make them; Declare gives a command its list.
type FlagRule = cli.FlagRule

// NoLimit is IntRange's hi for a flag with no largest value.
const NoLimit = cli.NoLimit

// Declare gives cmd its flag rules and returns cmd. Before the command
// runs, the rules are checked in their order and the first one broken
// refuses the command line: a UsageError of one line that names the fix
// (exit 2). Flags that exclude each other are declared to cobra too, so
// completion stops offering the others once one is given; cobra's own
// message for them ("if any flags in the group [base base-binary] are set
// none of the others can be") names no fix, so the rule's comes first.
// Call it after the flags are added; it panics when cmd has a PreRunE,
// which the rules take.
func Declare(cmd *cobra.Command, rules ...FlagRule) *cobra.Command {
	return cli.Declare(cmd, rules...)
}

// IntRange refuses an int --flag below lo ("--pairs must be at least 2
// (why), got 1"; why may be empty) or above hi ("--pairs 100000 is out of
// range: want 2 to 10000"); NoLimit as hi sets none.
func IntRange(flag string, lo, hi int, why string) FlagRule { return cli.IntRange(flag, lo, hi, why) }

// Positive refuses a float64 or duration --flag at or below 0 or above
// hi, saying what the flag is: "--timeout 0s is out of range: want how
// long one scenario's process may run, above 0 and at most 24h0m0s".
func Positive[T float64 | time.Duration](flag string, hi T, what string) FlagRule {
	return cli.Positive(flag, hi, what)
}

// Between refuses a float64 or duration --flag outside lo…hi, saying
// what the flag is: "--budget -1s is out of range: want how long …, 0 to
// 1h0m0s".
func Between[T float64 | time.Duration](flag string, lo, hi T, what string) FlagRule {
	return cli.Between(flag, lo, hi, what)
}

// Excludes refuses --a and --b given together with msg, which says why
// and what to drop; cobra is told the two exclude each other.
func Excludes(a, b, msg string) FlagRule { return cli.Excludes(a, b, msg) }

// OnlyIn refuses any of flags given while the command line is not in mode
// (in says whether it is): they do nothing there. Each is named with the
// mode it needs: "--pairs does nothing without a paired run (…); add it,
// or drop --pairs".
func OnlyIn(mode string, in func(fs *pflag.FlagSet) bool, flags ...string) FlagRule {
	return cli.OnlyIn(mode, in, flags...)
}

// NotIn refuses any of flags given while the command line is in a mode
// (in says whether it is) that has no use for them: "--FLAG " + why + ";
// drop --FLAG".
func NotIn(in func(fs *pflag.FlagSet) bool, why string, flags ...string) FlagRule {
	return cli.NotIn(in, why, flags...)
}

// Refuse refuses the command line when broken says so, with msg: a format
// whose verbs are filled with the values of the flags named after it, as
// given ("--base … not --format %s", "format").
func Refuse(broken func(fs *pflag.FlagSet) bool, msg string, flags ...string) FlagRule {
	return cli.Refuse(broken, msg, flags...)
}

// Interrupted is the cause of a context Interruptible cancelled: the
// signal that stopped the run.
type Interrupted = cli.Interrupted

// Interruptible returns a context that SIGINT, SIGTERM or SIGHUP cancels
// with an [*Interrupted] cause, so that a command stops its children (the
// runner kills them when the context ends) and removes its temporary
// directories (their removal is deferred) and returns, rather than leaving
// them behind as a process the signal killed would. SIGHUP too, since the
// runner's children, each in a process group of its own, do not hear the
// hangup of a closed terminal themselves. After the first signal the next
// is the operating system's again: a second Ctrl-C ends the process at
// once, and on Linux its children with it (the runner's parent-death
// signal), though not their temporary directories. stop releases the
// signals; call it when the command returns.
func Interruptible() (ctx context.Context, stop func()) { return cli.Interruptible() }

// Execute runs root under [Interruptible] and returns its error, an
// [*Interrupted] when a signal stopped it; ExitCode turns that into
// ExitInterrupted.
func Execute(root interface {
	ExecuteContext(context.Context) error
}) error {
	return cli.Execute(root)
}

// CompleteFlag gives c's flag name the completion f, if c has that flag,
// it takes a value and it has no completion yet (a scenario command's
// flag keeps harness's): for a program's own commands (Options.Root).
func CompleteFlag(c *cobra.Command, name string, f cobra.CompletionFunc) {
	cli.CompleteFlag(c, name, f)
}

// CompleteNoFiles makes every flag of c and its subcommands that takes a
// value complete nothing, rather than the file names cobra offers by
// default, unless it has a completion already or is marked as a file or
// a directory (cobra's MarkFlagFilename, MarkFlagDirname): a number, a
// duration or free text has no candidates.
func CompleteNoFiles(c *cobra.Command) { cli.CompleteNoFiles(c) }

// CompleteValues completes one of values, never a file name.
func CompleteValues(values ...string) cobra.CompletionFunc { return cli.CompleteValues(values...) }

// CompleteList completes the next item of a comma-separated list, in the
// order given (which the shell keeps), leaving out the items already in it.
func CompleteList(values []string) cobra.CompletionFunc { return cli.CompleteList(values) }

// CompleteEach completes any number of distinct names, as arguments.
func CompleteEach(names func() []string) cobra.CompletionFunc { return cli.CompleteEach(names) }

// CompleteFirst completes the first argument only, with one of names.
func CompleteFirst(names func() []string) cobra.CompletionFunc { return cli.CompleteFirst(names) }
