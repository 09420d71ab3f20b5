package fyne

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	fcanvas "fyne.io/fyne/v2/canvas"

	"github.com/perfbench/perfbench/script"
)

// children returns an object's children as Fyne's own tree walk
// (internal/driver) finds them: a container's objects, a widget's
// renderer's objects (creating the renderer if it has none yet, as a
// window that draws the widget does).
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch c := o.(type) {
	case *fyne.Container:
		return c.Objects
	case fyne.Widget:
		return test.WidgetRenderer(c).Objects()
	}
	return nil
}

// walk visits every visible object under o, parents before children, with
// its absolute position and the clip it is drawn in (a scrollable clips
// its content, as Fyne's tree walk does); visit returning true stops the
// walk.
func walk(o fyne.CanvasObject, at fyne.Position, clip rect, visit func(o fyne.CanvasObject, at fyne.Position, clip rect) bool) bool {
	if o == nil || !o.Visible() {
		return false
	}
	at = at.Add(o.Position())
	if _, ok := o.(fyne.Scrollable); ok {
		clip = clip.intersect(rect{at, o.Size()})
	}
	if visit(o, at, clip) {
		return true
	}
	for _, c := range children(o) {
		if walk(c, at, clip, visit) {
			return true
		}
	}
	return false
}

// rect is an area of the window.
type rect struct {
	at   fyne.Position
	size fyne.Size
}

// everywhere is the clip of a tree's root.
var everywhere = rect{size: fyne.NewSquareSize(1 << 30)}

func (r rect) intersect(o rect) rect {
	x0, y0 := max(r.at.X, o.at.X), max(r.at.Y, o.at.Y)
	x1 := min(r.at.X+r.size.Width, o.at.X+o.size.Width)
	y1 := min(r.at.Y+r.size.Height, o.at.Y+o.size.Height)
	return rect{fyne.NewPos(x0, y0), fyne.NewSize(max(0, x1-x0), max(0, y1-y0))}
}

func (r rect) contains(p fyne.Position) bool {
	return p.X >= r.at.X && p.Y >= r.at.Y && p.X < r.at.X+r.size.Width && p.Y < r.at.Y+r.size.Height
}

func (r rect) empty() bool { return r.size.Width <= 0 || r.size.Height <= 0 }

// objectAt returns the object Fyne's driver would send a pointer event at
// p to (internal/driver FindObjectAtPositionMatching): the last visible
// object, in tree order, that matches and contains p inside its clip,
// searching the top overlay alone when there is one; and p relative to it.
func objectAt(c fyne.Canvas, p fyne.Position, matches func(fyne.CanvasObject) bool) (fyne.CanvasObject, fyne.Position) {
	var found fyne.CanvasObject
	var rel fyne.Position
	trees := []fyne.CanvasObject{c.Content()}
	if top := c.Overlays().Top(); top != nil {
		trees = []fyne.CanvasObject{top}
	}
	for _, root := range trees {
		walk(root, fyne.Position{}, everywhere, func(o fyne.CanvasObject, at fyne.Position, clip rect) bool {
			if clip.contains(p) && (rect{at, o.Size()}).contains(p) && matches(o) {
				found, rel = o, p.Subtract(at)
			}
			return false
		})
	}
	return found, rel
}

// roots are the canvas's trees, content first, then its overlays (pop-ups,
// menus) from the bottom up.
func roots(c fyne.Canvas) []fyne.CanvasObject {
	return append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...)
}

// primitive reports whether o is something the software painter draws:
// an object that is neither a container nor a widget.
func primitive(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *fyne.Container, fyne.Widget:
		return false
	}
	return true
}

// textOf is what a person reading the window would call an object's text,
// and what the object is: a label's or a canvas text's (script.Label), a
// button's or a hyperlink's (script.Button), a check's (script.CheckBox),
// an entry's content, or its placeholder while empty (script.Editor).
// Fyne v2.7 has no accessibility label to read instead.
func textOf(o fyne.CanvasObject) (string, script.Role, bool) {
	switch w := o.(type) {
	case *widget.Label:
		return w.Text, script.Label, true
	case *widget.Button:
		return w.Text, script.Button, true
	case *widget.Check:
		return w.Text, script.CheckBox, true
	case *widget.Hyperlink:
		return w.Text, script.Button, true
	case *widget.Entry:
		if w.Text == "" {
			return w.PlaceHolder, script.Editor, true
		}
		return w.Text, script.Editor, true
	case *fcanvas.Text:
		return w.Text, script.Label, true
	}
	return "", script.Any, false
}

// minSizes is the window's pass over its trees before it paints, as Fyne's
// (internal/driver/common Canvas.EnsureMinSize): an object whose minimum
// size changed since the last frame has its parent laid out again; a root
// whose minimum changed is laid out again (or grown to it). It keeps the
// minimum it saw for each visible object, as Fyne keeps it in its render
// tree, and forgets the objects that left the visible tree.
type minSizes struct {
	last, now map[fyne.CanvasObject]fyne.Size
	// layouts counts the objects the last pass laid out again; appeared
	// the visible objects it found that were not visible in the pass
	// before (new objects, and hidden ones shown again); visible all the
	// visible objects, and painted those the software painter draws.
	layouts, appeared, visible, painted int
	// grew says a root's minimum changed in the last pass, when the
	// desktop driver fits the window to its content.
	grew bool
	// events is what the last pass did to which object, in tree order:
	// the frame's trace (see Subject.FrameTrace). Sized at Open, so that
	// recording them allocates nothing in a frame of no more events than
	// that.
	events []event
	// refreshed is the objects refreshed for this pass, with how often;
	// the pass records and removes those in view.
	refreshed map[fyne.CanvasObject]int
	// where is place's, kept for its buckets.
	where map[fyne.CanvasObject]fyne.Position
}

func (m *minSizes) pass(c fyne.Canvas, refreshed map[fyne.CanvasObject]int) {
	if m.now == nil {
		m.last, m.now = map[fyne.CanvasObject]fyne.Size{}, map[fyne.CanvasObject]fyne.Size{}
	}
	m.layouts, m.appeared, m.visible, m.painted, m.grew = 0, 0, 0, 0, false
	m.events, m.refreshed = m.events[:0], refreshed
	for _, root := range roots(c) {
		m.visit(root, nil, fyne.Position{})
	}
	// Swapped and cleared, not made anew: a map keeps its buckets when
	// cleared, so a tree of steady size allocates nothing here.
	m.last, m.now = m.now, m.last
	clear(m.now)
}

// visit handles o after its children, as Fyne does: a child's changed
// minimum marks its parent, which is laid out once all its children have
// been visited.
func (m *minSizes) visit(o, parent fyne.CanvasObject, at fyne.Position) (changed bool) {
	if o == nil || !o.Visible() {
		return false
	}
	at = at.Add(o.Position())
	relayout := false
	for _, c := range children(o) {
		if m.visit(c, o, at) {
			relayout = true
		}
	}
	if relayout {
		m.layout(o, at)
	}
	m.visible++
	if primitive(o) {
		m.painted++
	}
	if n, ok := m.refreshed[o]; ok {
		m.record("refreshed", n, o, at, true)
		delete(m.refreshed, o)
	}
	min := o.MinSize()
	old, ok := m.last[o]
	m.now[o] = min
	if !ok {
		m.appeared++
		m.record("appeared", 0, o, at, true)
	}
	if ok && old == min {
		return false
	}
	if parent != nil {
		return true
	}
	m.grew = true
	if size := o.Size(); min.Max(size) != size {
		o.Resize(min.Max(size))
	} else {
		m.layout(o, at)
	}
	return false
}

// layout lays o, at at in the window, out again at its size: a container
// by its layout, a widget by its renderer (Fyne's Canvas.updateLayout).
func (m *minSizes) layout(o fyne.CanvasObject, at fyne.Position) {
	switch c := o.(type) {
	case *fyne.Container:
		if c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
			m.layouts++
			m.record("laid out", 0, o, at, true)
		}
	case fyne.Widget:
		test.WidgetRenderer(c).Layout(c.Size())
		m.layouts++
		m.record("laid out", 0, o, at, true)
	}
}
