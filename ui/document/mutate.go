package document

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/perfbench/perfbench/ui/style"
)

// SetState turns states on or off; a real change queues a restyle. At
// most one element is hovered and one focused: turning Hover or Focus on
// for n turns it off for the element that had it.
func (d *Document) SetState(n *Node, st style.State, on bool) {
	d.mustHave(n, "SetState on")
	if on {
		if st&style.Hover != 0 && d.hover != n {
			if old := d.hover; old != nil {
				d.setState(old, style.Hover, false)
			}
			d.hover = n
		}
		if st&style.Focus != 0 && d.focus != n {
			if old := d.focus; old != nil {
				d.setState(old, style.Focus, false)
			}
			d.focus = n
		}
	}
	if !on {
		if st&style.Hover != 0 && d.hover == n {
			d.hover = nil
		}
		if st&style.Focus != 0 && d.focus == n {
			d.focus = nil
		}
	}
	d.setState(n, st, on)
}

func (d *Document) setState(n *Node, st style.State, on bool) {
	next := n.state &^ st
	if on {
		next |= st
	}
	if next != n.state {
		n.state = next
		d.queue(n, NeedsStyle)
	}
}

// Hovered returns the hovered element, or nil.
func (d *Document) Hovered() *Node { return d.hover }

// Focused returns the focused element, or nil.
func (d *Document) Focused() *Node { return d.focus }

// AddClass adds a class by name; a real change queues a restyle.
func (d *Document) AddClass(n *Node, name string) {
	d.mustHave(n, "AddClass on")
	c := d.Sheet.Intern(name)
	if !n.Is(c) {
		n.classes = append(n.classes, c)
		d.queue(n, NeedsStyle)
	}
}

// RemoveClass removes a class by name; a real change queues a restyle.
func (d *Document) RemoveClass(n *Node, name string) {
	d.mustHave(n, "RemoveClass on")
	c, ok := d.Sheet.Lookup(name)
	if !ok {
		return
	}
	if i := slices.Index(n.classes, c); i >= 0 {
		n.classes = slices.Delete(n.classes, i, i+1)
		d.queue(n, NeedsStyle)
	}
}

// SetText sets a Text element's text or a TextField's value; a real change
// queues a box rebuild. A TextField's caret is clamped to the new text,
// and moved to the start of the character it would fall inside.
func (d *Document) SetText(n *Node, s string) {
	d.mustHave(n, "SetText on")
	if n.text == s {
		return
	}
	n.text = s
	n.caret = runeStart(s, min(n.caret, len(s)))
	d.queue(n, NeedsBoxes)
}

// SetCaret moves a TextField's caret to byte offset at; it queues a
// repaint. An offset below 0 is 0, one past the text is its end, and one
// inside a character is that character's start: text typed at the caret
// never splits a character.
func (d *Document) SetCaret(n *Node, at int) {
	d.mustHave(n, "SetCaret on")
	at = runeStart(n.text, max(0, min(at, len(n.text))))
	if at != n.caret {
		n.caret = at
		d.queue(n, NeedsPaint)
	}
}

// runeStart returns the start of the character of s that byte at is in
// (at itself on a character boundary or at the end).
func runeStart(s string, at int) int {
	for at > 0 && at < len(s) && !utf8.RuneStart(s[at]) {
		at--
	}
	return at
}

// finite reports whether v is neither infinite nor NaN (both give v-v NaN).
func finite(v float32) bool { return v-v == 0 }

// SetValue sets a Slider's value, clamped to [0, 1] (an infinite one is
// an end); it queues a repaint. NaN panics.
func (d *Document) SetValue(n *Node, v float32) {
	d.mustHave(n, "SetValue on")
	if v != v {
		panic(fmt.Sprintf("document: SetValue of %v#%d to NaN: a value is a number, clamped to [0, 1]", n.kind, n.id))
	}
	v = max(0, min(v, 1))
	if v != n.value {
		n.value = v
		d.queue(n, NeedsPaint)
	}
}

// SetPhase sets a Progress element's animation phase; it queues a
// repaint. A phase that is not finite panics.
func (d *Document) SetPhase(n *Node, p float32) {
	d.mustHave(n, "SetPhase on")
	if !finite(p) {
		panic(fmt.Sprintf("document: SetPhase of %v#%d to %g: a phase is a finite fraction of the sweep", n.kind, n.id, p))
	}
	if p != n.phase {
		n.phase = p
		d.queue(n, NeedsPaint)
	}
}

// SetAnimated starts or stops an element's animation.
func (d *Document) SetAnimated(n *Node, on bool) {
	d.mustHave(n, "SetAnimated on")
	if n.animated == on {
		return
	}
	n.animated = on
	if on {
		d.startAnim(n)
	} else {
		d.stopAnim(n)
	}
	d.queue(n, NeedsPaint)
}

// SetSprite sets an Image's sprite; it queues a repaint. A renderer
// draws sprite s modulo the sheet's sprites; a negative s panics.
func (d *Document) SetSprite(n *Node, s int) {
	d.mustHave(n, "SetSprite on")
	if s < 0 {
		panic(fmt.Sprintf("document: SetSprite of %v#%d to %d: a sprite number is never negative", n.kind, n.id, s))
	}
	if s != n.sprite {
		n.sprite = s
		d.queue(n, NeedsPaint)
	}
}

// SetGroup sets a Radio's group name.
func (d *Document) SetGroup(n *Node, g string) {
	d.mustHave(n, "SetGroup on")
	if n.group != g {
		n.group = g
		d.edits++
	}
}

// Select shows a Tabs element's panel i: the Tabs' children are its tab
// strip (child 0, whose children are the tabs) followed by one panel per
// tab. The selected tab gets Checked; the panels not shown are folded
// (Folded), which the window displays as display: none whatever their
// classes say. An i past either end selects that end's panel; a Tabs
// with no children has nothing to select. Any kind but a Tabs panics.
func (d *Document) Select(tabs *Node, i int) {
	d.mustHave(tabs, "Select on")
	if tabs.kind != Tabs {
		panic(fmt.Sprintf("document: Select on a %v: only a tabs element has panels", tabs.kind))
	}
	if len(tabs.children) == 0 {
		return
	}
	strip := tabs.children[0]
	i = max(0, min(i, len(strip.children)-1))
	tabs.selected = i
	for j, t := range strip.children {
		d.SetState(t, style.Checked, j == i)
	}
	for j, p := range tabs.children[1:] {
		if fold := j != i; fold != p.folded {
			p.folded = fold
			d.queue(p, NeedsStyle)
		}
	}
}

// SetScrollY sets a Scroll or List element's offset and queues it for the
// next frame, which translates the container's painted content instead of
// rebuilding it and moves its hit space by the same offset. An offset
// below 0 is 0; the window clamps one past the end of the content once
// the frame has laid it out, so content added in the same frame counts.
// Any other kind, and an offset that is not finite, panic.
func (d *Document) SetScrollY(n *Node, y float32) {
	d.mustHave(n, "SetScrollY on")
	if k := n.kind; k != Scroll && k != List {
		panic(fmt.Sprintf("document: SetScrollY on a %v: only a scroll or a list scrolls", k))
	}
	if !finite(y) {
		panic(fmt.Sprintf("document: SetScrollY of %v#%d to %g: an offset is a finite number of pixels", n.kind, n.id, y))
	}
	y = max(0, y)
	if y == n.scrollY {
		return
	}
	n.scrollY = y
	d.edits++
	if d.Notify != nil {
		defer d.Notify()
	}
	d.scrollQ = append(d.scrollQ, n.id)
}

// SetList makes n (a List) show model m: its mounted rows are rebound to
// m's rows from the one its offset shows first (rows past m's end are
// removed), and it is laid out again at m's row height. The window then
// mounts as many rows as the port needs (its height over the row height,
// rounded up, plus the overscan) whenever the port is taller than the
// rows mounted, and Rebind keeps them in step with the offset. A nil
// model unmounts every row. Any kind but a List, and a model whose rows
// are not a height in (0, style.MaxLength], panic: a style's largest
// length, so that the content of lists (at most 2^63 rows of it) adds up
// inside float32 as their sizes do. The model is the application's, which
// reads it back, so a row height past the range is refused, where a
// style's is saturated.
func (d *Document) SetList(n *Node, m *ListModel) {
	d.mustHave(n, "SetList on")
	if n.kind != List {
		panic(fmt.Sprintf("document: SetList on a %v: only a list has a model", n.kind))
	}
	if m != nil && (m.Rows < 0 || !(m.RowHeight > 0 && m.RowHeight <= style.MaxLength) || m.Overscan < 0 || m.Label == nil) {
		panic(fmt.Sprintf("document: SetList with %d rows of %g px, overscan %d and label %v: want rows ≥ 0 of a height in (0, %g], an overscan ≥ 0 and a label",
			m.Rows, m.RowHeight, m.Overscan, m.Label != nil, float32(style.MaxLength)))
	}
	n.list = m
	d.queue(n, NeedsBoxes)
	// Its rows, not a child the application added (an overlay).
	rows := slices.DeleteFunc(slices.Clone(n.children), func(c *Node) bool { return c.rowIndex < 0 })
	first := 0
	if m != nil {
		first = m.First(n.scrollY, len(rows))
	}
	for i, r := range rows {
		if m == nil || first+i >= m.Rows {
			d.Remove(r)
			continue
		}
		r.rowIndex = -1 // relabelled below whatever its index was
		d.rebind(r, first+i)
	}
}

// AddRow mounts a List row (a Text element) showing model row i. The list
// must have a model (SetList) with row i in it.
func (d *Document) AddRow(list *Node, i int) *Node {
	d.mustHave(list, "AddRow on")
	m := list.list
	switch {
	case list.kind != List:
		panic(fmt.Sprintf("document: AddRow on a %v: only a list has rows", list.kind))
	case m == nil:
		panic("document: AddRow on a list without a model: SetList first")
	case i < 0 || i >= m.Rows:
		panic(fmt.Sprintf("document: AddRow of row %d of a %d-row model", i, m.Rows))
	}
	r := d.newNode(Text, []string{m.RowClass})
	r.rowIndex = i
	r.text = m.Label(i)
	d.attach(list, r, len(list.children))
	return r
}

// Rebind makes a List row show model row i instead; it queues a box
// rebuild of the row. Anything but a row (AddRow) of a list, and a row
// outside the list's model, panic.
func (d *Document) Rebind(row *Node, i int) {
	d.mustHave(row, "Rebind of")
	if row.rowIndex < 0 || row.parent == nil || row.parent.kind != List || row.parent.list == nil {
		panic(fmt.Sprintf("document: Rebind of %v#%d, which is not a list's row (AddRow)", row.kind, row.id))
	}
	if m := row.parent.list; i < 0 || i >= m.Rows {
		panic(fmt.Sprintf("document: Rebind to row %d of a %d-row model", i, m.Rows))
	}
	d.rebind(row, i)
}

func (d *Document) rebind(row *Node, i int) {
	if row.rowIndex == i {
		return
	}
	row.rowIndex = i
	row.text = row.parent.list.Label(i)
	d.queue(row, NeedsBoxes)
}
