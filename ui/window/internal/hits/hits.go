// Package hits keeps a window's hit index current: which of its spaces a
// frame changed (an element moved, resized, shown or hidden, or made
// hittable or not), and their rebuild from the painted fragments at the
// frame's end, one space per scroll container.
package hits

import (
	"slices"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/hit"
	"github.com/perfbench/perfbench/ui/paint"
)

// Stage is the index and what this frame changed of it. Doc, Paint and
// Hittable are the window's; a new Stage rebuilds everything at the
// first frame.
type Stage struct {
	Index    hit.Index
	Doc      *document.Document
	Paint    *paint.Painter
	Hittable func(n *document.Node) bool

	entries []hit.Entry
	dirty   []document.ID
	built   bool // false: rebuild every space (a first frame, a resize, a removal)
}

// All records that every space must be rebuilt.
func (s *Stage) All() { s.built = false }

// Changed records that what a point in n's space hits changed: the
// space is rebuilt at the end of the frame. The space is the one n's
// fragment was in when it was last painted, which is where its entry is
// (an element never changes parents).
func (s *Stage) Changed(n *document.Node) {
	if !s.built {
		return
	}
	if n.Parent() == nil {
		s.built = false
		return
	}
	// A scroll container's content entries are relative to the container,
	// so a container that moved needs only the space it sits in rebuilt.
	s.spaceChanged(s.Paint.Fragment(n.ID()).Space)
}

// spaceChanged records that space sp must be rebuilt.
func (s *Stage) spaceChanged(sp document.ID) {
	if !slices.Contains(s.dirty, sp) {
		s.dirty = append(s.dirty, sp)
	}
}

// ShownAgain records that the scroll spaces inside subtrees shown again
// must be rebuilt: their content may have changed while hidden, when no
// geometry change reached the index.
func (s *Stage) ShownAgain(shown []*document.Node) {
	for _, n := range shown {
		if !s.built {
			break
		}
		document.Walk(n, func(m *document.Node) bool {
			if k := m.Kind(); k == document.Scroll || k == document.List {
				s.spaceChanged(m.ID())
			}
			return true
		})
	}
}

// Rebuild rebuilds the hit index of every space whose geometry
// changed this frame (all of them after a resize or a first frame).
func (s *Stage) Rebuild() {
	if !s.built {
		s.built = true
		s.dirty = s.dirty[:0]
		s.rebuildSpace(hit.Root, s.Doc.Root(), true)
		return
	}
	for _, sp := range s.dirty {
		if sp == hit.Root {
			s.rebuildSpace(hit.Root, s.Doc.Root(), false)
			continue
		}
		if n := s.Doc.Node(sp); n != nil {
			s.rebuildSpace(sp, n, false)
		} else {
			s.Index.Drop(sp)
		}
	}
	s.dirty = s.dirty[:0]
}

// rebuildSpace collects the entries of one space — the root space starts
// at the document root, a scroll space at its container's children — and
// rebuilds it; with all set it rebuilds the nested spaces too.
func (s *Stage) rebuildSpace(sp document.ID, from *document.Node, all bool) {
	start := len(s.entries)
	var order int32
	if sp == hit.Root {
		s.collect(from, &order, all, true)
	} else {
		for _, c := range from.Children() {
			s.collect(c, &order, all, false)
		}
	}
	s.Index.Rebuild(sp, s.entries[start:])
	s.entries = s.entries[:start]
	if sp != hit.Root {
		// A space built for the first time by a partial rebuild (its
		// container shown at last) never saw the scrolls set meanwhile:
		// an offset set on a space not yet indexed is dropped.
		s.Index.SetOffset(sp, geom.Point{Y: from.ScrollY()})
	}
	if all {
		for _, c := range from.Children() {
			s.nested(c)
		}
	}
}

// nested rebuilds every scroll space at or below n.
func (s *Stage) nested(n *document.Node) {
	if !s.Paint.Fragment(n.ID()).Shown() {
		return
	}
	if k := n.Kind(); k == document.Scroll || k == document.List {
		s.rebuildSpace(n.ID(), n, true)
		return
	}
	for _, c := range n.Children() {
		s.nested(c)
	}
}

func (s *Stage) collect(n *document.Node, order *int32, all, isRoot bool) {
	f := s.Paint.Fragment(n.ID())
	if !f.Shown() {
		return
	}
	scroller := n.Kind() == document.Scroll || n.Kind() == document.List
	if s.Hittable(n) {
		e := hit.Entry{Node: n.ID(), Rect: f.Rect, Order: *order, Space: document.None}
		if scroller {
			e.Space = n.ID()
		}
		s.entries = append(s.entries, e)
		*order++
	}
	if scroller && !isRoot {
		return
	}
	for _, c := range n.Children() {
		s.collect(c, order, all, false)
	}
}
