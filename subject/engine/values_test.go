package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
)

// other is a subject that is not perfbench's window.
type other struct{}

func (other) Refresh() bool               { return false }
func (other) Wait(time.Duration) int      { return 0 }
func (other) FrameCosts() []time.Duration { return nil }

func TestValuesReadTheEnginesCounters(t *testing.T) {
	// Three steps: a tab that drew one frame and restyled 1, a crossing
	// that drew one frame and restyled 2, and a wait that drew nothing.
	r := &scenario.Record{
		Steps: []scenario.Step{
			{Label: "tab", Costs: []time.Duration{1500 * time.Nanosecond}, Counts: Counts(counter.Snapshot{ElementsRestyled: 1, FramesDrawn: 1})},
			{Label: "cross", Costs: []time.Duration{3 * time.Microsecond}, Counts: Counts(counter.Snapshot{ElementsRestyled: 2, FramesDrawn: 1})},
			{Label: "wait"},
		},
		Total:   Counts(counter.Snapshot{ElementsRestyled: 3, FramesDrawn: 2, TimersFired: 2}),
		Subject: &Subject{},
	}
	for name, tc := range map[string]struct {
		value func(*scenario.Record) []float64
		want  []float64
	}{
		"max per step":                {MaxPerStep(counter.ElementsRestyled, nil), []float64{2}},
		"max per step that drew":      {MaxPerStep(counter.ElementsRestyled, scenario.Drew), []float64{2}},
		"max over no step is missing": {MaxPerStep(counter.ElementsRestyled, scenario.Labelled("resize")), nil},
		"total":                       {Total(counter.ElementsRestyled), []float64{3}},
		"total of labelled":           {TotalOf(counter.ElementsRestyled, scenario.Labelled("tab", "wait")), []float64{1}},
		"work sums every counter":     {Work, []float64{7}},
		"no frame, no peak":           {PeakCache(func(c Caches) int { return c.Runs }), nil},
	} {
		t.Run(name, func(t *testing.T) { assert.Equal(t, tc.want, tc.value(r)) })
	}
}

// Over a run that drove another subject, every engine value is missing,
// so a number declared with one is Broken instead of passing its ceiling
// at zero.
func TestValuesOverAnotherSubjectAreMissing(t *testing.T) {
	r := &scenario.Record{Steps: []scenario.Step{{Label: "poke", Costs: []time.Duration{time.Microsecond}}}, Subject: other{}}
	for name, v := range map[string]func(*scenario.Record) []float64{
		"Done":       Done(counter.NodesRelaidOut, 0).Value,
		"Avoided":    Avoided(counter.LayoutsHeld, 1).Value,
		"MaxPerStep": MaxPerStep(counter.ElementsRestyled, nil),
		"Total":      Total(counter.ElementsRestyled),
		"TotalOf":    TotalOf(counter.ElementsRestyled, nil),
		"Work":       Work,
		"PeakCache":  PeakCache(func(c Caches) int { return c.Glyphs }),
	} {
		assert.Nil(t, v(r), name)
		j := band.Judge(band.Measured{Spec: band.Spec{Band: band.Count(0)}, Samples: v(r)})
		assert.Equal(t, band.Broken, j.BandVerdict, name)
	}
}

func TestAvoidedAndDoneRefuseTheWrongKindOfCounter(t *testing.T) {
	assert.Panics(t, func() { Avoided(counter.RunsShaped, 1) })
	assert.Panics(t, func() { Done(counter.GlyphCacheHits, 1) })
	n := Avoided(counter.PrimitivesCulled, 3)
	assert.Equal(t, "primitives-culled", n.Name)
	assert.Equal(t, "primitives-culled/run", n.Unit)
	assert.Equal(t, band.Floor(3), n.Band)
	assert.Equal(t, "PrimitivesCulled", n.Reads)
	assert.Equal(t, band.Count(0), Done(counter.GlyphsRasterised, 0).Band)
}
