package window

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/hit"
	"github.com/perfbench/perfbench/ui/style"
)

// hittable reports whether the pointer can land on n: focusable controls,
// scroll containers, and anything whose style reacts to hover.
func (w *Window) hittable(n *document.Node) bool {
	k := n.Kind()
	if k.Focusable() || k == document.Scroll || k == document.List {
		return true
	}
	if w.handlers[n.ID()] != nil {
		return true
	}
	for _, c := range n.Classes() {
		if w.doc.Sheet.Has(c, style.Hover) {
			return true
		}
	}
	return false
}

// rebuildHits rebuilds the hit index of every space whose geometry
// changed this frame (all of them after a resize or a first frame).
func (w *Window) rebuildHits() {
	if w.rebuildAll {
		w.rebuildAll = false
		w.dirtySpaces = w.dirtySpaces[:0]
		w.rebuildSpace(hit.Root, w.doc.Root(), true)
		return
	}
	for _, sp := range w.dirtySpaces {
		if sp == hit.Root {
			w.rebuildSpace(hit.Root, w.doc.Root(), false)
			continue
		}
		if n := w.doc.Node(sp); n != nil {
			w.rebuildSpace(sp, n, false)
		} else {
			w.hits.Drop(sp)
		}
	}
	w.dirtySpaces = w.dirtySpaces[:0]
}

// rebuildSpace collects the entries of one space — the root space starts
// at the document root, a scroll space at its container's children — and
// rebuilds it; with all set it rebuilds the nested spaces too.
func (w *Window) rebuildSpace(sp document.ID, from *document.Node, all bool) {
	start := len(w.entries)
	var order int32
	if sp == hit.Root {
		w.collect(from, &order, all, true)
	} else {
		for _, c := range from.Children() {
			w.collect(c, &order, all, false)
		}
	}
	w.hits.Rebuild(sp, w.entries[start:])
	w.entries = w.entries[:start]
	if sp != hit.Root {
		// A space built for the first time by a partial rebuild (its
		// container shown at last) never saw the scrolls set meanwhile:
		// an offset set on a space not yet indexed is dropped.
		w.hits.SetOffset(sp, geom.Point{Y: from.ScrollY()})
	}
	if all {
		for _, c := range from.Children() {
			w.nested(c)
		}
	}
}

// nested rebuilds every scroll space at or below n.
func (w *Window) nested(n *document.Node) {
	if !w.paint.Fragment(n.ID()).Shown() {
		return
	}
	if k := n.Kind(); k == document.Scroll || k == document.List {
		w.rebuildSpace(n.ID(), n, true)
		return
	}
	for _, c := range n.Children() {
		w.nested(c)
	}
}

func (w *Window) collect(n *document.Node, order *int32, all, isRoot bool) {
	f := w.paint.Fragment(n.ID())
	if !f.Shown() {
		return
	}
	scroller := n.Kind() == document.Scroll || n.Kind() == document.List
	if w.hittable(n) {
		e := hit.Entry{Node: n.ID(), Rect: f.Rect, Order: *order, Space: document.None}
		if scroller {
			e.Space = n.ID()
		}
		w.entries = append(w.entries, e)
		*order++
	}
	if scroller && !isRoot {
		return
	}
	for _, c := range n.Children() {
		w.collect(c, order, all, false)
	}
}
