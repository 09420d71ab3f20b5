package text

import (
	"fmt"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// MaxSize is the largest Style.Size, in pixels. Font units are scaled in
// 26.6 fixed point on int32 (as sfnt does), and a larger size would overflow
// the product of a glyph coordinate and the pixels per em.
const MaxSize = 1024

// Weight selects a face of a Family.
type Weight uint8

const (
	Regular Weight = iota
	Bold
)

// Style says which face and size to set text in. It is comparable and used
// as a cache key as it stands: two styles that differ in any field are
// cached apart, even when they resolve to the same face (a nil Family and
// Go() for example).
type Style struct {
	// Family is the set of faces to draw from; nil means the Go fonts (Go).
	Family *Family
	// Size is the font size in pixels per em, in (0, MaxSize].
	Size   float32
	Weight Weight
	// Mono selects the family's monospaced faces.
	Mono bool
}

// font returns the face the style draws from. A Style that is out of range
// is programmer misuse and panics.
func (st Style) font() *sfnt.Font {
	if !(st.Size > 0) || st.Size > MaxSize {
		panic(fmt.Sprintf("text: style size %v out of range (0, %d]", st.Size, MaxSize))
	}
	if st.Weight > Bold {
		panic(fmt.Sprintf("text: unknown weight %d", st.Weight))
	}
	fam := st.Family
	if fam == nil {
		fam = Go()
	}
	return fam.face(st.Weight, st.Mono)
}

// ppem is the style's size in 26.6 fixed point, the unit sfnt scales by.
func (st Style) ppem() fixed.Int26_6 {
	return fixed.Int26_6(math.Round(float64(st.Size) * 64))
}
