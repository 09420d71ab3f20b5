// Package outcome is what every judge of perfbench leaves and every writer
// of package report reads: one [Outcome] of scenarios, each a list of
// [Number]s, whether the numbers were judged against their bands (a time's
// baseline recorded on this machine, a count's bound: perfbench scenarios
// and perf) or against a base build's results measured beside them in
// pairs (scenarios --base, and the revision ratchet against its
// reference). A new kind of number is taught to band's kind and to the
// judge that measures it; the writers follow.
package outcome

import (
	"fmt"
	"math"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/stats"
)

// Against says what an outcome's numbers were judged against, and so how a
// report lays them out.
type Against uint8

const (
	// Bands: each number against its own band (a time's baseline, a
	// count's bound), in one run.
	Bands Against = iota
	// Base: each number of head against the same number of a base build,
	// the two run in pairs of processes; the base may be the revision
	// ratchet's reference.
	Base
	// Nothing: one scenario's numbers as measured, with their samples
	// and no verdict ([Measured]).
	Nothing
)

// Outcome is one command's judgement of its scenarios.
type Outcome struct {
	// Against is what the numbers were judged against.
	Against Against
	// Scenarios are in report order.
	Scenarios []Scenario
	// Verdict is the worst verdict of all, Broken when a scenario broke;
	// None when nothing was judged at all.
	Verdict band.Verdict
	// Machine is the key of the machine a run against Bands judged its
	// times on, as the baselines file names it, and CPU its processor's
	// name; both "" in a paired run.
	Machine, CPU string
	// Recording is what a run against Bands did with the baselines, the
	// history and the docs (perf); zero for one that records nothing.
	Recording
	// Pairing is how a paired run judged its times; zero against Bands.
	Pairing
	// Where explains the instructions numbers that failed or moved, one
	// each where both sides have a profile (where.go).
	Where []Where
	// Revision is what the revision ratchet did with its reference
	// (perfbench reference), whose paired run the rest of the outcome
	// is when Revision.Judged; nil in any other outcome.
	Revision *Revision
}

// Failed reports whether the outcome fails the command: any number that
// failed or broke, nothing judged at all by a run that judges, or an
// unsure time when the run was told to fail on one; for the revision
// ratchet, what it decided (Revision.Failed).
func (o Outcome) Failed() bool {
	if o.Revision != nil {
		// perfbench reference fails when head fails against the
		// reference, unless a --rebaseline moved it there.
		return o.Revision.Failed
	}
	if o.Against == Nothing {
		return o.Verdict == band.Broken
	}
	return o.Verdict.Failed() || o.Verdict == band.None || o.FailUnsure && o.Verdict == band.Unsure
}

// Numbers returns every number of every scenario, in report order.
func (o Outcome) Numbers() []Number {
	var out []Number
	for _, sc := range o.Scenarios {
		out = append(out, sc.Numbers...)
	}
	return out
}

// Broken lists the scenarios that broke, each as "NAME: why".
func (o Outcome) Broken() []string {
	var out []string
	for _, sc := range o.Scenarios {
		if sc.Broken != "" {
			out = append(out, sc.Name+": "+sc.Broken)
		}
	}
	return out
}

// NoChange reports whether a paired run found nothing changed: no number
// failed or broke, every exact number (counts, instructions) of both
// builds is the same, give or take an instructions number's tolerance, and
// no time is measurably slower (an unsure time may be: the run could not
// tell, and the report lists it). It returns how many times are unsure.
func (o Outcome) NoChange() (ok bool, unsure int) {
	numbers := o.Numbers()
	if len(o.Broken()) > 0 || o.Verdict.Failed() || o.Verdict == band.None || len(numbers) == 0 {
		return false, 0
	}
	for _, n := range numbers {
		switch {
		case n.Verdict == band.Unsure:
			unsure++
		case n.Verdict.Failed(), n.Move == Worse, n.Move == Within, n.Move == New, n.Move == Gone:
			return false, 0
		case !n.Band.Kind.Paired() && n.Move != Same:
			// Compared value to value: any move is a change.
			return false, 0
		}
	}
	return true, unsure
}

// Headline is a paired verdict as a report's heading says it: "no
// change" (with how many times stayed unsure) for a run NoChange finds
// nothing in, otherwise the verdict.
func (o Outcome) Headline() string {
	ok, unsure := o.NoChange()
	switch {
	case !ok:
		return o.Verdict.String()
	case unsure == 1:
		return "no change (1 time unsure)"
	case unsure > 1:
		return fmt.Sprintf("no change (%d times unsure)", unsure)
	}
	return "no change"
}

// Scenario is one scenario's judged numbers.
type Scenario struct {
	Name    string
	Numbers []Number
	// Verdict is the worst verdict of Numbers; Broken when the scenario
	// broke or reported no numbers.
	Verdict band.Verdict
	// Broken says why the scenario broke ("" when it did not); in a
	// paired run, on which side ("head: …", "base: …").
	Broken string
	// Remeasured says a straddling breach sent the scenario to a fresh
	// process once more; Numbers are from that second run.
	Remeasured bool
	// Rebaselined says some of the scenario's recorded numbers were
	// judged against, and recorded as, this run's (--rebaseline); each
	// Number says which.
	Rebaselined bool
	// Advisory names the times over their limits that did not enter
	// Verdict, because the run judged times as advice (--advisory-times).
	Advisory []string
	// NotCounted says why the scenario's instructions were not measured
	// where the run counted them (a count that timed out or crashed under
	// Valgrind): its other numbers stand and are judged.
	NotCounted string
	// Steps is how many steps the scenario's run took (the benchmark
	// format's iteration count).
	Steps int
	// Varying names the counts declared varying, whose value is the
	// median of processes that may differ: judged, never shown in the
	// docs, where a value that moves without a change would make them
	// stale.
	Varying []string
}

// Number is one number of one scenario as its judge left it.
type Number struct {
	Scenario string
	// Judged is the number's value judged against its own band: the
	// run's value against a time's baseline or a count's bound, or in a
	// paired run head's value against head's band. A number only base
	// has carries base's Spec and nothing measured.
	band.Judged
	// Verdict is the verdict that gates: the band's against Bands; head
	// against base in a paired run (Pass, Fail, Unsure, Broken, or None
	// for a number only one build has, listed and not judged).
	Verdict band.Verdict
	// Base is the base build's value (a count's, or a time's estimate:
	// the median of its processes' fastest samples); NaN where base has
	// none, and against Bands.
	Base float64
	// Ratio is head over base, for a time with its interval; NaN fields
	// where there is none.
	Ratio Ratio
	// Move says how the number moved from base, so a report can list it;
	// Same when it did not.
	Move Move
	// Note says what moved, in words: "rose from 3 to 4", "1.12× slower,
	// beyond the 3% tolerance", "new in head".
	Note string
	// Samples are what was measured of the number, kept only where a
	// report shows them: against Nothing.
	Samples []float64
	// Rebaselined says the number was judged against, and recorded as,
	// this run's value (--rebaseline named it).
	Rebaselined bool
	// Where is the file:line of what the number was judged against: a
	// bound written in the scenario's source, or the baselines file's
	// line of a recorded bound or baseline; "" where there is none (no
	// baseline yet, or a paired run's base).
	Where string
	// Fix is the command that moves a recorded reference, for a change
	// that is meant ("perfbench perf --rebaseline hover-storm/frame
	// --why \"…\""); "" for a bound written in source, which is changed
	// where it is written.
	Fix string
}

// ByBand returns scenario's numbers judged against their own bands
// alone, as a run against Bands leaves them: each band's verdict is the
// one that gates, and there is no base to compare with.
func ByBand(scenario string, judged ...band.Judged) []Number {
	out := make([]Number, len(judged))
	for i, j := range judged {
		out[i] = Number{Scenario: scenario, Judged: j, Verdict: j.BandVerdict, Base: nan(), Ratio: NoRatio()}
	}
	return out
}

// Value is the number's own value (head's in a paired run), NaN where it
// has none: it broke, or only base has it.
func (n Number) Value() float64 {
	if n.BandVerdict == band.Broken {
		return math.NaN()
	}
	return n.Median
}

// Sides returns the two builds' values as a report shows them beside the
// ratio: base's own, and head's as base × head/base for a time with a
// ratio, head's own otherwise. A time's ratio is the median over every
// pair of head and base processes, which the medians of each side's
// processes need not agree with (head 200.5 µs beside base 214.6 µs at a
// ratio of 1.067): shown beside it, they would contradict it.
func (n Number) Sides() (head, base float64) {
	head, base = n.Value(), n.Base
	if n.Band.Kind.Paired() && finite(n.Ratio.Value) && finite(base) {
		head = base * n.Ratio.Value
	}
	return head, base
}

// finite reports whether v is a number a report can print.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Changed reports whether the two builds differ on the number: a count
// that moved, a time whose interval excludes 1, or a number only one has.
func (n Number) Changed() bool { return n.Move != Same }

// Sees says in plain words what a paired run could detect of a time:
// "this run can miss a slowdown under 2%", Ratio.Detectable being the
// slowdown that would have failed it half the time at this run's spread;
// "" for a count, a time that failed (the run caught it), or one with no
// finite interval.
func (n Number) Sees() string {
	d := n.Ratio.Detectable
	if !n.Band.Kind.Paired() || n.Verdict.Failed() || math.IsNaN(d) || math.IsInf(d, 0) {
		return ""
	}
	return fmt.Sprintf("this run can miss a slowdown under %.1f%%", 100*(d-1))
}

// Heading is the heading a paired report lists the number under, in the
// order a report lists them ("" for a number that stays in the full table
// only): failed and broken first, what fails the run, then unsure, which a
// reader must weigh, then improved, within tolerance, and other changes.
func (n Number) Heading() (rank int, heading string) {
	switch {
	case n.Verdict.Failed():
		return 0, "failed"
	case n.Verdict == band.Unsure:
		return 1, "unsure"
	case n.Move == Better:
		return 2, "improved"
	case n.Move == Within:
		return 3, "within tolerance"
	case n.Move != Same:
		return 4, "changed"
	}
	return 5, ""
}

// Ratio is a number of head over the same number of base.
type Ratio struct {
	// Value, Lo, Hi: the ratio and its interval at Level over Pairs
	// pairs; an exact number's interval is its ratio, at no level.
	Value, Lo, Hi, Level float64
	Pairs                int
	// Slower and Faster are a time's one-sided p-values against "head is
	// at most (at least) 1 + tolerance times base" ([stats.ShiftTest]).
	Slower, Faster float64
	// Between is the layouts' share of the time's uncertainty when the
	// pairs ran several builds a side ([stats.Spread]): its Spread is how
	// far one build's layout moved the time (0.017: ±1.7%), and the
	// interval and the p-values carry it. Zero with one build a side.
	Between stats.Between
	// Detectable is the smallest head/base ratio the run would have
	// failed the time at, at its spread and the suite's level.
	Detectable float64
}

// NoRatio is a number's Ratio where there is none: every value NaN.
func NoRatio() Ratio {
	return Ratio{Value: nan(), Lo: nan(), Hi: nan(), Slower: nan(), Faster: nan(), Detectable: nan()}
}

// nan is a value a number does not have.
func nan() float64 { return math.NaN() }

// Move says how a number moved from base to head, and so under which
// heading a report lists it. The zero Move is Same.
type Move string

const (
	// Same: a count that did not move, or a time whose interval holds 1.
	Same Move = ""
	// Worse: a count moved the wrong way for its direction (a ceiling's
	// count rose, a floor's fell, an exact count moved), or a time is
	// slower than base by more than the tolerance.
	Worse Move = "worse"
	// Better: a count moved the good way (a ceiling's fell, a floor's
	// rose), or a time's whole interval lies below 1: an improvement.
	Better Move = "better"
	// Within: a time measurably slower than base (its interval above 1)
	// but not shown beyond the tolerance: "within tolerance", not
	// "changed".
	Within Move = "within tolerance"
	// Varies: a count declared varying with the runtime rose; judged by
	// its own ceiling.
	Varies Move = "varies"
	// New and Gone: a number only head, or only base, has.
	New  Move = "new in head"
	Gone Move = "gone in head"
)

// Pairing is how a paired run judged its times.
type Pairing struct {
	// Tolerance is the tolerance the times were judged with, and Alpha
	// the chance of failing any time of the suite that is no slower by
	// more than it.
	Tolerance, Alpha float64
	// Looks is how many looks a scenario's schedule allowed, and Times
	// how many times the suite judged together: Alpha is split over both.
	Looks, Times int
	// FailUnsure: an unsure time fails the run.
	FailUnsure bool
	// Builds is how many builds of each side the pairs were spread over,
	// and Seed the seed of the order within the pairs.
	Builds int
	Seed   uint64
}

// Rule says in short sentences how a paired run's numbers were judged,
// for a report to print after its table.
func (p Pairing) Rule() string {
	unsure := "listed after the failures; it does not fail the run"
	if p.FailUnsure {
		unsure = "it fails the run"
	}
	return fmt.Sprintf("Head and base ran in alternate processes. "+
		"A time's head is shown as its base times head/base, the median ratio over every pair of processes. "+
		"A time fails when head is shown more than %s%% slower than base, and passes when it is shown less. "+
		"Otherwise it is unsure: %s. "+
		"Shown means at the suite's level: α %s%% over %s and %s (Holm). "+
		"A count fails when it moves the wrong way for its band; one that varies between processes (allocations), only past the bound perf would record from base, as perf judges it. "+
		"Times differ from perf on purpose: against base, not a recorded baseline, since alternate processes cancel the machine's speed.",
		band.Format(p.Tolerance*100), unsure, band.Format(p.Alpha*100), plural(p.Times, "time"), plural(p.Looks, "look"))
}

// plural is n and its noun, "1 time", "3 times".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
