package gio_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/gio"
)

// A Gio subject's counts reach the record step by step, through the same
// interface as the engine's counters: each step's are its frames', and
// the run's total is every frame's since Open.
func TestTheRecordCarriesTheSubjectsCounts(t *testing.T) {
	var sub *gio.Subject
	var rec *scenario.Record
	sc := scenario.Scenario{Name: "gio-counts", Run: func(s *scenario.Session) error {
		r := newRows()
		r.animate = true
		sub = gio.Attach(s, r.layout, gio.Options{})
		for range 4 {
			s.Drive("frame", nil)
		}
		rec = s.Record()
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	frames := sub.Frames()
	require.Len(t, frames, 4)
	var allocs, wakeups uint64
	for i, st := range rec.Steps {
		f := frames[i]
		want := []uint64{1, f.Allocs, f.Bytes, uint64(f.OpsBytes), 1}
		assert.Equal(t, want, st.Counts.Values, "step %d", i)
		allocs += f.Allocs
		wakeups++
	}
	got, _ := rec.Total.Get("Allocs")
	assert.Equal(t, allocs, got)
	assert.Equal(t, []float64{float64(wakeups)}, gio.Wakeups(rec), "Wakeups reads the record")
}
