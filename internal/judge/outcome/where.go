package outcome

// Where says which code made one number move: the functions (or, for an
// allocations number, the allocation sites) whose own count moved most
// between base and head, read from the two sides' profiles. An outcome
// carries one for each instructions number that failed or moved and has
// profiles on both sides (Outcome.Where).
type Where struct {
	// Scenario and Number name the number it explains.
	Scenario, Number string
	// Unit is what Change, Base and the rows' deltas count, a step: the
	// number's own unit ("instructions/step").
	Unit string
	// Base is base's value read from its profile, and Change head's less
	// base's; both a step, as the number is.
	Base, Change float64
	// Rows are the functions whose self count moved most, largest move
	// first; a writer shows the first few.
	Rows []WhereRow
	// HeadProfile and BaseProfile are the files the full profiles were
	// written to, for `go tool pprof -diff_base BASE HEAD`; "" where not
	// written.
	HeadProfile, BaseProfile string
	// FlameGraph is the differential flame graph written beside them (an
	// SVG page), "" where none was.
	FlameGraph string
	// Tag is the pprof sample label that picks the number's steps from
	// the profiles (-tagfocus), "" where every sample is the number's.
	Tag string
	// Of says what a row names: "" a function, "allocation site", or
	// "element", an element a count's work was for, with why it was
	// queued ("box#42.row (hover)").
	Of string
}

// WhereRow is one function's move.
type WhereRow struct {
	// Function is the function's name as pprof shows it.
	Function string
	// Self is the change in what the function counted itself, Cum in
	// what it and everything it called counted (within the call depth the
	// profile keeps), both a step.
	Self, Cum float64
	// Share is Self over the number's change: how much of the change this
	// function made itself.
	Share float64
	// Labels are a few of the elements a row of elements covers (their
	// IDs, "#1003", head's), LabelCount how many it covers in all; none
	// for a function's row.
	Labels     []string
	LabelCount int
}

// Covered returns the shares of the first n rows together.
func (w Where) Covered(n int) float64 {
	var s float64
	for _, r := range w.Rows[:min(n, len(w.Rows))] {
		s += r.Share
	}
	return s
}
