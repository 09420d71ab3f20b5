package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/workpage"
	"github.com/perfbench/perfbench/internal/check/workreport"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/workloads"
)

func init() { subcommands = append(subcommands, newWorkloadsCmd, newWorkloadCmd) }

// workloadFlags are the flags both workload commands take.
type workloadFlags struct {
	asJSON, record bool
	rounds         int
	docs, format   string
}

func (f *workloadFlags) add(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the results as JSON")
	cmd.Flags().BoolVar(&f.record, "record", false, "write this machine's absolute times into the advisory table of the reference page")
	cmd.Flags().StringVar(&f.format, "format", "table", "output format: table or markdown (a report for a pull request's job summary)")
	cmd.Flags().IntVar(&f.rounds, "rounds", 0, "interleaved measuring rounds per workload (0: each workload's default)")
	cmd.Flags().StringVar(&f.docs, "docs", workpage.DefaultDocs, "the reference page --record writes")
	harness.Declare(cmd, harness.IntRange("rounds", 0, harness.NoLimit, ""))
}

func newWorkloadsCmd(s *streams) *cobra.Command {
	var f workloadFlags
	cmd := &cobra.Command{
		Use:   "workloads [--json] [--record]",
		Short: "Run the reference workloads of the gate list against their same-run criteria",
		Example: "  go run ./cmd/perfbench workloads\n" +
			"  go run ./cmd/perfbench workloads --record   # and rewrite the reference page",
		Long: `Run every workload of the gate list and judge it by slopes and same-run
ratios, never an absolute time. The diagnostics run only under workload NAME.

Gate list: ` + strings.Join(workreport.GateNames(), " ") + `
Diagnostics: ` + strings.Join(workreport.DiagnosticNames(), " ") + `

Exit status: 0 pass, 1 a Fail or Broken, 2 usage error.
Details: perfbench's docs/gates.md.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return runWorkloads(s, "workloads", workloads.Gates(), f)
		},
	}
	f.add(cmd)
	return cmd
}

func newWorkloadCmd(s *streams) *cobra.Command {
	var f workloadFlags
	cmd := &cobra.Command{
		Use:   "workload NAME [--json] [--record]",
		Short: "Run one reference workload, the diagnostics included",
		Long: `Run one reference workload and judge it, as workloads does for the gate
list. A diagnostic's numbers are reported; its verdict is a goal, not a gate.

Workloads: ` + strings.Join(workloads.Names(), " ") + `

Details: perfbench's docs/gates.md.`,
		Example: "  perfbench workload static-slope\n  perfbench workload glide-split --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			w, err := workloads.Lookup(args[0])
			if err != nil {
				return harness.UsageError{Err: err}
			}
			return runWorkloads(s, "workload", []*workloads.Workload{w}, f)
		},
	}
	f.add(cmd)
	return cmd
}

// runWorkloads runs ws for command ("workloads" or "workload").
func runWorkloads(s *streams, command string, ws []*workloads.Workload, f workloadFlags) error {
	if err := checkFormat(f.format, f.asJSON); err != nil {
		return err
	}
	markdown := f.format == "markdown"
	var results []workloads.Result
	failed := false
	bar := s.progress(len(ws), "workloads")
	for _, w := range ws {
		bar.Describe(w.Name)
		r := workloads.Run(w, workloads.Options{Rounds: f.rounds})
		bar.Step(w.Name + ": " + r.Verdict.String())
		results = append(results, r)
		if !f.asJSON && !markdown {
			bar.Clear()
			if err := workreport.WriteText(s.out, r); err != nil {
				return err
			}
		}
		failed = failed || r.Verdict.Failed()
	}
	bar.Done()
	switch {
	case f.asJSON:
		if err := writeJSON(s, workreport.Report(command, results)); err != nil {
			return err
		}
	case markdown:
		if err := workreport.WriteMarkdown(s.out, results); err != nil {
			return err
		}
	case len(results) > 1:
		vs := make([]band.Verdict, len(results))
		for i, r := range results {
			vs[i] = r.Verdict
		}
		fmt.Fprintf(s.out, "workloads: %s (%s)\n", band.Worst(vs...), workreport.Tally(results))
	}
	if f.record {
		machine := baselines.DetectMachine().String()
		if err := workpage.Record(f.docs, machine, time.Now().UTC().Format(time.DateOnly), results); err != nil {
			return harness.UsageError{Err: err}
		}
		fmt.Fprintf(s.err, "recorded the advisory times of %s in %s\n", machine, f.docs)
	}
	if !failed {
		return nil
	}
	for _, r := range results {
		workreport.WriteFailed(s.err, r.Workload, r)
	}
	return harness.ErrFailed
}

// checkFormat checks a --format of table or markdown against --json.
func checkFormat(format string, asJSON bool) error {
	switch {
	case format != "table" && format != "markdown":
		return harness.Usagef("--format %q: want table or markdown", format)
	case format != "table" && asJSON:
		return harness.Usagef("--json and --format %s are two different outputs; pick one", format)
	}
	return nil
}
