package band

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Kind says which of the two shapes a [Band] has.
type Kind string

const (
	// KindTime is a band around a per-machine baseline: see [Time].
	KindTime Kind = "time"
	// KindCount is a ceiling with no tolerance: see [Count].
	KindCount Kind = "count"
)

// Band is the comparison a number is judged by, written once in the
// scenario's source. It has one of two shapes, told apart by Kind; the
// fields of the other shape are zero. The zero Band has no kind and judges
// every number Broken: a number without a band proves nothing.
type Band struct {
	Kind Kind

	// Baseline is the median, in µs per frame, that a time is compared
	// against on this machine. It is recorded by the ratchet, never written
	// in source; zero means none has been recorded yet (unbaselined).
	Baseline float64

	// Tolerance is how far above Baseline a time may sit and still pass, as
	// a fraction: 0.4 admits 40% above. It has to clear the ordinary
	// spread of the measurement on an ordinary machine, and the source says
	// why it is as wide as it is.
	Tolerance float64

	// Ceiling is the most a count may be. There is no tolerance: one above
	// the ceiling fails.
	Ceiling float64
}

// Time returns a time band admitting medians up to (1+tolerance) times the
// machine's baseline. The baseline is filled in from the ratchet's store
// with [Band.WithBaseline]. A negative or non-finite tolerance is a
// programming error and panics.
func Time(tolerance float64) Band {
	if !(tolerance >= 0) || math.IsInf(tolerance, 0) {
		panic(fmt.Sprintf("band: time tolerance %v is not a finite fraction ≥ 0", tolerance))
	}
	return Band{Kind: KindTime, Tolerance: tolerance}
}

// Count returns a count band: the value passes while it is at most ceiling.
// A negative or non-finite ceiling is a programming error and panics.
func Count(ceiling float64) Band {
	if !(ceiling >= 0) || math.IsInf(ceiling, 0) {
		panic(fmt.Sprintf("band: count ceiling %v is not a finite number ≥ 0", ceiling))
	}
	return Band{Kind: KindCount, Ceiling: ceiling}
}

// WithBaseline returns a copy of a time band compared against baseline µs.
// It panics on a count band, which has no baseline.
func (b Band) WithBaseline(baseline float64) Band {
	if b.Kind != KindTime {
		panic("band: WithBaseline on a " + b.kindName() + " band")
	}
	b.Baseline = baseline
	return b
}

// Baselined reports whether the band can be judged on this machine: a count
// always can, a time only once a baseline has been recorded.
func (b Band) Baselined() bool {
	switch b.Kind {
	case KindCount:
		return true
	case KindTime:
		return b.Baseline > 0
	}
	return false
}

// Limit returns the largest value that passes: the ceiling of a count, or
// Baseline×(1+Tolerance) for a time. ok is false for an unbaselined time
// band and for the zero Band.
func (b Band) Limit() (limit float64, ok bool) {
	if !b.Baselined() {
		return 0, false
	}
	if b.Kind == KindCount {
		return b.Ceiling, true
	}
	return b.Baseline * (1 + b.Tolerance), true
}

// check returns why a band cannot judge anything, or "".
func (b Band) check() string {
	switch b.Kind {
	case KindTime:
		if !(b.Tolerance >= 0) || math.IsInf(b.Tolerance, 0) {
			return fmt.Sprintf("time band tolerance %v is not a finite fraction ≥ 0", b.Tolerance)
		}
		if !(b.Baseline >= 0) || math.IsInf(b.Baseline, 0) {
			return fmt.Sprintf("time band baseline %v is not a finite number ≥ 0", b.Baseline)
		}
	case KindCount:
		if !(b.Ceiling >= 0) || math.IsInf(b.Ceiling, 0) {
			return fmt.Sprintf("count band ceiling %v is not a finite number ≥ 0", b.Ceiling)
		}
	default:
		return "no band"
	}
	return ""
}

func (b Band) kindName() string {
	if b.Kind == "" {
		return "zero"
	}
	return string(b.Kind)
}

// String returns the band as a report prints it: "≤ 12" for a count,
// "≤ 57.68 (41.2 +40%)" for a baselined time, "+40%, unbaselined" for a time
// with no baseline yet.
func (b Band) String() string {
	switch b.Kind {
	case KindCount:
		return "≤ " + Format(b.Ceiling)
	case KindTime:
		tol := "+" + Format(b.Tolerance*100) + "%"
		if !b.Baselined() {
			return tol + ", unbaselined"
		}
		limit, _ := b.Limit()
		return "≤ " + Format(limit) + " (" + Format(b.Baseline) + " " + tol + ")"
	}
	return "no band"
}

// bandJSON is the wire form: the kind and only that kind's fields.
type bandJSON struct {
	Kind      Kind     `json:"kind"`
	Baseline  float64  `json:"baseline,omitempty"`
	Tolerance *float64 `json:"tolerance,omitempty"`
	Ceiling   *float64 `json:"ceiling,omitempty"`
}

// MarshalJSON writes the kind and that kind's fields:
// {"kind":"time","tolerance":0.4} or {"kind":"count","ceiling":1}.
func (b Band) MarshalJSON() ([]byte, error) {
	w := bandJSON{Kind: b.Kind}
	switch b.Kind {
	case KindTime:
		w.Baseline, w.Tolerance = b.Baseline, &b.Tolerance
	case KindCount:
		w.Ceiling = &b.Ceiling
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads the form MarshalJSON writes. An unknown kind, or a
// field of the other kind, is an error.
func (b *Band) UnmarshalJSON(data []byte) error {
	var w bandJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	switch w.Kind {
	case KindTime:
		if w.Ceiling != nil {
			return fmt.Errorf("band: a time band has no ceiling")
		}
		if w.Tolerance == nil {
			return fmt.Errorf("band: a time band needs a tolerance")
		}
		*b = Band{Kind: KindTime, Baseline: w.Baseline, Tolerance: *w.Tolerance}
	case KindCount:
		if w.Tolerance != nil || w.Baseline != 0 {
			return fmt.Errorf("band: a count band has no tolerance and no baseline")
		}
		if w.Ceiling == nil {
			return fmt.Errorf("band: a count band needs a ceiling")
		}
		*b = Band{Kind: KindCount, Ceiling: *w.Ceiling}
	case "":
		*b = Band{}
	default:
		return fmt.Errorf("band: unknown kind %q (want %q or %q)", w.Kind, KindTime, KindCount)
	}
	return nil
}

// Format prints a number the way reports and docs print it: the shortest
// form that reads back to the value, rounded to four significant digits so
// a report's columns stay readable (41.23456 prints as 41.23, 16600 as
// 16600, 1 as 1).
func Format(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	case math.IsNaN(v):
		return "NaN"
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	if math.Abs(r) >= 1e4 && r == math.Trunc(r) && math.Abs(v) < 1e15 {
		// Keep whole numbers whole (16600, not 1.66e+04); round v itself
		// so a large count prints every digit.
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
