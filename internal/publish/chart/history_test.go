package chart

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"
)

// A title wider than the chart (a GPU driver's own description) is broken
// at spaces into lines that fit, losing no word; one that fits is kept.
func TestATitleWiderThanTheChartIsBrokenToFit(t *testing.T) {
	sty := plot.New().Title.TextStyle
	width := titleWidth
	title := "text-pressure on AMD EPYC, 2 cores, linux/amd64, go1.26.8\n" +
		"renderer gpu: llvmpipe (LLVM 15.0.6, 256 bits) (Mesa/X.org, OpenGL ES 3.2 Mesa 22.3.6)"
	got := fit(title, sty, width)
	lines := strings.Split(got, "\n")
	assert.Greater(t, len(lines), 2, "the renderer's line is broken")
	for _, l := range lines {
		assert.LessOrEqual(t, float64(sty.Width(l)), float64(width), "%q fits", l)
	}
	assert.Equal(t, strings.Fields(title), strings.Fields(got), "no word lost")
	assert.Equal(t, "hover-storm on a machine", fit("hover-storm on a machine", sty, width))
}

// What a chart says of its history: every rebaseline once, with its
// reason or why it has none; dates with their year; a recording without a
// commit says why, not "?"; times with no baseline yet are named once,
// not drawn as empty panels.
func TestAChartTellsItsStory(t *testing.T) {
	day := time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC)
	times := []TimeHistory{
		{Name: "frame", Unit: "µs/frame", Tolerance: 0.2, Baselines: []Baseline{
			{Set: day, Median: 100, Lo: 90, Hi: 107, Kind: Recorded},
			{Set: day.Add(24 * time.Hour), Median: 120, Lo: 110, Hi: 125, Kind: Rebaselined, Commit: "1a2b3c4d5e6f"},
			{Set: day.Add(48 * time.Hour), Median: 130, Lo: 125, Hi: 135, Kind: Rebaselined, Commit: "2b3c4d5e6f70", Why: "rows draw a shadow"},
			{Set: day.Add(72 * time.Hour), Median: 100, Lo: 95, Hi: 105, Kind: Lowered, Commit: "3c4d5e6f7081"},
		}},
		{Name: "input-frame", Unit: "µs/frame", Tolerance: 0.2, Baselines: []Baseline{
			{Set: day.Add(48 * time.Hour), Median: 30, Lo: 29, Hi: 31, Kind: Rebaselined, Commit: "2b3c4d5e6f70", Why: "rows draw a shadow"},
		}},
		{Name: "wheel-frame", Unit: "µs/frame", Tolerance: 0.2},
		{Name: "resize-frame", Unit: "µs/frame", Tolerance: 0.2},
	}
	var b bytes.Buffer
	require.NoError(t, Scenario(&b, SVG, "kitchen-sink", times, nil))
	svg := b.String()
	assert.Contains(t, svg, "rebaselined at 1a2b3c4, 2026-09-11 08:00: no reason recorded (the history kept none then)")
	assert.Equal(t, 1, strings.Count(svg, "rows draw a shadow"), "one recording, one note, however many times it rebaselined")
	assert.Contains(t, svg, "rebaselined at 2b3c4d5, 2026-09-12 08:00: rows draw a shadow")
	assert.Contains(t, svg, ">2026-09-10<", "a tick's date has its year")
	assert.Contains(t, svg, ">no commit<")
	assert.Contains(t, svg, "no commit: the recording names none")
	assert.NotContains(t, svg, ">?<")
	assert.Equal(t, 1, strings.Count(svg, "no baseline recorded yet on this machine, so no history to draw: wheel-frame, resize-frame"))

	// An exact number's one baseline is a line, not a panel of one dot:
	// the chart grows by a line, not by a panel.
	withPanels := b.Len()
	one := TimeHistory{Name: "tab-instructions", Unit: "instructions/tab-step", Tolerance: 0.0025, Baselines: []Baseline{
		{Set: day.Add(96 * time.Hour), Median: 427736, Lo: 427736, Hi: 427736, Kind: Recorded, Commit: "39c8675f84c7"},
	}}
	b.Reset()
	require.NoError(t, Scenario(&b, SVG, "kitchen-sink", append(slices.Clone(times), one), nil))
	svg = b.String()
	assert.Contains(t, svg, "tab-instructions: 427736 instructions/tab-step, recorded at 39c8675 on 2026-09-14<")
	assert.NotContains(t, svg, ">instructions/tab-step<", "no panel with the number's unit on its axis")
	assert.Less(t, b.Len()-withPanels, withPanels/4, "a line, not a panel")
	// Once it has moved, it is a panel like any other.
	moved := one
	moved.Baselines = append(slices.Clone(one.Baselines), Baseline{Set: day.Add(120 * time.Hour), Median: 427000, Lo: 427000, Hi: 427000, Kind: Lowered, Commit: "4d5e6f708192"})
	b.Reset()
	require.NoError(t, Scenario(&b, SVG, "kitchen-sink", append(slices.Clone(times), moved), nil))
	assert.NotContains(t, b.String(), "recorded at 39c8675 on")

	// Nothing but times without a baseline: a chart that says so, not an
	// error.
	b.Reset()
	require.NoError(t, Scenario(&b, PNG, "idle", times[2:], nil))
	assert.True(t, bytes.HasPrefix(b.Bytes(), []byte("\x89PNG")))
}
