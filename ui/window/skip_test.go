package window_test

import (
	"testing"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// small opens a window over a few fixed-size boxes and one text, all in
// view; texts are the text elements' contents.
func small(texts ...string) func() {
	return func() {
		var sheet style.Sheet
		sheet.Define("tile", style.Props{}.Width(style.PxLen(40)).Height(style.PxLen(20)).Background(style.RGB(1, 2, 3)))
		d := document.New(&sheet)
		for range 3 {
			d.Add(d.Root(), document.Box, "tile")
		}
		for _, s := range texts {
			d.SetText(d.Add(d.Root(), document.Text), s)
		}
		w := window.New(d, window.Options{Clock: &clock.Virtual{}})
		w.Frame()
	}
}

// opened returns a gallery window settled outside the measurement and a
// step that drives it.
func opened(t *testing.T, size gallery.Size, do func(g *gallery.Gallery, w *window.Window)) func() {
	g, w, clk := open(t, size, gallery.Options{}, window.Options{})
	return func() { do(g, w); clk.AdvanceTo(w.NextRefresh()) }
}

func TestLayoutsHeldIsNotVacuous(t *testing.T) {
	nonvacuity.Assert(t, counter.LayoutsHeld,
		nonvacuity.Scenario{Name: "the first layout of fixed-size boxes", Run: small()},
		nonvacuity.Scenario{Name: "narrowing the gallery: fixed-size controls keep their constraints", Run: opened(t, gallery.S1, func(g *gallery.Gallery, w *window.Window) {
			w.Resize(1100, 800)
		})})
}

func TestShapedRunsCachedIsNotVacuous(t *testing.T) {
	nonvacuity.Assert(t, counter.ShapedRunsCached,
		nonvacuity.Scenario{Name: "shaping a text never seen before", Run: small("ab cd")},
		nonvacuity.Scenario{Name: "rewrapping the gallery at a new width", Run: opened(t, gallery.S1, func(g *gallery.Gallery, w *window.Window) {
			w.Resize(900, 800)
		})})
}

func TestGlyphCacheHitsIsNotVacuous(t *testing.T) {
	nonvacuity.Assert(t, counter.GlyphCacheHits,
		nonvacuity.Scenario{Name: "painting glyphs never rasterised before", Run: small("xyz")},
		nonvacuity.Scenario{Name: "repainting the gallery's text after a resize", Run: opened(t, gallery.S1, func(g *gallery.Gallery, w *window.Window) {
			w.Resize(900, 800)
		})})
}

func TestChunksTranslatedIsNotVacuous(t *testing.T) {
	nonvacuity.Assert(t, counter.ChunksTranslated,
		nonvacuity.Scenario{Name: "the first paint of a fresh gallery", Run: func() {
			g := gallery.Build(gallery.S1, gallery.Options{})
			window.New(g.Doc, window.Options{Clock: &clock.Virtual{}}).Frame()
		}},
		nonvacuity.Scenario{Name: "scrolling the rigid scroll of a painted gallery", Run: opened(t, gallery.S1, func(g *gallery.Gallery, w *window.Window) {
			r := w.Rect(g.Rigid)
			w.Wheel(r.X+5, r.Y+5, 30)
		})})
}

func TestPrimitivesCulledIsNotVacuous(t *testing.T) {
	nonvacuity.Assert(t, counter.PrimitivesCulled,
		nonvacuity.Scenario{Name: "painting a document that fits in the viewport", Run: small("in view")},
		nonvacuity.Scenario{Name: "painting the gallery, most of which is below the fold", Run: func() {
			g := gallery.Build(gallery.S1, gallery.Options{})
			window.New(g.Doc, window.Options{Clock: &clock.Virtual{}}).Frame()
		}})
}
