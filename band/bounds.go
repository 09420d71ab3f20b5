package band

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// MaxTime is the largest time a run can have measured, in the time's unit
// (µs for every time perfbench measures: a quarter of an hour for one
// frame). Nothing it measures comes near; a value above it was not
// measured, and a band around it (1e308 gives ≤ 1.7e308) gates nothing.
const MaxTime = 1e9

// MinTime is the smallest median a time can have, in µs: a nanosecond a
// frame, a few instructions. The thread clock counts nanoseconds and the
// fastest frame perfbench measures takes about a microsecond; a baseline
// below it (5e-324) was not measured, and every honest run fails its band.
const MinTime = 1e-3

// TimeError says which value of a time cannot have been measured, and why.
type TimeError struct {
	// Field is "median", "sample" (Index names which) or "samples" for
	// the samples as a whole.
	Field string
	Index int
	Value float64
	// Why completes the sentence that names the value: "is above 1e+09
	// (MaxTime), which no run measures"; for "samples", it is the whole
	// of it: "samples that are all zero, which measured nothing".
	Why string
}

func (e *TimeError) Error() string {
	switch e.Field {
	case "median":
		return fmt.Sprintf("median %s %s", formatExact(e.Value), e.Why)
	case "sample":
		return fmt.Sprintf("sample %d, %s, %s", e.Index, formatExact(e.Value), e.Why)
	}
	return e.Why
}

// CheckTime returns why a time's samples, and the median a baseline takes
// of them, cannot have been measured, or nil: a value that is not a finite
// number from 0 to MaxTime, no samples, samples all zero, a median below
// MinTime or outside the samples' range (a median of per-process fastest
// samples is one of the samples). It is the one check of a time
// both where it is read back (package ratchet's baselines file) and where
// it comes in (package runner, from each child), so that nothing is
// recorded that its file would refuse.
func CheckTime(median float64, samples []float64) *TimeError {
	for i, v := range samples {
		if why := timeValue(v); why != "" {
			return &TimeError{Field: "sample", Index: i, Value: v, Why: why}
		}
	}
	if why := timeValue(median); why != "" {
		return &TimeError{Field: "median", Value: median, Why: why}
	}
	if len(samples) == 0 {
		return &TimeError{Field: "samples", Why: "no samples"}
	}
	lo, hi := slices.Min(samples), slices.Max(samples)
	switch {
	case hi == 0:
		return &TimeError{Field: "samples", Why: "samples that are all zero, which measured nothing"}
	case median < MinTime:
		return &TimeError{Field: "median", Value: median, Why: fmt.Sprintf("is below %g (MinTime), which no run measures", float64(MinTime))}
	case median < lo || median > hi:
		return &TimeError{Field: "samples", Why: fmt.Sprintf("median %s outside its samples' range [%s, %s]", Format(median), Format(lo), Format(hi))}
	}
	return nil
}

// formatExact prints v in full, as a file or a child wrote it (5e-324,
// 1e+308), where [Format] rounds it.
func formatExact(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// timeValue returns why v cannot be one value of a time, or "".
func timeValue(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0) || v < 0:
		return "is not a finite number ≥ 0"
	case v > MaxTime:
		return fmt.Sprintf("is above %g (MaxTime), which no run measures", float64(MaxTime))
	}
	return ""
}
