package gates

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

func wallReadings(scale float64) []WallReading {
	out := make([]WallReading, len(WallBudgets))
	for i, b := range WallBudgets {
		out[i] = WallReading{WallBudget: b, Micros: []float64{b.Micros * scale * 0.9, b.Micros * scale, b.Micros * scale * 1.1}}
	}
	return out
}

func TestWallClockJudge(t *testing.T) {
	tests := []struct {
		name    string
		rs      []WallReading
		binding bool
		want    band.Verdict
	}{
		{"within budget on a baselined machine passes", wallReadings(0.5), true, band.Pass},
		{"over budget on a baselined machine fails", wallReadings(2), true, band.Fail},
		{"over budget elsewhere is advisory", wallReadings(2), false, band.Unbaselined},
		{"within budget elsewhere is advisory too", wallReadings(0.5), false, band.Unbaselined},
		{"no samples is Broken even when advisory", []WallReading{{WallBudget: WallBudgets[0]}}, false, band.Broken},
		{"nothing measured is Broken", nil, true, band.Broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := JudgeWallClock(tt.rs, tt.binding)
			assert.Equal(t, tt.want, r.Verdict, "%+v", r.Checks)
			if tt.want == band.Unbaselined {
				require.NotEmpty(t, r.Notes)
				assert.Contains(t, r.Notes[0], "advisory")
				assert.False(t, r.Failed(), "an advisory report fails nothing")
			}
		})
	}
	// The thread's CPU time is judged where it was measured, the wall
	// time reported beside: a frame whose wall time doubled while the
	// scheduler ran other work passes, one whose own work doubled fails.
	for _, tt := range []struct {
		name      string
		wall, cpu float64
		want      band.Verdict
	}{
		{"the scheduler's share of the wall time is not the frame's", 2, 0.5, band.Pass},
		{"the frame's own work over budget fails", 0.5, 2, band.Fail},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rs := wallReadings(tt.wall)
			for i := range rs {
				rs[i].CPUMicros = wallReadings(tt.cpu)[i].Micros
			}
			r := JudgeWallClock(rs, true)
			assert.Equal(t, tt.want, r.Verdict, "%+v", r.Checks)
			assert.Contains(t, r.Checks[0].Detail, "thread CPU")
			assert.Contains(t, r.Checks[0].Detail, "wall")
		})
	}
	// The checks of an advisory report still say which budgets were met.
	r := JudgeWallClock(wallReadings(2), false)
	for _, c := range r.Checks {
		assert.Equal(t, band.Fail, c.Verdict, c.Name)
	}
}

func TestWallClockRefusesAnUnoptimisedBuild(t *testing.T) {
	for name, settings := range map[string][]debug.BuildSetting{
		"race":      {{Key: "-race", Value: "true"}},
		"no opt":    {{Key: "-gcflags", Value: "all=-N -l"}},
		"coverage":  {{Key: "-cover", Value: "true"}},
		"no inline": {{Key: "-gcflags", Value: "-l"}},
	} {
		t.Run(name, func(t *testing.T) {
			yes := true
			r := WallClock(WallOptions{Reps: 1, Build: &debug.BuildInfo{Settings: settings}, Baselined: &yes})
			assert.Equal(t, band.Broken, r.Verdict)
			require.Len(t, r.Checks, 1)
			assert.Equal(t, "optimised build", r.Checks[0].Name)
			assert.Contains(t, r.Checks[0].Detail, "refusing")
		})
	}
}

func TestWallBudgetsSayWhy(t *testing.T) {
	for _, b := range WallBudgets {
		assert.NotEmpty(t, b.Why, b.Name)
		assert.Positive(t, b.Micros, b.Name)
	}
}
