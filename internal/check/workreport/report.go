// Package workreport writes what a run of the reference workloads
// prints: each result as text (WriteText), the failed criteria on stderr
// (WriteFailed), the Markdown report (WriteMarkdown) and the JSON one
// (Report), whose header every JSON report opens with.
package workreport

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/workloads"
)

// JSON is workloads --json and workload NAME --json: the header
// every JSON report opens with (kind "workloads", docs/report-json.md),
// the machine, the worst verdict and every workload's result.
type JSON struct {
	report.Header
	Machine   string             `json:"machine"`
	Verdict   band.Verdict       `json:"verdict"`
	Workloads []workloads.Result `json:"workloads"`
}

func Report(command string, results []workloads.Result) JSON {
	vs := make([]band.Verdict, len(results))
	for i, r := range results {
		vs[i] = r.Verdict
	}
	if results == nil {
		results = []workloads.Result{}
	}
	return JSON{Header: report.Header{Version: report.Version, Kind: "workloads", Program: "perfbench", Command: command},
		Machine: baselines.DetectMachine().String(), Verdict: band.Worst(vs...), Workloads: results}
}

// WriteFailed writes one stderr line per criterion of r that
// failed or broke, labelled with what ran it.
func WriteFailed(w io.Writer, label string, r workloads.Result) {
	for _, c := range r.Criteria {
		if c.Verdict.Failed() {
			fmt.Fprintf(w, "%s %s: %s: %s %s (%s)\n", VerdictWord(c.Verdict), label, c.Name, c.ValueString(), c.Limit, c.Detail)
		}
	}
}

// WriteText writes one result: its points, then its criteria.
//
//	static-slope: pass (gate, 2.1 s)
//	  update s1     2140    0.484 µs  n=100
//	  pass  time s26/s1   1.011 ×  ≤ 1.1  s26 0.489 µs / s1 0.484 µs
func WriteText(w io.Writer, r workloads.Result) error {
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

// Tally counts results by verdict: "2 pass, 1 fail".
func Tally(rs []workloads.Result) string {
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

// VerdictWord is how a failed criterion's line opens on stderr.
func VerdictWord(v band.Verdict) string {
	if v == band.Broken {
		return "BROKEN"
	}
	return "FAIL"
}

// GateNames are the names of the gate list, for the commands' help.
func GateNames() []string {
	var out []string
	for _, w := range workloads.Gates() {
		out = append(out, w.Name)
	}
	return out
}

// DiagnosticNames are the names of the workloads outside the gate list.
func DiagnosticNames() []string {
	var out []string
	for _, w := range workloads.All() {
		if !w.Gate {
			out = append(out, w.Name)
		}
	}
	return out
}
