package gates

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/perfbench/perfbench/band"
)

// Check is one claim a gate made and what became of it.
type Check struct {
	Name    string       `json:"name"`
	Verdict band.Verdict `json:"verdict"`
	// Detail says what was seen: the numbers behind a pass, the first
	// thing wrong behind a fail, the reason behind Broken.
	Detail string `json:"detail,omitempty"`
}

// Report is one gate's run.
type Report struct {
	Gate string `json:"gate"`
	// Verdict is the worst of the checks' (band.Worst); no checks at all is
	// Broken. Unbaselined marks an advisory run, which neither passes nor
	// fails.
	Verdict band.Verdict `json:"verdict"`
	Checks  []Check      `json:"checks"`
	// Notes are what a reader should know about the run as a whole (that it
	// is advisory, and why).
	Notes []string `json:"notes,omitempty"`
	// Seconds is the wall time the gate took, measuring and judging.
	Seconds float64 `json:"seconds"`
}

// Failed reports whether the gate failed: Fail or Broken.
func (r *Report) Failed() bool { return r.Verdict.Failed() }

// Of returns gate's report of checks with its verdict.
func Of(gate string, checks []Check) Report {
	r := Report{Gate: gate, Checks: checks, Verdict: band.Broken}
	if len(checks) > 0 {
		vs := make([]band.Verdict, len(checks))
		for i, c := range checks {
			vs[i] = c.Verdict
		}
		r.Verdict = band.Worst(vs...)
		if r.Verdict == band.None {
			r.Verdict = band.Broken // checks that judged nothing prove nothing
		}
	}
	return r
}

// Claim is the check name made: Pass where ok, Fail where not, with
// what was seen.
func Claim(name string, ok bool, detail string, args ...any) Check {
	v := band.Pass
	if !ok {
		v = band.Fail
	}
	return Check{Name: name, Verdict: v, Detail: fmt.Sprintf(detail, args...)}
}

// Broken is a check that could not be made, with why.
func Broken(name string, detail string, args ...any) Check {
	return Check{Name: name, Verdict: band.Broken, Detail: fmt.Sprintf(detail, args...)}
}

// Write writes the report: its verdict, its notes, then one line per
// check.
//
//	cadence: pass (0.2 s)
//	  pass  60 Hz: one frame per refresh in 5 s  300 frames for 300 refreshes
func (r Report) Write(w io.Writer) error {
	verdict := r.Verdict.String()
	if r.Verdict.String() == "unbaselined" {
		verdict = "ADVISORY (unbaselined: reported, gates nothing)"
	}
	fmt.Fprintf(w, "%s: %s (%.1f s)\n", r.Gate, verdict, r.Seconds)
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range r.Checks {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", c.Verdict, c.Name, c.Detail)
	}
	return tw.Flush()
}
