package paired

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

func count(name string, ceiling, v float64) band.Measured {
	return band.Measured{Spec: band.Spec{Name: name, Unit: name + "/run", Band: band.Count(ceiling)}, Samples: []float64{v}}
}

// frame is a time measured in len(levels) processes, one sample each.
func frame(levels ...float64) band.Measured {
	m := band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.5)}}
	for _, l := range levels {
		m.Samples = append(m.Samples, l)
		m.Runs = append(m.Runs, []float64{l})
	}
	return m
}

func byName(ns []Number) map[string]Number {
	out := map[string]Number{}
	for _, n := range ns {
		out[n.Name] = n
	}
	return out
}

// Counts are compared exactly, both ways: one that rose fails, one that
// fell passes and is listed, one over the head's own ceiling fails
// whatever the base measured; numbers only one side has are listed.
func TestJudgeCountsBothWays(t *testing.T) {
	head := scenario.Result{Numbers: []band.Measured{
		count("same", 10, 3), count("rose", 10, 4), count("fell", 10, 2), count("over", 1, 2), count("new", 10, 1),
	}}
	base := scenario.Result{Numbers: []band.Measured{
		count("same", 10, 3), count("rose", 10, 3), count("fell", 10, 3), count("over", 10, 2), count("gone", 10, 1),
	}}
	got := byName(Judge("s", head, base, Tolerance))
	require.Len(t, got, 6)
	assert.Equal(t, band.Pass, got["same"].Verdict)
	assert.False(t, got["same"].Changed())
	assert.Equal(t, band.Fail, got["rose"].Verdict)
	assert.Equal(t, "rose from 3 to 4", got["rose"].Note)
	assert.Equal(t, band.Pass, got["fell"].Verdict)
	assert.Equal(t, "fell from 3 to 2", got["fell"].Note)
	assert.Equal(t, band.Fail, got["over"].Verdict)
	assert.Contains(t, got["over"].Note, "over its ceiling ≤ 1")
	assert.Equal(t, "new in head", got["new"].Note)
	assert.Equal(t, "gone in head", got["gone"].Note)
	assert.Equal(t, band.None, got["gone"].Verdict)
}

// A count declared varying (allocations per frame, which the Go runtime
// moves by a hair from process to process) fails a paired run only over
// its own ceiling: a rise of one byte between two builds of the same code
// is listed, not failed. A count not declared varying still fails on any
// rise.
func TestJudgeVaryingCountsByTheirCeiling(t *testing.T) {
	head := scenario.Result{Varying: []string{"alloc-bytes", "over"}, Numbers: []band.Measured{
		count("alloc-bytes", 4500, 4438), count("over", 4437, 4438), count("exact", 10, 4),
	}}
	base := scenario.Result{Varying: []string{"alloc-bytes", "over"}, Numbers: []band.Measured{
		count("alloc-bytes", 4500, 4437), count("over", 4437, 4437), count("exact", 10, 3),
	}}
	got := byName(Judge("s", head, base, Tolerance))
	assert.Equal(t, band.Pass, got["alloc-bytes"].Verdict)
	assert.True(t, got["alloc-bytes"].Changed(), "the rise is listed")
	assert.Contains(t, got["alloc-bytes"].Note, "rose from 4437 to 4438")
	assert.Equal(t, band.Fail, got["over"].Verdict, "over its ceiling")
	assert.Equal(t, band.Fail, got["exact"].Verdict, "a count not declared varying fails on any rise")
}

// A time fails only when its whole interval lies above 1 + tolerance: a
// clear 10% slowdown over twelve pairs of processes within ±2% of each
// other fails, the same build passes, and a slowdown within the tolerance
// passes.
func TestJudgeTimeByRatio(t *testing.T) {
	levels := []float64{1, 1.02, 0.98, 1.01, 0.99, 1.005, 0.995, 1.015, 0.985, 1.0, 1.01, 0.99}
	scaled := func(f float64) band.Measured {
		ls := make([]float64, len(levels))
		for i, l := range levels {
			ls[i] = l * f * (1 + 0.002*float64(i%2)) // a little pair-to-pair wobble
		}
		return frame(ls...)
	}
	base := scenario.Result{Numbers: []band.Measured{scaled(1)}}
	for _, tt := range []struct {
		name   string
		factor float64
		want   band.Verdict
	}{
		{"ten percent slower fails", 1.10, band.Fail},
		{"the same passes", 1, band.Pass},
		{"two percent slower is within the tolerance", 1.02, band.Pass},
		{"faster passes and is listed", 0.8, band.Pass},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := Judge("s", scenario.Result{Numbers: []band.Measured{scaled(tt.factor)}}, base, Tolerance)[0]
			assert.Equal(t, tt.want, n.Verdict, "%+v", n)
			assert.InDelta(t, tt.factor, n.Ratio, 0.01)
			assert.Equal(t, len(levels), n.Pairs)
			assert.LessOrEqual(t, n.Lo, n.Ratio)
			assert.GreaterOrEqual(t, n.Hi, n.Ratio)
		})
	}
	// One pair is no interval: Broken, not a pass.
	n := Judge("s", scenario.Result{Numbers: []band.Measured{frame(2)}}, scenario.Result{Numbers: []band.Measured{frame(1)}}, Tolerance)[0]
	assert.Equal(t, band.Broken, n.Verdict)
	assert.False(t, math.IsNaN(n.Ratio))
}

// runner's processes print one result of a scenario with one time, after
// sleeping for the scenario's name ("50ms"), so a test can tell how many
// processes ran and how long they took.
func runner() *scenario.Runner {
	return &scenario.Runner{Timeout: 10 * time.Second, Command: func(name string) *exec.Cmd {
		d, _ := time.ParseDuration(name)
		out := fmt.Sprintf(`{"name":%q,"steps":1,"numbers":[{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.5},"samples":[1]}],"clock":"thread-cpu/v2"}`, name)
		return exec.Command("sh", "-c", fmt.Sprintf("sleep %g; echo '%s'", d.Seconds(), out))
	}}
}

// Pairs rounds run for every scenario; after them a scenario runs another
// pair only while its pairs have taken less than the budget, so the quick
// scenario runs more pairs than the slow one, and without a budget both run
// exactly Pairs.
func TestRunAddsPairsWithinTheBudget(t *testing.T) {
	pairsOf := func(o Outcome) map[string]int {
		out := map[string]int{}
		for _, n := range o.Numbers {
			if n.Kind == band.KindTime {
				out[n.Scenario] = n.Pairs
			}
		}
		return out
	}
	names := []string{"0s", "150ms"}
	o, err := Run(context.Background(), names, Options{Head: runner(), Base: runner(), Pairs: 2})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"0s": 2, "150ms": 2}, pairsOf(o), "no budget: exactly Pairs")

	o, err = Run(context.Background(), names, Options{Head: runner(), Base: runner(), Pairs: 2, Budget: 500 * time.Millisecond})
	require.NoError(t, err)
	got := pairsOf(o)
	assert.Equal(t, 2, got["150ms"], "two pairs of 300 ms each spend the budget")
	assert.Greater(t, got["0s"], 2, "a quick scenario runs more pairs within the budget")
	assert.LessOrEqual(t, got["0s"], MaxPairs)
	assert.Equal(t, band.Pass, o.Verdict)
}
