package paint

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
)

// List is the display list as a frame hands it to a renderer: the chunks
// in draw order, where each space's are placed this frame, the chunks that
// meet a region, and the text stage the glyph runs are drawn from. It reads
// the painter's list and changes nothing a frame draws, so a renderer
// reaches the list only through it, never the painter that builds it. It
// is valid until the painter begins the next frame; a renderer should not
// keep it, nor the chunks it returns, past its Frame.
type List struct{ p *Painter }

// Len returns the number of chunks.
func (l List) Len() int { return l.p.count }

// Head returns the first chunk in draw order; Chunk.Next walks on.
func (l List) Head() *Chunk { return l.p.head }

// Meeting appends to dst every chunk that meets one of the regions (window
// coordinates), in draw order, and returns how many chunks it examined to
// find them: see Painter.Meeting.
func (l List) Meeting(dst []*Chunk, regions []geom.Rect) (_ []*Chunk, examined int) {
	return l.p.Meeting(dst, regions)
}

// Placement returns where a space's primitives go this frame: see
// Painter.Placement.
func (l List) Placement(space document.ID) (off geom.Point, clip geom.Rect) {
	return l.p.placement(space)
}

// Text returns the text stage the list's glyph runs were laid out by (the
// window's, which a drawing renderer reads glyph masks through), or nil.
func (l List) Text() TextPainter { return l.p.Text }
