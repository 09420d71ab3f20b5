// Package paired judges a head build against a base build of the same
// scenarios: their processes run alternately on the same machine, every
// time is judged by the ratio head/base with its confidence interval, and
// every count is compared exactly, both ways. It is the pull-request
// mode of `perfbench scenarios --base`: a baseline recorded on some other
// day under some other load cannot move the verdict, only the two builds
// measured side by side.
package paired

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// DefaultPairs is how many head/base process pairs each scenario runs at
// least: thirty, because a whole process on a shared two-core machine runs
// fast or slow (hover-storm processes of one build landed near 1.0, 1.16
// or 1.6–2.2 µs per crossing), so an interval narrows only over many
// processes. Measured with a planted 1.10× slowdown of hover-storm: ten
// pairs caught it in 3 runs of 10, thirty in 9 of 10 (with the ratio of
// medians this package judged by then).
const DefaultPairs = 30

// DefaultBudget is how long a scenario's pairs may run before it stops
// adding pairs beyond [Options.Pairs]: twenty seconds. Most scenarios'
// processes take a tenth of a second or less, so thirty pairs are a few
// seconds, and the rest of the budget buys a narrower interval where it is
// cheap. Measured under the noise harness's load with a planted 1.10×
// slowdown of hover-storm: ten seconds ran 42–51 pairs and caught it in 19
// runs of 20, the intervals' lower ends 1.065–1.09 in a later four; twenty
// seconds ran 74–83 pairs, lower ends 1.082–1.099, and over twenty runs
// 55–129 pairs. A scenario takes about twenty seconds, the whole suite of
// six 122–131 s on a two-core machine under that load.
const DefaultBudget = 20 * time.Second

// MaxPairs is the most pairs a scenario runs within its budget.
const MaxPairs = 200

// Tolerance is how far above 1 the ratio head/base must lie, all of its
// 95% interval, before a time fails: 3%. Measured on the reference
// machine with the same build on both sides (`go run xtask.go noise`),
// the intervals of the seven times stayed within about 1 ± 0.03 under the
// noise harness's load; a tolerance below that would fail identical code.
const Tolerance = 0.03

// Options configures Run.
type Options struct {
	// Head and Base run one process of a scenario of their build each.
	Head, Base *scenario.Runner
	// Pairs is how many pairs per scenario at least; zero means
	// DefaultPairs.
	Pairs int
	// Budget: a scenario whose pairs so far took less than Budget (the
	// wall time of its processes) runs another pair, up to MaxPairs.
	// Zero runs exactly Pairs pairs. The count depends on how long the
	// processes took, never on what they measured, so it cannot bias a
	// verdict towards failing or passing.
	Budget time.Duration
	// Tolerance is the tolerance on time ratios; zero means Tolerance.
	Tolerance float64
	// Progress, if set, gets a line per round.
	Progress io.Writer
}

// Number is one number of one scenario as the two builds measured it.
type Number struct {
	Scenario, Name, Unit string
	Kind                 band.Kind
	// Head and Base are a count's values or a time's estimates (median of
	// processes' fastest samples); NaN where that build has no such number.
	Head, Base float64
	// Ratio, Lo, Hi: a time's head/base ratio and its 95% interval over
	// Pairs pairs.
	Ratio, Lo, Hi float64
	Pairs         int
	// Verdict is Pass, Fail or Broken; None for a number only one build
	// has (listed, not judged).
	Verdict band.Verdict
	// Note says what changed: "rose from 3 to 4", "1.12× slower", "new in
	// head".
	Note string
}

// Changed reports whether the two builds differ on the number: a count
// that moved, a time whose interval excludes 1, or a number only one has.
func (n Number) Changed() bool { return n.Note != "" }

// Outcome is a paired run's judgement.
type Outcome struct {
	Numbers []Number
	// Broken lists the scenarios that broke on either side, with why.
	Broken []string
	// Verdict is the worst of every number's verdict, Broken when a
	// scenario broke.
	Verdict band.Verdict
	// Tolerance is the tolerance the times were judged with.
	Tolerance float64
}

// Failed reports whether the head fails against the base.
func (o Outcome) Failed() bool { return o.Verdict.Failed() || o.Verdict == band.None }

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

// Run runs every named scenario in pairs of processes, head and base
// alternately (head first in even rounds, base first in odd ones, so
// neither build always runs in the other's wake), round by round across
// the scenarios: Pairs rounds, then further rounds for the scenarios
// still within their Budget. It judges every number. An error is for runs
// that could not be compared at all: a runner that cannot start, a
// cancelled ctx, a base whose clock differs (*ClockError).
func Run(ctx context.Context, names []string, opts Options) (Outcome, error) {
	pairs := opts.Pairs
	if pairs <= 0 {
		pairs = DefaultPairs
	}
	tol := opts.Tolerance
	if tol == 0 {
		tol = Tolerance
	}
	head := make([][]scenario.Result, len(names))
	base := make([][]scenario.Result, len(names))
	spent := make([]time.Duration, len(names))
	more := func(i, round int) bool {
		switch {
		case broke(head[i]) || broke(base[i]):
			return false
		case round < pairs:
			return true
		}
		return spent[i] < opts.Budget && round < MaxPairs
	}
	start := time.Now()
	for round := 0; ; round++ {
		ran := 0
		for i, name := range names {
			if !more(i, round) {
				continue
			}
			ran++
			sides := []struct {
				r   *scenario.Runner
				out *[]scenario.Result
			}{{opts.Head, &head[i]}, {opts.Base, &base[i]}}
			if round%2 == 1 {
				slices.Reverse(sides)
			}
			began := time.Now()
			for _, side := range sides {
				res, err := side.r.Once(ctx, name)
				if err != nil {
					return Outcome{}, err
				}
				*side.out = append(*side.out, res)
			}
			spent[i] += time.Since(began)
		}
		if ran == 0 {
			break
		}
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "paired: round %d done (%d scenarios; at least %d rounds, more within %s a scenario; %.1fs)\n",
				round+1, ran, pairs, opts.Budget, time.Since(start).Seconds())
		}
	}
	o := Outcome{Tolerance: tol}
	for i, name := range names {
		h, b := scenario.Pool(head[i]), scenario.Pool(base[i])
		if h.Broken == "" && b.Broken == "" && h.Clock != b.Clock {
			return Outcome{}, &ClockError{Head: h.Clock, Base: b.Clock}
		}
		switch {
		case h.Broken != "":
			o.Broken = append(o.Broken, fmt.Sprintf("%s: head: %s", name, h.Broken))
			continue
		case b.Broken != "":
			o.Broken = append(o.Broken, fmt.Sprintf("%s: base: %s", name, b.Broken))
			continue
		}
		o.Numbers = append(o.Numbers, Judge(name, h, b, tol)...)
	}
	verdicts := make([]band.Verdict, 0, len(o.Numbers)+1)
	for _, n := range o.Numbers {
		verdicts = append(verdicts, n.Verdict)
	}
	if len(o.Broken) > 0 {
		verdicts = append(verdicts, band.Broken)
	}
	o.Verdict = band.Worst(verdicts...)
	return o, nil
}

func broke(rs []scenario.Result) bool {
	return len(rs) > 0 && rs[len(rs)-1].Broken != ""
}

// Judge compares one scenario's pooled head and base results, number by
// number, in head's order followed by any number only base has.
//
// A time fails when its ratio's whole interval lies above 1 + tol. A count
// is compared exactly: one that rose fails (unless head declares it
// varying, when only its ceiling can fail it), one that fell passes and is
// listed, and either way the head's value is also judged by the head's own
// band (a count over its ceiling fails whatever the base measured).
func Judge(name string, head, base scenario.Result, tol float64) []Number {
	var out []Number
	for _, h := range head.Numbers {
		n := Number{Scenario: name, Name: h.Name, Unit: h.Unit, Kind: h.Band.Kind, Head: math.NaN(), Base: math.NaN(),
			Ratio: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		i := slices.IndexFunc(base.Numbers, func(b band.Measured) bool { return b.Name == h.Name })
		own := band.Judge(h)
		if own.BandVerdict != band.Broken {
			n.Head = own.Median
		}
		if i < 0 {
			n.Verdict, n.Note = band.None, "new in head"
			if h.Band.Kind == band.KindCount {
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
		switch h.Band.Kind {
		case band.KindCount:
			n.Verdict = band.Pass
			switch {
			case math.IsNaN(n.Base):
				n.Verdict, n.Note = band.Broken, "base measured no value"
			case n.Head > n.Base && slices.Contains(head.Varying, h.Name):
				// A count declared Number.Varies (allocations per frame)
				// moves with the Go runtime as well as with the code: one
				// process's randomly grown type-assertion cache is a byte
				// more. It is listed and judged by its own ceiling, not
				// failed for differing from the base by a hair.
				n.Note = fmt.Sprintf("rose from %s to %s (varies with the runtime: judged by its ceiling)", band.Format(n.Base), band.Format(n.Head))
			case n.Head > n.Base:
				n.Verdict, n.Note = band.Fail, fmt.Sprintf("rose from %s to %s", band.Format(n.Base), band.Format(n.Head))
			case n.Head < n.Base:
				n.Note = fmt.Sprintf("fell from %s to %s", band.Format(n.Base), band.Format(n.Head))
			}
			if own.BandVerdict == band.Fail {
				n.Verdict = band.Fail
				n.Note = join(n.Note, "over its ceiling "+h.Band.String())
			}
		case band.KindTime:
			n.Ratio, n.Lo, n.Hi, n.Pairs = band.Ratio(runs(h), runs(b))
			switch {
			case n.Pairs < 2:
				n.Verdict, n.Note = band.Broken, fmt.Sprintf("%d pairs with samples: a ratio needs at least 2", n.Pairs)
			case n.Lo > 1+tol:
				n.Verdict, n.Note = band.Fail, fmt.Sprintf("%s× slower", band.Format(n.Ratio))
			case n.Hi < 1:
				n.Verdict, n.Note = band.Pass, fmt.Sprintf("%s× faster", band.Format(n.Ratio))
			default:
				n.Verdict = band.Pass
			}
		}
		out = append(out, n)
	}
	for _, b := range base.Numbers {
		if !slices.ContainsFunc(head.Numbers, func(h band.Measured) bool { return h.Name == b.Name }) {
			out = append(out, Number{Scenario: name, Name: b.Name, Unit: b.Unit, Kind: b.Band.Kind,
				Head: math.NaN(), Base: math.NaN(), Ratio: math.NaN(), Lo: math.NaN(), Hi: math.NaN(),
				Verdict: band.None, Note: "gone in head"})
		}
	}
	return out
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
