package window_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// Minimal cases the random documents found in which the incremental
// engine drew something a rebuild does not (issue 8, cases 2 and 3). Each
// builds a small document, draws it, makes one change, and requires the
// live window to equal a window rebuilt over a clone.

// caseSheet has the few classes the cases use.
func caseSheet() *style.Sheet {
	s := &style.Sheet{}
	p := style.Props{}
	s.Define("row", p.Direction(style.Row))
	s.Define("grow", p.Grow(1))
	s.Define("fixed", p.Height(style.PxLen(300)))
	s.Define("pad", p.Padding(geom.All(6)))
	s.Define("nowrap", p.Wrap(false))
	s.Define("w100", p.Width(style.PxLen(100)))
	s.Define("h40", p.Height(style.PxLen(40)))
	s.Define("tile", p.Height(style.PxLen(20)).Background(style.RGB(200, 0, 0)))
	s.Define("overlay", p.Absolute(style.PxLen(10), style.PxLen(30)).Background(style.RGB(0, 0, 200)))
	s.Define("ring", p).On(style.Focus, p.Border(3, style.RGB(0, 0, 200)))
	return s
}

// live opens a window over d and draws it.
func live(d *document.Document, width, height float32) (*window.Window, *clock.Virtual) {
	clk := &clock.Virtual{}
	w := window.New(d, window.Options{Clock: clk, Width: width, Height: height})
	w.Frame()
	return w, clk
}

// requireRebuilt draws w's next frame and requires it to equal a rebuild.
func requireRebuilt(t *testing.T, w *window.Window, clk *clock.Virtual) {
	t.Helper()
	clk.AdvanceTo(w.NextRefresh())
	rebuilt := window.New(w.Document().Clone(), window.Options{Width: w.Size().X, Height: w.Size().Y})
	rebuilt.Quiet()
	require.Empty(t, describeDiff(w.Geometry(nil), rebuilt.Geometry(nil)), "geometry")
	require.Empty(t, describeDiff(w.DisplayList(nil), rebuilt.DisplayList(nil)), "display list")
}

func TestLayoutEqualsRebuild(t *testing.T) {
	defer counter.Exclusive()()
	words := "a few words that wrap across several lines once the column is narrow enough to make them"

	t.Run("grow item whose content grows past the free space", func(t *testing.T) {
		d := document.New(caseSheet(), "fixed")
		item := d.Add(d.Root(), document.Box, "grow")
		text := d.Add(item, document.Text)
		d.SetText(text, "short")
		after := d.Add(d.Root(), document.Box, "tile")
		w, clk := live(d, 120, 300)
		d.SetText(text, words+" "+words+" "+words+" "+words)
		requireRebuilt(t, w, clk)
		assert.Greater(t, w.Rect(after).Y, float32(280), "the tile after the grown item moved down")
	})

	t.Run("no-wrap text shortened inside a shrunk row", func(t *testing.T) {
		d := document.New(caseSheet())
		row := d.Add(d.Root(), document.Box, "row")
		long := d.Add(row, document.Text, "nowrap")
		d.SetText(long, words)
		other := d.Add(row, document.Text)
		d.SetText(other, words)
		w, clk := live(d, 300, 200)
		d.SetText(long, "short")
		requireRebuilt(t, w, clk)
	})

	t.Run("a class that stretches a box", func(t *testing.T) {
		d := document.New(caseSheet())
		row := d.Add(d.Root(), document.Box, "row")
		box := d.Add(row, document.Box, "w100")
		d.SetText(d.Add(box, document.Text), "item")
		d.SetText(d.Add(row, document.Text), "other")
		w, clk := live(d, 400, 200)
		d.AddClass(box, "grow")
		requireRebuilt(t, w, clk)
		assert.Greater(t, w.Rect(box).W, float32(300), "it takes the row's free space")
	})

	t.Run("an item added moves what follows", func(t *testing.T) {
		d := document.New(caseSheet(), "fixed")
		nav := d.Add(d.Root(), document.Box, "grow")
		d.Add(nav, document.Box, "tile")
		footer := d.Add(d.Root(), document.Box, "tile")
		w, clk := live(d, 200, 300)
		for range 20 {
			d.Add(nav, document.Box, "tile")
		}
		requireRebuilt(t, w, clk)
		assert.Equal(t, float32(21*20), w.Rect(footer).Y)
	})

	t.Run("a focus ring that thickens the border", func(t *testing.T) {
		d := document.New(caseSheet())
		f := d.Add(d.Root(), document.TextField, "ring")
		w, clk := live(d, 300, 200)
		d.SetState(f, style.Focus, true)
		requireRebuilt(t, w, clk)
	})

	t.Run("text that wraps again in a box of the same size", func(t *testing.T) {
		d := document.New(caseSheet())
		text := d.Add(d.Root(), document.Text, "w100 h40 nowrap")
		d.SetText(text, "several words that wrap")
		w, clk := live(d, 300, 200)
		d.RemoveClass(text, "nowrap")
		requireRebuilt(t, w, clk)
	})

	for _, k := range []document.Kind{document.Scroll, document.List} {
		t.Run("absolute child of a "+k.String(), func(t *testing.T) {
			d := document.New(caseSheet())
			sc := d.Add(d.Root(), k, "pad")
			if k == document.List {
				d.SetList(sc, &document.ListModel{Rows: 40, RowHeight: 20, Label: func(int) string { return "row" }, RowClass: "tile"})
				for i := range 5 {
					d.AddRow(sc, i)
				}
			} else {
				d.Add(sc, document.Box, "tile")
			}
			ov := d.Add(sc, document.Box, "tile")
			w, clk := live(d, 300, 400)
			d.AddClass(ov, "overlay")
			requireRebuilt(t, w, clk)
			sr := w.Rect(sc)
			assert.Equal(t, geom.Point{X: sr.X + 10, Y: sr.Y + 30}, geom.Point{X: w.Rect(ov).X, Y: w.Rect(ov).Y}, "placed at its offsets")
		})
	}
}
