package baselines

import (
	"math"

	"github.com/perfbench/perfbench/band"
)

// VaryMargin is how many of its processes' spreads a varying count's
// recorded bound lies beyond the worst process ([VaryingBound]). One,
// because the range of a few processes understates the range of many: the
// Fyne demo's list refreshes read 648–653 over its first processes and
// 642–654 over eight, so a bound at the worst process seen fails honest
// runs, while one more spread beyond it (658) holds all eight, and the
// regression it exists for, a label made per row update, moved the count
// by 36.
const VaryMargin = 1.0

// Resolution is the smallest step of a count: a margin of less than it
// admits nothing more, so a varying count whose processes happened to
// agree still gets a bound one step beyond them.
const Resolution = 1.0

// VaryingBound returns the bound recorded for a count whose processes
// read from lo to hi, with a spread between processes (hi − lo for one
// run; a tightened bound keeps the widest spread seen): for a ceiling,
// hi plus VaryMargin times the spread, and at least Resolution beyond
// it, rounded up to a whole count; for a floor, lo less as much, rounded
// down, never below zero. An exact count cannot vary (a programming
// error, which panics).
func VaryingBound(d band.Direction, lo, hi, spread float64) float64 {
	margin := max(VaryMargin*spread, Resolution)
	switch d {
	case band.AtLeast:
		return max(math.Floor(lo-margin), 0)
	case band.Exactly:
		panic("baselines: an exact count cannot vary")
	}
	return math.Ceil(hi + margin)
}

// Better reports whether bound a is tighter than bound b in direction d:
// lower for a ceiling, higher for a floor. No exact bound is better than
// another: more and fewer are both wrong.
func Better(d band.Direction, a, b float64) bool {
	switch d {
	case band.AtLeast:
		return a > b
	case band.Exactly:
		return false
	}
	return a < b
}

// Holds reports whether every value from lo to hi passes bound in
// direction d.
func Holds(d band.Direction, bound, lo, hi float64) bool {
	switch d {
	case band.AtLeast:
		return lo >= bound
	case band.Exactly:
		return lo == bound && hi == bound
	}
	return hi <= bound
}
