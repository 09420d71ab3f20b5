package fyne

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/perfbench/perfbench/subject/fyne/internal/tree"
)

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
	for _, root := range tree.Roots(c) {
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
	for _, c := range tree.Children(o) {
		if m.visit(c, o, at) {
			relayout = true
		}
	}
	if relayout {
		m.layout(o, at)
	}
	m.visible++
	if tree.Primitive(o) {
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
