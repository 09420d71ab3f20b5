package scenario

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/counter"
)

func TestNumbersReadTheRecord(t *testing.T) {
	// Three steps: a tab that drew one frame and restyled 1, a crossing
	// that drew one frame and restyled 2, and a wait that drew nothing.
	r := &Record{
		Steps: []Step{
			{Label: "tab", Costs: []time.Duration{1500 * time.Nanosecond}, Counters: counter.Snapshot{ElementsRestyled: 1, FramesDrawn: 1}},
			{Label: "cross", Costs: []time.Duration{3 * time.Microsecond}, Counters: counter.Snapshot{ElementsRestyled: 2, FramesDrawn: 1}},
			{Label: "wait"},
		},
		Total: counter.Snapshot{ElementsRestyled: 3, FramesDrawn: 2, TimersFired: 2},
	}
	for name, tc := range map[string]struct {
		value func(*Record) []float64
		want  []float64
	}{
		"frame times in µs":           {FrameTimes(nil), []float64{1.5, 3}},
		"frame times of labelled":     {FrameTimes(Labelled("cross")), []float64{3}},
		"max per step":                {MaxPerStep(counter.ElementsRestyled, nil), []float64{2}},
		"max per step that drew":      {MaxPerStep(counter.ElementsRestyled, Drew), []float64{2}},
		"max over no step is missing": {MaxPerStep(counter.ElementsRestyled, Labelled("resize")), nil},
		"total":                       {Total(counter.ElementsRestyled), []float64{3}},
		"total of labelled":           {TotalOf(counter.ElementsRestyled, Labelled("tab", "wait")), []float64{1}},
		"frame count":                 {FrameCount(nil), []float64{2}},
		"frame count of labelled":     {FrameCount(Labelled("wait")), []float64{0}},
		"step count":                  {StepCount(Labelled("tab")), []float64{1}},
		"work sums every counter":     {Work, []float64{7}},
	} {
		t.Run(name, func(t *testing.T) { assert.Equal(t, tc.want, tc.value(r)) })
	}
}
