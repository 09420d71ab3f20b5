package window

import (
	"slices"
	"strconv"
	"strings"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// Work is what the window did for one element in a frame, for a count
// that has a subject of its own: the elements it restyled, relaid out,
// emitted primitives for and placed in the draw order. A window whose
// Options.Work is set hands each to it, as the frame does it; one whose
// Work is nil records nothing, and pays a test of a nil func at each
// place it would (what it costs is in docs/where.md).
type Work struct {
	// Count is the engine counter the work moved, by its name
	// (counter.ElementsRestyled's "ElementsRestyled", NodesRelaidOut,
	// PrimitivesEmitted, DrawOrderInsertions).
	Count string
	// Element names the element the window queued the work for: its
	// kind, its ID and its classes, "box#42.row". A restyle that reached
	// the element's children by inheritance, or an emission that covered
	// its subtree, is counted to it.
	Element string
	// Why says why the element was queued: "hover", "focus" or "state"
	// (a state changed), "class" (a class added or removed), "sheet" (a
	// rule of the style sheet changed), "text" (its text or content
	// changed), "paint" (a value, a caret or a phase changed),
	// "geometry" (it moved or was resized), "scroll" (its scroll
	// offset changed), "new" (first styled), or "queued" (queued
	// with none of these changed).
	Why string
	// N is how much the count moved for it.
	N uint64
}

// workSnap is what an element's restyle is compared against to say why it
// was queued: its state, classes and text when it was last styled, and
// the sheet's generation then.
type workSnap struct {
	state   style.State
	classes string
	text    string
	sheet   uint64
}

// workLog is a window's record of why each element was queued, kept only
// while Options.Work is set: the snapshots of the elements last styled,
// and this frame's reason for each element queued.
type workLog struct {
	snaps map[document.ID]workSnap
	why   map[document.ID]string
}

// recording reports whether the window hands its work to Options.Work.
func (w *Window) recording() bool { return w.opts.Work != nil }

// element names n as Work.Element does.
func (w *Window) element(n *document.Node) string {
	var b strings.Builder
	b.WriteString(n.Kind().String())
	b.WriteByte('#')
	b.WriteString(strconv.Itoa(int(n.ID())))
	for _, c := range n.Classes() {
		b.WriteByte('.')
		b.WriteString(w.doc.Sheet.Name(c))
	}
	return b.String()
}

// did hands Options.Work what c moved by since before, for n.
func (w *Window) did(c counter.Counter, n *document.Node, why string, before uint64) {
	if d := counter.Load(c) - before; d > 0 {
		w.opts.Work(Work{Count: c.String(), Element: w.element(n), Why: why, N: d})
	}
}

// snapOf returns n as a restyle compares it.
func (w *Window) snapOf(n *document.Node) workSnap {
	var classes strings.Builder
	for _, c := range n.Classes() {
		classes.WriteString(w.doc.Sheet.Name(c) + " ")
	}
	return workSnap{state: n.State(), classes: classes.String(), text: n.Text(), sheet: w.doc.Sheet.Generation()}
}

// restyleWhy says why n was queued for a restyle, from what changed
// since it was last styled.
func (w *Window) restyleWhy(n *document.Node) string {
	old, ok := w.work.snaps[n.ID()]
	now := w.snapOf(n)
	switch changed := old.state ^ now.state; {
	case !ok:
		return "new"
	case changed&style.Hover != 0:
		return "hover"
	case changed&style.Focus != 0:
		return "focus"
	case changed != 0:
		return "state"
	case old.classes != now.classes:
		return "class"
	case old.text != now.text:
		return "text"
	case old.sheet != now.sheet:
		return "sheet"
	}
	return "queued"
}

// restyledWhy hands Options.Work the restyles of this pass, read from
// the elements it stamped: each counted to the element it was queued
// for (an element the document queued, or one its nearest such ancestor
// passed an inherited property to), with why that one was queued; an
// element no queued one reached was restyled for a change of the sheet.
// It runs once a pass, in place, so that a frame without Options.Work
// pays nothing for it; a frame of two passes (layOut) counts the second.
func (w *Window) restyledWhy() {
	queued := map[document.ID]bool{}
	for _, n := range w.changes.Style {
		queued[n.ID()] = true
		w.work.why[n.ID()] = w.restyleWhy(n)
	}
	per := map[*document.Node]uint64{}
	var order []*document.Node
	for id, stamp := range w.restamp {
		n := w.doc.Node(document.ID(id))
		if stamp != w.stamp || n == nil {
			continue
		}
		root := n
		for !queued[root.ID()] {
			p := root.Parent()
			if p == nil || w.restamp[p.ID()] != w.stamp {
				break
			}
			root = p
		}
		if per[root] == 0 {
			order = append(order, root)
		}
		per[root]++
	}
	for _, root := range order {
		why, ok := w.work.why[root.ID()]
		if !ok {
			why = "sheet"
		}
		w.opts.Work(Work{Count: counter.ElementsRestyled.String(), Element: w.element(root), Why: why, N: per[root]})
	}
	for id := range w.restamp {
		if w.restamp[id] == w.stamp {
			if n := w.doc.Node(document.ID(id)); n != nil {
				w.work.snaps[n.ID()] = w.snapOf(n)
			}
		}
	}
	for _, n := range w.changes.Boxes {
		w.work.why[n.ID()] = "text"
	}
	for _, n := range w.changes.Paint {
		w.work.why[n.ID()] = "paint"
	}
}

// queuedWhy is why n was queued this frame, where a restyle or a
// document change said so, or dflt.
func (w *Window) queuedWhy(n *document.Node, dflt string) string {
	if why, ok := w.work.why[n.ID()]; ok {
		return why
	}
	return dflt
}

// updateRecorded updates n's fragment as update does, handing the
// primitives it emitted and the chunks it placed in the draw order to
// Options.Work.
func (w *Window) updateRecorded(n *document.Node, subtree bool, why string) {
	prims, chunks := counter.Load(counter.PrimitivesEmitted), counter.Load(counter.DrawOrderInsertions)
	if subtree {
		w.paint.UpdateSubtree(n)
	} else {
		w.paint.Update(n)
	}
	why = w.queuedWhy(n, why)
	w.did(counter.PrimitivesEmitted, n, why, prims)
	w.did(counter.DrawOrderInsertions, n, why, chunks)
}

// scrolledRecorded moves n's scrolled content as Scrolled does, handing
// what it emitted to Options.Work: a scroll emits nothing of itself.
func (w *Window) scrolledRecorded(n *document.Node) {
	prims, chunks := counter.Load(counter.PrimitivesEmitted), counter.Load(counter.DrawOrderInsertions)
	w.paint.Scrolled(n)
	w.did(counter.PrimitivesEmitted, n, "scroll", prims)
	w.did(counter.DrawOrderInsertions, n, "scroll", chunks)
}

// placeRecorded is place's updates, as place does them, handing what
// each emitted to Options.Work: a subtree moved or an element resized
// for its geometry, a restyled or changed element for why it was queued,
// a scrolled space for its scroll. The two paths must do the same
// work; a test compares their counts.
func (w *Window) placeRecorded(resized []*document.Node) {
	w.restyledWhy()
	defer clear(w.work.why)
	for _, n := range w.subtrees {
		w.updateRecorded(n, true, "geometry")
		w.geometryChanged(n)
	}
	for _, n := range resized {
		w.updateRecorded(n, false, "geometry")
		w.geometryChanged(n)
	}
	latency.Mark("p.emit")
	for _, n := range w.toPaint {
		w.updateRecorded(n, false, "queued")
	}
	for _, n := range w.scrolled {
		w.scrolledRecorded(n)
		w.hits.SetOffset(n.ID(), geom.Point{Y: n.ScrollY()})
	}
}

// relaid hands one relayout of n to Options.Work (the layout engine's
// Relaid, called while the frame lays out, before place): queued for its
// text, by its restyle this pass, or for its geometry (its parent laid
// it out under new constraints).
func (w *Window) relaid(n *document.Node) {
	why := "geometry"
	switch {
	case slices.Contains(w.changes.Boxes, n):
		why = "text"
	case w.restamp[n.ID()] == w.stamp:
		why = w.restyleWhy(n)
	}
	w.opts.Work(Work{Count: counter.NodesRelaidOut.String(), Element: w.element(n), Why: why, N: 1})
}
