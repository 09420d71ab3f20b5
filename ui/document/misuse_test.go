package document

import (
	"fmt"
	"math"
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
		}, "document: insert beside box#2, which is removed or of another document"},
		{"InsertBefore the root", func(t *testing.T, d *Document) { d.InsertBefore(d.Root(), Box) }, "document: insert beside the root"},
		{"case 12: SetScrollY on a box", func(t *testing.T, d *Document) { d.SetScrollY(d.Add(d.Root(), Box), 10) },
			"document: SetScrollY on a box: only a scroll or a list scrolls"},
		{"SetList on a box", func(t *testing.T, d *Document) {
			d.SetList(d.Add(d.Root(), Box), &ListModel{Rows: 1, RowHeight: 1, Label: label})
		},
			"document: SetList on a box: only a list has a model"},
		{"SetList with no row height", func(t *testing.T, d *Document) { d.SetList(d.Add(d.Root(), List), &ListModel{Rows: 1, Label: label}) },
			"document: SetList with 1 rows of 0 px, overscan 0 and label true: want rows ≥ 0 of a height in (0, 1e+09], an overscan ≥ 0 and a label"},
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

// mutations are every Document method that changes a node, each called
// on n with arguments that would be valid for a node of n's kind.
var mutations = []struct {
	name string
	do   func(d *Document, n *Node)
}{
	{"SetState on", func(d *Document, n *Node) { d.SetState(n, style.Hover, true) }},
	{"AddClass on", func(d *Document, n *Node) { d.AddClass(n, "x") }},
	{"RemoveClass on", func(d *Document, n *Node) { d.RemoveClass(n, "x") }},
	{"SetText on", func(d *Document, n *Node) { d.SetText(n, "text") }},
	{"SetCaret on", func(d *Document, n *Node) { d.SetCaret(n, 0) }},
	{"SetValue on", func(d *Document, n *Node) { d.SetValue(n, 0.5) }},
	{"SetPhase on", func(d *Document, n *Node) { d.SetPhase(n, 0.5) }},
	{"SetAnimated on", func(d *Document, n *Node) { d.SetAnimated(n, true) }},
	{"SetSprite on", func(d *Document, n *Node) { d.SetSprite(n, 2) }},
	{"SetGroup on", func(d *Document, n *Node) { d.SetGroup(n, "g") }},
	{"Select on", func(d *Document, n *Node) { d.Select(n, 0) }},
	{"SetScrollY on", func(d *Document, n *Node) { d.SetScrollY(n, 10) }},
	{"SetList on", func(d *Document, n *Node) { d.SetList(n, nil) }},
	{"AddRow on", func(d *Document, n *Node) { d.AddRow(n, 0) }},
	{"Rebind of", func(d *Document, n *Node) { d.Rebind(n, 0) }},
	{"Add under", func(d *Document, n *Node) { d.Add(n, Box) }},
	{"insert beside", func(d *Document, n *Node) { d.InsertBefore(n, Box) }},
	{"Remove of", func(d *Document, n *Node) { d.Remove(n) }},
}

// Issue 33: every mutation refuses a node of another document, a removed
// one and nil, by name, before it changes either document — a node of
// another document marked queued here was one its own document then
// never restyled.
func TestEveryMutationRefusesAForeignRemovedOrNilNode(t *testing.T) {
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			sheet := &style.Sheet{}
			d, other := New(sheet), New(sheet)
			d.Add(d.Root(), Box) // box#1 here, as n is box#1 there
			n := other.Add(other.Root(), Box)
			var ch Changes
			other.TakeChanges(&ch)
			assert.PanicsWithValue(t, "document: "+m.name+" box#1, which is removed or of another document", func() { m.do(d, n) })
			other.AddClass(n, "y")
			other.TakeChanges(&ch)
			assert.Equal(t, []*Node{n}, ch.Style, "its own document still queues the node")

			gone := d.Add(d.Root(), Box)
			d.Remove(gone)
			assert.PanicsWithValue(t, fmt.Sprintf("document: %s box#%d, which is removed or of another document", m.name, gone.ID()), func() { m.do(d, gone) })
			assert.PanicsWithValue(t, "document: "+m.name+" a nil node", func() { m.do(d, nil) })
		})
	}
}

// Issue 33: misuse that used to neither panic clearly nor work — each
// now panics naming the argument, or works as the package doc says.
func TestIssue33MisuseIsRefusedOrWorks(t *testing.T) {
	label := func(int) string { return "row" }
	list := func(d *Document, rows int) *Node {
		l := d.Add(d.Root(), List)
		d.SetList(l, &ListModel{Rows: rows, RowHeight: 10, Label: label})
		return l
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	cases := []struct {
		name  string
		do    func(t *testing.T, d *Document)
		panic string // "" when the call must work
	}{
		{"Select on a plain box", func(t *testing.T, d *Document) {
			b := d.Add(d.Root(), Box)
			d.Add(b, Box)
			d.Add(b, Box)
			d.Select(b, 0)
		}, "document: Select on a box: only a tabs element has panels"},
		{"Rebind of a box", func(t *testing.T, d *Document) { d.Rebind(d.Add(d.Root(), Box), 0) },
			"document: Rebind of box#1, which is not a list's row (AddRow)"},
		{"Rebind of the root", func(t *testing.T, d *Document) { d.Rebind(d.Root(), 0) },
			"document: Rebind of box#0, which is not a list's row (AddRow)"},
		{"Rebind past the model", func(t *testing.T, d *Document) { d.Rebind(d.AddRow(list(d, 5), 0), 5) },
			"document: Rebind to row 5 of a 5-row model"},
		{"SetList on a removed list", func(t *testing.T, d *Document) {
			l := list(d, 5)
			d.AddRow(l, 0)
			d.Remove(l)
			d.SetList(l, nil)
		}, "document: SetList on list#1, which is removed or of another document"},
		{"SetList of a NaN row height", func(t *testing.T, d *Document) {
			d.SetList(d.Add(d.Root(), List), &ListModel{Rows: 5, RowHeight: nan, Label: label})
		}, "document: SetList with 5 rows of NaN px, overscan 0 and label true: want rows ≥ 0 of a height in (0, 1e+09], an overscan ≥ 0 and a label"},
		{"SetList of an infinite row height", func(t *testing.T, d *Document) {
			d.SetList(d.Add(d.Root(), List), &ListModel{Rows: 5, RowHeight: inf, Label: label})
		}, "document: SetList with 5 rows of +Inf px, overscan 0 and label true: want rows ≥ 0 of a height in (0, 1e+09], an overscan ≥ 0 and a label"},
		{"SetList of rows taller than a style's largest length", func(t *testing.T, d *Document) {
			d.SetList(d.Add(d.Root(), List), &ListModel{Rows: 2, RowHeight: 1.7e38, Label: label})
		}, "document: SetList with 2 rows of 1.7e+38 px, overscan 0 and label true: want rows ≥ 0 of a height in (0, 1e+09], an overscan ≥ 0 and a label"},
		{"SetList of a negative overscan", func(t *testing.T, d *Document) {
			d.SetList(d.Add(d.Root(), List), &ListModel{Rows: 5, RowHeight: 10, Overscan: -3, Label: label})
		}, "document: SetList with 5 rows of 10 px, overscan -3 and label true: want rows ≥ 0 of a height in (0, 1e+09], an overscan ≥ 0 and a label"},
		{"Rebind of a list's child that is not a row", func(t *testing.T, d *Document) { d.Rebind(d.Add(list(d, 5), Box), 0) },
			"document: Rebind of box#2, which is not a list's row (AddRow)"},
		{"SetScrollY to NaN", func(t *testing.T, d *Document) { d.SetScrollY(d.Add(d.Root(), Scroll), nan) },
			"document: SetScrollY of scroll#1 to NaN: an offset is a finite number of pixels"},
		{"SetScrollY to +Inf", func(t *testing.T, d *Document) { d.SetScrollY(d.Add(d.Root(), Scroll), inf) },
			"document: SetScrollY of scroll#1 to +Inf: an offset is a finite number of pixels"},
		{"SetValue to NaN", func(t *testing.T, d *Document) { d.SetValue(d.Add(d.Root(), Slider), nan) },
			"document: SetValue of slider#1 to NaN: a value is a number, clamped to [0, 1]"},
		{"SetPhase to +Inf", func(t *testing.T, d *Document) { d.SetPhase(d.Add(d.Root(), Progress), inf) },
			"document: SetPhase of progress#1 to +Inf: a phase is a finite fraction of the sweep"},
		{"SetSprite to -1", func(t *testing.T, d *Document) { d.SetSprite(d.Add(d.Root(), Image), -1) },
			"document: SetSprite of image#1 to -1: a sprite number is never negative"},
		{"SetValue to ±Inf is an end", func(t *testing.T, d *Document) {
			s := d.Add(d.Root(), Slider)
			d.SetValue(s, inf)
			assert.Equal(t, float32(1), s.Value())
			d.SetValue(s, -inf)
			assert.Zero(t, s.Value())
		}, ""},
		{"Select past either end is that end", func(t *testing.T, d *Document) {
			tabs := d.Add(d.Root(), Tabs)
			strip := d.Add(tabs, Box)
			for range 3 {
				d.Add(strip, Button)
				d.Add(tabs, Box)
			}
			d.Select(tabs, 7)
			assert.Equal(t, 2, tabs.Selected())
			d.Select(tabs, -4)
			assert.Equal(t, 0, tabs.Selected())
		}, ""},
		{"SetCaret inside a character is its start", func(t *testing.T, d *Document) {
			f := d.Add(d.Root(), TextField)
			d.SetText(f, "aé数") // a: 0, é: 1–2, 数: 3–5
			for at, want := range []int{0, 1, 1, 3, 3, 3, 6} {
				d.SetCaret(f, at)
				assert.Equal(t, want, f.Caret(), "SetCaret(%d)", at)
			}
			d.SetText(f, "ab")
			d.SetCaret(f, 1)
			d.SetText(f, "éx") // 1 is inside é
			assert.Zero(t, f.Caret())
			d.SetText(f, "数据")
			d.SetCaret(f, 6)
			d.SetText(f, "xé") // 6 is past the end, and 3 is the end
			assert.Equal(t, 3, f.Caret())
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

// SetList rebinds and removes a list's rows, and only them: a child the
// application added itself (an overlay) stays what it is, which Rebind,
// refusing anything but a row, requires.
func TestSetListLeavesAListsOtherChildren(t *testing.T) {
	d := New(&style.Sheet{})
	l := d.Add(d.Root(), List)
	d.SetList(l, &ListModel{Rows: 10, RowHeight: 10, Label: func(int) string { return "old" }})
	d.AddRow(l, 0)
	ov := d.Add(l, Box)
	d.AddRow(l, 1)
	d.SetList(l, &ListModel{Rows: 5, RowHeight: 10, Label: func(int) string { return "new" }})
	assert.Equal(t, -1, ov.RowIndex())
	assert.Empty(t, ov.Text())
	assert.Equal(t, []int{0, -1, 1}, []int{l.Children()[0].RowIndex(), l.Children()[1].RowIndex(), l.Children()[2].RowIndex()})
	d.SetList(l, nil)
	assert.Equal(t, []*Node{ov}, l.Children())
}
