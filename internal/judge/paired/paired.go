// Package paired judges a head build against a base build of the same
// scenarios: their processes run in pairs on the same machine, every
// time is judged by the ratio head/base with its confidence interval, and
// every count by the direction of its band. It is the pull-request mode
// of `perfbench scenarios --base`: a baseline recorded on some other day
// under some other load cannot move the verdict, only the two builds
// measured side by side.
//
// # Verdicts
//
// A count is compared with base by its band's direction: a ceiling's
// count that rose fails, a floor's that fell fails, an exact count that
// moved either way fails; a move the good way passes and is listed as an
// improvement ([Better]). The head's own band is judged as well.
//
// A time has three verdicts against the tolerance t: Fail when head is
// shown slower than (1 + t)× base, Pass when it is shown below that, and
// Unsure when the run showed neither. Unsure is reported first and does
// not fail the run unless [Options.FailUnsure] says so. Too few pairs to
// fail a time at all is Broken, never a pass.
//
// The chance of failing any time of the suite when none is slower by more
// than t is at most [Alpha], however many times the suite has and however
// many looks a scenario takes ([Alpha] says how).
//
// # Builds
//
// The pairs may be spread over several builds of each side that differ
// only in their function layout ([Options.HeadBuilds]). A layout moves
// a time by a percent or two with no change to the code, so a time's
// interval and test then treat each build as a random draw of layouts
// ([stats.Spread]): the builds' spread, estimated from how the builds of
// one side differ beyond what their processes' noise explains, widens
// them, and a time whose builds disagree more than its pairs stays
// unsure rather than failing on a layout. With one build a side the
// interval is the pairs' alone.
//
// # Adaptive sampling
//
// Every scenario runs [Options.Pairs] pairs; then the run looks at its
// times. A scenario whose times are all settled stops; one with a time
// still unsure runs on to twice as many pairs and looks again, and so on
// up to [MaxPairs], or until its pairs have taken [Options.Budget], where
// it takes its last look. A scenario also stops early when its builds'
// layouts, not its pairs, keep every unsure time unsure: more pairs would
// not decide it, only more builds ([LayoutsSet]).
// Each look is judged at [Alpha] over the number
// of looks the schedule allows, so looking again cannot make a false fail
// more likely than [Alpha].
package paired

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/scenario"
)

// DefaultPairs is how many head/base process pairs each scenario runs
// before its first look: thirty, because a whole process on a shared
// two-core machine runs fast or slow, so an interval narrows only over
// many processes (thirty caught a planted 1.10× slowdown of hover-storm
// where ten missed it most times), and thirty is well above the eight
// pairs a suite of seven times judged over four looks needs before a time
// can fail at all.
const DefaultPairs = 30

// DefaultBudget is how long a scenario's pairs may run while one of its
// times is unsure: twenty seconds. Most scenarios' processes take a tenth
// of a second or less, so thirty pairs are a few seconds, and the rest of
// the budget buys a narrower interval where it is needed: under the
// noise harness's load it runs about eighty pairs of hover-storm.
const DefaultBudget = 20 * time.Second

// MaxPairs is the most pairs a scenario runs within its budget.
const MaxPairs = 200

// Tolerance is how far above 1 the ratio head/base must be shown, at the
// suite's level, before a time fails: 3%. A time's interval carries the
// spread between its builds' function layouts (about ±3% a build on
// hover-storm), so a layout-only pull request — the A/A a pull request
// really is — fails no more often than Alpha at any tolerance; what the
// tolerance decides is how often such a change passes rather than stays
// unsure, and how small a slowdown can fail. At 3% most times of a
// layout-only suite run pass; at 2% or 1% most would stay unsure and
// catch no more, since with DefaultLayouts builds a side the layouts keep
// a ratio's interval near ±4% however many pairs run.
const Tolerance = 0.03

// DefaultLayouts is how many builds of each side a paired run against a
// git revision spreads its pairs over, all but the first linked with
// -ldflags=-randlayout=SEED: four, so a layout accident of one build is a
// quarter of the pairs (see Tolerance). More builds halve the layouts'
// spread only at four times as many, each a link of the whole binary
// (2–6 s on a two-core machine): catching a 1.03× 19 runs in 20 at a 1%
// tolerance needs the log ratio's standard error near 0.46%, about
// 2·(3%)²/(0.46%)² ≈ 85 builds a side at hover-storm's spread.
const DefaultLayouts = 4

// Options configures a paired run ([NewSchedule], [JudgeRun]). The zero
// Options runs DefaultPairs pairs a scenario on one build a side and
// looks once.
type Options struct {
	// HeadBuilds and BaseBuilds are how many builds of each side the
	// pairs are spread over: the side's first build and further builds of
	// the same revision whose linker laid the functions out otherwise (go
	// build -ldflags=-randlayout=SEED); zero is one. A scenario's pairs
	// are spread over them in turn, pair k running build k mod n of each
	// side (n the larger count; a side with fewer repeats), so an
	// accident of one build's layout, which moves a time by a few percent
	// with no change to the code it runs, is one share of the pairs
	// instead of the verdict.
	HeadBuilds, BaseBuilds int
	// Seed seeds the order of the two processes within each pair (a coin
	// flip per pair), so neither build runs in the other's wake more than
	// by chance; zero draws a seed.
	Seed uint64
	// Pairs is how many pairs per scenario before the first look; zero
	// means DefaultPairs.
	Pairs int
	// Budget: a scenario with a time still unsure at a look runs on to
	// twice as many pairs (at most MaxPairs) while its pairs so far took
	// less than Budget (the wall time of its processes). Zero looks once,
	// after Pairs pairs.
	Budget time.Duration
	// Tolerance is the tolerance on time ratios; zero means Tolerance.
	Tolerance float64
	// FailUnsure makes a time that is still unsure after its last look
	// fail the run ([outcome.Outcome.Failed]). By default it is reported, first,
	// and does not fail: a run that could not decide has not shown a
	// slowdown, and a gate that failed on it would fail whatever the
	// machine's noise hid.
	FailUnsure bool
	// Progress, if set, is told where the run stands after every pair
	// and after every round's looks ([Status]), so a front end can show
	// it; it runs on the measuring loop's goroutine, between processes.
	Progress func(Status)
}

// Status is where a paired run stands.
type Status struct {
	// Scenarios is each scenario's state, in the order named.
	Scenarios []ScenarioStatus
	// Ran is the index in Scenarios of the scenario whose pair has just
	// run; -1 when the Status follows a round's looks, where Looked marks
	// the scenarios that looked.
	Ran int
	// Looks is the schedule: the pair counts at which a scenario looks
	// at its times (schedule), and Budget the wall time a scenario's
	// pairs may take while a time is unsure (Options.Budget).
	Looks  []int
	Budget time.Duration
	// Elapsed is the wall time since the run began.
	Elapsed time.Duration
}

// ScenarioStatus is one scenario's state in a paired run.
type ScenarioStatus struct {
	Name string
	// Pairs is how many pairs it has run, Spent their wall time.
	Pairs int
	Spent time.Duration
	// Look is the index in Status.Looks of its next look, or of its last
	// once Done.
	Look int
	// Done says it runs no more pairs, and Stop why.
	Done bool
	Stop Stop
	// Looked says it has just looked at its times (Status.Ran is -1).
	Looked bool
}

// Stop says what a scenario's look decided.
type Stop string

// What a look decides.
const (
	// RunsOn: a time is unsure and the budget allows more pairs.
	RunsOn Stop = ""
	// Settled: every time passed or failed.
	Settled Stop = "settled"
	// LastLook: a time is still unsure at the schedule's last look.
	LastLook Stop = "unsure at its last look"
	// BudgetSpent: a time is unsure and the scenario's pairs have taken
	// the budget.
	BudgetSpent Stop = "unsure with its budget spent"
	// LayoutsSet: every unsure time would stay unsure however many more
	// pairs ran, since the builds' layouts, not the pairs, set its
	// interval's width (plan.bound): only more builds would narrow it.
	LayoutsSet Stop = "unsure, its builds' layouts setting its width"
	// Broke: a process of either build broke.
	Broke Stop = "broken"
)

// Left estimates how much longer the scenario's pairs run, at the pace
// of its pairs so far: least if it settles at its next look, most if it
// runs on to its last look; past its first look, either ends where its
// budget is spent (give or take the one pair begun under it). Both are
// zero once it is Done, or before it has a pace (no pair yet); most is
// least when the run looks once.
func (s ScenarioStatus) Left(st Status) (least, most time.Duration) {
	if s.Done || s.Pairs == 0 || len(st.Looks) == 0 {
		return 0, 0
	}
	pair := s.Spent / time.Duration(s.Pairs)
	to := func(pairs int) time.Duration { return time.Duration(max(pairs-s.Pairs, 0)) * pair }
	least = to(st.Looks[min(s.Look, len(st.Looks)-1)])
	if st.Budget <= 0 {
		return least, least
	}
	budget := max(st.Budget-s.Spent+pair, 0)
	least, most = min(least, budget), min(to(st.Looks[len(st.Looks)-1]), budget)
	// The first look comes whatever the budget.
	first := to(st.Looks[0])
	return max(least, first), max(most, first)
}

// ClockError says the base build takes times another way than the head,
// so their ratios would compare two different clocks.
type ClockError struct{ Head, Base string }

func (e *ClockError) Error() string {
	base := e.Base
	if base == "" {
		base = "per-frame wall time (a build older than thread-CPU timing)"
	}
	return fmt.Sprintf("the base build takes times with %s, the head with %s: their ratio would compare two clocks; pick a base revision that has the head's clock", base, e.Head)
}

// schedule returns the pair counts at which a scenario looks at its
// times: first, then doubling, up to MaxPairs, when a budget allows more
// than the first; else only first.
func schedule(first int, budget time.Duration) []int {
	looks := []int{first}
	if budget <= 0 {
		return looks
	}
	for n := 2 * first; looks[len(looks)-1] < MaxPairs; n *= 2 {
		looks = append(looks, min(n, MaxPairs))
	}
	return looks
}

// JudgeRun judges what the pairs of sc's scenarios measured: head and
// base, each scenario's processes of one side pooled (pool.Runs) with
// the instructions that side counted, in the order sc names them. The
// suite's times are judged together, across the scenarios, so its
// numbers are one list while plan.decide judges them, and each
// scenario's its own run of that list. An error is for runs that cannot
// be compared at all: a base whose clock differs (*ClockError).
func JudgeRun(sc *Schedule, head, base []scenario.Result) (outcome.Outcome, error) {
	p := sc.plan
	pairing := outcome.Pairing{Tolerance: p.tol, Alpha: Alpha, Looks: p.looks, FailUnsure: sc.opts.FailUnsure, Builds: p.spread, Seed: sc.seed}
	o := outcome.Outcome{Against: outcome.Base, Pairing: pairing}
	var numbers []outcome.Number
	var ends []int
	for i, name := range sc.names {
		h, b := head[i], base[i]
		if h.Broken == "" && b.Broken == "" && h.Clock != b.Clock {
			return outcome.Outcome{}, &ClockError{Head: h.Clock, Base: b.Clock}
		}
		switch {
		case h.Broken != "":
			o.Scenarios = append(o.Scenarios, outcome.Scenario{Name: name, Verdict: band.Broken, Broken: "head: " + h.Broken})
		case b.IsNotInBuild():
			// A scenario head adds: each of its numbers new in head,
			// judged by its own band, as a number head adds is.
			o.Scenarios = append(o.Scenarios, outcome.Scenario{Name: name})
			numbers = append(numbers, compare(name, h, scenario.Result{Name: name}, p)...)
		case b.Broken != "":
			o.Scenarios = append(o.Scenarios, outcome.Scenario{Name: name, Verdict: band.Broken, Broken: "base: " + b.Broken})
		default:
			o.Scenarios = append(o.Scenarios, outcome.Scenario{Name: name})
			numbers = append(numbers, compare(name, h, b, p)...)
		}
		ends = append(ends, len(numbers))
	}
	p.times = 0
	for _, n := range numbers {
		if measured(n) {
			p.times++
		}
	}
	o.Times = p.times
	p.decide(numbers)
	verdicts := make([]band.Verdict, 0, len(sc.names))
	from := 0
	for i := range o.Scenarios {
		s := &o.Scenarios[i]
		if s.Broken == "" {
			s.Numbers = numbers[from:ends[i]:ends[i]]
			s.Verdict = worst(s.Numbers)
		}
		from = ends[i]
		verdicts = append(verdicts, s.Verdict)
	}
	o.Verdict = band.Worst(verdicts...)
	return o, nil
}

// worst is the worst verdict of ns.
func worst(ns []outcome.Number) band.Verdict {
	verdicts := make([]band.Verdict, len(ns))
	for i, n := range ns {
		verdicts[i] = n.Verdict
	}
	return band.Worst(verdicts...)
}

// Judge compares one scenario's pooled head and base results, number by
// number, in head's order followed by any number only base has, as a run
// that looks once and whose suite is this scenario's times.
//
// A count is judged by its direction: a ceiling's count that rose fails
// (one head declares varying, only past the bound perf would record from
// base's processes, as perf judges it), a floor's that fell fails, an exact count that moved fails; a move the
// other way passes and is listed as [Better]; and either way the head's
// value is also judged by the head's own band (a count over its ceiling
// fails whatever the base measured). A time fails when the shift test
// shows it slower than 1 + tol at the suite's level, passes when it
// shows it below, and is unsure otherwise; too few pairs to fail it is
// Broken.
func Judge(name string, head, base scenario.Result, tol float64) []outcome.Number {
	p := plan{tol: tol, looks: 1}
	for _, h := range head.Numbers {
		if h.Band.Kind.Paired() && slices.ContainsFunc(base.Numbers, func(b band.Measured) bool { return b.Name == h.Name }) {
			p.times++
		}
	}
	ns := compare(name, head, base, p)
	p.decide(ns)
	return ns
}

// compare judges a scenario's counts and measures its times (leaving
// their verdicts to plan.decide, which judges the suite's times
// together).
func compare(name string, head, base scenario.Result, p plan) []outcome.Number {
	var out []outcome.Number
	for _, h := range head.Numbers {
		own := band.Judge(h)
		n := outcome.Number{Scenario: name, Judged: own, Base: math.NaN(), Ratio: outcome.NoRatio()}
		i := slices.IndexFunc(base.Numbers, func(b band.Measured) bool { return b.Name == h.Name })
		if i < 0 {
			n.Verdict, n.Move, n.Note = band.None, outcome.New, "new in head"
			if h.Band.Direction() != "" { // a bound judges head alone
				n.Verdict = own.BandVerdict
			}
			out = append(out, n)
			continue
		}
		b := base.Numbers[i]
		if bj := band.Judge(b); bj.BandVerdict != band.Broken {
			n.Base = bj.Median
		}
		if own.BandVerdict == band.Broken {
			n.Verdict, n.Note = band.Broken, "head: "+own.Reason
			out = append(out, n)
			continue
		}
		switch {
		case h.Band.Kind.Paired():
			p.measure(&n, runs(h), runs(b))
		case h.Band.Keeping().Baseline():
			// Base's value stands in for the baseline, within the
			// band's tolerance.
			judgeExact(&n, h.Band.Tolerance)
		case h.Band.Direction() != "":
			judgeCount(&n, h, b, slices.Contains(head.Varying, h.Name), own.BandVerdict)
		}
		out = append(out, n)
	}
	for _, b := range base.Numbers {
		if !slices.ContainsFunc(head.Numbers, func(h band.Measured) bool { return h.Name == b.Name }) {
			out = append(out, outcome.Number{Scenario: name, Judged: band.Judged{Spec: b.Spec}, Base: math.NaN(), Ratio: outcome.NoRatio(),
				Verdict: band.None, Move: outcome.Gone, Note: "gone in head"})
		}
	}
	return out
}

// measured reports whether n is a time whose statistics plan.measure
// filled in: only it sets the interval's level.
func measured(n outcome.Number) bool { return n.Ratio.Level > 0 }

// judgeCount judges a count both builds have by its direction, and by
// the head's own band (own). A count that varies between processes is
// judged by the rule a recorded bound is: against the bound a recording
// of base would set (baselines.VaryingBound over base's processes), so that a
// rise fails here exactly when it fails against the bound perf records.
func judgeCount(n *outcome.Number, h, b band.Measured, varying bool, own band.Verdict) {
	n.Verdict = band.Pass
	if math.IsNaN(n.Base) {
		n.Verdict, n.Note = band.Broken, "base measured no value"
		return
	}
	moved := ""
	switch {
	case n.Median > n.Base:
		moved = fmt.Sprintf("rose from %s to %s", band.Format(n.Base), band.Format(n.Median))
	case n.Median < n.Base:
		moved = fmt.Sprintf("fell from %s to %s", band.Format(n.Base), band.Format(n.Median))
	}
	rose := n.Median > n.Base
	switch {
	case moved == "":
	case varying && n.Band.Direction() != band.Exactly:
		// A count declared Number.Varies (allocations per frame) moves
		// with the Go runtime as well as with the code: one process's
		// randomly grown type-assertion cache is a byte more. Judged as
		// perf judges it against the bound it records from base's
		// processes: a move within that spread passes, one past it fails.
		values := b.PerProcess
		if len(values) == 0 {
			values = b.Samples
		}
		lo, hi := slices.Min(values), slices.Max(values)
		bound := baselines.VaryingBound(n.Band.Direction(), lo, hi, hi-lo)
		worse := rose == (n.Band.Direction() == band.AtMost)
		past := (n.Band.Direction() == band.AtMost && n.Median > bound) || (n.Band.Direction() == band.AtLeast && n.Median < bound)
		rule := fmt.Sprintf("%s %s, the bound perf records from base's processes", n.Band.Direction().Symbol(), band.Format(bound))
		switch {
		case past:
			n.Verdict, n.Move, n.Note = band.Fail, outcome.Worse, moved+", past "+rule
		case worse:
			n.Move, n.Note = outcome.Varies, moved+", within "+rule
		default:
			n.Move, n.Note = outcome.Better, moved+" (an improvement for a "+string(n.Band.Direction())+")"
		}
	case n.Band.Direction() == band.Exactly:
		n.Verdict, n.Move, n.Note = band.Fail, outcome.Worse, moved+" (an exact count)"
	case rose == (n.Band.Direction() == band.AtMost):
		// A ceiling's count that rose, or a floor's that fell: the work
		// the band bounds grew, or the saving it guards shrank.
		n.Verdict, n.Move, n.Note = band.Fail, outcome.Worse, moved+" (a "+string(n.Band.Direction())+")"
	default:
		n.Move, n.Note = outcome.Better, moved+" (an improvement for a "+string(n.Band.Direction())+")"
	}
	if own == band.Fail {
		n.Verdict, n.Move = band.Fail, outcome.Worse
		what := map[band.Direction]string{band.AtMost: "over its ceiling ", band.AtLeast: "under its floor ", band.Exactly: "off its exact value "}[n.Band.Direction()]
		n.Note = join(n.Note, what+h.Band.String())
	}
}

// judgeExact judges an exact number with a recorded band (instructions)
// that both builds have by head over base: more than 1 + tol fails, less
// than 1 − tol is Better. The ratio is exact, so one process a side
// decides it, with no interval, no looks and nothing unsure.
func judgeExact(n *outcome.Number, tol float64) {
	if math.IsNaN(n.Base) || !(n.Base > 0) {
		n.Verdict, n.Note = band.Broken, "base measured no value"
		return
	}
	r := n.Median / n.Base
	n.Ratio.Value, n.Ratio.Lo, n.Ratio.Hi = r, r, r
	n.Verdict = band.Pass
	// As a plain run says it: the change in percent over base, and the
	// tolerance it was allowed.
	change := fmt.Sprintf("base %s → %s (%s)", band.Format(n.Base), band.Format(n.Median), band.Percent(n.Median, n.Base))
	switch {
	case r > 1+tol:
		n.Verdict, n.Move, n.Note = band.Fail, outcome.Worse, change+", tolerance "+band.Format(tol*100)+"%"
	case r < 1-tol:
		n.Move, n.Note = outcome.Better, change+": less work"
	}
}

// runs returns a time's per-process samples: Runs when pooled from
// several processes, else its one process's samples.
func runs(m band.Measured) [][]float64 {
	if len(m.Runs) > 0 {
		return m.Runs
	}
	return [][]float64{m.Samples}
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
