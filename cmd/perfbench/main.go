// Command perfbench runs the perfbench engine's phases, scenarios, reference
// workloads and standing gates, and keeps the performance ratchet.
//
// Exit status: 0 when everything passed, 1 when a gate failed (Fail or
// Broken), 2 for a usage or input error, 130 when SIGINT, SIGTERM or
// SIGHUP stopped it (its children stopped and its temporary files
// removed).
package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	_ "github.com/perfbench/perfbench/internal/check/suite" // perfbench's own scenarios
)

func main() { os.Exit(run(os.Stdout, os.Stderr, os.Args[1:])) }

// streams are the command's outputs, so tests can run it in-process.
type streams struct {
	out, err io.Writer
	// quiet turns off the progress bars (--quiet).
	quiet bool
}

// subcommands holds the constructors of perfbench's own commands, beside
// the scenario commands every program on package harness has; each file
// adds its own in init, so commands live beside their flags and printing.
var subcommands []func(*streams) *cobra.Command

// program is perfbench as a program on package harness: its scenarios
// (package suite), its renderers, and its own commands.
func program(s *streams) harness.Options {
	opts := frontEnd()
	opts.Short = "Measure a retained-mode UI engine and gate its performance"
	opts.About = `perfbench drives a headless retained-mode UI engine through scripted
scenarios and gates three kinds of number: counts of work (exact),
instructions (under Valgrind) and frame times (against this machine's
baselines, or paired against another build).

Exit status: 0 pass, 1 a gate failed (Fail or Broken), 2 usage or input
error, 130 interrupted (SIGINT, SIGTERM or SIGHUP). Details: README.md and docs/.`
	opts.Commands = func() []*cobra.Command {
		cmds := make([]*cobra.Command, len(subcommands))
		for i, c := range subcommands {
			cmds[i] = c(s)
		}
		return cmds
	}
	opts.Before = func(cmd *cobra.Command) error {
		s.quiet = harness.Quiet(cmd)
		return checkGPUEnv()
	}
	opts.Root = addCompletions
	return opts
}

// newRoot returns perfbench's root command, writing to s.
func newRoot(s *streams) *cobra.Command { return harness.Root(s.out, s.err, program(s)) }

// run executes the command line and returns the exit status.
func run(stdout, stderr io.Writer, args []string) int {
	return harness.Main(args, stdout, stderr, program(&streams{out: stdout, err: stderr}))
}
