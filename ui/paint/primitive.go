// Package paint turns laid-out elements into a display list.
//
// Each element gets a fragment: its border box in its space (the root
// space, or the content space of the nearest scroll container) and every
// value that decides how it paints. Fragments are diffed against the
// previous frame's (FragmentsDiffed); only an element whose fragment
// changed re-emits its primitives (PrimitivesEmitted) into its chunk, and
// the chunk is placed in the draw-ordered display list
// (DrawOrderInsertions). A display list is a linked list of chunks in tree
// order, so replacing one chunk never moves another.
//
// Primitives are kept in their space's coordinates. Scrolling a container
// translates the chunks of its space (ChunksTranslated) without emitting
// anything. Before a frame is handed to the renderer, every changed or
// translated chunk is culled against its clip: primitives outside it are
// not submitted (PrimitivesCulled). Damage is the union, per chunk, of
// where it was and where it is.
package paint

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// Kind is a primitive kind.
type Kind uint8

const (
	// Rect is a filled rectangle.
	Rect Kind = iota
	// RoundedRect is a filled rounded rectangle with an optional border.
	RoundedRect
	// Border is an unfilled rectangle outline.
	Border
	// GlyphRun is one line of text.
	GlyphRun
	// Sprite is an image from the sprite sheet.
	Sprite
)

func (k Kind) String() string {
	return [...]string{"rect", "rrect", "border", "glyphs", "sprite"}[k]
}

// Primitive is one drawing command. It is comparable with ==.
type Primitive struct {
	Kind        Kind
	Rect        geom.Rect // in its chunk's space until resolved
	Fill        style.Color
	Stroke      style.Color
	StrokeWidth float32
	Radius      float32
	// GlyphRun: the line's text and font.
	Text string
	Font FontKey
	// Sprite: the sprite's number.
	Sprite int
}

// FontKey names the face a glyph run is set in.
type FontKey struct {
	Size float32
	Bold bool
	Mono bool
}

// Chunk is one element's primitives.
type Chunk struct {
	Node  document.ID
	Space document.ID
	Prims []Primitive
	// Bounds is the union of the primitives' rects, in space coordinates.
	Bounds geom.Rect

	prev, next *Chunk
	spaceIdx   int
	// The bands of its space the chunk is filed in (bandLo > bandHi: none)
	// and the last scroll that visited it.
	bandLo, bandHi int
	visit          uint64
	// order is the chunk's place in draw order: it grows along the list
	// (see Painter.place), so chunks found through the bands can be put
	// back in draw order by sorting.
	order uint64
	// met is the last Meeting query that examined the chunk.
	met uint64
	// Submitted is how many primitives survived culling the last time the
	// chunk was culled.
	Submitted int
	// Damage left by the chunk when it was last placed (window coordinates).
	lastResolved geom.Rect
}

// Next returns the chunk after c in draw order.
func (c *Chunk) Next() *Chunk { return c.next }
