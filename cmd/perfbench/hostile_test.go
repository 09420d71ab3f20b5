package main

import (
	"os"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/scenario"
)

// hostileEnv is the time test-hostile reports for every sample, in the
// child that measures it.
const hostileEnv = "PERFBENCH_TEST_HOSTILE"

func init() {
	scenario.Register(scenario.Scenario{Name: "test-hostile",
		Run: func(s *scenario.Session) error { s.Attach(&idleSubject{}); s.Drive("poke", nil); return nil },
		Numbers: []scenario.Number{{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.2)},
			Value: func(*scenario.Record) []float64 {
				v, _ := strconv.ParseFloat(os.Getenv(hostileEnv), 64)
				return []float64{v, v, v, v, v, v}
			}}},
	})
}

// A recording perf records nothing its own baselines file would refuse:
// a child reporting a time no run measures is Broken (exit 1), nothing is
// written, and perf --check afterwards reads the files as they were.
func TestPerfRecordsNoTimeItsFileWouldRefuse(t *testing.T) {
	for _, tt := range []struct{ value, want string }{
		{"1e308", "1e+308, is above 1e+09 (MaxTime)"},
		{"0", "samples that are all zero"},
		{"5e-324", "fastest sample 5e-324, below 0.001 (MinTime)"},
	} {
		t.Run(tt.value, func(t *testing.T) {
			t.Setenv(hostileEnv, tt.value)
			withScenarios(t, "test-hostile")
			withBuild(t, &debug.BuildInfo{})
			baselines, _, flags := perfFiles(t)
			code, stdout, stderr := perfbench(t, append([]string{"perf", "--quiet"}, flags...)...)
			assert.Equal(t, harness.ExitFailed, code, stderr)
			assert.Contains(t, stdout+stderr, tt.want)
			assert.NoFileExists(t, baselines, "nothing recorded")
			code, _, stderr = perfbench(t, append([]string{"perf", "--check", "--quiet"}, flags...)...)
			assert.Equal(t, harness.ExitFailed, code, "broken again, not a file it cannot read: %s", stderr)
		})
	}
}
