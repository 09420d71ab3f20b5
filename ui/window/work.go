package window

import (
	"slices"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
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

// recording reports whether the window hands its work to Options.Work.
func (w *Window) recording() bool { return w.opts.Work != nil }

// did hands Options.Work what c moved by since before, for n.
func (w *Window) did(c counter.Counter, n *document.Node, why string, before uint64) {
	if d := counter.Load(c) - before; d > 0 {
		w.opts.Work(Work{Count: c.String(), Element: w.work.Element(n), Why: why, N: d})
	}
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
	why = w.work.Queued(n, why)
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
	w.work.Restyled(&w.changes, w.restamp, w.stamp, func(root *document.Node, why string, n uint64) {
		w.opts.Work(Work{Count: counter.ElementsRestyled.String(), Element: w.work.Element(root), Why: why, N: n})
	})
	defer w.work.Forget()
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
		why = w.work.RestyleWhy(n)
	}
	w.opts.Work(Work{Count: counter.NodesRelaidOut.String(), Element: w.work.Element(n), Why: why, N: 1})
}
