package document

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/ui/style"
)

// Issue 19's cases of document-API misuse: each either panics with a
// "document: …" message that says what was wrong, or works as a user
// expects (the package doc lists which).
func TestMisuseIsAnsweredClearly(t *testing.T) {
	label := func(int) string { return "row" }
	cases := []struct {
		name  string
		do    func(t *testing.T, d *Document)
		panic string // "" when the call must work
	}{
		{"case 9: a second Remove of a node", func(t *testing.T, d *Document) {
			n := d.Add(d.Root(), Box)
			d.Remove(n)
			d.Remove(n)
		}, "document: Remove of box#1, which is removed or of another document"},
		{"case 9: Remove of a node under a removed one", func(t *testing.T, d *Document) {
			p := d.Add(d.Root(), Box)
			c := d.Add(p, Text)
			d.Remove(p)
			d.Remove(c)
		}, "document: Remove of text#2, which is removed or of another document"},
		{"Remove of the root", func(t *testing.T, d *Document) { d.Remove(d.Root()) }, "document: Remove of the root"},
		{"case 10: AddRow on a box", func(t *testing.T, d *Document) { d.AddRow(d.Add(d.Root(), Box), 0) },
			"document: AddRow on a box: only a list has rows"},
		{"case 10: AddRow on a list before SetList", func(t *testing.T, d *Document) { d.AddRow(d.Add(d.Root(), List), 0) },
			"document: AddRow on a list without a model: SetList first"},
		{"AddRow past the model's rows", func(t *testing.T, d *Document) {
			l := d.Add(d.Root(), List)
			d.SetList(l, &ListModel{Rows: 3, RowHeight: 10, Label: label})
			d.AddRow(l, 3)
		}, "document: AddRow of row 3 of a 3-row model"},
		{"case 12: Add under a removed parent", func(t *testing.T, d *Document) {
			p := d.Add(d.Root(), Box)
			d.Remove(p)
			d.Add(p, Text)
		}, "document: Add under box#1, which is removed or of another document"},
		{"Add under a node of another document", func(t *testing.T, d *Document) {
			other := New(d.Sheet)
			d.Add(other.Add(other.Root(), Box), Text)
		}, "document: Add under box#1, which is removed or of another document"},
		{"InsertAfter a removed node", func(t *testing.T, d *Document) {
			p := d.Add(d.Root(), Box)
			c := d.Add(p, Box)
			d.Remove(p)
			d.InsertAfter(c, Box)
		}, "document: insert beside the root or a removed node"},
		{"case 12: SetScrollY on a box", func(t *testing.T, d *Document) { d.SetScrollY(d.Add(d.Root(), Box), 10) },
			"document: SetScrollY on a box: only a scroll or a list scrolls"},
		{"SetList on a box", func(t *testing.T, d *Document) {
			d.SetList(d.Add(d.Root(), Box), &ListModel{Rows: 1, RowHeight: 1, Label: label})
		},
			"document: SetList on a box: only a list has a model"},
		{"SetList with no row height", func(t *testing.T, d *Document) { d.SetList(d.Add(d.Root(), List), &ListModel{Rows: 1, Label: label}) },
			"document: SetList with 1 rows of 0 px and label true: want rows ≥ 0, a height > 0 and a label"},
		{"case 12: SetScrollY below 0 is 0", func(t *testing.T, d *Document) {
			s := d.Add(d.Root(), Scroll)
			d.SetScrollY(s, 40)
			d.SetScrollY(s, -5)
			assert.Zero(t, s.ScrollY())
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := New(&style.Sheet{})
			if c.panic == "" {
				assert.NotPanics(t, func() { c.do(t, d) })
				return
			}
			assert.PanicsWithValue(t, c.panic, func() { c.do(t, d) })
		})
	}
}

// Issue 19, case 12: one element is hovered and one focused, however the
// states are set: turning Hover or Focus on moves it.
func TestCase12HoverAndFocusHaveOneHolder(t *testing.T) {
	d := New(&style.Sheet{})
	a, b := d.Add(d.Root(), Button), d.Add(d.Root(), Button)
	d.SetState(a, style.Hover|style.Focus, true)
	d.SetState(b, style.Hover, true)
	d.SetState(b, style.Focus, true)
	assert.Zero(t, a.State()&(style.Hover|style.Focus), "a gave both up")
	assert.Equal(t, style.Hover|style.Focus, b.State())
	assert.Same(t, b, d.Hovered())
	assert.Same(t, b, d.Focused())
	d.SetState(b, style.Hover, false)
	assert.Nil(t, d.Hovered())
	d.Remove(b)
	assert.Nil(t, d.Focused(), "a removed element holds no focus")
	c := d.Clone()
	assert.Nil(t, c.Focused())
	d.SetState(a, style.Focus, true)
	assert.Equal(t, a.ID(), d.Clone().Focused().ID(), "a clone's focus is its copy of the focused element")
}

// Issue 19, case 6: SetList on a list that has rows rebinds them to the
// new model, removes those past its end, and queues the list's boxes.
func TestCase6SetListRebindsTheMountedRows(t *testing.T) {
	d := New(&style.Sheet{})
	l := d.Add(d.Root(), List)
	d.SetList(l, &ListModel{Rows: 10, RowHeight: 10, Label: func(i int) string { return "old" }})
	for i := range 5 {
		d.AddRow(l, i)
	}
	var ch Changes
	d.TakeChanges(&ch)
	d.SetList(l, &ListModel{Rows: 3, RowHeight: 20, Label: func(i int) string { return string(rune('a' + i)) }})
	assert.True(t, d.Pending())
	var texts []string
	for _, r := range l.Children() {
		texts = append(texts, r.Text())
	}
	assert.Equal(t, []string{"a", "b", "c"}, texts)
	d.TakeChanges(&ch)
	assert.Contains(t, ch.Boxes, l)
	assert.Len(t, ch.Removed, 2)
	d.SetList(l, nil)
	assert.Empty(t, l.Children())
}
