package gio_test

import (
	"testing"
	"time"

	"gioui.org/widget/material"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/gio"
)

// The idle numbers of an untouched program read true zeros, never missing:
// a run with no frames is a pass, not Broken.
func TestIdleNumbersPassOverNoFrames(t *testing.T) {
	sc := scenario.Scenario{Name: "gio-idle-test",
		Run: func(s *scenario.Session) error {
			gio.Attach(s, newRows().layout, gio.DefaultOptions)
			s.Wait("rest", 5*time.Second)
			return nil
		},
		Numbers: gio.Idle(),
	}
	res := sc.Measure()
	require.Empty(t, res.Broken)
	require.Len(t, res.Numbers, 2)
	for _, m := range res.Numbers {
		j := band.Judge(m)
		assert.Equal(t, band.Pass, j.BandVerdict, j.String())
		assert.Equal(t, []float64{0}, m.Samples, m.Name)
	}
}

// The default numbers are the frame time and four counts, named and
// bounded as Bounds says; a zero Time is the shared tolerance.
func TestNumbersAreTheDefaultSet(t *testing.T) {
	ns := gio.Numbers(gio.Bounds{Frames: 3, Allocs: 40, Ops: 900, Wakeups: 2})
	var got []string
	for _, n := range ns {
		got = append(got, n.Name+" "+n.Unit+" "+n.Band.String())
	}
	assert.Equal(t, []string{
		"frame µs/frame " + band.Time(scenario.FrameTolerance).String(),
		"frames frames/run " + band.Count(3).String(),
		"allocs allocs/frame " + band.Count(40).String(),
		"ops ops-bytes/frame " + band.Count(900).String(),
		"wakeups wakeups/run " + band.Count(2).String(),
	}, got)
	assert.True(t, ns[2].Varies, "allocations vary with the runtime")
	assert.Equal(t, 0.5, gio.Numbers(gio.Bounds{Time: 0.5})[0].Band.Tolerance)
	for _, n := range gio.Numbers(gio.Bounds{})[1:] {
		assert.Equal(t, band.Record(band.AtMost), n.Band, "%s: a count left zero is recorded", n.Name)
	}
}

// Input that draws nothing (moves over widgets with no hover) leaves
// Numbers' frame time, allocations and op bytes without samples: the run
// is Broken, and the line says to report Idle, which passes over it.
func TestNumbersOverNoFramesNameIdle(t *testing.T) {
	moves := func(s *scenario.Session) error {
		th := newRows().th
		sub := gio.Attach(s, material.Body1(th, "a grid with no hover").Layout, gio.DefaultOptions)
		s.Repeat("move", 60, func(i int) { sub.PointerMove(float32(10+i), 10) })
		return nil
	}
	res := (&scenario.Scenario{Name: "gio-still", Run: moves, Numbers: gio.Numbers(gio.Bounds{})}).Measure()
	assert.Equal(t, `it drew no frame, so "frame" has no samples: a scenario whose input draws nothing `+
		`(a move over widgets with no hover, a program left alone) reports gio.Idle(), which claims zero frames `+
		`and wakeups, in place of gio.Numbers`, res.Broken)

	res = (&scenario.Scenario{Name: "gio-still", Run: moves, Numbers: gio.Idle()}).Measure()
	assert.Empty(t, res.Broken)
	for _, m := range res.Numbers {
		assert.Equal(t, band.Pass, band.Judge(m).BandVerdict, m.Name)
	}
}
