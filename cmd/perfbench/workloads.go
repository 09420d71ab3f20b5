package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/workpage"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/publish/report"
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

Gate list: ` + strings.Join(gateNames(), " ") + `
Diagnostics: ` + strings.Join(diagnosticNames(), " ") + `

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

func gateNames() []string {
	var out []string
	for _, w := range workloads.Gates() {
		out = append(out, w.Name)
	}
	return out
}

func diagnosticNames() []string {
	var out []string
	for _, w := range workloads.All() {
		if !w.Gate {
			out = append(out, w.Name)
		}
	}
	return out
}

// workloadsJSON is workloads --json and workload NAME --json: the header
// every JSON report opens with (kind "workloads", docs/report-json.md),
// the machine, the worst verdict and every workload's result.
type workloadsJSON struct {
	report.Header
	Machine   string             `json:"machine"`
	Verdict   band.Verdict       `json:"verdict"`
	Workloads []workloads.Result `json:"workloads"`
}

func workloadsReport(command string, results []workloads.Result) workloadsJSON {
	vs := make([]band.Verdict, len(results))
	for i, r := range results {
		vs[i] = r.Verdict
	}
	if results == nil {
		results = []workloads.Result{}
	}
	return workloadsJSON{Header: report.Header{Version: report.Version, Kind: "workloads", Program: "perfbench", Command: command},
		Machine: baselines.DetectMachine().String(), Verdict: band.Worst(vs...), Workloads: results}
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
			if err := printWorkload(s.out, r); err != nil {
				return err
			}
		}
		failed = failed || r.Verdict.Failed()
	}
	bar.Done()
	switch {
	case f.asJSON:
		if err := writeJSON(s, workloadsReport(command, results)); err != nil {
			return err
		}
	case markdown:
		if err := writeMarkdownWorkloads(s.out, results); err != nil {
			return err
		}
	case len(results) > 1:
		vs := make([]band.Verdict, len(results))
		for i, r := range results {
			vs[i] = r.Verdict
		}
		fmt.Fprintf(s.out, "workloads: %s (%s)\n", band.Worst(vs...), tally(results))
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
		printFailedCriteria(s, r.Workload, r)
	}
	return harness.ErrFailed
}

// printFailedCriteria writes one stderr line per criterion of r that
// failed or broke, labelled with what ran it.
func printFailedCriteria(s *streams, label string, r workloads.Result) {
	for _, c := range r.Criteria {
		if c.Verdict.Failed() {
			fmt.Fprintf(s.err, "%s %s: %s: %s %s (%s)\n", verdictWord(c.Verdict), label, c.Name, c.ValueString(), c.Limit, c.Detail)
		}
	}
}

// printWorkload writes one result: its points, then its criteria.
//
//	static-slope: pass (gate, 2.1 s)
//	  update s1     2140    0.484 µs  n=100
//	  pass  time s26/s1   1.011 ×  ≤ 1.1  s26 0.489 µs / s1 0.484 µs
func printWorkload(w io.Writer, r workloads.Result) error {
	kind := "gate"
	if !r.Gate {
		kind = "diagnostic"
	}
	fmt.Fprintf(w, "%s: %s (%s, %.1f s)\n", r.Workload, r.Verdict, kind, r.Seconds)
	if r.Remeasured {
		fmt.Fprintf(w, "  remeasured: the first measurement failed")
		for _, c := range r.First {
			fmt.Fprintf(w, " %s at %s;", c.Name, c.ValueString())
		}
		fmt.Fprintf(w, " this one stands\n")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range r.Points {
		x := ""
		if p.X != 0 {
			x = band.Format(p.X)
		}
		fmt.Fprintf(tw, "  %s %s\t%s\t%s µs\tn=%d\t(advisory)\n", p.Series, p.Label, x, band.Format(p.MedianUs), p.N)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range r.Criteria {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", c.Verdict, c.Name, c.ValueString(), c.Limit, c.Detail)
	}
	return tw.Flush()
}

// tally counts results by verdict: "2 pass, 1 fail".
func tally(rs []workloads.Result) string {
	n := map[band.Verdict]int{}
	for _, r := range rs {
		n[r.Verdict]++
	}
	out := ""
	for _, v := range []band.Verdict{band.Pass, band.None, band.Unbaselined, band.Fail, band.Broken} {
		if n[v] > 0 {
			if out != "" {
				out += ", "
			}
			out += fmt.Sprintf("%d %s", n[v], v)
		}
	}
	return out
}

func verdictWord(v band.Verdict) string {
	if v == band.Broken {
		return "BROKEN"
	}
	return "FAIL"
}
