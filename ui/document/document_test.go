package document

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/ui/style"
)

func TestQueuesAreDedupedAndDepthOrdered(t *testing.T) {
	d := New(&style.Sheet{}, "root")
	a := d.Add(d.Root(), Box, "a")
	b := d.Add(a, Text, "b c")
	d.SetText(b, "hello")
	var ch Changes
	d.TakeChanges(&ch)
	require.Len(t, ch.Style, 3)
	assert.Equal(t, []*Node{d.Root(), a, b}, ch.Style)
	assert.True(t, ch.Structural)
	assert.Len(t, b.Classes(), 2)
	assert.False(t, d.Pending())

	d.SetState(b, style.Hover, true)
	d.SetState(b, style.Hover, true) // no change: queued once
	d.SetState(a, style.Hover, false)
	d.TakeChanges(&ch)
	assert.Equal(t, []*Node{b}, ch.Style)
	assert.Empty(t, ch.Boxes)
	assert.False(t, ch.Structural)
}

func TestRemoveDropsQueuedNodes(t *testing.T) {
	d := New(&style.Sheet{})
	a := d.Add(d.Root(), Box)
	p := d.Add(a, Progress)
	d.SetAnimated(p, true)
	assert.Equal(t, 1, d.Animated())
	d.Remove(a)
	assert.Equal(t, 0, d.Animated())
	assert.True(t, d.Removed(p.ID()))
	var ch Changes
	d.TakeChanges(&ch)
	assert.Equal(t, []*Node{d.Root()}, ch.Style)
}

func TestTabsSelectHidesOtherPanels(t *testing.T) {
	d := New(&style.Sheet{})
	tabs := d.Add(d.Root(), Tabs)
	strip := d.Add(tabs, Box)
	for range 3 {
		d.Add(strip, Button, "tab")
		d.Add(tabs, Box, "panel")
	}
	d.Select(tabs, 1)
	assert.True(t, tabs.Children()[1].Folded())
	assert.False(t, tabs.Children()[2].Folded())
	_, defined := d.Sheet.Lookup("hidden")
	assert.False(t, defined, "Select needs no class of the application's sheet")
	assert.Equal(t, style.Checked, strip.Children()[1].State())
	assert.Equal(t, 1, tabs.Selected())
}

func TestCloneCopiesContentNotHistory(t *testing.T) {
	d := New(&style.Sheet{})
	f := d.Add(d.Root(), TextField, "field")
	d.SetText(f, "abc")
	d.SetCaret(f, 2)
	d.SetState(f, style.Focus, true)
	l := d.Add(d.Root(), List)
	d.SetList(l, &ListModel{Rows: 10, RowHeight: 20, Label: func(i int) string { return string(rune('a' + i)) }, RowClass: "row"})
	r := d.AddRow(l, 3)
	assert.Equal(t, "d", r.Text())
	d.Rebind(r, 4)
	var ch Changes
	d.TakeChanges(&ch)

	c := d.Clone()
	assert.True(t, c.Pending())
	cf := c.Root().Children()[0]
	assert.Equal(t, "abc", cf.Text())
	assert.Equal(t, 2, cf.Caret())
	assert.Equal(t, style.Focus, cf.State())
	assert.Equal(t, 4, c.Root().Children()[1].Children()[0].RowIndex())
	assert.Equal(t, "e", c.Root().Children()[1].Children()[0].Text())
	c.TakeChanges(&ch)
	assert.Len(t, ch.Style, 4)
}

// Mounted is the rows a port shows, one more, and the overscan, at most
// the model's rows and MaxMounted: a port 10^9 px tall over a 10^8-row
// model mounted 5·10^7 rows, and a frame never ended.
func TestMountedIsWhatThePortShowsAndBounded(t *testing.T) {
	label := func(int) string { return "" }
	cases := []struct {
		name string
		m    ListModel
		port float32
		want int
	}{
		{"a 240 px port of 20 px rows", ListModel{Rows: 1000, RowHeight: 20, Overscan: 2}, 240, 15},
		{"a port part of a row", ListModel{Rows: 1000, RowHeight: 20}, 230, 13},
		{"fewer rows than the port shows", ListModel{Rows: 5, RowHeight: 20, Overscan: 2}, 240, 5},
		{"no port", ListModel{Rows: 10, RowHeight: 20}, 0, 1},
		{"a port 10^9 px tall", ListModel{Rows: 100_000_000, RowHeight: 20}, 1e9, MaxMounted},
		{"rows a thousandth of a pixel high", ListModel{Rows: 100_000_000, RowHeight: 0.001}, 240, MaxMounted},
		{"an overscan of an int's range", ListModel{Rows: 100_000_000, RowHeight: 20, Overscan: math.MaxInt}, 240, MaxMounted},
		{"an infinite port", ListModel{Rows: 100_000_000, RowHeight: 20}, float32(math.Inf(1)), MaxMounted},
		{"a NaN port", ListModel{Rows: 100, RowHeight: 20}, float32(math.NaN()), 0},
		{"no row height", ListModel{Rows: 100}, 240, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.m.Label = label
			assert.Equal(t, c.want, c.m.Mounted(c.port))
		})
	}
}

func TestEditsCountsEveryChangeAndNoNoOp(t *testing.T) {
	d := New(&style.Sheet{})
	b := d.Add(d.Root(), Box, "a")
	sc := d.Add(d.Root(), Scroll)
	r := d.Add(d.Root(), Radio)
	for _, c := range []struct {
		name    string
		do      func()
		changes bool
	}{
		{"AddClass of a new class", func() { d.AddClass(b, "b") }, true},
		{"AddClass of a class it has", func() { d.AddClass(b, "b") }, false},
		{"SetText", func() { d.SetText(b, "x") }, true},
		{"SetText to the same text", func() { d.SetText(b, "x") }, false},
		{"SetScrollY", func() { d.SetScrollY(sc, 10) }, true},
		{"SetScrollY to the same offset", func() { d.SetScrollY(sc, 10) }, false},
		{"SetGroup", func() { d.SetGroup(r, "g") }, true},
		{"SetGroup to the same group", func() { d.SetGroup(r, "g") }, false},
		{"SetState of a state it has not", func() { d.SetState(b, style.Pressed, true) }, true},
		{"InsertBefore", func() { d.InsertBefore(b, Text) }, true},
		{"Remove", func() { d.Remove(b) }, true},
	} {
		before := d.Edits()
		c.do()
		assert.Equal(t, c.changes, d.Edits() != before, c.name)
	}
}
