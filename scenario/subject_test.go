package scenario_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// toy is a Subject that is not perfbench's window: a frame costs 1 µs per
// pending input, drawn at the next refresh.
type toy struct {
	pending int
	costs   []time.Duration
}

func (t *toy) Refresh() bool {
	if t.pending == 0 {
		return false
	}
	t.costs = append(t.costs, time.Duration(t.pending)*time.Microsecond)
	t.pending = 0
	return true
}

func (t *toy) Wait(d time.Duration) int {
	n := 0
	for range d / (time.Second / 60) {
		if t.Refresh() {
			n++
		}
	}
	return n
}

func (t *toy) FrameCosts() []time.Duration { return t.costs }

func TestAnotherSubjectGetsTheSameRecordAndBands(t *testing.T) {
	sc := scenario.Scenario{
		Name: "toy",
		Run: func(s *scenario.Session) error {
			sub := &toy{}
			s.Attach(sub)
			require.Same(t, sub, s.Subject())
			for i := range 10 {
				s.Drive("poke", func() { sub.pending = 1 + i%2 })
			}
			s.Wait("rest", time.Second)
			return nil
		},
		Numbers: []scenario.Number{
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1)}, Value: scenario.FrameTimes(nil)},
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(10)}, Value: scenario.FrameCount(nil)},
			{Spec: band.Spec{Name: "subject", Unit: "subjects", Band: band.Count(1)}, Value: func(r *scenario.Record) []float64 {
				if _, ok := r.Subject.(*toy); ok {
					return []float64{1}
				}
				return nil
			}},
		},
	}
	res := sc.Measure()
	require.Empty(t, res.Broken)
	assert.Equal(t, 11, res.Steps)
	assert.Equal(t, []float64{1, 2, 1, 2, 1, 2, 1, 2, 1, 2}, res.Numbers[0].Samples)
	assert.Equal(t, []float64{10}, res.Numbers[1].Samples)
	assert.Equal(t, []float64{1}, res.Numbers[2].Samples, "a Number reads the subject it drove")
	assert.Nil(t, res.Instructions, "natively nothing counts instructions")
}

func TestAttachTwicePanics(t *testing.T) {
	var s scenario.Session
	s.Attach(&toy{})
	assert.Panics(t, func() { s.Attach(&toy{}) })
}

// tolerant is a toy whose own randomness moves its instructions by 1%.
type tolerant struct{ toy }

func (*tolerant) InstructionsTolerance() float64 { return 0.01 }

// A subject that declares its instructions' tolerance gives it to every
// scenario over it that sets none of its own.
func TestTheSubjectsInstructionsTolerance(t *testing.T) {
	for _, tc := range []struct {
		name string
		sub  scenario.Subject
		own  float64
		want float64
	}{
		{"the runner's default", &toy{}, 0, 0},
		{"the subject's", &tolerant{}, 0, 0.01},
		{"the scenario's own wins", &tolerant{}, 0.02, 0.02},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := scenario.Scenario{Name: "tolerance", InstructionsTolerance: tc.own,
				Run: func(s *scenario.Session) error { s.Attach(tc.sub); return nil }}
			assert.Equal(t, tc.want, sc.Measure().InstructionsTolerance)
		})
	}
}

// Steps drives its n steps under one label, each step's input given its
// index; open's error ends the run Broken before any step.
func TestStepsDrivesNStepsUnderOneLabel(t *testing.T) {
	var got []int
	sc := scenario.Scenario{Name: "steps", Run: scenario.Steps("poke", 4, func(s *scenario.Session) (func(int), error) {
		sub := &toy{}
		s.Attach(sub)
		return func(i int) { got = append(got, i); sub.pending = 1 }, nil
	}), Numbers: []scenario.Number{{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(4)},
		Value: scenario.FrameCount(scenario.Labelled("poke"))}}}
	res := sc.Measure()
	require.Empty(t, res.Broken)
	assert.Equal(t, []int{0, 1, 2, 3}, got)
	assert.Equal(t, 4, res.Steps)
	assert.Equal(t, []float64{4}, res.Numbers[0].Samples)

	got = nil
	sc.Run = scenario.Steps("poke", 4, func(s *scenario.Session) (func(int), error) {
		s.Attach(&toy{})
		return func(i int) { got = append(got, i) }, errors.New(`no "OK" on screen`)
	})
	assert.Contains(t, sc.Measure().Broken, `no "OK" on screen`)
	assert.Empty(t, got)

	assert.PanicsWithValue(t, `scenario: Steps("poke", 0, …): want at least one step and an open`, func() {
		scenario.Steps("poke", 0, func(*scenario.Session) (func(int), error) { return nil, nil })
	})
}

// Repeat drives its steps in order under its label, each input given its
// index, between the steps a Run drives itself.
func TestRepeatDrivesItsStepsBetweenOthers(t *testing.T) {
	var got []int
	sc := scenario.Scenario{Name: "repeat", Run: func(s *scenario.Session) error {
		sub := &toy{}
		s.Attach(sub)
		s.Drive("first", func() { sub.pending = 1 })
		s.Repeat("poke", 3, func(i int) { got = append(got, i); sub.pending = 1 })
		s.Repeat("none", 0, func(int) { t.Error("a run of no steps drove one") })
		s.Drive("last", func() { sub.pending = 1 })
		return nil
	}, Numbers: []scenario.Number{{Spec: band.Spec{Name: "pokes", Unit: "frames/run", Band: band.Count(3)},
		Value: scenario.FrameCount(scenario.Labelled("poke"))}}}
	res := sc.Measure()
	require.Empty(t, res.Broken)
	assert.Equal(t, []int{0, 1, 2}, got)
	assert.Equal(t, 5, res.Steps)
	assert.Equal(t, []float64{3}, res.Numbers[0].Samples)
	assert.PanicsWithValue(t, `scenario: Repeat("poke", -1, …): want no fewer than 0 steps and an input`, func() {
		new(scenario.Session).Repeat("poke", -1, func(int) {})
	})
}
