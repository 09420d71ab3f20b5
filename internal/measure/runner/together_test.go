package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/scenario"
)

// Scenarios counted in turn in one process count what each counts in a
// process of its own: hover-storm, first there, to the instruction, and
// scroll after it within the spread between processes (0.03% measured).
// A process now and then reads high under load, so a disagreement past
// the tolerance is looked at once more before it fails. Each scenario
// reports to Progress as its result arrives, so a bar moves through the
// process, and keeps its own profile for a where-table.
func TestTogetherCountsWhatAProcessOfItsOwnCounts(t *testing.T) {
	slow.Test(t, "three processes under Valgrind")
	r := countedRunner(t)
	r.Repeats = 1
	names := []string{"hover-storm", "scroll"}
	for look := 1; ; look++ {
		var progress strings.Builder
		r.Progress, r.Profiles = &progress, &Profiles{}
		together, err := r.Together(context.Background(), [][]string{names})
		require.NoError(t, err)
		for _, name := range names {
			p := r.Profiles.Get(name)
			require.NotNil(t, p, "%s's profile, for a where-table", name)
			assert.NotEmpty(t, p.Sample, name)
		}
		r.Progress, r.Profiles = nil, nil
		alone, err := r.Run(context.Background(), names)
		require.NoError(t, err)
		assert.Equal(t, 2, strings.Count(progress.String(), "done in"), progress.String())
		far := ""
		for i, res := range together {
			require.Empty(t, res.Broken)
			require.Empty(t, res.NotCounted)
			require.Len(t, res.Instructions, 1)
			a, b := res.Instructions[0], alone[i].Instructions[0]
			require.Equal(t, b.Steps, a.Steps)
			d := (a.PerStep() - b.PerStep()) / b.PerStep()
			t.Logf("%s: %.1f a step together, %.1f alone (%+.3f%%)", res.Name, a.PerStep(), b.PerStep(), 100*d)
			if d > band.InstructionsTolerance || d < -band.InstructionsTolerance {
				far = res.Name
			}
		}
		if far == "" {
			return
		}
		if look == 2 {
			t.Fatalf("%s counts otherwise together than alone, twice", far)
		}
	}
}

// A scenario that crashes a process counting several leaves its own
// instructions not measured, never Broken, as a process of its own would;
// the one before it keeps its count, and the one after it is counted in
// a process of its own.
func TestTogetherLeavesACrashNotMeasured(t *testing.T) {
	slow.Test(t, "two processes under Valgrind")
	r := countedRunner(t)
	r.Repeats = 1
	results, err := r.Together(context.Background(), [][]string{{"test-spin-none", "test-panic", "test-spin-counted"}})
	require.NoError(t, err)
	require.Len(t, results, 3)
	for _, res := range results {
		assert.Empty(t, res.Broken, res.Name)
	}
	assert.Equal(t, []string{"test-spin-none", "test-panic", "test-spin-counted"}, []string{results[0].Name, results[1].Name, results[2].Name})
	assert.Contains(t, results[1].NotCounted, "panicked")
	for _, res := range []scenario.Result{results[0], results[2]} {
		require.Len(t, res.Instructions, 1, res.Name)
		assert.Positive(t, res.Instructions[0].Count, res.Name)
	}
	assert.Greater(t, results[2].Instructions[0].PerStep(), results[0].Instructions[0].PerStep()+30000,
		"10 000 spins a step, of a few instructions each")
}
