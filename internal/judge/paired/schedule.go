package paired

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/scenario"
)

// Schedule is a paired run's plan as it runs: which pairs of processes
// run, round by round across the scenarios, on which build of each side
// and in which order, and when each scenario looks at its times (the
// package doc's adaptive sampling). It measures nothing: the command's
// loop runs the pairs it names ([Schedule.Round]), tells it what each
// measured ([Schedule.Ran]), and at the end of each round hands it the
// processes so far of every scenario due a look ([Schedule.Due],
// [Schedule.Look]); [JudgeRun] judges what the loop measured.
type Schedule struct {
	names []string
	opts  Options
	first int
	looks []int
	plan  plan
	seed  uint64
	coin  *rand.Rand
	start time.Time

	round int
	// Each scenario's pairs so far, their wall time, the index in looks
	// of its next look, whether it runs no more pairs, and whether its
	// last pair broke.
	pairs []int
	spent []time.Duration
	look  []int
	done  []bool
	broke []bool
	// times counts each scenario's time numbers, from its first pair's
	// head: the suite's times, which the looks judge together.
	times []int
	// ran are the scenarios of the round under way, due those of them
	// due a look.
	ran, due []int
}

// Pair is one pair of processes of a scenario: its index in the
// schedule's names and its name, the build of each side that runs it
// (an index into the side's builds), and whether base runs first.
type Pair struct {
	Scenario   int
	Name       string
	Head, Base int
	BaseFirst  bool
}

// NewSchedule plans a paired run of the named scenarios by opts.
func NewSchedule(names []string, opts Options) *Schedule {
	first := opts.Pairs
	if first <= 0 {
		first = DefaultPairs
	}
	tol := opts.Tolerance
	if tol == 0 {
		tol = Tolerance
	}
	heads, bases := max(opts.HeadBuilds, 1), max(opts.BaseBuilds, 1)
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	looks := schedule(first, opts.Budget)
	n := len(names)
	return &Schedule{names: names, opts: opts, first: first, looks: looks,
		plan: plan{tol: tol, looks: len(looks), heads: heads, bases: bases, spread: max(heads, bases)},
		seed: seed, coin: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), start: time.Now(),
		pairs: make([]int, n), spent: make([]time.Duration, n), look: make([]int, n), done: make([]bool, n),
		broke: make([]bool, n), times: make([]int, n)}
}

// Names are the scenarios the schedule runs, in its order.
func (sc *Schedule) Names() []string { return sc.names }

// Round returns the next round's pairs, one for each scenario that runs
// on, in the order they run; none once every scenario is done. Pair k of
// a scenario runs build k mod n of each side (n the larger build count;
// a side with fewer repeats), its order a coin flip drawn from the seed.
func (sc *Schedule) Round() []Pair {
	sc.ran = sc.ran[:0]
	var out []Pair
	b := sc.plan.spread
	for i, name := range sc.names {
		if sc.done[i] {
			continue
		}
		sc.ran = append(sc.ran, i)
		out = append(out, Pair{Scenario: i, Name: name, Head: sc.round % b % sc.plan.heads, Base: sc.round % b % sc.plan.bases,
			BaseFirst: sc.coin.IntN(2) == 1})
	}
	return out
}

// Ran records what the pair p measured, head and base, and the wall time
// its two processes took, and tells Options.Progress.
func (sc *Schedule) Ran(p Pair, head, base scenario.Result, spent time.Duration) {
	i := p.Scenario
	if sc.pairs[i] == 0 {
		for _, m := range head.Numbers {
			if m.Band.Kind.Paired() {
				sc.times[i]++
			}
		}
	}
	sc.pairs[i]++
	sc.spent[i] += spent
	sc.broke[i] = head.Broken != "" || base.Broken != ""
	sc.status(i, nil, nil)
}

// Due ends a round: a scenario whose last pair broke is done, and it
// returns those of the round's scenarios due a look at their times, in
// the order they ran, whose processes so far [Schedule.Look] takes.
func (sc *Schedule) Due() []int {
	if sc.round == 0 {
		// Every scenario has run once: the suite's times are counted
		// for the looks; the final judgement counts them again.
		sc.plan.times = 0
		for _, n := range sc.times {
			sc.plan.times += n
		}
	}
	sc.due = sc.due[:0]
	n := sc.round + 1
	for _, i := range sc.ran {
		if sc.broke[i] {
			continue
		}
		if n < sc.looks[sc.look[i]] && (n < sc.first || sc.spent[i] < sc.opts.Budget) {
			// Not yet at the next look, and the budget still allows it.
			continue
		}
		sc.due = append(sc.due, i)
	}
	return sc.due
}

// Look takes the processes so far of each scenario Due returned, head's
// and base's each pooled (pool.Runs), in Due's order, and decides for
// each whether it runs on: it stops once its times are settled, at its
// last look, with its budget spent, or where the builds' layouts, not
// its pairs, keep every unsure time unsure. It tells Options.Progress,
// and ends the round.
func (sc *Schedule) Look(head, base []scenario.Result) {
	if len(head) != len(sc.due) || len(base) != len(sc.due) {
		panic("paired: Look wants the pooled results of each scenario Due returned")
	}
	looked, stops := make([]bool, len(sc.names)), make([]Stop, len(sc.names))
	for _, i := range sc.ran {
		if sc.broke[i] {
			sc.done[i], looked[i], stops[i] = true, true, Broke
		}
	}
	for k, i := range sc.due {
		looked[i] = true
		left := unsettled(sc.plan, sc.names[i], head[k], base[k])
		switch {
		case len(left) == 0:
			sc.done[i], stops[i] = true, Settled
		case sc.look[i] == len(sc.looks)-1:
			sc.done[i], stops[i] = true, LastLook
		case sc.spent[i] >= sc.opts.Budget:
			sc.done[i], stops[i] = true, BudgetSpent
		case !slices.ContainsFunc(left, func(n outcome.Number) bool { return !sc.plan.bound(n) }):
			sc.done[i], stops[i] = true, LayoutsSet
		default:
			sc.look[i]++
		}
	}
	if len(sc.ran) > 0 && slices.Contains(looked, true) {
		sc.status(-1, looked, stops)
	}
	sc.round++
}

// status tells Options.Progress where the run stands: after scenario
// ran's pair, or after a round's looks (ran -1).
func (sc *Schedule) status(ran int, looked []bool, stops []Stop) {
	if sc.opts.Progress == nil {
		return
	}
	st := Status{Ran: ran, Looks: sc.looks, Budget: sc.opts.Budget, Elapsed: time.Since(sc.start)}
	for i, name := range sc.names {
		s := ScenarioStatus{Name: name, Pairs: sc.pairs[i], Spent: sc.spent[i], Look: sc.look[i], Done: sc.done[i]}
		if looked != nil {
			s.Looked, s.Stop = looked[i], stops[i]
		}
		st.Scenarios = append(st.Scenarios, s)
	}
	sc.opts.Progress(st)
}

// unsettled returns the times of a scenario the pairs so far, pooled a
// side, leave unsure (not plan.settled); none for a scenario with no
// time, or one that broke.
func unsettled(p plan, name string, h, b scenario.Result) []outcome.Number {
	if h.Broken != "" || b.Broken != "" {
		return nil
	}
	var out []outcome.Number
	for _, n := range compare(name, h, b, p) {
		if measured(n) && !p.settled(n) {
			out = append(out, n)
		}
	}
	return out
}
