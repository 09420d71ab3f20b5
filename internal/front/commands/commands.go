// Package commands holds the scenario commands every program with
// scenarios answers — scenarios, scenario, perf and the runner's child —
// beside reference and bisect from package revisions; harness.Root puts
// them under the program's root command.
package commands

import (
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/front/revisions"
	"github.com/spf13/cobra"
)

// commands returns the program's scenario commands: scenarios, scenario,
// perf, reference and the runner's hidden child command. They read
// --quiet from the root's persistent flags.
func (h *front) commands() []*cobra.Command {
	return []*cobra.Command{checkingEnv(h.scenariosCmd()), checkingEnv(h.scenarioCmd()),
		checkingEnv(h.perfCmd()), checkingEnv(h.ReferenceCmd()), checkingEnv(h.BisectCmd()), h.childCmd()}
}

// New returns the program's scenario commands for f.
func New(f *frontend.Front) []*cobra.Command {
	return (&front{&revisions.Front{Front: f}}).commands()
}

// Complete teaches the shell completion the values of the scenario
// commands' arguments and flags (New's commands, once on the root).
func Complete(f *frontend.Front, cmds []*cobra.Command) {
	(&front{&revisions.Front{Front: f}}).complete(cmds)
}
