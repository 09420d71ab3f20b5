package gio_test

import (
	"testing"
	"time"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/script"
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

// Two editors with one hint, as Gio's kitchen example has, a check box
// and a plain label: a Match picks the second editor, or a role, and
// Targets lists each labelled widget once, where a pointer aimed at it
// lands on it.
func TestMatchPicksTheNthOrARole(t *testing.T) {
	th := newRows().th
	var first, second widget.Editor
	var check widget.Bool
	ui := func(gtx layout.Context) layout.Dimensions {
		return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
			layout.Rigid(material.Editor(th, &first, "Hint").Layout),
			layout.Rigid(material.Editor(th, &second, "Hint").Layout),
			layout.Rigid(material.CheckBox(th, &check, "Hint").Layout),
			layout.Rigid(material.Body1(th, "plain").Layout),
		)
	}
	s := &gio.Subject{UI: ui}
	s.Open()

	one, ok := s.Find("Hint")
	require.True(t, ok)
	two, ok := s.Find("Hint", script.Match{Nth: 1})
	require.True(t, ok)
	assert.Equal(t, one.Max.Y, two.Min.Y, "the second editor lies below the first")
	assert.Less(t, two.Dy(), 40, "an editor's hint answers with the editor's bounds, not the label's, which run to the window's edge")
	x, y, ok := s.Center("Hint", script.Match{Nth: 1})
	require.True(t, ok)
	s.Click(x, y)
	s.Refresh()
	assert.True(t, s.Router().Source().Focused(&second), "the click aimed at the second editor focused it")

	box, ok := s.Find("Hint", script.Match{Role: script.CheckBox})
	require.True(t, ok)
	third, _ := s.Find("Hint", script.Match{Nth: 2})
	assert.Equal(t, third, box, "the check box is the third widget labelled Hint")
	_, ok = s.Find("Hint", script.Match{Role: script.Editor, Nth: 2})
	assert.False(t, ok, "two editors")
	assert.Panics(t, func() { s.Find("Hint", script.Match{}, script.Match{}) })

	var got []string
	for _, tg := range s.Targets() {
		got = append(got, tg.Label+" "+tg.Role.String())
	}
	assert.Equal(t, []string{"Hint editor", "Hint editor", "Hint check box", "plain label"}, got)
}

// A list takes clicks for its scrolling, so its labels are not one
// button: each keeps its own role, and an editor's hint inside the list
// still names the editor.
func TestAListsLabelsAreNotItsOwn(t *testing.T) {
	th := newRows().th
	var list widget.List
	list.Axis = layout.Vertical
	var field widget.Editor
	var button widget.Clickable
	items := []layout.Widget{
		material.Body1(th, "plain").Layout,
		material.Editor(th, &field, "Hint").Layout,
		material.Button(th, &button, "Press").Layout,
	}
	s := &gio.Subject{UI: func(gtx layout.Context) layout.Dimensions {
		return material.List(th, &list).Layout(gtx, len(items), func(gtx layout.Context, i int) layout.Dimensions { return items[i](gtx) })
	}}
	s.Open()
	var got []string
	for _, tg := range s.Targets() {
		got = append(got, tg.Label+" "+tg.Role.String())
	}
	assert.Equal(t, []string{"plain label", "Hint editor", "Press button"}, got)
}

// Each target is the widget's own box, with the role Gio's semantic tree
// gives it, over real material widgets laid out as Gio's kitchen lays
// them: a label's box is its text, not its constraints (a field's label
// beside an editor, whose centre fell on the editor); an editor is named
// by its hint while empty and by its text once it holds some (kitchen's
// main editor shows no hint), and one with neither is a target labelled
// "", for a tour of the editors; a selectable label is named by its text;
// every radio button of a group is one.
func TestTargetsAreTheWidgetsOwnBox(t *testing.T) {
	th := newRows().th
	var name, body, bare widget.Editor
	name.SingleLine = true
	body.SetText("some text")
	var check widget.Bool
	var group widget.Enum
	var list widget.List
	list.Axis = layout.Vertical
	var selectable widget.Selectable
	items := []layout.Widget{
		func(gtx layout.Context) layout.Dimensions {
			l := material.H3(th, "Hello, Gio")
			l.State = &selectable // kitchen's top label: selectable text, no semantic label
			return l.Layout(gtx)
		},
		func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Rigid(material.Body1(th, "Name").Layout),
				layout.Flexed(1, material.Editor(th, &name, "Your name").Layout),
			)
		},
		material.Editor(th, &body, "Hint").Layout,
		material.Editor(th, &bare, "").Layout,
		material.CheckBox(th, &check, "Transform").Layout,
		func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{}.Layout(gtx,
				layout.Rigid(material.RadioButton(th, &group, "r1", "RadioButton1").Layout),
				layout.Rigid(material.RadioButton(th, &group, "r2", "RadioButton2").Layout),
			)
		},
	}
	s := &gio.Subject{UI: func(gtx layout.Context) layout.Dimensions {
		return material.List(th, &list).Layout(gtx, len(items), func(gtx layout.Context, i int) layout.Dimensions {
			return layout.UniformInset(16).Layout(gtx, items[i])
		})
	}}
	s.Open()
	roles := func() []string {
		var got []string
		for _, tg := range s.Targets() {
			got = append(got, tg.Label+" "+tg.Role.String())
		}
		return got
	}
	assert.Equal(t, []string{"Hello, Gio label", "Name label", "Your name editor", "some text editor",
		" editor", "Transform check box", "RadioButton1 radio button", "RadioButton2 radio button"}, roles())

	label, ok := s.Find("Name")
	require.True(t, ok)
	field, ok := s.Find("Your name")
	require.True(t, ok)
	assert.LessOrEqual(t, label.Max.X, field.Min.X, "the label's box ends where its text does, before the field")
	assert.Less(t, label.Dx(), 60, "four letters of 16 px text")
	x, y, _ := s.Center("Name")
	s.Click(x, y)
	s.Refresh()
	assert.False(t, s.Router().Source().Focused(&name), "a click on the label does not land on the field")

	x, y, _ = s.Center("RadioButton2")
	s.Click(x, y)
	s.Refresh()
	assert.Equal(t, "r2", group.Value, "the second radio button took the click aimed at it")

	x, y, _ = s.Center("Your name")
	s.Click(x, y)
	s.Refresh()
	s.Type("Ada")
	s.Refresh()
	_, ok = s.Find("Ada", script.Match{Role: script.Editor})
	assert.True(t, ok, "the text typed into the editor names it")
	_, ok = s.Find("Your name")
	assert.False(t, ok, "an editor holding text shows no hint")
}
