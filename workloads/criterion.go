package workloads

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/perfbench/perfbench/band"
)

// Shape says how a criterion compares its value with its bounds.
type Shape string

const (
	// Ceiling passes while the value is at most Hi. It is used where the
	// ideal is zero (a count of differing frames) or no growth (a ratio
	// whose ideal is 1): a two-sided band recorded at today's value would
	// fail an engine that got better.
	Ceiling Shape = "ceiling"
	// Band passes while Lo ≤ value ≤ Hi. It is used where the value is a
	// proportion between two real pieces of work, and either half moving
	// is worth knowing about.
	Band Shape = "band"
	// Report is judged against nothing: a diagnostic number, printed with
	// the verdict band.None.
	Report Shape = "report"
)

// Limit is a criterion as written in source: its name, shape, bounds and
// why they are what they are. Each workload declares its limits beside the
// judge that applies them; the reference-workloads page is generated from
// them, so the numbers live in one place.
type Limit struct {
	// Name names the number judged ("time s26/s1").
	Name string `json:"name"`
	// Unit is the value's unit: "×" for a ratio, "frames" for a count.
	Unit  string `json:"unit"`
	Shape Shape  `json:"shape"`
	// Lo and Hi bound the value (Lo only for a Band).
	Lo float64 `json:"lo,omitempty"`
	Hi float64 `json:"hi,omitempty"`
	// Time marks a same-run time ratio, as opposed to a count. A breached
	// time criterion is measured once more before it fails (see Run); a
	// count is the same on every run and never is.
	Time bool `json:"time"`
	// Why says why the bounds are where they are.
	Why string `json:"why"`
}

// String prints the limit as a report does: "≤ 1.1", "0.2 … 0.8", "—".
func (l Limit) String() string {
	switch l.Shape {
	case Ceiling:
		return "≤ " + band.Format(l.Hi)
	case Band:
		return band.Format(l.Lo) + " … " + band.Format(l.Hi)
	}
	return "—"
}

// Criterion is a limit applied to one measured value.
type Criterion struct {
	Limit
	Value   float64      `json:"value"`
	Verdict band.Verdict `json:"verdict"`
	// Detail says what the value is made of, or why it is Broken.
	Detail string `json:"detail,omitempty"`
}

// Judge applies the limit to value. A value that is not a finite number
// (a ratio over a zero median, a fit over nothing) is Broken: a missing
// number is never a pass.
func (l Limit) Judge(value float64, detail string) Criterion {
	c := Criterion{Limit: l, Value: value, Detail: detail}
	switch {
	case math.IsNaN(value) || math.IsInf(value, 0):
		c.Verdict = band.Broken
		c.Detail = fmt.Sprintf("not a number (%v): %s", value, detail)
	case l.Shape == Report:
		c.Verdict = band.None
	case l.Shape == Ceiling && value <= l.Hi,
		l.Shape == Band && value >= l.Lo && value <= l.Hi:
		c.Verdict = band.Pass
	case l.Shape == Ceiling || l.Shape == Band:
		c.Verdict = band.Fail
	default:
		c.Verdict = band.Broken
		c.Detail = fmt.Sprintf("limit %q has no shape", l.Name)
	}
	return c
}

// Broken returns the criterion judged Broken, with the reason.
func (l Limit) Broken(format string, args ...any) Criterion {
	return Criterion{Limit: l, Value: math.NaN(), Verdict: band.Broken, Detail: fmt.Sprintf(format, args...)}
}

// ValueString prints the value in the limit's unit.
func (c Criterion) ValueString() string {
	if c.Verdict == band.Broken && math.IsNaN(c.Value) {
		return "—"
	}
	if c.Unit == "" {
		return band.Format(c.Value)
	}
	return band.Format(c.Value) + " " + c.Unit
}

// MarshalJSON is the default encoding with a missing value as null, which
// JSON can carry where NaN it cannot.
func (c Criterion) MarshalJSON() ([]byte, error) {
	type plain Criterion
	var v *float64
	if !math.IsNaN(c.Value) && !math.IsInf(c.Value, 0) {
		v = &c.Value
	}
	return json.Marshal(struct {
		plain
		Value *float64 `json:"value"`
	}{plain(c), v})
}
