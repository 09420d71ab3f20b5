package paired

import (
	"fmt"
	"math"
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/stats"
)

// Alpha is the chance a paired run fails a time, or more than one, when
// head is in truth no slower than base by more than the tolerance: 2.5%,
// the one-sided tail of a 95% interval, the level of every other interval
// perfbench prints (stats.Confidence). It holds for the suite as a whole:
// it is split over the looks a scenario may take at its times
// (Bonferroni: a run that looks four times judges each look at α/4), and
// over the suite's times by Holm's step-down procedure (the smallest
// p-value against α/K, the next against α/(K−1), …), so a suite of many
// times does not fail one of them by chance, and a real slowdown of one
// is still judged nearly as sharply as a lone time would be.
const Alpha = 0.025

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

// plan is how a run judges its times: the tolerance, how many looks a
// scenario may take at its times, and how many times the suite has.
type plan struct {
	tol   float64
	looks int
	times int
	// heads and bases are how many builds of each side the pairs were
	// spread over (pair k ran head build k mod spread mod heads, and
	// base build k mod spread mod bases); zero is one.
	heads, bases, spread int
}

// builds says which build ran each of nh head and nb base processes,
// pair by pair; nil lists for one build a side.
func (p plan) builds(nh, nb int) stats.Builds {
	if max(p.heads, p.bases) <= 1 {
		return stats.Builds{}
	}
	of := func(n, side int) []int {
		out := make([]int, n)
		for k := range out {
			out[k] = k % p.spread % max(side, 1)
		}
		return out
	}
	return stats.Builds{Head: of(nh, p.heads), Base: of(nb, p.bases)}
}

// passLevel is the p-value at or below which a time passes: α over the
// looks. A false pass is a missed slowdown of one time, so it is not
// corrected for the suite's size.
func (p plan) passLevel() float64 { return Alpha / float64(max(p.looks, 1)) }

// failLevel is the least strict level Holm's procedure can fail the j-th
// smallest p-value at (j from 0): α over the looks and the times not yet
// failed. failLevel(0) is the Bonferroni level every time of the suite
// clears when its own p-value is below it.
func (p plan) failLevel(j int) float64 {
	return Alpha / float64(max(p.looks, 1)) / float64(max(p.times-j, 1))
}

// level is the two-sided level of the interval reported beside a time:
// its ends are the pass level's one-sided bounds, so a pass is an
// interval wholly below 1 + tolerance.
func (p plan) level() float64 { return 1 - 2*p.passLevel() }

// measure fills in a time's statistics against base over the plan: the
// builds' layout spread when the pairs ran several builds a side, its
// ratio and interval at the plan's level, the shift test's p-values at
// 1 + tolerance, and the smallest slowdown the run could fail; the
// interval and the test both carry the layouts' share of the variance
// (stats.Spread), so an accident of a few builds' layouts fails no more
// often than α.
func (p plan) measure(n *Number, head, base [][]float64) {
	n.measured = true
	n.Level = p.level()
	n.Between = stats.Spread(head, base, p.builds(len(head), len(base)))
	n.Ratio, n.Lo, n.Hi, n.Pairs = stats.RatioAcross(head, base, n.Between, n.Level)
	n.Slower, n.Faster = stats.ShiftTestAcross(head, base, n.Between, 1+p.tol)
	n.Detectable = math.NaN()
	if _, lo, _, _ := stats.RatioAcross(head, base, n.Between, 1-2*p.failLevel(0)); lo > 0 && !math.IsInf(lo, 0) {
		// Were every head process slower by a further factor f, the
		// interval's low end would move by f too; the slowdown the run
		// fails at (half the time, at this spread) is the one that lifts
		// the low end to 1 + tolerance.
		n.Detectable = (1 + p.tol) * n.Ratio / lo
	}
}

// reachable reports whether n pairs can fail a time at the suite's
// level at all, and if not, how many they would need.
func (p plan) reachable(n int) (ok bool, need int) {
	level := p.failLevel(0)
	if stats.LeastP(n, n) <= level {
		return true, n
	}
	need = n + 1
	for stats.LeastP(need, need) > level {
		need++
	}
	return false, need
}

// settled reports whether a time needs no more pairs: it passes at the
// pass level, or fails even at the strictest level Holm's procedure
// uses. A time that is neither is unsure.
func (p plan) settled(n Number) bool {
	return n.Faster <= p.passLevel() || n.Slower <= p.failLevel(0)
}

// bound reports whether an unsure time would stay unsure however many
// more pairs ran over the same builds: the builds' layouts already weigh
// more in its variance than its pairs do, and the least interval they
// alone leave (stats.Between.Floor) still reaches 1 + tolerance at the
// level that would fail it and at the one that would pass it, around
// any ratio more pairs could still move it to. More pairs narrow only
// the pairs' share, and move the ratio only within it (its 95% span,
// sqrt(Within) each way), since the layouts the builds happen to have
// stay in the ratio however many pairs run. Such a time's scenario
// stops rather than spend its budget on pairs that cannot decide it;
// stopping early never fails a time, so it leaves Alpha as it is.
func (p plan) bound(n Number) bool {
	b := n.Between
	if !(b.Var > b.Within) || !(n.Ratio > 0) || n.Pairs < boundPairs*max(p.heads, p.bases, 1) {
		return false
	}
	r, at := math.Log(n.Ratio), math.Log(1+p.tol)
	moves := 1.96 * math.Sqrt(b.Within)
	return r+moves-b.Floor(1-p.failLevel(0)) <= at && r-moves+b.Floor(1-p.passLevel()) >= at
}

// boundPairs is how many processes each build of a side must have run
// before its layouts may stop a scenario (plan.bound): fifteen, 60 pairs
// with four builds a side, since the builds' spread read from fewer
// overstates it often enough to stop a slowdown that more pairs would
// have failed: in simulation, stopping at 60 pairs lost 1 real 1.10× of
// 400 that 200 pairs would have failed (docs/paired.md).
const boundPairs = 15

// decide gives every time of the family ns (the suite's, already
// measured) its verdict, in place: Broken for too few pairs to fail it at
// the suite's level, Fail by Holm's procedure on the shift test's
// p-values against 1 + tolerance, Pass when the test shows it below
// 1 + tolerance, else Unsure; and says how it moved. Counts are left as
// they are.
func (p plan) decide(ns []Number) {
	var tested []int
	for i := range ns {
		n := &ns[i]
		if !n.measured {
			continue
		}
		if ok, need := p.reachable(n.Pairs); !ok {
			n.Verdict, n.Move = band.Broken, Same
			n.Note = fmt.Sprintf("%d pairs cannot show a slowdown at this run's level (%.2g: α %g over %d looks and %d times); it needs %d",
				n.Pairs, p.failLevel(0), Alpha, p.looks, p.times, need)
			continue
		}
		tested = append(tested, i)
	}
	slices.SortStableFunc(tested, func(a, b int) int {
		switch {
		case ns[a].Slower < ns[b].Slower:
			return -1
		case ns[a].Slower > ns[b].Slower:
			return 1
		}
		return 0
	})
	failing := true
	for j, i := range tested {
		n := &ns[i]
		pct := band.Format(p.tol * 100)
		switch {
		case failing && n.Slower <= p.failLevel(j):
			n.Verdict, n.Move = band.Fail, Worse
			n.Note = fmt.Sprintf("%s× slower, beyond the %s%% tolerance", band.Format(n.Ratio), pct)
			continue
		case n.Faster <= p.passLevel() && n.Hi < 1:
			n.Verdict, n.Move = band.Pass, Better
			n.Note = fmt.Sprintf("%s× faster", band.Format(n.Ratio))
		case n.Faster <= p.passLevel() && n.Lo > 1:
			n.Verdict, n.Move = band.Pass, Within
			n.Note = fmt.Sprintf("%s× slower, within the %s%% tolerance", band.Format(n.Ratio), pct)
		case n.Faster <= p.passLevel():
			n.Verdict, n.Move, n.Note = band.Pass, Same, ""
		case n.Lo > 1+p.tol:
			n.Verdict, n.Move = band.Unsure, Same
			n.Note = fmt.Sprintf("unsure: %s× slower, beyond the %s%% tolerance on its own but not at the suite's level (%d times)",
				band.Format(n.Ratio), pct, p.times)
		default:
			n.Verdict, n.Move = band.Unsure, Same
			n.Note = fmt.Sprintf("unsure: %s× [%s, %s] straddles the %s%% tolerance after %d pairs",
				band.Format(n.Ratio), band.Format(n.Lo), band.Format(n.Hi), pct, n.Pairs)
		}
		// Holm's procedure stops at the first p-value it cannot reject:
		// every larger one passes or is unsure.
		failing = false
	}
	for _, i := range tested {
		n := &ns[i]
		spread := band.Format(n.Between.Spread * 100)
		switch {
		case n.Between.Var <= 0:
		case n.Verdict == band.Unsure && n.Between.Var > n.Between.Within:
			n.Note = join(n.Note, fmt.Sprintf("the builds' layouts, ±%s%% a build, weigh more than the pairs: more builds would narrow it, not more pairs", spread))
		default:
			n.Note = join(n.Note, fmt.Sprintf("the builds' layouts spread ±%s%% a build", spread))
		}
	}
}

// Sees says in plain words what the run could detect of a time: "this
// run can miss a slowdown under 2%", Detectable being the slowdown that
// would have failed it half the time at this run's spread; "" for a
// count, a time that failed (the run caught it), or one with no finite
// interval.
func (n Number) Sees() string {
	if !n.Kind.Estimated() || n.Verdict.Failed() || math.IsNaN(n.Detectable) || math.IsInf(n.Detectable, 0) {
		return ""
	}
	return fmt.Sprintf("this run can miss a slowdown under %.1f%%", 100*(n.Detectable-1))
}

// Rule says in short sentences how the outcome's numbers were judged,
// for a report to print after its table.
func (o Outcome) Rule() string {
	unsure := "listed after the failures; it does not fail the run"
	if o.FailUnsure {
		unsure = "it fails the run"
	}
	return fmt.Sprintf("Head and base ran in alternate processes. "+
		"A time fails when head is shown more than %s%% slower than base, and passes when it is shown less. "+
		"Otherwise it is unsure: %s. "+
		"Shown means at the suite's level: α %s%% over %s and %s (Holm). "+
		"A count fails when it moves the wrong way for its band.",
		band.Format(o.Tolerance*100), unsure, band.Format(Alpha*100), plural(o.Times, "time"), plural(o.Looks, "look"))
}

// plural is n and its noun, "1 time", "3 times".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Heading is the heading a report lists the number under, in the order
// a report lists them ("" for a number that stays in the full table
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
