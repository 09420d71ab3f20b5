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

// InstructionsEnv, set to auto, require or off, is the default of every
// scenario command's --instructions flag.
const InstructionsEnv = counting.InstructionsEnv

// MaxKeptProfile bounds the profile a where-table keeps of each scenario.
const MaxKeptProfile = counting.MaxKeptProfile

// BasePlantEnv plants a slowdown in base's build of a paired run, for
// the tests that show a paired run can fail.
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
// (exit 2). Flags that exclude each other are declared to cobra too.
// Call it after the flags are added; it panics when cmd has a PreRunE,
// which the rules take.
func Declare(cmd *cobra.Command, rules ...FlagRule) *cobra.Command {
	return cli.Declare(cmd, rules...)
}

// IntRange refuses flag's value outside lo..hi, saying why.
func IntRange(flag string, lo, hi int, why string) FlagRule { return cli.IntRange(flag, lo, hi, why) }

// Positive refuses flag's value at or below zero, or above hi.
func Positive[T float64 | time.Duration](flag string, hi T, what string) FlagRule {
	return cli.Positive(flag, hi, what)
}

// Between refuses flag's value outside lo..hi.
func Between[T float64 | time.Duration](flag string, lo, hi T, what string) FlagRule {
	return cli.Between(flag, lo, hi, what)
}

// Excludes refuses a and b given together, with msg.
func Excludes(a, b, msg string) FlagRule { return cli.Excludes(a, b, msg) }

// OnlyIn refuses flags outside mode (in says whether the command line is
// in it).
func OnlyIn(mode string, in func(fs *pflag.FlagSet) bool, flags ...string) FlagRule {
	return cli.OnlyIn(mode, in, flags...)
}

// NotIn refuses flags where in holds, saying why.
func NotIn(in func(fs *pflag.FlagSet) bool, why string, flags ...string) FlagRule {
	return cli.NotIn(in, why, flags...)
}

// Refuse refuses the command line where broken holds, with msg.
func Refuse(broken func(fs *pflag.FlagSet) bool, msg string, flags ...string) FlagRule {
	return cli.Refuse(broken, msg, flags...)
}

// Interrupted is the cause of a context Interruptible cancelled: the
// signal that stopped the run.
type Interrupted = cli.Interrupted

// Interruptible returns a context that SIGINT, SIGTERM or SIGHUP cancels
// (its cause an *Interrupted), so that the command stops its children
// and removes its temporary files; stop releases the signals.
func Interruptible() (ctx context.Context, stop func()) { return cli.Interruptible() }

// Execute runs root under [Interruptible] and returns its error, an
// [*Interrupted] when a signal stopped it; ExitCode turns that into
// ExitInterrupted.
func Execute(root interface {
	ExecuteContext(context.Context) error
}) error {
	return cli.Execute(root)
}

// CompleteFlag completes flag name of c with f in the shell.
func CompleteFlag(c *cobra.Command, name string, f cobra.CompletionFunc) {
	cli.CompleteFlag(c, name, f)
}

// CompleteNoFiles makes c's arguments and value flags complete nothing
// rather than file names.
func CompleteNoFiles(c *cobra.Command) { cli.CompleteNoFiles(c) }

// CompleteValues completes one of values.
func CompleteValues(values ...string) cobra.CompletionFunc { return cli.CompleteValues(values...) }

// CompleteList completes a comma-separated list of values.
func CompleteList(values []string) cobra.CompletionFunc { return cli.CompleteList(values) }

// CompleteEach completes every argument with one of names.
func CompleteEach(names func() []string) cobra.CompletionFunc { return cli.CompleteEach(names) }

// CompleteFirst completes the first argument with one of names.
func CompleteFirst(names func() []string) cobra.CompletionFunc { return cli.CompleteFirst(names) }
