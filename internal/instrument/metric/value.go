package metric

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Quality says what a published value is: a fact, or why there is none.
// The qualities are never interchangeable, and only Valid values enter
// statistics.
//
// The zero Quality is Missing, so a Value nobody set reads as "no facts",
// never as a measured 0.
type Quality uint8

const (
	// Missing: there are not enough facts to produce the value (no
	// sample, a source that is unavailable or stale, too few samples for
	// a session aggregate).
	Missing Quality = iota
	// Valid: the value is a fact that passed its window and identity
	// checks. A Valid 0 is a true zero.
	Valid
	// Warmup: the source is working but the model has no baseline, anchor
	// or full window yet.
	Warmup
	// NotApplicable: the metric has no meaning here (the architecture or
	// the physical condition it describes does not exist).
	NotApplicable
	// Discontinuity: the value would span a boundary (source epoch,
	// process, display, clock) or a counter reset; the model has started
	// over.
	Discontinuity
	// NotForeground: the metric describes the target in the foreground
	// (its presents, its frame rate) and the target is not: its window is
	// hidden or in the background. The frames the system draws meanwhile
	// are nobody's to report, and coming back is a boundary.
	NotForeground
)

var qualityNames = [...]string{
	Missing:       "missing",
	Valid:         "valid",
	Warmup:        "warmup",
	NotApplicable: "not-applicable",
	Discontinuity: "discontinuity",
	NotForeground: "not-foreground",
}

func (q Quality) String() string {
	if int(q) < len(qualityNames) {
		return qualityNames[q]
	}
	return "Quality(" + strconv.Itoa(int(q)) + ")"
}

// MarshalText writes the quality's name, as String does.
func (q Quality) MarshalText() ([]byte, error) {
	if int(q) >= len(qualityNames) {
		return nil, fmt.Errorf("metric: unknown quality %d", uint8(q))
	}
	return []byte(qualityNames[q]), nil
}

// UnmarshalText reads a quality's name.
func (q *Quality) UnmarshalText(b []byte) error {
	for i, n := range qualityNames {
		if n == string(b) {
			*q = Quality(i)
			return nil
		}
	}
	return fmt.Errorf("metric: unknown quality %q", b)
}

// Value is one published reading: a number with its quality. The number
// is readable only when the quality is Valid, so a missing value cannot be
// mistaken for 0. The zero Value is Missing.
type Value struct {
	v float64
	q Quality
}

// Of returns a Valid value. v must be finite: a NaN or an infinity is a
// division the caller should not have made, and panics.
func Of(v float64) Value {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		panic("metric: Of(" + strconv.FormatFloat(v, 'g', -1, 64) + "): not a finite number")
	}
	return Value{v: v, q: Valid}
}

// Not returns a value without a number, of quality q. q must not be Valid.
func Not(q Quality) Value {
	if q == Valid {
		panic("metric: Not(Valid): a valid value needs a number; use Of")
	}
	return Value{q: q}
}

// Quality returns the value's quality.
func (x Value) Quality() Quality { return x.q }

// OK reports whether the value is Valid.
func (x Value) OK() bool { return x.q == Valid }

// Get returns the number and true when the value is Valid, and 0 and false
// otherwise.
func (x Value) Get() (float64, bool) {
	if x.q != Valid {
		return 0, false
	}
	return x.v, true
}

// String formats a Valid value as its number and any other as its
// quality's name.
func (x Value) String() string {
	if x.q != Valid {
		return x.q.String()
	}
	return strconv.FormatFloat(x.v, 'g', -1, 64)
}

type valueJSON struct {
	Value   *float64 `json:"value"`
	Quality Quality  `json:"quality"`
}

// MarshalJSON writes {"value":v,"quality":"valid"}, with a null value for
// every other quality.
func (x Value) MarshalJSON() ([]byte, error) {
	j := valueJSON{Quality: x.q}
	if x.q == Valid {
		j.Value = &x.v
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (x *Value) UnmarshalJSON(b []byte) error {
	var j valueJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	switch {
	case j.Quality == Valid && j.Value == nil:
		return fmt.Errorf("metric: a valid value without a number")
	case j.Quality == Valid:
		*x = Value{v: *j.Value, q: Valid}
	default:
		*x = Value{q: j.Quality}
	}
	return nil
}

// Sub is the derived model: a − b, Valid only when both are. Otherwise it
// carries the stronger reason for having no value, in the order
// NotApplicable, NotForeground, Discontinuity, Missing, Warmup: a metric that does not
// apply stays not-applicable however warm its inputs are, and a break
// outranks a shortage. Both operands must come from the same window (see
// RollingPercentile.Jitter).
func Sub(a, b Value) Value {
	if a.q == Valid && b.q == Valid {
		return Of(a.v - b.v)
	}
	return Not(worse(a.q, b.q))
}

// worse returns the stronger of two reasons for having no value.
func worse(a, b Quality) Quality {
	rank := func(q Quality) int {
		switch q {
		case NotApplicable:
			return 5
		case NotForeground:
			return 4
		case Discontinuity:
			return 3
		case Missing:
			return 2
		case Warmup:
			return 1
		}
		return 0 // Valid
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}
