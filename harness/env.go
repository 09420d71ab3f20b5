package harness

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/affinity"
	"github.com/perfbench/perfbench/scenario"
)

// checkEnv refuses a PERFBENCH_* value that every child would fail on,
// once, before any child starts: a PERFBENCH_CPU naming no CPU this
// process may run on (each child would exit 2 with a reason the Broken
// line cuts off), and a malformed PERFBENCH_PLANT in a plant build or
// PERFBENCH_BASE_PLANT in any (each child would panic).
func checkEnv() error {
	for _, err := range []error{
		affinity.CheckEnv(),
		scenario.CheckPlantEnv(),
		scenario.CheckPlant(BasePlantEnv, os.Getenv(BasePlantEnv)),
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
