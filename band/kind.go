package band

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"
)

// What each kind of number is, asked of its band's Kind rather than by
// naming the kind: a caller that needs an interval asks Estimated, one that
// keeps a reference asks the band's Keeping (portable: per toolchain),
// a paired run's judge asks Paired. The kind is chosen once, by
// the band a scenario declares, as benchmath's Assumption is chosen once
// per unit; a new kind of number is added here, with its answers, and
// every report, judge and store follows.
//
//	kind          Estimated  Recorded  Portable  Exact  Bounded  pooled over processes
//	time          yes        yes       no        no     no       every sample, runs apart
//	count         no         no        —         yes    yes      equal, or the median if it varies
//	instructions  no         yes       yes       yes    no       the least
type kindTraits struct {
	title                                                   string // a report's heading
	estimated, recorded, portable, exact, bounded, profiled bool
	// least pools the processes' values by their least: an exact count
	// of the CPU's work that a program's own randomness (a timer, a
	// goroutine's schedule) can only add to.
	least bool
}

var kinds = map[Kind]kindTraits{
	KindTime:         {title: "Times", estimated: true, recorded: true},
	KindCount:        {title: "Counts", exact: true, bounded: true},
	KindInstructions: {title: "Instructions", recorded: true, portable: true, exact: true, least: true, profiled: true},
}

// Known reports whether k is a kind of number at all: the zero Kind of a
// Band that was never declared is not.
func (k Kind) Known() bool {
	_, ok := kinds[k]
	return ok
}

// Judges reports whether b judges anything: the zero Band, never declared,
// has no kind, and judges every number Broken.
func (b Band) Judges() bool { return b.Kind.Known() }

// Estimated reports whether a number of this kind is an estimate from
// many samples with a confidence interval, which moves with the machine
// and its load (a time): reports print its interval, and two builds'
// are compared by a ratio's interval, never exactly.
func (k Kind) Estimated() bool { return kinds[k].estimated }

// Recorded reports whether the band's reference is recorded by the
// ratchet in the baselines file rather than written in the scenario's
// source (a time's baseline, and its limit of baseline × (1+tolerance)):
// the ratchet records, lowers and rebaselines it, and the docs and charts
// show its history.
func (k Kind) Recorded() bool { return kinds[k].recorded }

// Exact reports whether a number of this kind is the same on every run
// and machine (a count): one value, compared exactly (benchstat's
// assume=exact), and a difference between processes is a bug.
func (k Kind) Exact() bool { return kinds[k].exact }

// Bounded reports whether the band is a bound in a direction (≤ work
// done, ≥ work avoided, = a fixed number), written in the scenario's
// source or recorded by the ratchet ([Record]): a count's.
func (k Kind) Bounded() bool { return kinds[k].bounded }

// Slowed reports whether running under Valgrind changes a number of this
// kind (a time): a counted run drops it, and a scenario with one is worth
// counting, for its steps do CPU work a count may not see.
func (k Kind) Slowed() bool { return kinds[k].estimated }

// Paired reports whether two builds' numbers of this kind are compared by
// the ratio over pairs of their processes (a time), not value to value.
func (k Kind) Paired() bool { return kinds[k].estimated }

// Profiled reports whether Callgrind counts a number of this kind, and so
// can say in which functions it went (instructions): one that fails or
// moves gets a where-table and its profiles.
func (k Kind) Profiled() bool { return kinds[k].profiled }

// Keeping is what the ratchet keeps of a number in its baselines file,
// which follows from its band: it decides the number's key there, what
// the store checks of it, and what the docs and charts show.
type Keeping int

const (
	// InSource: nothing; the bound is written in the scenario's source
	// (a count's), or there is no band.
	InSource Keeping = iota
	// AsBound: a count's bound, recorded from a run ([Record]), one for
	// every machine.
	AsBound
	// PerMachine: a baseline for each machine (a time's).
	PerMachine
	// PerToolchain: a baseline for each toolchain, the same on every
	// machine of it (instructions').
	PerToolchain
)

// Keeping returns what the ratchet keeps of the band's number.
func (b Band) Keeping() Keeping {
	switch t := kinds[b.Kind]; {
	case t.portable:
		return PerToolchain
	case t.recorded:
		return PerMachine
	case t.bounded && b.Recorded:
		return AsBound
	}
	return InSource
}

// Baseline reports whether what is kept is a baseline, against which the
// number is judged within its tolerance (a time's, instructions').
func (k Keeping) Baseline() bool { return k == PerMachine || k == PerToolchain }

// Drift says where v lies against baseline for a band whose baseline is
// compared value to value (instructions'), its tolerance the spread
// between runs: within it either way, or fallen below it, a fall worth
// keeping. ok is false for any other band: a time's baseline moves by a U
// test and MinDrop, and a count has none.
func (b Band) Drift(v, baseline float64) (within, fell, ok bool) {
	if t := kinds[b.Kind]; !t.recorded || t.estimated {
		return false, false, false
	}
	return baseline > 0 && math.Abs(v-baseline) <= baseline*b.Tolerance, v < baseline*(1-b.Tolerance), true
}

// MinDrop is how far, as a fraction, a median must fall below its
// baseline before the baseline moves down by itself (on top of a U test
// finding the fall significant), and a report says it moved: the U test
// calls a 1–3 % fall significant, while back-to-back runs on a loaded
// machine differ by several percent; a tenth is beyond that noise.
const MinDrop = 0.10

// Assumption is how benchstat compares two runs of the kind: exactly for
// a count and instructions, assuming nothing of a time's distribution.
func (k Kind) Assumption() benchmath.Assumption {
	if kinds[k].exact {
		return benchmath.AssumeExact
	}
	return benchmath.AssumeNothing
}

// Interval returns the interval a report prints around the median: a
// time's, at level Confidence; ok is false for an exact number.
func (j Judged) Interval() (lo, hi float64, ok bool) {
	if !j.Band.Kind.Estimated() {
		return 0, 0, false
	}
	return j.Lo, j.Hi, true
}

// Past returns how far v lies past a bound in its direction: 0 at the
// bound, negative inside it, +1 one over a ceiling or under a floor, how
// far off an exact value. ok is false for a band that is no bound (a
// time's, instructions') and a recorded bound not yet recorded.
func (b Band) Past(v float64) (past float64, ok bool) {
	bound, ok := b.Limit()
	if !b.Kind.Bounded() || !ok {
		return 0, false
	}
	switch b.Direction() {
	case AtLeast:
		return bound - v, true
	case Exactly:
		return math.Abs(v - bound), true
	}
	return v - bound, true
}

// VsBaseline returns the median over its recorded baseline, ok only for a
// number judged against one (a time, instructions) that did not break.
func (j Judged) VsBaseline() (ratio float64, ok bool) {
	if !j.Band.Kind.Recorded() || !j.Band.Baselined() || j.BandVerdict == Broken {
		return 0, false
	}
	return j.Median / j.Band.Baseline, true
}

// Moved returns the ratio of the number's median to its baseline where it
// moved beyond its noise: a baselined time or instructions whose interval
// lies wholly on one side of the baseline, at least MinDrop away. A
// count has no baseline to move from: room under its bound is where the
// bound was set, not a change. A number that failed or broke did not
// move: it is reported as that.
func (j Judged) Moved() (ratio float64, ok bool) {
	if j.BandVerdict.Failed() {
		return 0, false
	}
	ratio, ok = j.VsBaseline()
	outside := j.Lo > j.Band.Baseline || j.Hi < j.Band.Baseline
	return ratio, ok && outside && math.Abs(ratio-1) >= MinDrop
}

// Title heads the kind's numbers in a report: "Times", "Instructions".
func (k Kind) Title() string { return kinds[k].title }

// Worse says in its kind's words how number name got worse from base to
// head: "do 0.35% more work (instructions 8366 → 8395)", "frame 35%
// slower" (by the pairs' ratio). ok is false for a count, which rises or
// falls, and where the values cannot say it (no base, no ratio).
func (k Kind) Worse(name string, head, base, ratio float64) (words string, ok bool) {
	switch {
	case kinds[k].portable && base > 0:
		return fmt.Sprintf("do %s more work (%s %s → %s)", strings.TrimPrefix(Percent(head, base), "+"), name, Format(base), Format(head)), true
	case kinds[k].estimated && ratio > 0:
		return fmt.Sprintf("%s %s slower", name, strings.TrimPrefix(Percent(ratio, 1), "+")), true
	}
	return "", false
}

// Percent is how far v lies from base, signed, to the digits that matter:
// "+0.35%", "+23%", "-4.1%"; "—" without a base.
func Percent(v, base float64) string {
	if !(base > 0) {
		return "—"
	}
	p, digits := (v/base-1)*100, 2
	if math.Abs(p) >= 10 {
		digits = 0
	} else if math.Abs(p) >= 1 {
		digits = 1
	}
	s := strconv.FormatFloat(p, 'f', digits, 64) + "%"
	if p > 0 {
		s = "+" + s
	}
	return s
}
