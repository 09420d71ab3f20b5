package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/scenario"
)

// countedRunner runs the test binary's child under Callgrind, or skips
// the test where Valgrind is not installed or -short asks for speed: a
// counted process takes 5 to 20 seconds.
func countedRunner(t *testing.T) *Runner {
	t.Helper()
	if testing.Short() {
		t.Skip("runs children under Valgrind; -short skips it")
	}
	if _, err := callgrind.Find(); err != nil {
		t.Skip("cannot count instructions here: " + err.Error())
	}
	r := testRunner(0)
	r.Instructions = true
	return r
}

// Processes of one build count the same instructions for hover-storm's
// 240 crossings: the engine's steps do the same work in every process,
// and nothing else on the scenario's thread is counted. Of three, at least
// two agree, and their count is the least, which is what is judged: under
// load a process now and then reads more (3 600 and 7 200 on hover-storm,
// in about one of twenty; 1.3% on scroll at a load average of 15), which
// the pool's least leaves out. Scroll's agree
// within sameBuild: what still moves them is the Go runtime's (a refill
// of the allocator's page cache, string-keyed map probes under the
// process's hash seed), measured at 0.03% and less.
//
// Under a heavy load two processes of three have read scroll 1.2% high
// (the runtime's monitor preempts a step that runs past 10 ms of wall
// clock, and under Valgrind and load more steps do): such a look is taken
// once more before it fails, as the runner's pool of the least would
// outlast it.
func TestInstructionsAreTheSameInEveryProcess(t *testing.T) {
	slow.Test(t, "six processes under Valgrind")
	const sameBuild, tolerance = 0.001, band.InstructionsTolerance
	r := countedRunner(t)
	r.Repeats = 3
	for look := 1; ; look++ {
		results, err := r.Run(context.Background(), []string{"hover-storm", "scroll"})
		require.NoError(t, err)
		if agree(results, sameBuild) || look == 2 {
			checkInstructions(t, results, sameBuild, tolerance)
			return
		}
		t.Logf("look %d: the two least processes disagree (%v, %v); looking once more", look, results[0].Instructions, results[1].Instructions)
	}
}

// agree reports whether the two least processes of each result agree
// within sameBuild.
func agree(results []scenario.Result, sameBuild float64) bool {
	for _, res := range results {
		if len(res.Instructions) != 1 || len(res.Instructions[0].Runs) < 2 {
			return false
		}
		runs := slices.Sorted(slices.Values(res.Instructions[0].Runs))
		if float64(runs[1]-runs[0]) > sameBuild*float64(runs[0]) {
			return false
		}
	}
	return true
}

func checkInstructions(t *testing.T, results []scenario.Result, sameBuild, tolerance float64) {
	t.Helper()
	for _, res := range results {
		require.Empty(t, res.Broken)
		require.Len(t, res.Instructions, 1)
		in := res.Instructions[0]
		require.Len(t, in.Runs, 3)
		assert.Equal(t, slices.Min(in.Runs), in.Count)
		for _, n := range in.Runs {
			// Judged is the least; one read high is what the pool is for.
			if float64(n) > float64(in.Count)*(1+tolerance) {
				t.Logf("%s: a process read %d, %.2f%% over the least (%v)", res.Name, n, 100*(float64(n)/float64(in.Count)-1), in.Runs)
			}
		}
		// A crossing restyles two rows and draws a frame, a wheel step
		// scrolls and draws: thousands of instructions, not the
		// requests' few dozen.
		assert.Greater(t, in.PerStep(), 2000.0, res.Name)
		assert.Equal(t, 240, in.Steps, res.Name)
		for _, m := range res.Numbers {
			assert.NotEqual(t, band.KindTime, m.Band.Kind, "%s: %s was timed under Valgrind", res.Name, m.Name)
		}
	}
	hover, scroll := results[0].Instructions[0], results[1].Instructions[0]
	assert.Equal(t, "cross", hover.Label)
	runs := slices.Sorted(slices.Values(hover.Runs))
	assert.Equal(t, runs[0], runs[1], "hover-storm: two of three processes of one build agree exactly (%v)", hover.Runs)
	assert.Equal(t, "wheel", scroll.Label)
	runs = slices.Sorted(slices.Values(scroll.Runs))
	assert.InEpsilon(t, float64(runs[0]), float64(runs[1]), sameBuild, "scroll: the two least of three processes of one build (%v)", scroll.Runs)
}

// A plant of N spins a step moves every step's count by the spin's 7
// instructions an iteration: exactly, between plants of 100 and 200 spins,
// and against the unplanted count with the plant's own calls beside it (a
// call of the plant and two requests a batch of 16 steps, 55 instructions
// measured). The plants are in another build of perfbench, with the
// perfbench_plant tag.
func TestPlantedWorkMovesTheCountByItsInstructions(t *testing.T) {
	slow.Test(t, "builds a planted perfbench and counts it under Valgrind")
	r := countedRunner(t)
	bin := filepath.Join(t.TempDir(), "perfbench-plant")
	out, err := exec.Command("go", "build", "-tags", "perfbench_plant", "-o", bin, "github.com/perfbench/perfbench/cmd/perfbench").CombinedOutput()
	require.NoError(t, err, "%s", out)
	// Two processes each, pooled to their least: now and then under load
	// one process reads a few thousand more (see the test above).
	count := func(plant string) scenario.Instructions {
		r := *r
		r.Repeats = 2
		r.Command = func(name string) *exec.Cmd {
			cmd := exec.Command(bin, ChildCommand, name)
			cmd.Env = append(os.Environ(), "PERFBENCH_PLANT="+plant)
			return cmd
		}
		results, err := r.Run(context.Background(), []string{"hover-storm"})
		require.NoError(t, err)
		require.Empty(t, results[0].Broken)
		require.Len(t, results[0].Instructions, 1)
		return results[0].Instructions[0]
	}
	base := count("idle:+1") // planted in another scenario: hover-storm's own count
	p100, p200 := count("hover-storm:+100"), count("hover-storm:+200")
	steps := base.Steps
	assert.Equal(t, int64(7*100*steps), int64(p200.Count)-int64(p100.Count), "100 more spins a step over %d steps", steps)
	batches := int64(steps / 16)
	extra := int64(p100.Count) - int64(base.Count) - int64(7*100*steps)
	assert.True(t, extra >= 0 && extra <= 80*batches, "the plant's calls cost %d instructions over %d batches, beside its 7×100×%d", extra, batches, steps)
}

// What a step runs through scenario.Uncounted is not in its count, and
// what it runs outside is: 10 000 spins a step left out read as none.
func TestUncountedWorkIsLeftOutOfTheCount(t *testing.T) {
	slow.Test(t, "three processes under Valgrind")
	r := countedRunner(t)
	r.Repeats = 1
	results, err := r.Run(context.Background(), []string{"test-spin-none", "test-spin-uncounted", "test-spin-counted"})
	require.NoError(t, err)
	perStep := make([]float64, len(results))
	for i, res := range results {
		require.Empty(t, res.Broken, res.Name)
		require.Len(t, res.Instructions, 1, res.Name)
		perStep[i] = res.Instructions[0].PerStep()
	}
	none, uncounted, counted := perStep[0], perStep[1], perStep[2]
	t.Logf("instructions a step: none %.0f, uncounted %.0f, counted %.0f", none, uncounted, counted)
	assert.InDelta(t, none, uncounted, 10, "10 000 spins left out of a step of %.0f", none)
	assert.Greater(t, counted-none, 20000.0, "10 000 spins counted")
}

// Without Valgrind no process runs, and every result says why it has no
// instructions; nothing is Broken.
func TestInstructionsWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	r := testRunner(0)
	r.Instructions = true
	results, err := r.Run(context.Background(), []string{"test-ok", "test-ok-too"})
	require.NoError(t, err)
	require.Len(t, results, 2)
	for _, res := range results {
		assert.Empty(t, res.Broken)
		assert.Nil(t, res.Instructions)
		assert.Equal(t, "not measured: valgrind not found (apt-get install valgrind)", res.NotCounted)
	}
}

// The toolchain key names everything that decides a count: the platform
// and its level, the CPU model Valgrind presents, Go's version and
// Valgrind's. A key that left one out would let two hosts that count
// differently share a baseline.
func TestToolchainNamesWhatDecidesTheCount(t *testing.T) {
	if _, err := callgrind.Find(); err != nil {
		t.Skip("cannot count instructions here: " + err.Error())
	}
	key, err := Toolchain(context.Background())
	require.NoError(t, err)
	assert.Regexp(t, `^instructions: `+runtime.GOOS+`/`+runtime.GOARCH+`\b`, key)
	assert.Contains(t, key, ", "+runtime.Version()+", valgrind-")
	if runtime.GOARCH == "amd64" {
		assert.Regexp(t, ` (avx2|avx|sse4\.2|sse3|baseline),`, key, "the CPU model Valgrind presents")
	}
}

// A counted child's printed result gives its labels and their steps, and
// Callgrind's dumps give the counts: a count the child printed is
// dropped, and a count a step that the baselines file would refuse to
// read back (band.CheckTime) is Broken with why, never recorded.
func TestCountedTakesItsCountsFromCallgrindAlone(t *testing.T) {
	for _, tt := range []struct {
		name    string
		printed []scenario.Instructions
		dumped  uint64 // Callgrind's count for label "step"
		want    uint64 // the count that stands, or 0 for Broken
		broken  string
	}{
		{"a count the child printed", []scenario.Instructions{{Label: "step", Steps: 10, Count: 1e15, Runs: []uint64{1e15}}}, 84000, 84000, ""},
		{"a count a step below MinTime", []scenario.Instructions{{Label: "step", Steps: 1e12}}, 84000, 0,
			`callgrind counted 8.4e-08 instructions a step for the steps labelled "step" (84000 over 1000000000000 steps), below 0.001 (MinTime), which no run measures`},
		{"a count a step above MaxTime", []scenario.Instructions{{Label: "step", Steps: 1}}, 3e9, 0,
			`callgrind counted 3e+09 instructions a step for the steps labelled "step" (3000000000 over 1 steps), above 1e+09 (MaxTime), which no run measures`},
		{"no steps", []scenario.Instructions{{Label: "step", Steps: 0}}, 84000, 0, `reported the steps labelled "step" as 0 steps, not a number above zero`},
		{"one label twice", []scenario.Instructions{{Label: "step", Steps: 1}, {Label: "step", Steps: 1}}, 84000, 0, `reported the steps labelled "step" twice`},
		// A program that collects around its steps but never switches
		// instrumentation on (one built before it did) counts nothing
		// anywhere: the Broken line the runner reruns it instrumented on.
		{"nothing instrumented", []scenario.Instructions{{Label: "step", Steps: 10}}, 0, 0,
			uninstrumented + ": the program never switched instrumentation on"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			profile := fmt.Sprintf("# callgrind format\npart: 1\ndesc: Trigger: Client Request: step\nevents: Ir\nsummary: %d\n", tt.dumped)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "callgrind.out.1"), []byte(profile), 0o644))
			res := scenario.Result{Name: "s", Instructions: tt.printed}
			err := counted(&res, dir)
			if tt.broken != "" {
				require.Error(t, err)
				assert.Equal(t, tt.broken, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, []scenario.Instructions{{Label: "step", Steps: tt.printed[0].Steps, Count: tt.want}}, res.Instructions)
		})
	}
}
