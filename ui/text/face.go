package text

import (
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// face is one Style resolved to a font at a size, with what shaping asks of
// it over and over kept at hand: the line metrics, the ASCII glyph ids and
// the advances already read. A Shaper owns its faces and the Buffer they
// read through.
type face struct {
	font *sfnt.Font
	ppem fixed.Int26_6

	ascent, descent, height fixed.Int26_6
	// halfLeading is half of what the line height adds to ascent plus
	// descent; the baseline sits that far below the line's top plus ascent.
	halfLeading fixed.Int26_6

	ascii [128]GlyphID
	adv   []fixed.Int26_6 // by glyph id; -1 until read
}

func newFace(st Style, buf *sfnt.Buffer) *face {
	f := &face{font: st.font(), ppem: st.ppem()}
	m, err := f.font.Metrics(buf, f.ppem, font.HintingNone)
	if err != nil {
		panic("text: font metrics: " + err.Error())
	}
	f.ascent, f.descent, f.height = m.Ascent, m.Descent, m.Height
	if lead := f.height - f.ascent - f.descent; lead > 0 {
		f.halfLeading = lead / 2
	}
	for r := range f.ascii {
		f.ascii[r] = f.lookup(buf, rune(r))
	}
	f.adv = make([]fixed.Int26_6, f.font.NumGlyphs())
	for i := range f.adv {
		f.adv[i] = -1
	}
	return f
}

func (f *face) lookup(buf *sfnt.Buffer, r rune) GlyphID {
	g, err := f.font.GlyphIndex(buf, r)
	if err != nil {
		return 0 // drawn as the font's missing glyph
	}
	return GlyphID(g)
}

// glyph returns the glyph that draws r: one glyph per rune, 0 (the font's
// missing glyph) for a rune the font lacks.
func (f *face) glyph(buf *sfnt.Buffer, r rune) GlyphID {
	if r >= 0 && r < rune(len(f.ascii)) {
		return f.ascii[r]
	}
	return f.lookup(buf, r)
}

func (f *face) advance(buf *sfnt.Buffer, g GlyphID) fixed.Int26_6 {
	if a := f.adv[g]; a >= 0 {
		return a
	}
	a, err := f.font.GlyphAdvance(buf, sfnt.GlyphIndex(g), f.ppem, font.HintingNone)
	if err != nil || a < 0 {
		a = 0
	}
	f.adv[g] = a
	return a
}

// kern returns the adjustment between a and b: the font's kern table or its
// GPOS pair adjustments, whichever sfnt finds; zero for a pair it has not.
func (f *face) kern(buf *sfnt.Buffer, a, b GlyphID) fixed.Int26_6 {
	k, err := f.font.Kern(buf, sfnt.GlyphIndex(a), sfnt.GlyphIndex(b), f.ppem, font.HintingNone)
	if err != nil {
		return 0
	}
	return k
}

// px converts 26.6 fixed point to pixels. The conversion is exact below
// 2^18 pixels, which is why layout works in fixed point and converts last.
func px(v fixed.Int26_6) float32 { return float32(v) / 64 }
