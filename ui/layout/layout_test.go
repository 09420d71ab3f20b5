package layout_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/layout"
	"github.com/perfbench/perfbench/ui/style"
)

// fixedText measures every text as 8 px per byte, 10 px tall, wrapping at
// the width by whole bytes: simple enough to check positions by hand.
type fixedText struct{}

func (fixedText) Measure(n *document.Node, cs *style.Computed, maxW float32) geom.Point {
	w := float32(len(n.Text())) * 8
	if maxW > 0 && w > maxW {
		lines := (w + maxW - 1) / maxW
		return geom.Point{X: maxW, Y: 10 * float32(int(lines))}
	}
	return geom.Point{X: w, Y: 10}
}

func (fixedText) Natural(n *document.Node, _ *style.Computed) float32 {
	return float32(len(n.Text())) * 8
}

type tree struct {
	d    *document.Document
	e    *layout.Engine
	ss   []style.Computed
	root *document.Node // the container under test, stretched to the viewport's width
}

func newTree(container style.Props) (*tree, *style.Sheet) {
	var sheet style.Sheet
	sheet.Define("c", container)
	sheet.Define("top", style.Props{}.AlignItems(style.Stretch))
	d := document.New(&sheet, "top")
	c := d.Add(d.Root(), document.Box, "c")
	return &tree{d: d, e: &layout.Engine{Doc: d, Text: fixedText{}}, root: c}, &sheet
}

// run computes styles for every node and lays the tree out.
func (tr *tree) run(w, h float32) layout.Changed {
	tr.ss = make([]style.Computed, tr.d.Cap())
	document.Walk(tr.d.Root(), func(n *document.Node) bool {
		var parent *style.Computed
		if p := n.Parent(); p != nil {
			parent = &tr.ss[p.ID()]
		}
		tr.d.Sheet.Compute(&tr.ss[n.ID()], n.Kind().Defaults(), n.Classes(), n.State(), parent)
		return true
	})
	tr.e.Styles = tr.ss
	var ch document.Changes
	tr.d.TakeChanges(&ch)
	for _, n := range ch.Boxes {
		tr.e.Rebuild(n)
	}
	return tr.e.Run(geom.Point{X: w, Y: h})
}

func (tr *tree) rect(n *document.Node) geom.Rect {
	b := tr.e.Box(n.ID())
	return geom.Rect{X: b.Pos.X, Y: b.Pos.Y, W: b.Size.X, H: b.Size.Y}
}

func TestColumnStretchesAndStacksWithGapAndMargins(t *testing.T) {
	tr, sheet := newTree(style.Props{}.Padding(geom.All(10)).Gap(5))
	sheet.Define("a", style.Props{}.Height(style.PxLen(20)).Margin(geom.Edges{Top: 3}))
	sheet.Define("b", style.Props{}.Height(style.PxLen(30)).Width(style.Pct(50)))
	a := tr.d.Add(tr.root, document.Box, "a")
	b := tr.d.Add(tr.root, document.Box, "b")
	tr.run(200, 100)
	assert.Equal(t, geom.XYWH(10, 13, 180, 20), tr.rect(a), "stretched to the inner width, below its margin")
	assert.Equal(t, geom.XYWH(10, 38, 90, 30), tr.rect(b), "50% of the inner width, after the gap")
}

func TestRowGrowShrinkJustifyAlign(t *testing.T) {
	tr, sheet := newTree(style.Props{}.Direction(style.Row).Height(style.PxLen(40)).AlignItems(style.Center))
	sheet.Define("fixed", style.Props{}.Width(style.PxLen(50)).Height(style.PxLen(10)))
	sheet.Define("grow", style.Props{}.Grow(1).Height(style.PxLen(20)))
	f := tr.d.Add(tr.root, document.Box, "fixed")
	g := tr.d.Add(tr.root, document.Box, "grow")
	tr.run(200, 100)
	assert.Equal(t, geom.XYWH(0, 15, 50, 10), tr.rect(f))
	assert.Equal(t, geom.XYWH(50, 10, 150, 20), tr.rect(g), "takes the free space, centred on the cross axis")

	tr2, sheet2 := newTree(style.Props{}.Direction(style.Row).Justify(style.SpaceBetween))
	sheet2.Define("w", style.Props{}.Width(style.PxLen(30)).Height(style.PxLen(10)).Shrink(0))
	xs := []*document.Node{tr2.d.Add(tr2.root, document.Box, "w"), tr2.d.Add(tr2.root, document.Box, "w"), tr2.d.Add(tr2.root, document.Box, "w")}
	tr2.run(150, 100)
	assert.Equal(t, float32(0), tr2.rect(xs[0]).X)
	assert.Equal(t, float32(60), tr2.rect(xs[1]).X)
	assert.Equal(t, float32(120), tr2.rect(xs[2]).X)

	tr3, sheet3 := newTree(style.Props{}.Direction(style.Row))
	sheet3.Define("w", style.Props{}.Width(style.PxLen(100)).Height(style.PxLen(10)))
	s1, s2 := tr3.d.Add(tr3.root, document.Box, "w"), tr3.d.Add(tr3.root, document.Box, "w")
	tr3.run(150, 100)
	assert.Equal(t, float32(75), tr3.rect(s1).W, "both shrink by half the overflow")
	assert.Equal(t, float32(75), tr3.rect(s2).X)
}

func TestShrinkToFitCentresWithinItsOwnWidth(t *testing.T) {
	tr, sheet := newTree(style.Props{}.AlignItems(style.Start))
	sheet.Define("btn", style.Props{}.Direction(style.Row).Justify(style.Center).Padding(geom.Sym(0, 10)))
	btn := tr.d.Add(tr.root, document.Box, "btn")
	label := tr.d.Add(btn, document.Text)
	tr.d.SetText(label, "Apply") // 40 px
	tr.run(500, 100)
	assert.Equal(t, float32(60), tr.rect(btn).W)
	assert.Equal(t, geom.XYWH(10, 0, 40, 10), tr.rect(label), "the label sits in the button, not in the available width")
}

func TestTextWrapsAtTheContainerWidth(t *testing.T) {
	tr, sheet := newTree(style.Props{})
	sheet.Define("col", style.Props{}.Width(style.PxLen(100)))
	txt := tr.d.Add(tr.d.Add(tr.root, document.Box, "col"), document.Text)
	tr.d.SetText(txt, "twenty-five bytes of text") // 200 px at 8 px a byte
	tr.run(300, 100)
	assert.Equal(t, geom.XYWH(0, 0, 100, 20), tr.rect(txt))
}

func TestAbsoluteOverlayIsOutOfFlow(t *testing.T) {
	tr, sheet := newTree(style.Props{}.Padding(geom.All(4)).Height(style.PxLen(100)))
	sheet.Define("flow", style.Props{}.Height(style.PxLen(10)))
	sheet.Define("over", style.Props{}.Absolute(style.PxLen(30), style.Pct(50)).Width(style.PxLen(20)).Height(style.PxLen(20)))
	over := tr.d.Add(tr.root, document.Box, "over")
	flow := tr.d.Add(tr.root, document.Box, "flow")
	tr.run(200, 100)
	assert.Equal(t, geom.XYWH(4, 4, 192, 10), tr.rect(flow), "the overlay takes no space in flow")
	assert.Equal(t, geom.XYWH(30, 50, 20, 20), tr.rect(over))
}

func TestHiddenChildrenTakeNoSpace(t *testing.T) {
	tr, sheet := newTree(style.Props{})
	sheet.Define("h", style.Props{}.Height(style.PxLen(10)))
	sheet.Define("hidden", style.Props{}.Hidden(true))
	tr.d.Add(tr.root, document.Box, "h hidden")
	b := tr.d.Add(tr.root, document.Box, "h")
	tr.run(100, 100)
	assert.Equal(t, float32(0), tr.rect(b).Y)
}

// A change inside the tree that does not change the node's size relays
// out that node only; its ancestors walk down to it and hold everything
// else.
func TestCachedLayoutHoldsCleanSubtrees(t *testing.T) {
	defer counter.Exclusive()()
	tr, sheet := newTree(style.Props{})
	sheet.Define("row", style.Props{}.Direction(style.Row))
	sheet.Define("cell", style.Props{}.Width(style.PxLen(50)))
	var cells []*document.Node
	for range 10 {
		r := tr.d.Add(tr.root, document.Box, "row")
		for range 4 {
			c := tr.d.Add(r, document.Text, "cell")
			tr.d.SetText(c, "x")
			cells = append(cells, c)
		}
	}
	tr.run(400, 400)

	before := counter.Take()
	ch := tr.run(400, 400)
	d := before.Delta(counter.Take())
	assert.Zero(t, d.NodesRelaidOut, "nothing changed: nothing relaid out")
	assert.Empty(t, ch.Moved)

	tr.d.SetText(cells[17], "y") // same width
	before = counter.Take()
	ch = tr.run(400, 400)
	d = before.Delta(counter.Take())
	assert.Equal(t, uint64(1), d.NodesRelaidOut, "only the changed cell")
	assert.Empty(t, ch.Moved)
	assert.Empty(t, ch.Resized)
	assert.LessOrEqual(t, d.NodesVisited, uint64(2*(cells[17].Depth()+1)))

	tr.d.SetText(cells[17], "a much longer text") // 144 px > 50: still 50 wide, taller
	before = counter.Take()
	ch = tr.run(400, 400)
	d = before.Delta(counter.Take())
	require.NotEmpty(t, ch.Resized)
	assert.NotZero(t, d.LayoutsHeld, "the other cells are held")
	assert.Less(t, d.NodesRelaidOut, uint64(10), "the other rows are not relaid out")
}

// A row's items are measured by their max-content width (their text
// unwrapped), and an overflow shrinks them in proportion to it.
func TestRowItemsShrinkFromTheirMaxContentWidth(t *testing.T) {
	tr, sheet := newTree(style.Props{}.Direction(style.Row))
	sheet.Define("t", style.Props{})
	a, b := tr.d.Add(tr.root, document.Text, "t"), tr.d.Add(tr.root, document.Text, "t")
	tr.d.SetText(a, "abcd")     // 32 px
	tr.d.SetText(b, "abcdefgh") // 64 px
	tr.run(60, 100)
	assert.Equal(t, geom.XYWH(0, 0, 20, 20), tr.rect(a), "32 less a third of the 36 px overflow, wrapped")
	assert.Equal(t, geom.XYWH(20, 0, 40, 20), tr.rect(b), "64 less two thirds")
	tr.run(200, 100)
	assert.Equal(t, geom.XYWH(0, 0, 32, 10), tr.rect(a), "room for both: each at its max-content width")
	assert.Equal(t, geom.XYWH(32, 0, 64, 10), tr.rect(b))
}

// An item whose max-content width changed is measured again even when
// its layout at the old width answers the same: the row's layout reads
// the basis as well as the item's size.
func TestRowReadsAChangedBasis(t *testing.T) {
	tr, sheet := newTree(style.Props{}.Direction(style.Row))
	sheet.Define("t", style.Props{})
	sheet.Define("w", style.Props{}.Width(style.PxLen(10)).Height(style.PxLen(10)))
	txt := tr.d.Add(tr.root, document.Text, "t")
	box := tr.d.Add(tr.root, document.Box, "w")
	tr.d.SetText(txt, "abcd") // 32 px
	tr.run(200, 100)
	require.Equal(t, float32(32), tr.rect(box).X)
	tr.d.SetText(txt, "ab") // 16 px, which at 32 px answers 32 × 10 as before
	tr.run(200, 100)
	assert.Equal(t, float32(16), tr.rect(txt).W)
	assert.Equal(t, float32(16), tr.rect(box).X, "the box follows the shorter text")
}

// A width change lays out what changes width and holds the rest: the
// items of a row keep their max-content widths, so neither they nor their
// bases are computed again.
func TestWidthChangeHoldsRowItemsThatKeepTheirWidth(t *testing.T) {
	defer counter.Exclusive()()
	tr, sheet := newTree(style.Props{})
	sheet.Define("row", style.Props{}.Direction(style.Row).Gap(4))
	sheet.Define("cell", style.Props{})
	for range 10 {
		r := tr.d.Add(tr.root, document.Box, "row")
		for range 3 {
			tr.d.SetText(tr.d.Add(r, document.Text, "cell"), "cell")
		}
	}
	tr.run(400, 400)
	before := counter.Take()
	tr.run(410, 400)
	d := before.Delta(counter.Take())
	assert.Equal(t, uint64(12), d.NodesRelaidOut, "the root, the container and its 10 rows: each once")
	assert.Equal(t, uint64(30), d.LayoutsHeld, "the 30 cells")
	assert.Zero(t, d.IntrinsicWidths, "the bases outlive the width")
	assert.Zero(t, d.TextMeasured)
}
