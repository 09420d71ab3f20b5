package pool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Pool requires a count to be the same in every process (else Broken),
// takes the median of a count declared Varies, and keeps each process's
// time samples apart.
func TestPool(t *testing.T) {
	res := func(restyles, allocs float64, frame ...float64) scenario.Result {
		return scenario.Result{Name: "p", Steps: 1, Varying: []string{"allocs"}, Numbers: []band.Measured{
			{Spec: band.Spec{Name: "restyles", Unit: "restyles/run", Band: band.Count(9)}, Samples: []float64{restyles}},
			{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(9)}, Samples: []float64{allocs}},
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.1)}, Samples: frame},
		}}
	}
	p := Runs([]scenario.Result{res(2, 1.8, 1, 2), res(2, 2.9, 3), res(2, 1.7, 4, 5, 6)})
	require.Empty(t, p.Broken)
	assert.Equal(t, 3, p.Processes)
	assert.Equal(t, []float64{2}, p.Numbers[0].Samples)
	assert.Equal(t, []float64{1.8}, p.Numbers[1].Samples, "the median of a varying count: one high process does not decide it")
	assert.Equal(t, []float64{1, 2, 3, 4, 5, 6}, p.Numbers[2].Samples)
	assert.Equal(t, [][]float64{{1, 2}, {3}, {4, 5, 6}}, p.Numbers[2].Runs)

	p = Runs([]scenario.Result{res(2, 1, 1), res(3, 1, 1)})
	assert.Contains(t, p.Broken, "count restyles differs between processes")

	broken := res(2, 1, 1)
	broken.Broken = "crashed"
	p = Runs([]scenario.Result{res(2, 1, 1), broken})
	assert.Equal(t, "process 2 of 2: crashed", p.Broken)
}

// A count that differs between processes that kept a frame trace is
// Broken with the first frame that differs, its step, and the lines one
// process has and the other not; a frame only one process drew is named
// as such, and the pooled result keeps no trace.
func TestPoolNamesTheFirstFrameThatDiffers(t *testing.T) {
	res := func(n float64, frames ...scenario.FrameTrace) scenario.Result {
		return scenario.Result{Name: "p", Steps: 2, Frames: frames, Numbers: []band.Measured{
			{Spec: band.Spec{Name: "appeared", Unit: "objects/run", Band: band.Count(9)}, Samples: []float64{n}},
		}}
	}
	f := func(step int, lines ...string) scenario.FrameTrace {
		return scenario.FrameTrace{Step: step, Label: "tap", Lines: lines}
	}
	same := f(1, "frame", "laid out A")
	for _, c := range []struct {
		name string
		a, b scenario.Result
		want string
	}{
		{"a frame's lines", res(1, same, f(2, "frame", "appeared B at 1,2", "laid out C", "x")), res(0, same, f(2, "frame", "x", "refreshed D")),
			`; the first frame that differs is frame 2 (step 2, "tap"): in process 1 only, appeared B at 1,2; laid out C; in process 3 only, refreshed D`},
		{"a frame one process drew", res(1, same, f(2, "frame", "appeared B")), res(0, same),
			`; the first frame that differs is frame 2 (step 2, "tap"), which process 1 drew and process 3 did not: frame; appeared B`},
		{"a frame the other drew", res(1, same), res(0, same, f(0, "late")),
			`; the first frame that differs is frame 2 (drawn outside every step), which process 3 drew and process 1 did not: late`},
		{"the same frames", res(1, same), res(0, same), `; every frame's trace is the same in every process`},
		{"no trace", res(1), res(0), `([1] in process 1, [0] in process 3): counts must depend on the code alone`},
	} {
		p := Runs([]scenario.Result{c.a, c.a, c.b})
		assert.True(t, strings.HasSuffix(p.Broken, c.want), "%s: %s", c.name, p.Broken)
		assert.Contains(t, p.Broken, "count appeared differs between processes", c.name)
		assert.Nil(t, p.Frames, c.name)
	}
	many := make([]string, 10)
	for i := range many {
		many[i] = fmt.Sprintf("appeared %d", i)
	}
	p := Runs([]scenario.Result{res(1, f(1, many...)), res(0, f(1))})
	assert.Contains(t, p.Broken, "appeared 5 and 4 more; in process 2 only, nothing", "six lines of a process at most")
}

// Pool takes each label's least count and keeps every process's; processes
// that counted over other labels or steps break the pool.
func TestPoolInstructions(t *testing.T) {
	res := func(counts ...uint64) scenario.Result {
		r := scenario.Result{Name: "p", Steps: 3}
		for i, n := range counts {
			r.Instructions = append(r.Instructions, scenario.Instructions{Label: []string{"a", "b"}[i], Steps: i + 1, Count: n})
		}
		return r
	}
	got := Runs([]scenario.Result{res(100, 2000), res(90, 2010), res(95, 2000)})
	require.Empty(t, got.Broken)
	assert.Equal(t, []scenario.Instructions{
		{Label: "a", Steps: 1, Count: 90, Runs: []uint64{100, 90, 95}},
		{Label: "b", Steps: 2, Count: 2000, Runs: []uint64{2000, 2010, 2000}},
	}, got.Instructions)
	assert.Equal(t, []scenario.Instructions{{Label: "a", Steps: 1, Count: 7}}, Runs([]scenario.Result{res(7)}).Instructions)
	assert.Contains(t, Runs([]scenario.Result{res(1, 2), res(1)}).Broken, "process 2 counted instructions over other steps")

	timedOut := scenario.Result{Name: "p", NotCounted: "not measured: timed out"}
	assert.Equal(t, []scenario.Instructions{{Label: "a", Steps: 1, Count: 7}}, Runs([]scenario.Result{timedOut, res(7)}).Instructions,
		"a process that did not finish is left out of the pool")
	assert.Empty(t, Runs([]scenario.Result{timedOut, res(7)}).NotCounted)
}
