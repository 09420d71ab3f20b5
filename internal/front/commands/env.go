package commands

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/revisions"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/measure/affinity"
	"github.com/perfbench/perfbench/scenario"
)

// checkEnv refuses a PERFBENCH_* value that every child would fail on,
// once, before any child starts: a PERFBENCH_CPU naming no CPU this
// process may run on (each child would exit 2 with a reason the Broken
// line cuts off), a malformed PERFBENCH_PLANT in a plant build or
// PERFBENCH_BASE_PLANT in any (each child would panic), a
// PERFBENCH_LATENCY no trace can be written to (each child would drop its
// trace without a word), and a PERFBENCH_INSTRUCTIONS that is no mode
// (which --instructions would name as if it were the flag's value).
func checkEnv() error {
	for _, err := range []error{
		affinity.CheckEnv(),
		scenario.CheckPlantEnv(),
		scenario.CheckPlant(revisions.BasePlantEnv, os.Getenv(revisions.BasePlantEnv)),
		latency.CheckEnv(),
		checkInstructionsEnv(),
	} {
		if err != nil {
			return cli.UsageError{Err: err}
		}
	}
	return nil
}

// checkingEnv makes cmd run checkEnv before anything else it does.
func checkingEnv(cmd *cobra.Command) *cobra.Command {
	run := cmd.RunE
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if err := checkEnv(); err != nil {
			return err
		}
		return run(cmd, args)
	}
	return cmd
}

// checkInstructionsEnv refuses an InstructionsEnv that is not one of
// --instructions' modes.
func checkInstructionsEnv() error {
	switch v := os.Getenv(counting.InstructionsEnv); v {
	case "", counting.CountAuto, counting.CountRequire, counting.CountOff:
		return nil
	default:
		return fmt.Errorf("%s=%q: want %s, %s or %s, or empty for %s", counting.InstructionsEnv, v, counting.CountAuto, counting.CountRequire, counting.CountOff, counting.CountAuto)
	}
}
