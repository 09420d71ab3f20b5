package ratchet_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// The CLI's `perfbench perf` hands Run the scenario runner as a Measure
// function and prints the Outcome; the exit status follows from
// Outcome.Failed and from whether the error is an *InputError.
func ExampleRun() {
	root, _ := os.MkdirTemp("", "perfbench-example")
	defer os.RemoveAll(root)
	// A checkout has both directories; the ratchet creates files, never
	// directories.
	os.MkdirAll(filepath.Join(root, "perf"), 0o755)
	os.MkdirAll(filepath.Join(root, "docs"), 0o755)

	// The runner spawns one process per scenario and reads its numbers
	// back; here, one scenario with a time and a count.
	measure := func(ctx context.Context, names []string) ([]scenario.Result, error) {
		return []scenario.Result{{
			Name: "hover-storm",
			Numbers: []band.Measured{
				// 40%: the spread of hover frames on a shared runner.
				{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.40), Budget: band.FrameBudget(60)},
					Samples: []float64{41, 39, 44, 40, 42, 43, 38, 41, 40, 42}},
				{Spec: band.Spec{Name: "restyles", Unit: "restyles/crossing", Band: band.Count(1)},
					Samples: []float64{1}},
			},
		}}, nil
	}

	opts := ratchet.Options{
		Baselines: filepath.Join(root, baselines.DefaultFile),
		Docs:      filepath.Join(root, perfdocs.DefaultFile),
		Scenarios: []string{"hover-storm"},
		// The CLI leaves these three zero: this machine, this binary, now.
		Machine: baselines.Machine{CPU: "Example CPU", Cores: 4, OS: "linux", Arch: "amd64", Go: "go1.26.0"},
		Build:   &debug.BuildInfo{},
		Now:     func() time.Time { return time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC) },
	}
	for range 2 {
		o, err := ratchet.Run(context.Background(), opts, measure)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(o.Verdict, "failed:", o.Failed(), "moves:", len(o.Moves), "wrote:", o.BaselinesWritten, o.DocsWritten)
	}
	// Output:
	// unbaselined failed: false moves: 1 wrote: true true
	// pass failed: false moves: 0 wrote: false false
}
