package paint

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
)

// Placement returns where a space's primitives go this frame: the window
// offset of its origin and the window rectangle they are clipped to (the
// viewport for the root space, document.None). A renderer draws a chunk's
// primitives translated by the offset and cut to the clip.
func (p *Painter) Placement(space document.ID) (off geom.Point, clip geom.Rect) {
	return p.placement(space)
}
