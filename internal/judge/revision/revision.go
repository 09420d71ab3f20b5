// Package revision judges for the revision ratchet behind perfbench
// reference: one reference revision for the whole baselines file, which
// main's CI judges head against in a paired run built on the same
// machine, and which moves to head only when head is significantly
// faster on a time, measurably slower on none and unsure on none, or when
// asked with a reason. [Judge] is a function of the paired run's outcome;
// package ratchet opens the baselines file and records a move
// (ratchet.OpenRevision).
package revision

import (
	"fmt"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
)

// compared is what the revision ratchet reads of the outcome of a paired
// run of head against the reference: each time's verdict and ratio, and
// whether anything else failed; nothing of how the pairs ran.
type compared struct {
	// times are the suite's times, each with its paired verdict.
	times []comparedTime
	// failed says head fails against the reference: a time or a count
	// failed, or nothing was judged.
	failed bool
	// broken says a scenario broke on either side, or a number could not
	// be judged: nothing of such a run is worth a move, even one asked
	// for.
	broken bool
	// failures says in words what failed or broke, for the report.
	failures []string
}

// comparedTime is one time of the paired run.
type comparedTime struct {
	baselines.Ratio
	// verdict is Pass, Fail, Unsure or Broken.
	verdict band.Verdict
	// faster: the whole interval lies below 1 (paired's "improved").
	// slower: the whole interval lies above 1 but not beyond the
	// tolerance (paired's "within tolerance").
	faster, slower bool
}

// read is what the revision ratchet reads of a paired run's outcome: an
// unsure time fails it only when the run was told to fail on one.
func read(o outcome.Outcome) compared {
	broken := o.Broken()
	c := compared{failed: o.Failed(), broken: len(broken) > 0 || o.Verdict == band.Broken || o.Verdict == band.None}
	c.failures = append(c.failures, broken...)
	if o.Verdict == band.None {
		c.failures = append(c.failures, "nothing was judged")
	}
	for _, n := range o.Numbers() {
		if n.Verdict.Failed() || o.FailUnsure && n.Verdict == band.Unsure {
			c.failures = append(c.failures, strings.TrimSpace(n.Scenario+" "+n.Name+": "+n.Note))
		}
		if !n.Band.Kind.Paired() || n.Verdict == band.None {
			continue
		}
		c.times = append(c.times, comparedTime{
			Ratio:   baselines.Ratio{Scenario: n.Scenario, Number: n.Name, Ratio: n.Ratio.Value, Lo: n.Ratio.Lo, Hi: n.Ratio.Hi, Pairs: n.Ratio.Pairs},
			verdict: n.Verdict, faster: n.Move == outcome.Better, slower: n.Move == outcome.Within,
		})
	}
	return c
}

// advance decides whether the reference moves to head after a paired run
// that did not fail: it moves when no time is unsure, none is measurably
// slower (even within the tolerance) and at least one is significantly
// faster. A time measurably slower blocks the move although it passes,
// because a move that took it would let that time grow by up to the
// tolerance at every move, as long as another time got faster; an unsure
// time blocks it because the run could not rule out that it got slower
// beyond the tolerance. It returns the times that were faster, or why the
// reference stays.
func advance(c compared) (faster []baselines.Ratio, stays string) {
	if c.failed || c.broken {
		return nil, "head fails against the reference: " + strings.Join(c.failures, "; ")
	}
	var unsure, slower []string
	for _, t := range c.times {
		switch {
		case t.verdict == band.Unsure:
			unsure = append(unsure, t.Scenario+" "+t.Number)
		case t.verdict != band.Pass:
			return nil, fmt.Sprintf("%s %s is %s", t.Scenario, t.Number, t.verdict)
		case t.slower:
			slower = append(slower, t.Ratio.String())
		case t.faster:
			faster = append(faster, t.Ratio)
		}
	}
	switch {
	case len(unsure) > 0:
		return nil, "unsure: " + strings.Join(unsure, ", ") + " (the run could not tell whether head is slower beyond the tolerance)"
	case len(slower) > 0:
		return nil, "measurably slower, within the tolerance: " + strings.Join(slower, ", ")
	case len(faster) == 0:
		return nil, "no time significantly faster"
	}
	return faster, ""
}

// Decision is what a revision ratchet run decided, in the baselines
// file's terms, so that package ratchet can record the move: the command
// reports it as part of an outcome.Outcome ([Result]).
type Decision struct {
	// Reference is the reference head was judged against (the current
	// one before any move).
	Reference baselines.Reference
	// Head is head's commit.
	Head string
	// Judged says a paired run was made; false when head is the
	// reference, or the first reference was recorded.
	Judged bool
	// Failed says head fails against the reference beyond the tolerance
	// (or broke): the command fails, unless Rebaseline moved it.
	Failed bool
	// Moved is the new reference when the reference moved (or, with
	// Check, would have moved); nil when it stays.
	Moved *baselines.Reference
	// Stays says why the reference stays, when it does.
	Stays string
	// Written says the baselines file and page were written.
	Written bool
	// Recovered is what the run did first to finish an interrupted write.
	Recovered []string
}

// Result is the reference command's outcome: run, the paired run of head
// against the reference (nil where none was made), with what became of
// the reference (outcome.Revision).
func Result(d Decision, run *outcome.Outcome) outcome.Outcome {
	var o outcome.Outcome
	if run != nil {
		o = *run
	}
	o.Revision = &outcome.Revision{Reference: reference(d.Reference), Head: d.Head, Judged: d.Judged, Failed: d.Failed,
		Stays: d.Stays, Written: d.Written, Recovered: d.Recovered}
	if d.Moved != nil {
		moved := reference(*d.Moved)
		o.Revision.Moved = &moved
	}
	return o
}

// reference is a reference revision as an outcome tells it.
func reference(r baselines.Reference) outcome.Reference {
	out := outcome.Reference{Commit: r.Commit, Set: r.Set, Kind: r.Kind.String(), Why: r.Why}
	for _, q := range r.Ratios {
		out.Ratios = append(out.Ratios, outcome.ReferenceRatio{Scenario: q.Scenario, Number: q.Number, Ratio: q.Ratio, Lo: q.Lo, Hi: q.Hi, Pairs: q.Pairs})
	}
	return out
}

// Rule is how the revision ratchet judges head: its commit, whether it
// moves the reference whatever the verdict (Rebaseline, for a reason
// Why), and the time a move is stamped with.
type Rule struct {
	Head       string
	Rebaseline bool
	Why        string
	Now        time.Time
}

// Before is the decision before any paired run, from the reference the
// baselines file names (nil: none): head is the reference, or a
// Rebaseline records head as the first one, or head is to be judged
// against ref ([Decision.Against]). A file with no reference and no
// Rebaseline is the caller's to refuse.
func Before(ref *baselines.Reference, rule Rule) Decision {
	o := Decision{Head: rule.Head}
	switch {
	case ref == nil:
		o.Moved = &baselines.Reference{Commit: rule.Head, Set: rule.Now, Kind: baselines.RefRebaselined, Why: rule.Why}
	case baselines.SameCommit(ref.Commit, rule.Head):
		o.Reference, o.Stays = *ref, "head is the reference"
	default:
		o.Reference = *ref
	}
	return o
}

// Against returns the reference head is to be judged against, and false
// when no paired run is needed: head is the reference, or the first
// reference is recorded.
func (o Decision) Against() (baselines.Reference, bool) {
	return o.Reference, o.Moved == nil && o.Stays == ""
}

// Judge decides what run, the outcome of head's paired run against the
// reference of before, does to the reference: it moves to head when head
// is significantly faster (see advance) or rule.Rebaseline asks. It is a
// function of what it is given; recording a move is the caller's.
func Judge(before Decision, run outcome.Outcome, rule Rule) Decision {
	c := read(run)
	o, ref := before, before.Reference
	o.Judged = true
	o.Failed = c.failed || c.broken
	faster, stays := advance(c)
	switch {
	case rule.Rebaseline && c.broken:
		o.Stays = "a broken run measured nothing to rebaseline on: " + strings.Join(c.failures, "; ")
	case rule.Rebaseline:
		o.Moved = &baselines.Reference{Commit: rule.Head, Set: rule.Now, Kind: baselines.RefRebaselined, Why: rule.Why, Ratios: ratios(c)}
		o.Failed = false
	case stays != "":
		o.Stays = stays
	default:
		parts := make([]string, len(faster))
		for i, q := range faster {
			parts[i] = q.String()
		}
		o.Moved = &baselines.Reference{Commit: rule.Head, Set: rule.Now, Kind: baselines.RefFaster, Ratios: ratios(c),
			Why: "significantly faster than " + baselines.Short(ref.Commit) + ": " + strings.Join(parts, ", ")}
	}
	return o
}

// ratios are the finite ratios of a run's times, for the move's record.
func ratios(c compared) []baselines.Ratio {
	var out []baselines.Ratio
	for _, t := range c.times {
		if t.Ratio.Finite() {
			out = append(out, t.Ratio)
		}
	}
	return out
}
