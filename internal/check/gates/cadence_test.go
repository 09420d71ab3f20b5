package gates

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/ui/gallery"
)

// perRefresh returns the instants of the refreshes in (from, to] at hz,
// each drawn times times: a frame loop that draws n frames per refresh.
func perRefresh(hz float64, from, to int64, times int) []int64 {
	var out []int64
	for k := int64(math.Floor(float64(from)*hz/1e9)) + 1; float64(k)*1e9/hz <= float64(to); k++ {
		for range times {
			out = append(out, int64(math.Round(float64(k)*1e9/hz)))
		}
	}
	return out
}

func animated(hz float64, frames []int64) FrameLog {
	return FrameLog{Hz: hz, Animated: true, From: 1e9, To: 3e9, Frames: frames}
}

func TestCadenceJudge(t *testing.T) {
	good := func(hz float64) FrameLog { return animated(hz, perRefresh(hz, 1e9, 3e9, 1)) }
	idle := FrameLog{Hz: 60, From: 0, To: 10e9}
	tests := []struct {
		name   string
		logs   []FrameLog
		want   band.Verdict
		detail string
	}{
		{"one per refresh at each rate", []FrameLog{good(60), good(75), good(240), idle}, band.Pass, ""},
		{"twice per refresh fails", []FrameLog{good(60), animated(75, perRefresh(75, 1e9, 3e9, 2)), idle}, band.Fail, "drew 2 frames (300 frames for 150 refreshes)"},
		{"a skipped refresh fails", []FrameLog{animated(240, perRefresh(240, 1e9, 3e9, 1)[1:])}, band.Fail, "drew no frame"},
		{"a frame between refreshes fails", []FrameLog{animated(60, append(perRefresh(60, 1e9, 3e9, 1), 2_000_000_000+8_000_000))}, band.Fail, "is not on a refresh"},
		{"a frame at the wrong rate fails", []FrameLog{animated(75, perRefresh(60, 1e9, 3e9, 1))}, band.Fail, ""},
		{"an idle window that draws fails", []FrameLog{{Hz: 60, From: 0, To: 10e9, Frames: []int64{16_666_667}}}, band.Fail, "1 frames"},
		{"no refresh in the span is Broken", []FrameLog{{Hz: 60, Animated: true, From: 1, To: 2}}, band.Broken, ""},
		{"no rate is Broken", []FrameLog{{Animated: true, From: 0, To: 1e9}}, band.Broken, ""},
		{"nothing watched is Broken", nil, band.Broken, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := JudgeCadence(tt.logs)
			assert.Equal(t, tt.want, r.Verdict, "%+v", r.Checks)
			if tt.detail != "" {
				found := false
				for _, c := range r.Checks {
					found = found || strings.Contains(c.Detail, tt.detail)
				}
				assert.True(t, found, "no check says %q: %+v", tt.detail, r.Checks)
			}
		})
	}
}

// The gate on the engine: on a virtual clock the frame loop's cadence is
// the same on every machine.
func TestCadencePassesOnTheEngine(t *testing.T) {
	o := CadenceOptions{Rates: []float64{60, 75, 240}, Seconds: 1, IdleSeconds: 10, Size: gallery.S1}
	logs := MeasureCadence(o)
	require.Len(t, logs, 4)
	r := JudgeCadence(logs)
	assert.Equal(t, band.Pass, r.Verdict, "%+v", r.Checks)
	assert.Len(t, logs[2].Frames, 240)
	assert.Empty(t, logs[3].Frames)
}

func TestHUDCostFailsOverItsCeiling(t *testing.T) {
	ok := JudgeHUDCost([]HUDCost{{Shown: true, FPS: 2}, {Shown: false, FPS: 0}})
	require.Len(t, ok, 2)
	assert.Equal(t, band.Pass, ok[0].Verdict)
	assert.Equal(t, band.Pass, ok[1].Verdict)
	bad := JudgeHUDCost([]HUDCost{{Shown: true, FPS: 2.1}, {Shown: false, FPS: 0.1}})
	assert.Equal(t, band.Fail, bad[0].Verdict, "a HUD that draws more than its ticks fails")
	assert.Equal(t, band.Fail, bad[1].Verdict, "a hidden HUD that draws anything fails")
}

func TestHUDCostIsMeasured(t *testing.T) {
	costs := MeasureHUDCost(CadenceOptions{Size: gallery.S0, HUDSeconds: 5})
	require.Len(t, costs, 2)
	for _, c := range JudgeHUDCost(costs) {
		assert.Equal(t, band.Pass, c.Verdict, "%s: %s", c.Name, c.Detail)
	}
	assert.Zero(t, costs[1].FPS)
}
