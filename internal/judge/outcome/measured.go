package outcome

import (
	"slices"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// Measured returns one scenario's run as an outcome judged against
// Nothing (scenario NAME): each number's statistics — a time's median
// and interval of its samples, a count's value — with its samples, and
// no verdict but Broken, for the scenario when it broke or a number reads
// missing, as every judged run would call it.
func Measured(res scenario.Result) Outcome {
	sc := Scenario{Name: res.Name, Steps: res.Steps, Broken: res.Broken, NotCounted: res.NotCounted, Verdict: band.None}
	for _, m := range res.Numbers {
		j := band.Judged{Spec: m.Spec, N: len(m.Samples), BandVerdict: band.None, BudgetVerdict: band.None}
		if len(m.Samples) == 0 {
			j.BandVerdict, j.Reason = band.Broken, "missing: no samples"
		} else {
			// Judged only for its statistics, under a band any sample
			// passes: the verdicts are not shown.
			s := band.Judge(band.Measured{Spec: band.Spec{Band: band.Time(0)}, Samples: m.Samples})
			j.Median, j.Lo, j.Hi, j.Confidence = s.Median, s.Lo, s.Hi, s.Confidence
			if m.Band.Kind.Exact() {
				j.Median = m.Samples[0]
			}
		}
		sc.Numbers = append(sc.Numbers, Number{Scenario: res.Name, Judged: j, Verdict: j.BandVerdict, Base: nan(), Ratio: NoRatio(),
			Samples: slices.Clone(m.Samples)})
	}
	if res.Broken != "" || slices.ContainsFunc(sc.Numbers, func(n Number) bool { return n.Verdict == band.Broken }) {
		sc.Verdict = band.Broken
	}
	return Outcome{Against: Nothing, Scenarios: []Scenario{sc}, Verdict: sc.Verdict}
}
