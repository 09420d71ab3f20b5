package ratchet_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// A count declared varying is judged by its band but never shown in the
// docs: its value, the median of processes that may differ, would make
// perf --check fail on docs that no change moved.
func TestAVaryingCountKeepsTheDocsStill(t *testing.T) {
	r := newRepo(t)
	withAllocs := func(allocs float64) []scenario.Result {
		run := numbers(spread(30, 50, 60), spread(30, 18, 22), 1)
		run[0].Numbers = append(run[0].Numbers, band.Measured{
			Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(700)}, Samples: []float64{allocs}})
		run[0].Varying = []string{"allocs"}
		return run
	}
	r.run(t, r.opts(machineA, day1), measuring(withAllocs(648)))
	assert.Contains(t, r.read(t, r.docs()), "| allocs | varies | ≤ 700 |")
	check := r.opts(machineA, day2)
	check.Check = true
	o := r.run(t, check, measuring(withAllocs(654)))
	assert.False(t, o.DocsStale, "648 then 654: %v", o.StaleLines)
	over := r.run(t, check, measuring(withAllocs(701)))
	assert.True(t, over.Failed(), "its band still judges it")
}
