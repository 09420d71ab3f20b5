package harness

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

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
		scenario.CheckPlant(BasePlantEnv, os.Getenv(BasePlantEnv)),
		latency.CheckEnv(),
		checkInstructionsEnv(),
	} {
		if err != nil {
			return UsageError{err}
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
	switch v := os.Getenv(InstructionsEnv); v {
	case "", countAuto, countRequire, countOff:
		return nil
	default:
		return fmt.Errorf("%s=%q: want %s, %s or %s, or empty for %s", InstructionsEnv, v, countAuto, countRequire, countOff, countAuto)
	}
}
