package counting

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

// The runner's toolchain key is one the ratchet files as a toolchain's
// block, not a machine's: otherwise a run without Valgrind would take the
// recorded instructions for renamed times and refuse the file.
func TestTheRunnersToolchainIsTheRatchetsKind(t *testing.T) {
	if _, err := callgrind.Find(); err != nil {
		t.Skip("cannot count instructions here: " + err.Error())
	}
	key, err := runner.Toolchain(context.Background())
	require.NoError(t, err)
	assert.True(t, baselines.IsToolchain(key), key)
}

// The counted processes are dealt so that they finish together: the
// costliest scenario alone where it costs as much as the rest, each
// process's cheapest scenario first, and never more processes than asked
// for or than scenarios.
func TestGroupsDealTheCostliestFirstAndRunTheCheapestFirst(t *testing.T) {
	timed := func(name string, steps ...float64) scenario.Result {
		return scenario.Result{Name: name, Numbers: []band.Measured{
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.4)}, Samples: []float64{999999}, Runs: [][]float64{steps, {999999}}},
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(24)}, Samples: []float64{1e9}},
		}}
	}
	// The suite's scenarios as their timed processes read: resize's 24
	// steps of 3 ms, kitchen-sink's 12 resizes of 3.6 ms and the rest.
	results := []scenario.Result{
		timed("hover-storm", 1.6, 1.6, 1.6),
		timed("scroll", 2.3, 6.1, 2.3),
		timed("kitchen-sink", 3600, 3600, 3600, 3600, 3600, 3600, 3600, 3600, 3600, 3600, 3600, 3600),
		timed("resize", 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000,
			3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000),
	}
	names := []string{"hover-storm", "scroll", "kitchen-sink", "resize"}
	assert.Equal(t, [][]string{{"resize"}, {"hover-storm", "scroll", "kitchen-sink"}}, groups(names, results, 2))
	assert.Equal(t, [][]string{{"hover-storm", "scroll", "kitchen-sink", "resize"}}, groups(names, results, 1))
	assert.Equal(t, [][]string{{"resize"}, {"kitchen-sink"}, {"scroll"}, {"hover-storm"}}, groups(names, results, 8))
	// A scenario with no timed result costs its set-up alone.
	assert.Equal(t, [][]string{{"a"}, {"b"}}, groups([]string{"a", "b"}, nil, 2))
}
