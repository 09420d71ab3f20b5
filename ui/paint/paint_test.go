package paint_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

var red, blue = style.RGB(255, 0, 0), style.RGB(0, 0, 255)

func tiles(n int) (*document.Document, []*document.Node, *window.Window, *clock.Virtual) {
	var sheet style.Sheet
	sheet.Define("tile", style.Props{}.Height(style.PxLen(50)).Background(red)).On(style.Hover, style.Props{}.Background(blue))
	sheet.Define("gone", style.Props{}.Hidden(true))
	d := document.New(&sheet)
	var ns []*document.Node
	for range n {
		ns = append(ns, d.Add(d.Root(), document.Box, "tile"))
	}
	clk := &clock.Virtual{}
	w := window.New(d, window.Options{Clock: clk, Width: 100, Height: 200})
	w.Frame()
	return d, ns, w, clk
}

func TestDisplayListIsInTreeOrderAndCulled(t *testing.T) {
	defer counter.Exclusive()()
	before := counter.Take()
	_, _, w, _ := tiles(6)
	d := before.Delta(counter.Take())
	list := w.DisplayList(nil)
	require.Len(t, list, 4, "tiles 4 and 5 lie below the 200 px viewport")
	for i, p := range list {
		assert.Equal(t, geom.XYWH(0, float32(50*i), 100, 50), p.Rect)
		assert.Equal(t, paint.Rect, p.Kind)
	}
	assert.Equal(t, uint64(6), d.PrimitivesEmitted)
	assert.Equal(t, uint64(2), d.PrimitivesCulled)
	assert.Equal(t, uint64(4), d.PrimitivesSubmitted)
}

func TestAChangedChunkIsReplacedInPlace(t *testing.T) {
	defer counter.Exclusive()()
	doc, ns, w, clk := tiles(3)
	before := counter.Take()
	doc.SetState(ns[1], style.Hover, true)
	clk.AdvanceTo(w.NextRefresh())
	d := before.Delta(counter.Take())
	assert.Equal(t, uint64(1), d.DrawOrderInsertions)
	assert.Equal(t, uint64(1), d.PrimitivesEmitted)
	list := w.DisplayList(nil)
	assert.Equal(t, []style.Color{red, blue, red}, []style.Color{list[0].Fill, list[1].Fill, list[2].Fill})
	assert.Equal(t, []geom.Rect{geom.XYWH(0, 50, 100, 50)}, w.Damage())
}

func TestHiddenAndShownAgainKeepsDrawOrder(t *testing.T) {
	defer counter.Exclusive()()
	doc, ns, w, clk := tiles(3)
	doc.AddClass(ns[1], "gone")
	clk.AdvanceTo(w.NextRefresh())
	list := w.DisplayList(nil)
	require.Len(t, list, 2)
	assert.Equal(t, float32(50), list[1].Rect.Y, "the third tile moved up")
	doc.SetState(ns[1], style.Hover, true)
	doc.RemoveClass(ns[1], "gone")
	clk.AdvanceTo(w.NextRefresh())
	list = w.DisplayList(nil)
	require.Len(t, list, 3)
	assert.Equal(t, []style.Color{red, blue, red}, []style.Color{list[0].Fill, list[1].Fill, list[2].Fill}, "re-inserted between its siblings")
	assert.Equal(t, float32(100), list[2].Rect.Y)
}

func TestRemovedSubtreeLeavesTheList(t *testing.T) {
	defer counter.Exclusive()()
	doc, ns, w, clk := tiles(3)
	before := counter.Take()
	doc.Remove(ns[0])
	clk.AdvanceTo(w.NextRefresh())
	d := before.Delta(counter.Take())
	list := w.DisplayList(nil)
	require.Len(t, list, 2)
	assert.Equal(t, float32(0), list[0].Rect.Y)
	assert.Equal(t, uint64(1), d.ChunksRemoved)
	assert.Equal(t, 2, w.ChunkCount())
	assert.Contains(t, w.Damage(), geom.XYWH(0, 0, 100, 50), "where the removed tile was is damaged")
}

// A container hidden and shown again repaints its children, and a child
// restyled in the frame its container hides is not drawn.
func TestNestedChildrenFollowTheirContainer(t *testing.T) {
	defer counter.Exclusive()()
	var sheet style.Sheet
	sheet.Define("tile", style.Props{}.Height(style.PxLen(20)).Background(red)).On(style.Hover, style.Props{}.Background(blue))
	sheet.Define("gone", style.Props{}.Hidden(true))
	d := document.New(&sheet)
	panel := d.Add(d.Root(), document.Box)
	row := d.Add(panel, document.Box)
	inner := d.Add(row, document.Box, "tile")
	d.SetText(d.Add(panel, document.Text), "words")
	clk := &clock.Virtual{}
	w := window.New(d, window.Options{Clock: clk, Width: 100, Height: 200})
	w.Frame()
	full := w.DisplayList(nil)
	require.Len(t, full, 2)

	d.AddClass(panel, "gone")
	d.SetState(inner, style.Hover, true)
	clk.AdvanceTo(w.NextRefresh())
	assert.Empty(t, w.DisplayList(nil), "nothing of a hidden container is drawn")

	d.SetState(inner, style.Hover, false)
	d.RemoveClass(panel, "gone")
	clk.AdvanceTo(w.NextRefresh())
	assert.Equal(t, full, w.DisplayList(nil), "shown again, every child is drawn as before")
}

// Removing a subtree that holds a scroll container and a list with painted
// content is safe: their chunks leave their spaces before the spaces go
// (issue 8, case 1: this panicked on the next frame).
func TestRemovingScrollersWithPaintedContent(t *testing.T) {
	defer counter.Exclusive()()
	var sheet style.Sheet
	sheet.Define("tile", style.Props{}.Height(style.PxLen(20)).Background(red))
	d := document.New(&sheet)
	panel := d.Add(d.Root(), document.Box)
	scroll := d.Add(panel, document.Scroll)
	inner := d.Add(scroll, document.Scroll) // a nested space
	for range 3 {
		d.Add(scroll, document.Box, "tile")
		d.Add(inner, document.Box, "tile")
	}
	list := d.Add(panel, document.List)
	d.SetList(list, &document.ListModel{Rows: 50, RowHeight: 20, Label: func(i int) string { return "row" }, RowClass: "tile"})
	for i := range 5 {
		d.AddRow(list, i)
	}
	d.Add(d.Root(), document.Box, "tile")
	clk := &clock.Virtual{}
	w := window.New(d, window.Options{Clock: clk, Width: 100, Height: 600})
	w.Frame()
	require.Greater(t, w.ChunkCount(), 10)

	d.Remove(panel)
	require.NotPanics(t, func() { clk.AdvanceTo(w.NextRefresh()) })
	assert.Equal(t, 1, w.ChunkCount(), "only the tile outside the removed panel is left")
	require.Len(t, w.DisplayList(nil), 1)
}

// A wheel frame over a scroll container whose rows are all mounted costs
// what is in view: the same chunks are translated and culled for 10× the
// rows (issue 8, case 5: every chunk inside was translated and culled).
func TestScrollCostFollowsTheViewport(t *testing.T) {
	defer counter.Exclusive()()
	frame := func(rows int) counter.Snapshot {
		var sheet style.Sheet
		sheet.Define("tile", style.Props{}.Height(style.PxLen(20)).Background(red))
		d := document.New(&sheet)
		sc := d.Add(d.Root(), document.Scroll)
		for range rows {
			d.Add(sc, document.Box, "tile")
		}
		clk := &clock.Virtual{}
		w := window.New(d, window.Options{Clock: clk, Width: 100, Height: 400})
		w.Frame()
		before := counter.Take()
		w.Wheel(50, 50, 30)
		clk.AdvanceTo(w.NextRefresh())
		return before.Delta(counter.Take())
	}
	one, ten := frame(500), frame(5000)
	assert.Equal(t, one.ChunksTranslated, ten.ChunksTranslated)
	assert.Equal(t, one.PrimitivesCulled, ten.PrimitivesCulled)
	assert.Equal(t, one.PrimitivesSubmitted, ten.PrimitivesSubmitted)
	assert.LessOrEqual(t, one.ChunksTranslated, uint64(12), "the 200 px port shows 10 or 11 rows, before and after")
	assert.Zero(t, one.ChunksEmitted)
}

// A window made wider draws whole every chunk it now shows, those whose
// fragment did not change too, and a later move of one damages all it
// drew: the chunk's last place is as wide as the new viewport shows it,
// not as the narrow one cut it (found by a random run: a box drawn in
// full after a resize from a 1 px wide window left its old place on
// screen when it moved).
func TestAMoveAfterAResizeDamagesAllTheChunkDrew(t *testing.T) {
	defer counter.Exclusive()()
	var sheet style.Sheet
	sheet.Define("tile", style.Props{}.Height(style.PxLen(50)).Background(red))
	sheet.Define("box", style.Props{}.Width(style.PxLen(16)).Height(style.PxLen(16)).Margin(geom.Edges{Left: 8}).Background(blue))
	sheet.Define("gone", style.Props{}.Hidden(true))
	doc := document.New(&sheet)
	tile := doc.Add(doc.Root(), document.Box, "tile")
	doc.Add(doc.Root(), document.Box, "box")
	clk := &clock.Virtual{}
	w := window.New(doc, window.Options{Clock: clk, Width: 1, Height: 200})
	w.Frame()
	w.Resize(100, 200)
	clk.AdvanceTo(w.NextRefresh())
	doc.AddClass(tile, "gone")
	clk.AdvanceTo(w.NextRefresh())
	old := geom.XYWH(8, 50, 16, 16)
	covered := false
	for _, d := range w.Damage() {
		covered = covered || d.Intersect(old) == old
	}
	assert.True(t, covered, "the box's old place %v lies in the damage %v", old, w.Damage())
}
