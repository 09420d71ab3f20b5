package fyne_test

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// The idle numbers of an untouched program read true zeros, never missing:
// a run with no frames is a pass, not Broken.
func TestIdleNumbersPassOverNoFrames(t *testing.T) {
	sc := scenario.Scenario{Name: "fyne-idle-test",
		Run: func(s *scenario.Session) error {
			_, c := newRows()
			subject.Attach(s, func(fyne.Window) fyne.CanvasObject { return c }, small)
			s.Wait("rest", 5*time.Second)
			return nil
		},
		Numbers: subject.Idle(),
	}
	res := sc.Measure()
	require.Empty(t, res.Broken)
	require.Len(t, res.Numbers, 3)
	for _, m := range res.Numbers {
		j := band.Judge(m)
		assert.Equal(t, band.Pass, j.BandVerdict, j.String())
		assert.Equal(t, []float64{0}, m.Samples, m.Name)
	}
}

// The default numbers are the frame time and five counts, named and
// bounded as Bounds says; the allocations' ceiling adds the slack.
func TestNumbersAreTheDefaultSet(t *testing.T) {
	ns := subject.Numbers(subject.Bounds{Frames: 3, Allocs: 7710, Refreshes: 9, Appeared: 1, Painted: 22})
	var got []string
	for _, n := range ns {
		got = append(got, n.Name+" "+n.Unit+" "+n.Band.String())
	}
	assert.Equal(t, []string{
		"frame µs/frame " + band.Time(scenario.FrameTolerance).String(),
		"frames frames/run " + band.Count(3).String(),
		"allocs allocs/frame " + band.Count(7718).String(),
		"refreshes refreshes/run " + band.Count(9).String(),
		"appeared objects/run " + band.Count(1).String(),
		"painted objects/frame " + band.Count(22).String(),
	}, got)
	assert.True(t, ns[2].Varies, "allocations vary with the runtime")
	assert.False(t, ns[3].Varies, "refreshes are exact")
	assert.True(t, subject.Numbers(subject.Bounds{RefreshesVary: true})[3].Varies, "but a table's")
	for _, n := range subject.Numbers(subject.Bounds{})[1:] {
		assert.Equal(t, band.Record(band.AtMost), n.Band, "%s: a count left zero is recorded", n.Name)
	}
}
