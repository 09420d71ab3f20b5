package window

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// Button is a pointer button.
type Button uint8

const (
	Left Button = iota
	Right
)

// Key is a key that edits or moves focus.
type Key uint8

const (
	Tab Key = iota
	BackTab
	Backspace
	Delete
	ArrowLeft
	ArrowRight
	Home
	End
	Enter
	Space
)

// Input kinds, for the b.why note of the frame an input began.
const (
	inPointer Inputs = 1 << iota
	inClick
	inWheel
	inKey
	inText
	inResize
)

// Inputs is a set of input kinds.
type Inputs uint8

var inputNames = [...]string{"pointer", "click", "wheel", "key", "text", "resize"}

// String lists the kinds: "pointer+wheel".
func (k Inputs) String() string {
	var b []byte
	for i, n := range inputNames {
		if k&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, '+')
			}
			b = append(b, n...)
		}
	}
	return string(b)
}

// event starts handling one input event of kind k.
func (w *Window) event(k Inputs) {
	latency.Mark("evt.in")
	counter.Inc(counter.EventsDispatched)
	w.busy = true
	w.kind = k
}

// settle asks for a frame if the event changed anything.
func (w *Window) settle() {
	w.busy = false
	if w.doc.Pending() || len(w.scrolled) > 0 || w.resized {
		w.inputs |= w.kind
		w.requestFrame(ByInput)
	}
}

// hitAt returns the element under p and the scroll containers around it.
func (w *Window) hitAt(p geom.Point) *document.Node {
	id, path := w.hits.At(p, w.path[:0])
	w.path = path
	plantedAlloc()
	return w.doc.Node(id)
}

// finite reports whether v is neither infinite nor NaN (both give v-v NaN).
func finite(v float32) bool { return v-v == 0 }

// drop records an input event dropped for an argument it could not mean
// (Dropped): the window is left as it was.
func (w *Window) drop() { w.dropped++ }

// Dropped returns how many input events the window dropped, unread, for
// an argument no platform sends: a coordinate or wheel delta that is not
// finite, a button or key it does not know, typed text that is not UTF-8.
func (w *Window) Dropped() int { return w.dropped }

// PointerMove moves the pointer to (x, y): the element under it becomes
// the hovered one. A coordinate that is not finite drops the event.
func (w *Window) PointerMove(x, y float32) {
	if !finite(x) || !finite(y) {
		w.drop()
		return
	}
	w.event(inPointer)
	w.pointer, w.pointed = geom.Point{X: x, Y: y}, true
	w.hover(w.hitAt(w.pointer))
	w.settle()
}

// hover makes t (nil: none) the hovered element.
func (w *Window) hover(t *document.Node) {
	if old := w.doc.Hovered(); t != old {
		if t != nil {
			w.doc.SetState(t, style.Hover, true) // and off for old
			w.plantedHover(t)
		} else {
			w.doc.SetState(old, style.Hover, false)
		}
	}
}

// Click presses and releases a pointer button at (x, y). A coordinate
// that is not finite, or a button that is neither Left nor Right, drops
// the event.
func (w *Window) Click(x, y float32, b Button) {
	if !finite(x) || !finite(y) || b > Right {
		w.drop()
		return
	}
	w.event(inClick)
	p := geom.Point{X: x, Y: y}
	w.pointer, w.pointed = p, true
	t := w.hitAt(p)
	if t == nil {
		w.settle()
		return
	}
	consumed := w.handled(t, b)
	// The handlers may have changed anything: what follows reads the
	// document as they left it, and a t they removed is done with.
	enabled := w.doc.Node(t.ID()) == t && t.State()&style.Disabled == 0
	if consumed || b != Left || !enabled {
		// A click a handler consumed still focuses what it landed on.
		if b == Left && enabled && t.Kind().Focusable() {
			w.setFocus(t)
		}
		w.settle()
		return
	}
	w.activate(t, &p)
	if t.Kind().Focusable() {
		w.setFocus(t)
	}
	w.settle()
}

// handled offers a click of b on t to the handlers of t and its
// ancestors, innermost first, and reports whether one consumed it. Each
// handler may change the document: the click goes on to the parent as
// the document has it after the handler, and ends at an element the
// handler removed (itself or an ancestor), which has none. A handler
// that changed anything owes the next frame a hover under the pointer
// (rehover).
func (w *Window) handled(t *document.Node, b Button) bool {
	edits := w.doc.Edits()
	consumed := false
	for n := t; n != nil && w.doc.Node(n.ID()) == n; n = n.Parent() {
		if h := w.handlers[n.ID()]; h != nil && h(b) {
			consumed = true
			break
		}
	}
	if w.doc.Edits() != edits {
		w.rehover = true
	}
	return consumed
}

// activate does what clicking (or pressing Space on) an element does; p
// is the click point, nil for a key.
func (w *Window) activate(t *document.Node, p *geom.Point) {
	switch t.Kind() {
	case document.Checkbox:
		w.doc.SetState(t, style.Checked, t.State()&style.Checked == 0)
	case document.Radio:
		if par := t.Parent(); par != nil {
			for _, s := range par.Children() {
				if s != t && s.Kind() == document.Radio && s.Group() == t.Group() {
					w.doc.SetState(s, style.Checked, false)
				}
			}
		}
		w.doc.SetState(t, style.Checked, true)
	case document.Slider:
		if p != nil {
			r := w.Rect(t)
			w.doc.SetValue(t, (p.X-r.X)/r.W)
		}
	case document.TextField:
		if p != nil {
			r := w.Rect(t)
			cs := &w.styles[t.ID()]
			x := p.X - r.X - cs.BorderWidth - cs.Padding.Left
			w.doc.SetCaret(t, w.text.OffsetAt(t, x))
		}
	case document.Button:
		strip := t.Parent()
		if strip != nil && strip.Parent() != nil && strip.Parent().Kind() == document.Tabs && strip.Parent().Children()[0] == strip {
			w.doc.Select(strip.Parent(), slices.Index(strip.Children(), t))
		}
	}
}

func (w *Window) setFocus(n *document.Node) {
	old := w.doc.Focused()
	if n == old {
		return
	}
	counter.Inc(counter.FocusChanges)
	if n == nil {
		w.doc.SetState(old, style.Focus, false)
		return
	}
	w.doc.SetState(n, style.Focus, true) // and off for old
	if n.Kind() == document.TextField {
		w.doc.SetCaret(n, len(n.Text()))
	}
}

// Wheel scrolls the innermost scroll container under (x, y) by dy pixels
// (positive: content moves up), handing what it cannot take to the
// containers around it. A coordinate or delta that is not finite drops
// the event.
func (w *Window) Wheel(x, y, dy float32) {
	if !finite(x) || !finite(y) || !finite(dy) {
		w.drop()
		return
	}
	w.event(inWheel)
	w.hitAt(geom.Point{X: x, Y: y})
	for i := len(w.path) - 1; i >= 0 && dy != 0; i-- {
		n := w.doc.Node(w.path[i])
		if n == nil {
			continue
		}
		next := max(0, min(n.ScrollY()+dy, w.maxScroll(n)))
		if next == n.ScrollY() {
			continue
		}
		dy -= next - n.ScrollY()
		w.doc.SetScrollY(n, next) // the frame translates it (takeScrolled)
	}
	w.settle()
}

// maxScroll is the largest offset of a scroll container as last laid out:
// its content's height less its port's.
func (w *Window) maxScroll(n *document.Node) float32 {
	b := w.layout.Box(n.ID())
	in := w.styles[n.ID()].Padding.Vertical() + 2*w.styles[n.ID()].BorderWidth
	return max(0, b.ContentH+in-b.Size.Y)
}

// rebind keeps a virtualised list's mounted rows covering its port: rows
// that left the port plus overscan are rebound to the model rows that
// entered it, lowest first.
func (w *Window) rebind(list *document.Node) {
	m := list.ListModel()
	rows := list.Children()
	k := len(rows)
	if m == nil || k == 0 || m.RowHeight <= 0 {
		return
	}
	first := m.First(list.ScrollY(), k)
	w.have = append(w.have[:0], make([]bool, k)...)
	have := w.have
	for _, r := range rows {
		if i := r.RowIndex() - first; i >= 0 && i < k {
			have[i] = true
		}
	}
	next := 0
	for _, r := range rows {
		if i := r.RowIndex() - first; (i >= 0 && i < k) || r.RowIndex() < 0 {
			continue // in the port, or not a row (an overlay)
		}
		for have[next] {
			next++
		}
		have[next] = true
		counter.Inc(counter.ListRowsRecycled)
		w.doc.Rebind(r, first+next)
	}
}

// Key presses a key. A Key that is none of the constants drops the event.
func (w *Window) Key(k Key) {
	if k > Space {
		w.drop()
		return
	}
	w.event(inKey)
	f := w.doc.Focused()
	switch {
	case k == Tab || k == BackTab:
		w.moveFocus(k == Tab)
	case f != nil && f.Kind() == document.TextField:
		s, c := f.Text(), f.Caret()
		switch k {
		case Backspace:
			if c > 0 {
				_, size := utf8.DecodeLastRuneInString(s[:c])
				counter.Inc(counter.TextEdits)
				w.doc.SetText(f, s[:c-size]+s[c:])
				w.doc.SetCaret(f, c-size)
			}
		case Delete:
			if c < len(s) {
				_, size := utf8.DecodeRuneInString(s[c:])
				counter.Inc(counter.TextEdits)
				w.doc.SetText(f, s[:c]+s[c+size:])
			}
		case ArrowLeft:
			_, size := utf8.DecodeLastRuneInString(s[:c])
			w.doc.SetCaret(f, c-size)
		case ArrowRight:
			_, size := utf8.DecodeRuneInString(s[c:])
			w.doc.SetCaret(f, c+size)
		case Home:
			w.doc.SetCaret(f, 0)
		case End:
			w.doc.SetCaret(f, len(s))
		}
	case f != nil && (k == Space || k == Enter) && f.State()&style.Disabled == 0:
		// The keyboard's click: the handlers first, as for the pointer,
		// then what they left of f.
		if !w.handled(f, Left) && w.doc.Node(f.ID()) == f && f.State()&style.Disabled == 0 {
			w.activate(f, nil)
		}
	}
	w.settle()
}

// Type inserts text at the caret of the focused text field. Text that is
// not valid UTF-8 drops the event: a field's value stays text.
func (w *Window) Type(s string) {
	if !utf8.ValidString(s) {
		w.drop()
		return
	}
	w.event(inText)
	if f := w.doc.Focused(); f != nil && f.Kind() == document.TextField && s != "" {
		c := f.Caret()
		counter.Inc(counter.TextEdits)
		w.doc.SetText(f, f.Text()[:c]+s+f.Text()[c:])
		w.doc.SetCaret(f, c+len(s))
	}
	w.settle()
}

// moveFocus moves focus to the next (or previous) focusable element in
// tree order that is displayed and not disabled, wrapping around.
func (w *Window) moveFocus(forward bool) {
	var order []*document.Node
	document.Walk(w.doc.Root(), func(n *document.Node) bool {
		if int(n.ID()) < len(w.styles) && w.isStyled(n.ID()) && !w.styles[n.ID()].Display {
			return false
		}
		if n.Kind().Focusable() && n.State()&style.Disabled == 0 {
			order = append(order, n)
		}
		return true
	})
	if len(order) == 0 {
		return
	}
	i := slices.Index(order, w.doc.Focused())
	switch {
	case i < 0 && forward:
		i = 0
	case i < 0:
		i = len(order) - 1
	case forward:
		i = (i + 1) % len(order)
	default:
		i = (i + len(order) - 1) % len(order)
	}
	w.setFocus(order[i])
}

// Resize changes the viewport size; 0 is a size, a negative one or one
// that is not finite panics.
func (w *Window) Resize(width, height float32) {
	if !validSize(width, height) {
		panic(fmt.Sprintf("window: Resize to %g×%g: a size is finite and never negative", width, height))
	}
	w.event(inResize)
	v := geom.Point{X: width, Y: height}
	if v != w.viewport {
		w.viewport = v
		w.resized = true
		w.rebuildAll = true
	}
	w.settle()
}

// validSize reports whether width × height is a viewport: finite, neither
// negative.
func validSize(width, height float32) bool {
	return width >= 0 && height >= 0 && finite(width) && finite(height)
}
