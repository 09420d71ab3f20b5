package outcome

import "time"

// Revision is what the revision ratchet (perfbench reference) did with
// the reference revision the baselines file names, beside the paired run
// of head against it (the Outcome it is part of, when Judged); nil in
// every other outcome.
type Revision struct {
	// Reference is the reference head was judged against (the current
	// one before any move); zero when the file named none.
	Reference Reference
	// Head is head's commit.
	Head string
	// Judged says a paired run was made; false when head is the
	// reference, or the first reference was recorded.
	Judged bool
	// Failed says head fails against the reference beyond the tolerance
	// (or broke): the command fails, unless a --rebaseline moved it.
	Failed bool
	// Moved is the new reference when the reference moved (or, with
	// --check, would have moved); nil when it stays.
	Moved *Reference
	// Stays says why the reference stays, when it does.
	Stays string
	// Written says the baselines file and the page were written.
	Written bool
	// Recovered is what the run did first to finish an interrupted write.
	Recovered []string
}

// Reference is one reference revision: the commit, when it became the
// reference, why (Kind: recorded, faster or rebaselined, and Why in
// words), and the ratios head/reference of the paired run that moved it
// there (none for a recorded one).
type Reference struct {
	Commit string
	Set    time.Time
	Kind   string
	Why    string
	Ratios []ReferenceRatio
}

// ReferenceRatio is one time of the paired run that moved the reference:
// head over the old reference, with the interval its verdict judged it by.
type ReferenceRatio struct {
	Scenario, Number string
	Ratio, Lo, Hi    float64
	Pairs            int
}
