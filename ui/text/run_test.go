package text

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestCaretRoundTrip(t *testing.T) {
	var sh Shaper
	for _, tc := range []struct {
		name string
		st   Style
		text string
	}{
		{"ascii", body, "Hello, world"},
		{"multibyte", body, "naïve café — ok"},
		{"mono", Style{Size: 13, Mono: true}, "x := f(y)"},
		{"bold large", Style{Size: 40, Weight: Bold}, "Wave"},
		{"empty", body, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sh.Shape(tc.st, tc.text)
			prev := float32(-1)
			for off := 0; off <= len(tc.text); off++ {
				x := r.CaretX(off)
				if off < len(tc.text) && !utf8.RuneStart(tc.text[off]) {
					assert.Equal(t, prev, x, "inside a rune, the caret stays before it")
					continue
				}
				assert.Greater(t, x, prev, "carets advance")
				assert.Equal(t, off, r.OffsetAt(x), "offset %d at x %v", off, x)
				prev = x
			}
			assert.Equal(t, r.Width, r.CaretX(len(tc.text)))
			assert.Equal(t, 0, r.OffsetAt(-100))
			assert.Equal(t, len(tc.text), r.OffsetAt(r.Width+100))
		})
	}
}

func TestOffsetAtNearest(t *testing.T) {
	var sh Shaper
	r := sh.Shape(body, "mW")
	m := r.Glyphs[0].Advance
	assert.Equal(t, 0, r.OffsetAt(m/2-0.01), "left half of m")
	assert.Equal(t, 0, r.OffsetAt(m/2), "a tie goes to the earlier offset")
	assert.Equal(t, 1, r.OffsetAt(m/2+0.01), "right half of m")
	assert.Equal(t, 2, r.OffsetAt(r.Width-0.1))
}

func TestCaretPanics(t *testing.T) {
	var sh Shaper
	r := sh.Shape(body, "ab")
	assert.Panics(t, func() { r.CaretX(-1) })
	assert.Panics(t, func() { r.CaretX(3) })
}
