package text

import (
	"fmt"

	"golang.org/x/image/math/fixed"
)

// GlyphID is a glyph's index in its font.
type GlyphID uint16

// A Glyph is one glyph of a Run, placed.
type Glyph struct {
	ID GlyphID
	// Offset is the byte offset in Run.Text of the rune the glyph draws.
	Offset int
	// X is where the glyph's origin sits on the baseline, in pixels from
	// the run's start: the advances of the glyphs before it plus the
	// kerning between each pair up to and including this glyph's.
	X       float32
	Advance float32

	x, adv fixed.Int26_6 // X and Advance as computed; layout sums these
}

// A Run is a string shaped in one Style: one glyph per rune, placed by the
// font's advances and kerning. Runs come from a Shaper's cache and are
// immutable: a caller reads them and never writes them. A Run stays valid
// after the cache evicts it (the cache only forgets it).
type Run struct {
	Style Style
	Text  string
	// Glyphs are in text order, one per rune (an invalid byte counts as
	// one rune, as in a range loop).
	Glyphs []Glyph
	// Width is the pen's advance over the whole run, in pixels.
	Width float32
	// Ascent and Descent are the face's extent above and below the
	// baseline; LineHeight is the distance between baselines. All are
	// positive, in pixels.
	Ascent, Descent, LineHeight float32

	width fixed.Int26_6
}

// CaretX returns the x of a caret before the byte at offset: the origin of
// the glyph there, or Width at the end of the text. An offset inside a
// multi-byte rune places the caret before that rune. An offset outside
// [0, len(Text)] panics.
func (r *Run) CaretX(offset int) float32 {
	if offset < 0 || offset > len(r.Text) {
		panic(fmt.Sprintf("text: caret offset %d outside [0, %d]", offset, len(r.Text)))
	}
	if offset == len(r.Text) {
		return r.Width
	}
	// The last glyph that starts at or before offset.
	lo, hi := 0, len(r.Glyphs)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if r.Glyphs[mid].Offset <= offset {
			lo = mid
		} else {
			hi = mid
		}
	}
	return r.Glyphs[lo].X
}

// OffsetAt returns the caret offset nearest to x: a rune boundary of Text,
// from 0 to len(Text). A tie goes to the earlier offset. It is the inverse
// of CaretX wherever two carets do not share an x (zero-width glyphs do).
func (r *Run) OffsetAt(x float32) int {
	best, bestD := len(r.Text), abs(x-r.Width)
	for i := len(r.Glyphs) - 1; i >= 0; i-- {
		if d := abs(x - r.Glyphs[i].X); d <= bestD {
			best, bestD = r.Glyphs[i].Offset, d
		}
	}
	return best
}

func abs(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
