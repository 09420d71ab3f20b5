package scenario

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestNumbersReadTheRecord(t *testing.T) {
	// Three steps: a tab that drew one frame, a crossing that drew one
	// frame, and a wait that drew nothing.
	r := &Record{
		Steps: []Step{
			{Label: "tab", Costs: []time.Duration{1500 * time.Nanosecond}},
			{Label: "cross", Costs: []time.Duration{3 * time.Microsecond}},
			{Label: "wait"},
		},
		Timings: []Timing{{First: 0, Last: 0, CPU: 2 * time.Microsecond}, {First: 1, Last: 2, CPU: 5 * time.Microsecond}},
	}
	for name, tc := range map[string]struct {
		value func(*Record) []float64
		want  []float64
	}{
		"frame times in µs":             {FrameTimes(nil), []float64{1.5, 3}},
		"frame times of labelled":       {FrameTimes(Labelled("cross")), []float64{3}},
		"frame times of none is none":   {FrameTimes(Labelled("resize")), nil},
		"cpu per frame of each timing":  {CPUFrameTimes(nil), []float64{2, 5}},
		"a timing over a rejected step": {CPUFrameTimes(Labelled("cross")), nil},
		"frame count":                   {FrameCount(nil), []float64{2}},
		"frame count of labelled":       {FrameCount(Labelled("wait")), []float64{0}},
		"frames of steps that drew":     {FrameCount(Drew), []float64{2}},
		"step count":                    {StepCount(Labelled("tab")), []float64{1}},
	} {
		t.Run(name, func(t *testing.T) { assert.Equal(t, tc.want, tc.value(r)) })
	}
}

func TestMedianCountIsAFramesCount(t *testing.T) {
	type frame struct{ allocs uint64 }
	allocs := func(f frame) uint64 { return f.allocs }
	for name, tc := range map[string]struct {
		frames []frame
		want   uint64
	}{
		"no frames":                     {nil, 0},
		"one frame":                     {[]frame{{7}}, 7},
		"the middle of an odd number":   {[]frame{{9}, {1}, {5}}, 5},
		"the lower middle of an even":   {[]frame{{153}, {59}, {155}, {57}}, 59},
		"one frame's jitter moves none": {[]frame{{40}, {40}, {42}, {40}, {41}}, 40},
	} {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, MedianCount(tc.frames, allocs))
		})
	}
}
