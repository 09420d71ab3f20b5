package workloads

import (
	"fmt"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

// Workload is one reference workload: a document, an interaction, how to
// measure it and the criteria it is judged by.
type Workload struct {
	Name string
	// Help says what the workload measures, as a sentence.
	Help string
	// Gate is true for the workloads `perfbench workloads` runs and ci
	// gates; the diagnostics are false and run only when named.
	Gate bool
	// Limits are the criteria the judge applies, for the docs.
	Limits []Limit
	// rounds is the number of interleaved rounds measured by default.
	rounds int
	// measure takes the measurement; it may panic, which Run reports as
	// Broken.
	measure func(rounds int) sample.Measurement
	// judge applies the criteria to a measurement that has every point it
	// needs samples for (Judge checks that first).
	judge func(m *sample.Measurement) []Criterion
}

// Options tune a run. The zero value runs every workload as
// `perfbench workloads` does.
type Options struct {
	// Rounds is the number of interleaved measuring rounds; 0 means the
	// workload's own default. Fewer rounds give noisier times and the same
	// counts.
	Rounds int
	// NoRemeasure judges the first measurement even when a time criterion
	// failed on it.
	NoRemeasure bool
}

// Result is one workload run and judged.
type Result struct {
	Workload string `json:"workload"`
	Gate     bool   `json:"gate"`
	// Points summarise what was measured; the absolute times in them are
	// advisory and gate nothing.
	Points   []Summary   `json:"points"`
	Criteria []Criterion `json:"criteria"`
	// Verdict is the worst of the criteria's: Broken when the measurement
	// returned nothing or stopped working, and None for a diagnostic that
	// only reports.
	Verdict band.Verdict `json:"verdict"`
	// Remeasured says that a time criterion failed on the first
	// measurement and this result is from the second, which stands.
	Remeasured bool `json:"remeasured,omitempty"`
	// First is the first measurement's failing criteria, when remeasured.
	First []Criterion `json:"first,omitempty"`
	// Seconds is the wall time the run took.
	Seconds float64 `json:"seconds"`
}

// Summary is a point as a report prints it.
type Summary struct {
	Series   string  `json:"series"`
	Label    string  `json:"label"`
	X        float64 `json:"x,omitempty"`
	N        int     `json:"n"`
	MedianUs float64 `json:"median_us"`
	// Counts is the counter delta of the cycle's first step.
	Counts map[string]uint64 `json:"counts,omitempty"`
}

// Judge applies w's criteria to m. A measurement with no points, or with a
// point that has no samples, is Broken: a criterion written as "not worse
// than" holds against nothing at all, so a missing number never passes.
func (w *Workload) Judge(m sample.Measurement) []Criterion {
	if why := m.Missing(); why != "" {
		out := make([]Criterion, 0, len(w.Limits))
		for _, l := range w.Limits {
			out = append(out, l.Broken("%s", why))
		}
		if len(out) == 0 {
			out = append(out, Limit{Name: "measurement", Shape: Report}.Broken("%s", why))
		}
		return out
	}
	if w.judge == nil {
		return []Criterion{Limit{Name: "judge", Shape: Report}.Broken("workload %q has no judge", w.Name)}
	}
	return w.judge(&m)
}

// Measure takes w's measurement with the given number of rounds (0: the
// workload's default). A measurement that panics is returned as the panic,
// so that Run can call it Broken.
func (w *Workload) Measure(rounds int) (m sample.Measurement, err error) {
	if rounds <= 0 {
		rounds = w.rounds
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("measurement stopped: %v", r)
		}
	}()
	return w.measure(rounds), nil
}

// Run measures and judges w. When the worst verdict is a Fail and every
// failing criterion is a time ratio, w is measured once more and the second
// judgement stands, as a time band's breach is (band.Judged.Straddles): a
// ratio of medians taken minutes apart can still catch one burst of load,
// and a count never changes.
func Run(w *Workload, opts Options) Result {
	start := time.Now()
	r := run(w, opts.Rounds)
	if !opts.NoRemeasure && onlyTimesFailed(r.Criteria) {
		first := failing(r.Criteria)
		r = run(w, opts.Rounds)
		r.Remeasured, r.First = true, first
	}
	r.Seconds = time.Since(start).Seconds()
	return r
}

func run(w *Workload, rounds int) Result {
	r := Result{Workload: w.Name, Gate: w.Gate}
	m, err := w.Measure(rounds)
	if err != nil {
		r.Criteria = []Criterion{Limit{Name: "measurement", Shape: Report}.Broken("%v", err)}
		r.Verdict = band.Broken
		return r
	}
	for _, p := range m.Points {
		s := Summary{Series: p.Series, Label: p.Label, X: p.X, N: len(p.Micros), MedianUs: p.Median()}
		if len(p.Steps) > 0 {
			s.Counts = p.Steps[0].Map()
		}
		if len(p.Micros) == 0 {
			s.MedianUs = 0
		}
		r.Points = append(r.Points, s)
	}
	r.Criteria = w.Judge(m)
	r.Verdict = Verdict(r.Criteria)
	return r
}

// Verdict is the worst verdict of cs; no criteria at all is Broken.
func Verdict(cs []Criterion) band.Verdict {
	if len(cs) == 0 {
		return band.Broken
	}
	vs := make([]band.Verdict, len(cs))
	for i, c := range cs {
		vs[i] = c.Verdict
	}
	return band.Worst(vs...)
}

func onlyTimesFailed(cs []Criterion) bool {
	some := false
	for _, c := range cs {
		switch {
		case c.Verdict == band.Broken, c.Verdict.Failed() && !c.Time:
			return false
		case c.Verdict.Failed():
			some = true
		}
	}
	return some
}

func failing(cs []Criterion) []Criterion {
	var out []Criterion
	for _, c := range cs {
		if c.Verdict.Failed() {
			out = append(out, c)
		}
	}
	return out
}

// registry is every workload: the gate list first, then the diagnostics.
var registry = []*Workload{staticSlope, listSlope, rigidSlope, resizeSlope, rendererSlope, relayoutsPerNode, unvirtualisedProbe, glideSplit, rendererSlopeGPU}

// All returns every workload, the gate list first.
func All() []*Workload { return registry }

// Gates returns the gate list: the workloads `perfbench workloads` runs.
func Gates() []*Workload {
	var out []*Workload
	for _, w := range registry {
		if w.Gate {
			out = append(out, w)
		}
	}
	return out
}

// Names returns every workload's name, the gate list first.
func Names() []string {
	out := make([]string, len(registry))
	for i, w := range registry {
		out[i] = w.Name
	}
	return out
}

// Lookup returns the workload called name, or an error of one line listing
// the valid names.
func Lookup(name string) (*Workload, error) {
	for _, w := range registry {
		if w.Name == name {
			return w, nil
		}
	}
	return nil, fmt.Errorf("unknown workload %q (valid: %s)", name, strings.Join(Names(), " "))
}
