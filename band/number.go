package band

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/perfbench/perfbench/internal/judge/stats"
)

// Confidence is the level of the interval reported around a time's median.
const Confidence = stats.Confidence

// Spec declares one number a scenario reports: what it is called, its unit,
// its band and, where the design wrote one, its budget. Specs are written in
// scenario source; the ratchet fills in a time band's baseline.
type Spec struct {
	// Name names the number within its scenario ("frame", "restyles").
	Name string `json:"name"`
	// Unit is a benchfmt-style unit: "µs/frame" for a time,
	// "restyles/frame" or "primitives" for a count.
	Unit string `json:"unit"`
	// Band is what gates the number.
	Band Band `json:"band"`
	// Budget is what the design wrote for the number before measuring it,
	// or nil where it wrote nothing.
	Budget *Budget `json:"budget,omitempty"`
}

// Measured is a declared number with what was measured of it: one sample
// per frame (µs) for a time, exactly one value for a count. No samples at
// all means the number is missing, which judges Broken.
type Measured struct {
	Spec
	Samples []float64 `json:"samples"`
	// Runs, for a time the runner pooled from several processes, holds
	// each process's samples in the order the processes ran; Samples is
	// then their concatenation. A time with Runs is estimated by
	// [stats.Estimate] (the median of the processes' fastest samples); one without, from
	// one process, by the median of its samples.
	Runs [][]float64 `json:"runs,omitempty"`
	// Wall, for a time gated on the thread-CPU clock, is the same
	// frames' wall-clock cost in µs, reported beside it and never gated.
	Wall []float64 `json:"wall,omitempty"`
	// PerProcess, for a count declared varying that the runner pooled
	// from several processes ([Pool]), is each process's value in the
	// order they ran; Samples holds their median. The ratchet records a
	// varying count's bound from their range (baselines.VaryingBound).
	PerProcess []float64 `json:"per_process,omitempty"`
}

// Judged is a number with its verdicts and everything a report prints of
// it. Judge makes one; the fields are read-only results.
type Judged struct {
	Spec

	// N is the number of samples judged.
	N int
	// Processes is how many processes a time's samples came from.
	Processes int
	// Wall is the median wall-clock cost of a thread-CPU-gated time's
	// frames, reported beside it; zero when not measured.
	Wall float64
	// Median is the median of a time's samples, or a count's value.
	Median float64
	// Lo and Hi bound the median's confidence interval at level
	// Confidence (a count's interval is its value). With fewer than six
	// samples a bound is infinite, and Warnings says so.
	Lo, Hi float64
	// Confidence is the interval's actual level, at least [Confidence]
	// where the interval is finite.
	Confidence float64
	// Limit is the largest value the band passes; meaningless (zero) when
	// BandVerdict is Unbaselined or Broken.
	Limit float64

	// BandVerdict is the band's verdict; it is what gates.
	BandVerdict Verdict
	// BudgetVerdict is the budget's verdict, reported beside the band's:
	// None when the design wrote no budget.
	BudgetVerdict Verdict

	// Straddles marks a time over its limit whose interval's low end is at
	// or below the limit: the breach may be noise. The runner measures such
	// a number once more in a fresh process, and that second judgement
	// stands.
	Straddles bool

	// Reason says why BandVerdict is Broken.
	Reason string
	// Warnings are quality notes that do not change the verdict (too few
	// samples for a finite interval).
	Warnings []string
}

// Judge computes a measured number's statistics and verdicts.
//
// A time's median and interval come from benchmath with no distributional
// assumption (benchmath.AssumeNothing at [Confidence]); a count must have
// exactly one value. No samples, a sample that is not a finite number ≥ 0,
// or a missing or invalid band judge Broken, for the budget as well as the
// band.
func Judge(m Measured) Judged {
	j := Judged{Spec: m.Spec, N: len(m.Samples), BudgetVerdict: None}
	if reason := m.check(); reason != "" {
		j.BandVerdict, j.Reason = Broken, reason
		if m.Budget != nil {
			j.BudgetVerdict = Broken
		}
		return j
	}

	switch {
	case m.Band.Kind.Exact():
		v := m.Samples[0]
		j.Median, j.Lo, j.Hi, j.Confidence = v, v, v, 1
	case m.Band.Kind.Estimated():
		j.Processes = max(len(m.Runs), 1)
		if len(m.Wall) > 0 {
			j.Wall = stats.Median(slices.Sorted(slices.Values(m.Wall)))
		}
		if len(m.Runs) > 0 {
			j.Median, j.Lo, j.Hi = stats.Estimate(m.Runs)
			j.Confidence = Confidence
			break
		}
		// NewSample sorts in place, and the caller owns m.Samples.
		values := append([]float64(nil), m.Samples...)
		thresholds := benchmath.DefaultThresholds
		s := benchmath.AssumeNothing.Summary(benchmath.NewSample(values, &thresholds), Confidence)
		j.Median, j.Lo, j.Hi, j.Confidence = s.Center, s.Lo, s.Hi, s.Confidence
		for _, w := range s.Warnings {
			j.Warnings = append(j.Warnings, w.Error())
		}
	}

	j.BudgetVerdict = m.Budget.judge(j.Median)
	limit, ok := m.Band.Limit()
	switch {
	case !ok:
		j.BandVerdict = Unbaselined
	case m.Band.Kind.Bounded():
		j.Limit, j.BandVerdict = limit, Fail
		if m.Band.Admits(j.Median) {
			j.BandVerdict = Pass
		}
	case j.Median <= limit:
		j.Limit, j.BandVerdict = limit, Pass
	default:
		j.Limit, j.BandVerdict = limit, Fail
		j.Straddles = m.Band.Kind.Estimated() && j.Lo <= limit
	}
	return j
}

// check returns why the number cannot be judged, or "".
func (m Measured) check() string {
	if r := m.Band.check(); r != "" {
		return r
	}
	if len(m.Samples) == 0 {
		return "missing: no samples"
	}
	if m.Band.Kind.Exact() && len(m.Samples) != 1 {
		what := "a count"
		if !m.Band.Kind.Bounded() {
			what = "a number of " + string(m.Band.Kind)
		}
		return fmt.Sprintf("%s has exactly one value, got %d", what, len(m.Samples))
	}
	for i, v := range m.Samples {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Sprintf("sample %d is %v, not a finite number ≥ 0", i, v)
		}
	}
	if len(m.Runs) > 0 {
		n := 0
		for _, r := range m.Runs {
			n += len(r)
		}
		if n != len(m.Samples) {
			return fmt.Sprintf("the processes' runs hold %d samples, not the %d pooled", n, len(m.Samples))
		}
	}
	return ""
}

// String prints the judged number on one line:
// "frame 41.2 µs/frame [40.9, 41.6] n=240 ≤ 57.68 (41.2 +40%) pass, budget ≤ 16670 pass".
func (j Judged) String() string {
	var value string
	switch {
	case j.BandVerdict == Broken:
		value = "broken: " + j.Reason
	case j.Band.Kind.Exact():
		value = Format(j.Median) + " " + j.Unit
	default:
		value = fmt.Sprintf("%s %s [%s, %s] n=%d", Format(j.Median), j.Unit, Format(j.Lo), Format(j.Hi), j.N)
	}
	s := fmt.Sprintf("%s %s %s %s", j.Name, value, j.Band, j.BandVerdict)
	if j.Straddles {
		s += " (interval straddles the limit)"
	}
	if j.Budget != nil {
		s += fmt.Sprintf(", budget %s %s", j.Budget, j.BudgetVerdict)
	}
	return s
}

// judgedJSON is Judged's wire form: an infinite interval bound, which JSON
// cannot carry, is null.
type judgedJSON struct {
	Spec
	N             int      `json:"n"`
	Processes     int      `json:"processes,omitempty"`
	Wall          float64  `json:"wall,omitempty"`
	Median        float64  `json:"median"`
	Lo            *float64 `json:"lo"`
	Hi            *float64 `json:"hi"`
	Confidence    float64  `json:"confidence"`
	Limit         float64  `json:"limit"`
	BandVerdict   Verdict  `json:"band_verdict"`
	BudgetVerdict Verdict  `json:"budget_verdict"`
	Straddles     bool     `json:"straddles,omitempty"`
	Reason        string   `json:"reason,omitempty"`
	Warnings      []string `json:"warnings,omitempty"`
}

// MarshalJSON writes the judged number with infinite interval bounds as
// null.
func (j Judged) MarshalJSON() ([]byte, error) {
	finite := func(v float64) *float64 {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil
		}
		return &v
	}
	return json.Marshal(judgedJSON{
		Spec: j.Spec, N: j.N, Processes: j.Processes, Wall: j.Wall, Median: j.Median, Lo: finite(j.Lo), Hi: finite(j.Hi),
		Confidence: j.Confidence, Limit: j.Limit, BandVerdict: j.BandVerdict,
		BudgetVerdict: j.BudgetVerdict, Straddles: j.Straddles, Reason: j.Reason,
		Warnings: j.Warnings,
	})
}

// UnmarshalJSON reads what MarshalJSON writes; a null bound is infinite.
func (j *Judged) UnmarshalJSON(data []byte) error {
	var w judgedJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	bound := func(p *float64, inf int) float64 {
		if p == nil {
			return math.Inf(inf)
		}
		return *p
	}
	*j = Judged{
		Spec: w.Spec, N: w.N, Processes: w.Processes, Wall: w.Wall, Median: w.Median, Lo: bound(w.Lo, -1), Hi: bound(w.Hi, 1),
		Confidence: w.Confidence, Limit: w.Limit, BandVerdict: w.BandVerdict,
		BudgetVerdict: w.BudgetVerdict, Straddles: w.Straddles, Reason: w.Reason,
		Warnings: w.Warnings,
	}
	return nil
}

// Implausible returns why m holds a value no run measures, or nil: a
// count not a finite number ≥ 0; a time, or its wall time, that fails
// CheckTime with its fastest sample as the median (what a baseline takes
// of one process), so a run never writes a file it cannot read back. A
// number with no samples is missing, not implausible: it judges Broken.
func (m Measured) Implausible() error {
	if !m.Band.Kind.Estimated() {
		for _, v := range m.Samples {
			if !(v >= 0) || math.IsInf(v, 0) {
				return fmt.Errorf("count %s as %v, not a finite number ≥ 0", m.Name, v)
			}
		}
		return nil
	}
	for _, values := range []struct {
		what    string
		samples []float64
	}{{"time " + m.Name, m.Samples}, {"wall time " + m.Name, m.Wall}} {
		if len(values.samples) == 0 {
			continue // a missing number, Broken when judged
		}
		err := CheckTime(slices.Min(values.samples), values.samples)
		switch {
		case err == nil:
		case err.Field == "median":
			return fmt.Errorf("%s with fastest sample %s, %s",
				values.what, strconv.FormatFloat(err.Value, 'g', -1, 64), strings.TrimPrefix(err.Why, "is "))
		default:
			return fmt.Errorf("%s with %v", values.what, err)
		}
	}
	return nil
}
