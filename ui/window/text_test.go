package window_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// lines returns the glyph runs the paragraph paints.
func lines(w *window.Window, para *document.Node) []paint.Primitive {
	r := w.Rect(para)
	var out []paint.Primitive
	for _, p := range w.DisplayList(nil) {
		if p.Kind == paint.GlyphRun && r.Contains(geom.Point{X: p.Rect.X, Y: p.Rect.Y}) {
			out = append(out, p)
		}
	}
	return out
}

func TestTextWrapsAtContainerWidthAndRewrapsOnResize(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S0, gallery.Options{}, window.Options{})
	wide := lines(w, g.Paragraph)
	require.Greater(t, len(wide), 1, "the paragraph should wrap at 1280 px")
	box := w.Rect(g.Paragraph)
	for _, l := range wide {
		assert.LessOrEqual(t, l.Rect.X+l.Rect.W, box.X+box.W+0.01, "line %q overflows", l.Text)
	}
	d := step(w, clk, func() { w.Resize(700, 800) })
	assert.NotZero(t, d.LinesWrapped)
	narrow := lines(w, g.Paragraph)
	assert.Greater(t, len(narrow), len(wide), "a narrower window gives more lines")
	box = w.Rect(g.Paragraph)
	assert.Less(t, box.W, float32(700))
	for _, l := range narrow {
		assert.LessOrEqual(t, l.Rect.X+l.Rect.W, box.X+box.W+0.01, "line %q overflows", l.Text)
	}
	// The text is the same text, broken differently.
	join := func(ls []paint.Primitive) (s string) {
		for _, l := range ls {
			s += l.Text + " "
		}
		return s
	}
	assert.Equal(t, len(join(wide)), len(join(narrow)))
}

// A burst of unique strings pushes both text caches over their soft
// limits within a frame; the end of the frame brings them back under.
func TestTextCachesComeBackUnderTheirSoftLimits(t *testing.T) {
	defer counter.Exclusive()()
	var sheet style.Sheet
	d := document.New(&sheet)
	clk := &clock.Virtual{}
	w := window.New(d, window.Options{Clock: clk, RunCacheLimit: 64, GlyphCacheLimit: 48})
	w.Quiet()
	var texts []*document.Node
	for i := range 200 {
		n := d.Add(d.Root(), document.Text)
		// Unique words in several sizes: many runs and many glyphs.
		d.SetText(n, fmt.Sprintf("burst %d ÅΩж %c%c", i*7919, rune(0x400+i), rune(0x100+i)))
		texts = append(texts, n)
	}
	before := counter.Take()
	step(w, clk, func() {})
	delta := before.Delta(counter.Take())
	runs, runLimit, glyphs, glyphLimit := w.TextCaches()
	assert.LessOrEqual(t, runs, runLimit)
	assert.LessOrEqual(t, glyphs, glyphLimit)
	// The frame really did go over: more was shaped and rasterised than
	// the limits hold, and the excess was evicted.
	assert.Greater(t, int(delta.RunsShaped), runLimit)
	assert.Greater(t, int(delta.GlyphsRasterised), glyphLimit)
	assert.NotZero(t, delta.ShapedRunsEvicted)
	assert.NotZero(t, delta.GlyphsEvicted)
	require.Len(t, texts, 200)
}
