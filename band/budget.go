package band

import (
	"fmt"
	"math"
)

// Budget is what the design wrote for a number before it was measured: the
// most it may be, in the number's own unit (16600 µs/frame for a 60 Hz
// frame, 0 restyles/frame for a scroll that only translates). It never
// moves with the measurement. A [Spec] without a budget has a nil *Budget.
type Budget struct {
	// Max is the largest value that meets the budget.
	Max float64 `json:"max"`
	// Why says where the budget comes from ("one refresh at 60 Hz").
	Why string `json:"why,omitempty"`
}

// Max returns a budget of at most limit, with the reason it is that number.
func Max(limit float64, why string) *Budget {
	if !(limit >= 0) || math.IsInf(limit, 0) {
		panic(fmt.Sprintf("band: budget %v is not a finite number ≥ 0", limit))
	}
	return &Budget{Max: limit, Why: why}
}

// FrameBudget returns the budget of one refresh at hz, in µs per frame:
// 16666.67 µs at 60 Hz.
func FrameBudget(hz float64) *Budget {
	if !(hz > 0) || math.IsInf(hz, 0) {
		panic(fmt.Sprintf("band: refresh rate %v Hz is not a positive number", hz))
	}
	return &Budget{Max: 1e6 / hz, Why: fmt.Sprintf("one refresh at %s Hz", Format(hz))}
}

// String returns "≤ 16670" style text; a nil budget prints "—".
func (b *Budget) String() string {
	if b == nil {
		return "—"
	}
	return "≤ " + Format(b.Max)
}

// judge returns the budget verdict of value: None without a budget.
func (b *Budget) judge(value float64) Verdict {
	switch {
	case b == nil:
		return None
	case value <= b.Max:
		return Pass
	}
	return Fail
}

// Interval returns the budget verdict of an estimate whose interval is
// [lo, hi]: Pass when all of it meets the budget, Fail when none of it
// does, and Unsure when it straddles Max, where this run's median would
// say pass or fail by noise alone. None without a budget.
func (b *Budget) Interval(lo, hi float64) Verdict {
	switch {
	case b == nil:
		return None
	case hi <= b.Max:
		return Pass
	case lo > b.Max:
		return Fail
	}
	return Unsure
}
