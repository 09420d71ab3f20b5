package scenario_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// counted is a toy that keeps counts of its own: the frames it drew and
// the work they did (a frame's work is its pending inputs).
type counted struct {
	toy
	frames, work uint64
}

var _ scenario.CountSource = (*counted)(nil)

func (c *counted) Refresh() bool {
	work := c.pending
	if !c.toy.Refresh() {
		return false
	}
	c.frames++
	c.work += uint64(work)
	return true
}

func (c *counted) CountNames() []string { return countedNames }

var countedNames = []string{"Frames", "Work"}

func (c *counted) ReadCounts(dst []uint64) { dst[0], dst[1] = c.frames, c.work }

// poke drives sub steps times, step i with 1 + i%3 pending inputs, and
// lets a second pass.
func poke(s *scenario.Session, sub *counted, steps int) {
	s.Attach(sub)
	for i := range steps {
		s.Drive("poke", func() { sub.pending = 1 + i%3 })
	}
	s.Wait("rest", time.Second)
}

// A subject's own counts are recorded step by step and over the run, by
// name, as the engine's counters are.
func TestASubjectsCountsAreRecordedByStep(t *testing.T) {
	var rec *scenario.Record
	sub := &counted{}
	sub.frames, sub.work = 5, 7 // what the subject did before it was attached
	sc := scenario.Scenario{Name: "counted", Run: func(s *scenario.Session) error {
		poke(s, sub, 4)
		rec = s.Record()
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	require.Len(t, rec.Steps, 5)
	for i, st := range rec.Steps[:4] {
		assert.Equal(t, []string{"Frames", "Work"}, st.Counts.Names)
		assert.Equal(t, []uint64{1, uint64(1 + i%3)}, st.Counts.Values, "step %d", i)
	}
	assert.True(t, rec.Steps[4].Counts.IsZero(), "the rest drew nothing")
	work, ok := rec.Total.Get("Work")
	assert.True(t, ok)
	assert.Equal(t, uint64(1+2+3+1), work, "from Attach on")
	_, ok = rec.Total.Get("Nope")
	assert.False(t, ok)
}

// A subject that keeps no counts records none: every name reads zero.
func TestASubjectWithoutCountsRecordsNone(t *testing.T) {
	var s scenario.Session
	sub := &toy{}
	s.Attach(sub)
	s.Drive("poke", func() { sub.pending = 1 })
	r := s.Record()
	assert.Nil(t, r.Steps[0].Counts.Names)
	assert.True(t, r.Total.IsZero())
	_, ok := r.Total.Get("Frames")
	assert.False(t, ok)
}

// Steps past the room made at Attach (1024) still get counts of their
// own, in batches too: room for a batch is made before its sample opens.
func TestCountsPastTheFirstRoomInBatches(t *testing.T) {
	var rec *scenario.Record
	sc := scenario.Scenario{Name: "counted-long", Batch: 8, Run: func(s *scenario.Session) error {
		poke(s, &counted{}, 2500)
		rec = s.Record()
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	var want uint64
	for i, st := range rec.Steps[:2500] {
		require.Equal(t, []uint64{1, uint64(1 + i%3)}, st.Counts.Values, "step %d", i)
		want += uint64(1 + i%3)
	}
	work, _ := rec.Total.Get("Work")
	assert.Equal(t, want, work)
}

// Reading a subject's counts inside a batch allocates nothing the batch's
// allocations would count.
func TestCountsAllocateNothingInABatch(t *testing.T) {
	sub := &counted{}
	sub.costs = make([]time.Duration, 0, 512)
	sc := scenario.Scenario{Name: "counted-allocs", Batch: 8, Run: func(s *scenario.Session) error {
		poke(s, sub, 200)
		return nil
	}, Numbers: []scenario.Number{{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(0)}, Value: scenario.AllocsPerFrame}}}
	res := sc.Measure()
	require.Empty(t, res.Broken)
	assert.Equal(t, []float64{0}, res.Numbers[0].Samples)
}

// A source that names a count twice would read only the first by name.
func TestACountSourceNamesEachCountOnce(t *testing.T) {
	var s scenario.Session
	assert.Panics(t, func() { s.Attach(&twice{}) })
}

type twice struct{ counted }

func (*twice) CountNames() []string { return []string{"Frames", "Frames"} }

// Hold acquires for a measurement and releases at its end, the last held
// first; a session that is no measurement's holds nothing.
func TestHoldReleasesAtTheEndOfTheMeasurement(t *testing.T) {
	var events []string
	hold := func(name string) func() func() {
		return func() func() {
			events = append(events, "take "+name)
			return func() { events = append(events, "release "+name) }
		}
	}
	sc := scenario.Scenario{Name: "held", Run: func(s *scenario.Session) error {
		s.Hold(hold("a"))
		s.Hold(hold("b"))
		s.Attach(&toy{})
		events = append(events, "ran")
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	assert.Equal(t, []string{"take a", "take b", "ran", "release b", "release a"}, events)

	events = nil
	var s scenario.Session
	s.Hold(hold("c"))
	assert.Empty(t, events)
}
