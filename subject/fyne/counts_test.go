package fyne_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/scenario"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// A Fyne subject's counts reach the record step by step, through the same
// interface as the engine's counters: each step's are the sums over its
// frames, and the run's total over every frame since Open.
func TestTheRecordCarriesTheSubjectsCounts(t *testing.T) {
	var sub *subject.Subject
	var rec *scenario.Record
	sc := scenario.Scenario{Name: "fyne-counts", Run: func(s *scenario.Session) error {
		_, c := newRows()
		sub = subject.Attach(s, func(fyne.Window) fyne.CanvasObject { return c }, small)
		for i := range 6 {
			s.Drive("scroll", func() { sub.Scroll(fyne.NewPos(100, 100), 0, float32(-7*(1+i%2))) })
		}
		rec = s.Record()
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	var want [9]uint64
	for _, f := range sub.Frames() {
		for i, v := range [9]uint64{1, f.Allocs, f.Bytes, uint64(f.Refreshes), uint64(f.Refreshed),
			uint64(f.Ticks), uint64(f.Layouts), uint64(f.Painted), uint64(f.Appeared)} {
			want[i] += v
		}
	}
	require.Positive(t, want[0], "the scrolls drew")
	assert.Equal(t, want[:], rec.Total.Values)
	var steps [9]uint64
	for _, st := range rec.Steps {
		for i, v := range st.Counts.Values {
			steps[i] += v
		}
	}
	assert.Equal(t, want, steps, "the steps' counts add up to the run's")
	assert.Equal(t, []float64{float64(want[3])}, subject.Refreshes(rec), "Refreshes reads the record")
	assert.Equal(t, []float64{float64(want[6])}, subject.Layouts(rec), "Layouts reads the record")
}
