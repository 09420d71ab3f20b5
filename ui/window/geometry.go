package window

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
)

// NodeGeometry is one displayed element's resolved geometry.
type NodeGeometry struct {
	Kind    document.Kind
	Depth   int
	Rect    geom.Rect // border box, window coordinates
	ScrollY float32
}

// Geometry appends the resolved geometry of every displayed element, in
// tree order, to dst. Two windows over equal documents in equal viewports
// must produce equal geometry, however they got there.
func (w *Window) Geometry(dst []NodeGeometry) []NodeGeometry {
	var visit func(n *document.Node)
	visit = func(n *document.Node) {
		f := w.paint.Fragment(n.ID())
		if !f.Shown() {
			return
		}
		dst = append(dst, NodeGeometry{Kind: n.Kind(), Depth: n.Depth(), Rect: w.Rect(n), ScrollY: n.ScrollY()})
		for _, c := range n.Children() {
			visit(c)
		}
	}
	visit(w.doc.Root())
	return dst
}
