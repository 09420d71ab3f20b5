package ratchet

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
)

// The rule that moves a count's recorded bound (band.Record), obligation
// 2 for counts. A count depends on the code alone, so its bound is
// recorded once for every machine, from the first run that measures it:
// the value itself, or for a count that varies between processes
// (Number.Varies) baselines.VaryingBound over their range. After that it
// moves only the better way, when the run did better, and otherwise only
// for a scenario named in --rebaseline (with --why). A count that did
// worse fails its band, and a failing run records nothing.

// Why a bound moved, as the baselines file records it.
const (
	whyFirstBound     = "first record"
	whyTightenedBound = "tightened from "
)

// freshBound returns the bound this run's measurement of a recorded count
// sets, and the processes' range it came from: the value itself for a
// count that does not vary, baselines.VaryingBound over the processes' values
// (with spread at least the range's) for one that does.
func freshBound(d band.Direction, m band.Measured, varies bool, spread float64) baselines.Bound {
	b := baselines.Bound{Unit: m.Unit, Dir: d, Varies: varies}
	values := m.PerProcess
	if len(values) == 0 {
		values = m.Samples
	}
	if !varies {
		b.Bound = m.Samples[0]
		return b
	}
	b.Lo, b.Hi = slices.Min(values), slices.Max(values)
	b.Bound = baselines.VaryingBound(d, b.Lo, b.Hi, max(spread, b.Hi-b.Lo))
	return b
}

// withRecordedBound returns m with its recorded bound filled in: this
// run's own when the scenario is rebaselined (judged against what it is
// about to be recorded as), the store's otherwise; m as it is (judged
// unbaselined) when the store has none.
func (j judge) withRecordedBound(name string, m band.Measured, varies, rebaselined bool) band.Measured {
	if rebaselined && len(m.Samples) == 1 {
		m.Band = m.Band.WithBound(freshBound(m.Band.Direction(), m, varies, 0).Bound)
	} else if b, ok := j.store.Bound(baselines.CountKey{Scenario: name, Number: m.Name}); ok {
		m.Band = m.Band.WithBound(b.Bound)
	}
	return m
}

// moveBounds performs obligation 2 for the recorded counts of o's
// scenarios: each bound recorded, tightened or rebaselined by the rule
// above.
//
// Each move is a point of the history too, with its why: the baselines
// file keeps only the latest bound's, which the next move overwrites.
// Bounds set before the history kept them get their points first.
func (r *Ratchet) moveBounds(o *outcome.Outcome, measured map[string][]band.Measured, now time.Time) {
	for _, k := range r.store.BoundKeys() {
		b, _ := r.store.Bound(k)
		if !slices.ContainsFunc(r.hist.BoundPoints(k), func(p history.Point) bool { return p.Set.Equal(b.Set) }) {
			r.hist.AddBound(k, boundPoint(b, boundKind(b.Why)))
		}
	}
	for sc, i := range recordedCounts(*o) {
		varies := slices.Contains(sc.Varying, sc.Numbers[i].Name)
		if mv, ok := r.mover(now).bound(sc.Name, measured[sc.Name][i], varies, sc.Numbers[i].Rebaselined); ok {
			o.Moves = append(o.Moves, mv)
			k := baselines.CountKey{Scenario: sc.Name, Number: mv.Number}
			b, _ := r.store.Bound(k)
			r.hist.AddBound(k, boundPoint(b, boundKind(b.Why)))
		}
	}
}

// boundPoint is the history's point of a recorded bound.
func boundPoint(b baselines.Bound, kind history.Kind) history.Point {
	return history.Point{Set: b.Set, Median: b.Bound, Lo: b.Bound, Hi: b.Bound, N: 1, Kind: kind, Commit: b.Commit, Why: b.Why}
}

// boundKind is the kind of move a bound's why names.
func boundKind(why string) history.Kind {
	switch {
	case why == whyFirstBound:
		return history.Recorded
	case strings.HasPrefix(why, whyTightenedBound):
		return history.Tightened
	}
	return history.Rebaselined
}

// recordedCounts yields each recorded count of o that a recording moves
// and a check reports, as its scenario and its index there: those of
// scenarios that ran, whose own value did not break.
func recordedCounts(o outcome.Outcome) iter.Seq2[outcome.Scenario, int] {
	return func(yield func(outcome.Scenario, int) bool) {
		for _, sc := range o.Scenarios {
			if sc.Broken != "" {
				continue
			}
			for i, n := range sc.Numbers {
				if n.Band.Keeping() == band.AsBound && n.BandVerdict != band.Broken && !yield(sc, i) {
					return
				}
			}
		}
	}
}

// bound applies the rule to one recorded count.
func (mv mover) bound(scenario string, m band.Measured, varies, rebaseline bool) (outcome.BaselineMove, bool) {
	store, why := mv.store, mv.why
	k := baselines.CountKey{Scenario: scenario, Number: m.Name}
	d := m.Band.Direction()
	old, ok := store.Bound(k)
	spread := 0.0
	if ok && old.Varies && !rebaseline {
		spread = old.Hi - old.Lo
	}
	fresh := freshBound(d, m, varies, spread)
	fresh.Set, fresh.Commit = mv.now, mv.commit
	move := outcome.BaselineMove{Scenario: scenario, Number: m.Name, Unit: m.Unit, Direction: d, To: fresh.Bound}
	if ok {
		move.From = old.Bound
	}
	switch {
	case rebaseline:
		if ok && old.Bound == fresh.Bound && old.Varies == fresh.Varies && old.Lo == fresh.Lo && old.Hi == fresh.Hi {
			return outcome.BaselineMove{}, false // asked, and nothing to move
		}
		move.Kind, fresh.Why = history.Rebaselined.String(), why
	case !ok:
		move.Kind, fresh.Why = history.Recorded.String(), whyFirstBound
	case !baselines.Better(d, fresh.Bound, old.Bound):
		return outcome.BaselineMove{}, false // never the worse way by itself
	case varies && old.Varies && !clearlyBetter(d, fresh, old):
		// The processes' range is not clear of the one the bound was
		// set from: a luckier draw of the same code, not an
		// improvement, and a bound tightened to it would fail the
		// next ordinary draw.
		return outcome.BaselineMove{}, false
	default:
		move.Kind = history.Tightened.String()
		fresh.Why = fmt.Sprintf("%s%s %s", whyTightenedBound, band.Format(old.Bound), m.Unit)
	}
	move.Why = fresh.Why
	store.PutBound(k, fresh)
	return move, true
}

// clearlyBetter reports whether a varying count's new range lies wholly on
// the better side of the old one, by more than the margin the bound
// allows (baselines.VaryMargin spreads, at least baselines.Resolution): processes
// that agree at one value and then at the next below are the runtime's
// draw, not a change.
func clearlyBetter(d band.Direction, fresh, old baselines.Bound) bool {
	margin := max(baselines.VaryMargin*max(fresh.Hi-fresh.Lo, old.Hi-old.Lo), baselines.Resolution)
	worst, best := edge(d, fresh, true), edge(d, old, false)
	if d == band.AtLeast {
		return worst-margin > best
	}
	return worst+margin < best
}

// edge returns the end of a varying count's range on the worse side
// (worst) or the better side: for a ceiling the largest or the
// smallest, for a floor the other way round.
func edge(d band.Direction, b baselines.Bound, worst bool) float64 {
	if (d == band.AtLeast) == worst {
		return b.Lo
	}
	return b.Hi
}

// unrecorded says, for each recorded count of o that has no bound in the
// store yet, what perf would add: what perf --check reports stale.
func (r *Ratchet) unrecorded(o outcome.Outcome) []string {
	var out []string
	for sc, i := range recordedCounts(o) {
		n := sc.Numbers[i]
		if _, ok := r.store.Bound(baselines.CountKey{Scenario: sc.Name, Number: n.Name}); !ok {
			out = append(out, fmt.Sprintf("%s/%s: its %s, which perf records from the run", sc.Name, n.Name, n.Band.Direction()))
		}
	}
	return out
}
