package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/skips"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/scenario"
)

func init() { subcommands = append(subcommands, newSkipsCmd) }

func newSkipsCmd(s *streams) *cobra.Command {
	var (
		asJSON bool
		dir    string
	)
	cmd := &cobra.Command{
		Use:   "skips [--json] [--dir DIR]",
		Short: "Fail for any Skip counter that neither a test nor a scenario floor would notice staying at zero",
		Example: "  go run ./cmd/perfbench skips\n" +
			"  go run ./cmd/perfbench skips --dir ../other-checkout",
		Long: `List, for each Skip counter, the tests (nonvacuity.Assert) and the scenario
floors that would notice it staying at zero, from every _test.go file of the
module. //nonvacuity:ignore <reason> marks a call that counts for nothing.

Exit status: 0 every Skip counter covered, 1 one is not or a call cannot be
read, 2 usage error. Details: perfbench's docs/gates.md.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			root, err := skips.ModuleRoot(dir)
			if err != nil {
				return err
			}
			r, err := skips.Scan(root, skipFloors)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(s.out)
				enc.SetIndent("", "  ")
				if err := enc.Encode(r); err != nil {
					return err
				}
			} else if err := skips.Write(s.out, r); err != nil {
				return err
			}
			if r.OK() {
				return nil
			}
			for _, name := range r.Uncovered() {
				fmt.Fprintf(s.err, "FAIL %s: no test calls nonvacuity.Assert(t, counter.%s, …) and no scenario has a floor on it\n", name, name)
			}
			for _, p := range r.Problems {
				fmt.Fprintf(s.err, "FAIL %v\n", p)
			}
			return harness.ErrFailed
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&dir, "dir", "", "the module root to scan (default: the go.mod above the working directory)")
	return cmd
}

// skipFloors returns every number of the registered scenarios that reads a
// skip counter with a floor, recorded bounds read from store; tests swap it
// to see the gate fail.
var skipFloors = func(store *baselines.Store) []skips.Floor { return skips.FloorsOf(scenario.All(), store) }
