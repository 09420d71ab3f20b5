package paired

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// The schedule measures nothing: fed what each pair measured by hand, it
// names each pair's builds in turn (pair k: build k mod 3 of each side,
// the head's two repeating), stops the scenario at its one look, and
// JudgeRun judges what it was handed.
func TestTheScheduleMeasuresNothing(t *testing.T) {
	frame := band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.5)}
	pooled := func(runs [][]float64) scenario.Result {
		var all []float64
		for _, r := range runs {
			all = append(all, r...)
		}
		return scenario.Result{Name: "a", Steps: 1, Clock: "thread-cpu/v2", Numbers: []band.Measured{{Spec: frame, Samples: all, Runs: runs}}}
	}
	sc := NewSchedule([]string{"a"}, Options{HeadBuilds: 2, BaseBuilds: 3, Pairs: 6, Seed: 1})
	var builds [][2]int
	var head, base [][]float64
	for round := sc.Round(); len(round) > 0; round = sc.Round() {
		for _, p := range round {
			builds = append(builds, [2]int{p.Head, p.Base})
			v := 100 + float64(len(head))
			head, base = append(head, []float64{v}), append(base, []float64{v + 0.5})
			sc.Ran(p, pooled(head[len(head)-1:]), pooled(base[len(base)-1:]), time.Millisecond)
		}
		due := sc.Due()
		hs, bs := make([]scenario.Result, len(due)), make([]scenario.Result, len(due))
		for k := range due {
			hs[k], bs[k] = pooled(head), pooled(base)
		}
		sc.Look(hs, bs)
	}
	assert.Equal(t, [][2]int{{0, 0}, {1, 1}, {0, 2}, {0, 0}, {1, 1}, {0, 2}}, builds, "six pairs, one look")
	o, err := JudgeRun(sc, []scenario.Result{pooled(head)}, []scenario.Result{pooled(base)})
	require.NoError(t, err)
	assert.Equal(t, 3, o.Builds)
	assert.Equal(t, uint64(1), o.Seed)
	require.Len(t, o.Scenarios, 1)
	assert.Equal(t, 6, o.Scenarios[0].Numbers[0].Ratio.Pairs)
}
