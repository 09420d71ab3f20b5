package paired

import (
	"fmt"
	"math"
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/stats"
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
func (p plan) measure(n *outcome.Number, head, base [][]float64) {
	r := &n.Ratio
	r.Level = p.level()
	r.Between = stats.Spread(head, base, p.builds(len(head), len(base)))
	r.Value, r.Lo, r.Hi, r.Pairs = stats.RatioAcross(head, base, r.Between, r.Level)
	r.Slower, r.Faster = stats.ShiftTestAcross(head, base, r.Between, 1+p.tol)
	r.Detectable = math.NaN()
	if _, lo, _, _ := stats.RatioAcross(head, base, r.Between, 1-2*p.failLevel(0)); lo > 0 && !math.IsInf(lo, 0) {
		// Were every head process slower by a further factor f, the
		// interval's low end would move by f too; the slowdown the run
		// fails at (half the time, at this spread) is the one that lifts
		// the low end to 1 + tolerance.
		r.Detectable = (1 + p.tol) * r.Value / lo
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
func (p plan) settled(n outcome.Number) bool {
	return n.Ratio.Faster <= p.passLevel() || n.Ratio.Slower <= p.failLevel(0)
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
func (p plan) bound(n outcome.Number) bool {
	b := n.Ratio.Between
	if !(b.Var > b.Within) || !(n.Ratio.Value > 0) || n.Ratio.Pairs < boundPairs*max(p.heads, p.bases, 1) {
		return false
	}
	r, at := math.Log(n.Ratio.Value), math.Log(1+p.tol)
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
func (p plan) decide(ns []outcome.Number) {
	var tested []int
	for i := range ns {
		n := &ns[i]
		if !measured(*n) {
			continue
		}
		if ok, need := p.reachable(n.Ratio.Pairs); !ok {
			n.Verdict, n.Move = band.Broken, outcome.Same
			n.Note = fmt.Sprintf("%d pairs cannot show a slowdown at this run's level (%.2g: α %g over %d looks and %d times); it needs %d",
				n.Ratio.Pairs, p.failLevel(0), Alpha, p.looks, p.times, need)
			continue
		}
		tested = append(tested, i)
	}
	slices.SortStableFunc(tested, func(a, b int) int {
		switch {
		case ns[a].Ratio.Slower < ns[b].Ratio.Slower:
			return -1
		case ns[a].Ratio.Slower > ns[b].Ratio.Slower:
			return 1
		}
		return 0
	})
	failing := true
	for j, i := range tested {
		n := &ns[i]
		pct := band.Format(p.tol * 100)
		switch {
		case failing && n.Ratio.Slower <= p.failLevel(j):
			n.Verdict, n.Move = band.Fail, outcome.Worse
			n.Note = fmt.Sprintf("%s× slower, beyond the %s%% tolerance", band.Format(n.Ratio.Value), pct)
			continue
		case n.Ratio.Faster <= p.passLevel() && n.Ratio.Hi < 1:
			n.Verdict, n.Move = band.Pass, outcome.Better
			n.Note = fmt.Sprintf("%s× faster", band.Format(n.Ratio.Value))
		case n.Ratio.Faster <= p.passLevel() && n.Ratio.Lo > 1:
			n.Verdict, n.Move = band.Pass, outcome.Within
			n.Note = fmt.Sprintf("%s× slower, within the %s%% tolerance", band.Format(n.Ratio.Value), pct)
		case n.Ratio.Faster <= p.passLevel():
			n.Verdict, n.Move, n.Note = band.Pass, outcome.Same, ""
		case n.Ratio.Lo > 1+p.tol:
			n.Verdict, n.Move = band.Unsure, outcome.Same
			n.Note = fmt.Sprintf("unsure: %s× slower, beyond the %s%% tolerance on its own but not at the suite's level (%d times)",
				band.Format(n.Ratio.Value), pct, p.times)
		default:
			n.Verdict, n.Move = band.Unsure, outcome.Same
			n.Note = fmt.Sprintf("unsure: %s× [%s, %s] straddles the %s%% tolerance after %d pairs",
				band.Format(n.Ratio.Value), band.Format(n.Ratio.Lo), band.Format(n.Ratio.Hi), pct, n.Ratio.Pairs)
		}
		// Holm's procedure stops at the first p-value it cannot reject:
		// every larger one passes or is unsure.
		failing = false
	}
	for _, i := range tested {
		n := &ns[i]
		spread := band.Format(n.Ratio.Between.Spread * 100)
		switch {
		case n.Ratio.Between.Var <= 0:
		case n.Verdict == band.Unsure && n.Ratio.Between.Var > n.Ratio.Between.Within:
			n.Note = join(n.Note, fmt.Sprintf("the builds' layouts, ±%s%% a build, weigh more than the pairs: more builds would narrow it, not more pairs", spread))
		default:
			n.Note = join(n.Note, fmt.Sprintf("the builds' layouts spread ±%s%% a build", spread))
		}
	}
}
