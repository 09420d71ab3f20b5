package scenario

import (
	"fmt"
	"slices"
)

// CountSource is where a subject keeps its own counts of the work it did
// or avoided: perfbench's window the engine's process-wide counters
// (package counter's Source), a Gio or a Fyne subject the allocations, op
// lists and refreshes of its frames. A Subject that keeps counts
// implements it. Each count only grows while the subject runs; the
// session reads them all before and after every step and records what
// moved ([Step.Counts], [Record.Total]), so that a Number reads any
// subject's counts off the record by name.
type CountSource interface {
	// CountNames returns the counts' names, in the order ReadCounts
	// writes them: the same names on every call.
	CountNames() []string
	// ReadCounts writes the current value of every count into dst, which
	// has one element per name. The session calls it between a step's
	// input and the next, inside a batch's sample (Scenario.Batch), so it
	// must allocate nothing.
	ReadCounts(dst []uint64)
}

// Counts is what a subject's counts moved over a step or a run: one value
// per name of its CountSource, in its order. The zero Counts, a subject's
// that keeps none, has no counts and reads zero for every name.
type Counts struct {
	// Names are the source's names (CountSource.CountNames), shared by
	// every Counts of a record; a caller should not change them.
	Names []string
	// Values holds one count per name.
	Values []uint64
}

// Get returns the count named name, and whether the subject keeps one by
// that name (zero and false when it does not).
func (c Counts) Get(name string) (uint64, bool) {
	for i, n := range c.Names {
		if n == name && i < len(c.Values) {
			return c.Values[i], true
		}
	}
	return 0, false
}

// IsZero reports whether nothing moved: every count is zero, or there is
// none.
func (c Counts) IsZero() bool {
	for _, v := range c.Values {
		if v != 0 {
			return false
		}
	}
	return true
}

// checkNames panics when a source names a count twice or leaves one
// unnamed: Get would read only the first of two.
func checkNames(names []string) {
	for i, n := range names {
		if n == "" || slices.Contains(names[:i], n) {
			panic(fmt.Sprintf("scenario: a CountSource names %q twice, or a count without a name", n))
		}
	}
}

// moved turns v, read after a step, into what moved since before: a count
// that went down (a reset between the two reads) moved by zero rather than
// wrapping.
func moved(v, before []uint64) {
	for i := range v {
		if v[i] > before[i] {
			v[i] -= before[i]
		} else {
			v[i] = 0
		}
	}
}
