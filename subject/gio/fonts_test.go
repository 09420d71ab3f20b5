package gio_test

import (
	"testing"

	"gioui.org/font"
	"gioui.org/font/gofont"
	"gioui.org/text"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	fx "golang.org/x/image/math/fixed"

	"github.com/perfbench/perfbench/subject/gio"
)

// width shapes s in a family none of the Go fonts is, at 16 px, with sh.
func width(sh *text.Shaper, s string) fx.Int26_6 {
	sh.LayoutString(text.Parameters{Font: font.Font{Typeface: "DejaVu Sans"}, PxPerEm: fx.I(16), MaxWidth: 1 << 20}, s)
	var w fx.Int26_6
	for g, ok := sh.NextGlyph(); ok; g, ok = sh.NextGlyph() {
		w += g.Advance
	}
	return w
}

// Shaper shapes with the Go fonts whatever family is asked for and
// whatever the machine has installed, and each call makes a shaper of its
// own, since one is not safe for concurrent use.
func TestShaperShapesWithTheGoFontsOnly(t *testing.T) {
	goOnly := text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	want := width(goOnly, "Hello, Gio")
	require.NotZero(t, want)
	assert.Equal(t, want, width(gio.Shaper(), "Hello, Gio"))
	assert.NotSame(t, gio.Shaper(), gio.Shaper())
	th := gio.Theme()
	assert.Equal(t, want, width(th.Shaper, "Hello, Gio"))
	assert.NotSame(t, th.Shaper, gio.Theme().Shaper)
}
