package gio_test

import (
	"testing"
	"time"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/subject/gio"
)

// Find sees every label Gio's semantic tree carries, not only
// descriptions: a text button's, and a clickable's whose label is its
// child (it answers with the clickable's bounds, which is where to aim).
func TestFindByAnyLabel(t *testing.T) {
	r := newRows()
	var button widget.Clickable
	presses := 0
	ui := func(gtx layout.Context) layout.Dimensions {
		for button.Clicked(gtx) {
			presses++
		}
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(material.Button(r.th, &button, "Click me!").Layout),
			layout.Rigid(r.layout),
		)
	}
	s := &gio.Subject{UI: ui}
	s.Open()

	x, y, ok := s.Center("Click me!")
	require.True(t, ok, "a material button's text is its label")
	s.Click(x, y)
	s.Refresh()
	assert.Equal(t, 1, presses, "the click aimed by the label reached the button")

	row, ok := s.Find("row 003")
	require.True(t, ok, "a label inside a clickable")
	assert.Equal(t, 20, row.Dy(), "the clickable row's bounds (20 px), not the text's")
	x, y, _ = s.Center("row 003")
	s.Click(x, y)
	s.Refresh()
	assert.Equal(t, 1, r.clicks)

	_, ok = s.Find("type here")
	assert.True(t, ok, "an editor's hint is its label")
	_, ok = s.Find("no such label")
	assert.False(t, ok)
}

// A wheel at a point the pointer has not reached moves it there first:
// the row under the point is hovered when the scroll arrives. Left in
// place, the pointer hovers what it hovered before.
func TestWheelMovesThePointerFirst(t *testing.T) {
	for _, tc := range []struct {
		name    string
		wheel   func(s *gio.Subject)
		hovered bool
	}{
		{"Wheel", func(s *gio.Subject) { s.Wheel(100, 30, 1) }, true},
		{"WheelInPlace", func(s *gio.Subject) { s.WheelInPlace(100, 30, 1) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRows()
			s := open(r)
			s.PointerMove(100, 410) // over the editor, below the list
			s.Refresh()
			tc.wheel(s)
			s.Refresh()
			assert.Equal(t, tc.hovered, r.buttons[1].Hovered(), "row 001, under (100, 30)")
		})
	}
}

// A declared ticker is background invalidation on the virtual clock: every
// period, its tick runs and a frame is drawn, the same frames in every run.
func TestTickDrawsOnTheVirtualClock(t *testing.T) {
	r := newRows()
	s := open(r)
	ticks := 0
	s.Tick(time.Second, func() { ticks++ })
	assert.Equal(t, 5, s.Wait(5*time.Second), "one frame a second")
	assert.Equal(t, 5, ticks)
	assert.Panics(t, func() { s.Tick(time.Millisecond, nil) }, "faster than the display")
}
