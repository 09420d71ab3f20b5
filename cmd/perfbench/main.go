// Command perfbench runs the perfbench engine's phases, scenarios, reference
// workloads and standing gates, and keeps the performance ratchet.
//
// Exit status: 0 when everything passed, 1 when a gate failed (Fail or
// Broken), 2 for a usage or input error, 130 when SIGINT or SIGTERM
// stopped it (its children stopped and its temporary files removed).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/latency"
	_ "github.com/perfbench/perfbench/suite" // perfbench's own scenarios
)

func main() { os.Exit(run(os.Stdout, os.Stderr, os.Args[1:])) }

// Exit codes, the ones every program on package harness exits with.
const (
	exitPass   = harness.ExitPass
	exitFailed = harness.ExitFailed
	exitUsage  = harness.ExitUsage
)

// usageError is bad input: an unknown name, a malformed file, a bad flag.
// It prints as one line and exits 2, as harness.UsageError does.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errGateFailed reports that a gate judged Fail or Broken; what failed has
// already been printed.
var errGateFailed = harness.ErrFailed

// streams are the command's outputs, so tests can run it in-process.
type streams struct {
	out, err io.Writer
	// quiet turns off the progress bars (--quiet).
	quiet bool
}

// subcommands holds the constructors of the subcommands; each file adds its
// own in init, so commands live beside their flags and printing.
var subcommands []func(*streams) *cobra.Command

func newRoot(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "perfbench",
		Short: "Measure a retained-mode UI engine and gate its performance",
		Long: `perfbench drives a headless retained-mode UI engine through scripted
interactions and reports two kinds of number: counts of work (identical on
every machine, gated with no tolerance by a ceiling for work done, a
floor for work avoided, or an exact value) and frame times
(gated by a band around a recorded baseline or a same-run ratio).

Exit status: 0 pass, 1 a gate failed (Fail or Broken), 2 usage or input error,
130 interrupted (SIGINT or SIGTERM; children stopped, temporary files removed).`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.PersistentFlags().BoolVarP(&s.quiet, "quiet", "q", false, "print no progress on stderr: no bar on a terminal, no line per scenario in a log")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.PersistentPreRunE = func(*cobra.Command, []string) error { return checkGPUEnv() }
	for _, c := range subcommands {
		root.AddCommand(c(s))
	}
	root.AddCommand(harness.Commands(frontEnd())...)
	addCompletions(root)
	styleHelp(root)
	return root
}

// run executes the command line and returns the exit status.
func run(stdout, stderr io.Writer, args []string) int {
	s := &streams{out: stdout, err: stderr}
	root := newRoot(s)
	root.SetArgs(args)
	err := harness.Execute(root)
	// The latency trace (PERFBENCH_LATENCY) is buffered: flush it before
	// the process exits, or the file would hold nothing.
	// A trace that could not be written is reported once and does not
	// change the exit status: the verdict stands on its own.
	if cerr := latency.Close(); cerr != nil {
		fmt.Fprintf(stderr, "perfbench: latency trace: %v (the trace is incomplete; the exit status is the command's)\n", cerr)
	}
	if ue := (usageError{}); errors.As(err, &ue) {
		err = harness.UsageError{Err: err}
	}
	return harness.ExitCode(err, "perfbench", stderr)
}
