package raster_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/renderer/raster"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// picture draws doc from nothing in a fresh window and returns the image.
func picture(t *testing.T, doc *document.Document, size geom.Point) *image.RGBA {
	t.Helper()
	r := &raster.Renderer{}
	w := window.New(doc, window.Options{Clock: &clock.Virtual{}, Width: size.X, Height: size.Y, Renderer: r})
	w.Quiet()
	require.Zero(t, r.Missing(), "every glyph of the display list is in the engine's caches")
	img, err := r.Image()
	require.NoError(t, err)
	return img
}

func TestDrawsEachKindWhereTheDisplayListPutsIt(t *testing.T) {
	var sheet style.Sheet
	p := style.Props{}
	sheet.Define("root", p.Background(style.RGB(255, 255, 255)).Padding(geom.All(10)).Gap(10))
	sheet.Define("red", p.Width(style.PxLen(40)).Height(style.PxLen(20)).Background(style.RGB(255, 0, 0)))
	sheet.Define("ring", p.Width(style.PxLen(40)).Height(style.PxLen(20)).Border(2, style.RGB(0, 0, 255)))
	sheet.Define("label", p.Color(style.RGB(0, 0, 0)).FontSize(16))
	sheet.Define("icon", p.Width(style.PxLen(16)).Height(style.PxLen(16)))
	doc := document.New(&sheet, "root")
	doc.Add(doc.Root(), document.Box, "red")
	doc.Add(doc.Root(), document.Box, "ring")
	label := doc.Add(doc.Root(), document.Text, "label")
	doc.SetText(label, "Hello")
	icon := doc.Add(doc.Root(), document.Image, "icon")
	doc.SetSprite(icon, 3)

	r := &raster.Renderer{}
	w := window.New(doc, window.Options{Clock: &clock.Virtual{}, Width: 200, Height: 200, Renderer: r})
	w.Quiet()
	img, err := r.Image()
	require.NoError(t, err)
	at := func(n *document.Node, dx, dy float32) color.RGBA {
		b := w.Rect(n)
		return img.RGBAAt(int(b.X+dx), int(b.Y+dy))
	}
	kids := doc.Root().Children()
	assert.Equal(t, color.RGBA{255, 0, 0, 255}, at(kids[0], 20, 10), "the rect's inside is its fill")
	assert.Equal(t, color.RGBA{0, 0, 255, 255}, at(kids[1], 0.5, 10), "the border's edge is its stroke")
	assert.Equal(t, color.RGBA{255, 255, 255, 255}, at(kids[1], 20, 10), "a border has no fill")
	assert.Equal(t, renderer.SpriteSheet().RGBAAt(3*renderer.SpriteSize+8, 8), at(icon, 8.5, 8), "the sprite is the sheet's texel")
	inked := 0
	b := w.Rect(label)
	for y := int(b.Y); y < int(b.Y+b.H); y++ {
		for x := int(b.X); x < int(b.X+b.W); x++ {
			if c := img.RGBAAt(x, y); c.R < 128 {
				inked++
			}
		}
	}
	assert.Greater(t, inked, 40, "the text's glyphs are drawn from the atlas")
}

// A window driven through hovers, clicks, wheels and a resize, redrawing
// only its damage, shows the same picture as a window drawn from nothing
// over a copy of its document.
func TestDamageRedrawEqualsAFullDraw(t *testing.T) {
	defer counter.Exclusive()()
	r := &raster.Renderer{}
	d := phase.Open(&phase.Phase{Name: "raster"}, gallery.Shipped, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: r}})
	for _, s := range d.Tour() {
		s.Do()
		d.Refresh()
		require.Zero(t, r.Missing())
		live, err := r.Image()
		require.NoError(t, err)
		rebuilt := picture(t, d.G.Doc.Clone(), d.W.Size())
		require.Equal(t, rebuilt.Rect, live.Rect, s.Name)
		require.Zero(t, raster.Diff(live, rebuilt, 0).Pixels, s.Name)
	}
}

func TestDiffFindsOnePixel(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 4, 4))
	b := image.NewRGBA(image.Rect(0, 0, 4, 4))
	b.SetRGBA(2, 1, color.RGBA{3, 0, 0, 0})
	d := raster.Diff(a, b, 2)
	assert.Equal(t, 1, d.Pixels)
	assert.Equal(t, image.Pt(2, 1), d.First)
	assert.Equal(t, 3, d.Max)
	assert.Zero(t, raster.Diff(a, b, 3).Pixels, "within the tolerance")
}
