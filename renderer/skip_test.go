package renderer_test

import (
	"testing"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
	"github.com/perfbench/perfbench/renderer/raster"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// A first frame redraws the whole window, so its scene examines every
// chunk; a hover frame's scene examines the chunks of the bands under its
// damage and skips the rest.
func TestSceneChunksSkippedIsNotVacuous(t *testing.T) {
	nonvacuity.Assert(t, counter.SceneChunksSkipped,
		nonvacuity.Scenario{Name: "the first frame of the gallery, drawn whole by the CPU rasteriser", Run: func() {
			g := gallery.Build(gallery.S1, gallery.Options{})
			window.New(g.Doc, window.Options{Clock: &clock.Virtual{}, Renderer: &raster.Renderer{}}).Frame()
		}},
		nonvacuity.Scenario{Name: "hovering a table row of a gallery drawn once", Run: func() {
			g := gallery.Build(gallery.S1, gallery.Options{})
			clk := &clock.Virtual{}
			w := window.New(g.Doc, window.Options{Clock: clk, Renderer: &raster.Renderer{}})
			w.Frame()
			r := w.Rect(g.TableRows[2])
			w.PointerMove(r.X+r.W/2, r.Y+r.H/2)
			clk.AdvanceTo(w.NextRefresh())
		}})
}
