package window_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// The overflow case of issue 44 and its neighbours: finite style values
// whose sums and products pass float32's range. Every one lays out to
// finite geometry, equal to a rebuild's.

// huge are finite sizes past what any sum of a few stays inside: the
// largest float32, a tenth of it, 10^30, and twice style.MaxLength.
var huge = []float32{math.MaxFloat32, math.MaxFloat32 / 10, 1e30, 2 * style.MaxLength}

// finiteRect reports whether r's origin, size and far corner are finite.
func finiteRect(r geom.Rect) bool {
	for _, v := range [6]float32{r.X, r.Y, r.W, r.H, r.X + r.W, r.Y + r.H} {
		if v-v != 0 {
			return false
		}
	}
	return true
}

// requireFinite requires every element's geometry, every primitive drawn
// and every scroller's content height in w to be finite, and w to equal a
// rebuild.
func requireFinite(t *testing.T, w *window.Window) {
	t.Helper()
	for i, g := range w.Geometry(nil) {
		require.True(t, finiteRect(g.Rect), "element %d (%v at depth %d): %+v", i, g.Kind, g.Depth, g.Rect)
	}
	for i, p := range w.DisplayList(nil) {
		require.True(t, finiteRect(p.Rect), "primitive %d (%v): %+v", i, p.Kind, p.Rect)
	}
	document.Walk(w.Document().Root(), func(n *document.Node) bool {
		if b := w.Box(n); b.ContentH-b.ContentH != 0 {
			t.Fatalf("%v#%d: content height %g", n.Kind(), n.ID(), b.ContentH)
		}
		return true
	})
	rebuilt := window.New(w.Document().Clone(), window.Options{Width: w.Size().X, Height: w.Size().Y})
	rebuilt.Quiet()
	require.Empty(t, describeDiff(w.Geometry(nil), rebuilt.Geometry(nil)), "geometry")
	require.Empty(t, describeDiff(w.DisplayList(nil), rebuilt.DisplayList(nil)), "display list")
	requireRoutedAsRebuilt(t, w)
}

func TestFiniteStyleValuesGiveFiniteGeometry(t *testing.T) {
	defer counter.Exclusive()()
	p := style.Props{}
	for _, c := range []struct {
		name string
		// rule is the rule of class "x" for the value v; build adds
		// elements of class "x" (and others) under root.
		rule  func(v float32) style.Props
		build func(d *document.Document, root *document.Node)
	}{
		{"a row of two children each v wide", func(v float32) style.Props { return p.Width(style.PxLen(v)) }, row(2, "x")},
		{"a column of two children each v tall", func(v float32) style.Props { return p.Height(style.PxLen(v)) }, column(2, "x")},
		{"a row of three with a gap of v", func(v float32) style.Props { return p.Gap(v).Direction(style.Row) }, parentOf(3, "x", "leaf")},
		{"a column of three with a gap of v", func(v float32) style.Props { return p.Gap(v) }, parentOf(3, "x", "leaf")},
		{"padding v, nested three deep", func(v float32) style.Props { return p.Padding(geom.All(v)) }, nested(3, "x")},
		{"a margin of v on a row's items", func(v float32) style.Props { return p.Margin(geom.All(v)) }, row(3, "x")},
		{"a margin of -v on a column's items", func(v float32) style.Props { return p.Margin(geom.All(-v)) }, column(3, "x")},
		{"a border of v, nested", func(v float32) style.Props { return p.Border(v, style.RGB(1, 2, 3)) }, nested(2, "x")},
		{"a min width and height of v", func(v float32) style.Props { return p.MinWidth(v).MinHeight(v) }, row(2, "x")},
		{"v% wide, nested three deep", func(v float32) style.Props { return p.Width(style.Pct(v)).Height(style.Pct(v)) }, nested(3, "x")},
		{"v wide and v tall, negative", func(v float32) style.Props { return p.Width(style.PxLen(-v)).Height(style.PxLen(-v)) }, row(2, "x")},
		{"grow v in a row of fixed width", func(v float32) style.Props { return p.Grow(v) }, row(3, "x")},
		{"shrink v of items v wide", func(v float32) style.Props { return p.Shrink(v).Width(style.PxLen(v)) }, row(3, "x")},
		{"absolute at v, v", func(v float32) style.Props { return p.Absolute(style.PxLen(v), style.PxLen(v)).Width(style.PxLen(v)) }, row(2, "x")},
		{"a radius of v", func(v float32) style.Props { return p.Radius(v).Height(style.PxLen(20)).Background(style.RGB(9, 9, 9)) }, row(2, "x")},
		{"a scroll container of items v tall", func(v float32) style.Props { return p.Height(style.PxLen(v)) }, scroller(3, "x")},
		{"every size at v at once", func(v float32) style.Props {
			return p.Width(style.PxLen(v)).Height(style.PxLen(v)).Padding(geom.All(v)).Margin(geom.All(v)).Gap(v).Border(v, 0).MinWidth(v).MinHeight(v).Grow(v).Shrink(v)
		}, nested(3, "x")},
	} {
		for _, v := range huge {
			t.Run(fmt.Sprintf("%s, v=%g", c.name, v), func(t *testing.T) {
				s := &style.Sheet{}
				s.Define("x", c.rule(v))
				s.Define("leaf", p.Width(style.PxLen(20)).Height(style.PxLen(20)).Background(style.RGB(200, 0, 0)))
				s.Define("row", p.Direction(style.Row))
				d := document.New(s)
				c.build(d, d.Root())
				w, clk := live(d, 400, 300)
				requireFinite(t, w)
				// And once more after a change, laid out incrementally.
				d.AddClass(d.Root().Children()[0], "leaf")
				clk.AdvanceTo(w.NextRefresh())
				requireFinite(t, w)
			})
		}
	}
}

// A viewport of any finite size lays out to finite geometry too: what
// the layout adds to a side of it is a saturated style value or a share
// of the side itself.
func TestAHugeViewportGivesFiniteGeometry(t *testing.T) {
	p := style.Props{}
	s := &style.Sheet{}
	s.Define("row", p.Direction(style.Row).Justify(style.End).AlignItems(style.Center))
	s.Define("x", p.Width(style.Pct(200)).Height(style.Pct(100)).Grow(1).Margin(geom.All(style.MaxLength)).Padding(geom.All(style.MaxLength)))
	s.Define("y", p.MinWidth(style.MaxLength).Absolute(style.Pct(100), style.Pct(100)))
	s.Define("fill", p.Grow(1))
	d := document.New(s)
	row(3, "x")(d, d.Root())
	row(2, "y")(d, d.Root())
	column(2, "fill")(d, d.Root())
	for _, v := range huge {
		w, _ := live(d.Clone(), v, v)
		requireFinite(t, w)
		assert.Equal(t, geom.Point{X: v, Y: v}, w.Size(), "the window keeps the size it was given")
	}
}

// A list's model is not a style, but its rows are sizes too: two lists
// of the most rows of the tallest a model takes, one after the other in
// a scroll container, auto height or not, scrolled to the end, lay out
// to finite geometry; rows taller are refused (package document's tests).
func TestListsOfHugeRowsGiveFiniteGeometry(t *testing.T) {
	for _, v := range []float32{style.MaxLength, 1} {
		for _, auto := range []bool{false, true} {
			s := &style.Sheet{}
			s.Define("auto", style.Props{}.Height(style.Length{}))
			d := document.New(s)
			sc := d.Add(d.Root(), document.Scroll)
			for range 2 {
				l := d.Add(sc, document.List)
				if auto {
					d.AddClass(l, "auto")
				}
				d.SetList(l, &document.ListModel{Rows: math.MaxInt, RowHeight: v, Label: func(int) string { return "row" }})
				d.SetScrollY(l, math.MaxFloat32)
			}
			d.SetScrollY(sc, math.MaxFloat32)
			w, _ := live(d, 300, 300)
			w.Quiet()
			requireFinite(t, w)
		}
	}
}

// row adds a row of n elements of class cls with some text each.
func row(n int, cls string) func(d *document.Document, root *document.Node) {
	return func(d *document.Document, root *document.Node) {
		r := d.Add(root, document.Box, "row")
		for i := range n {
			d.SetText(d.Add(d.Add(r, document.Box, cls), document.Text), fmt.Sprint("item ", i))
		}
	}
}

// column adds n elements of class cls under root, with some text each.
func column(n int, cls string) func(d *document.Document, root *document.Node) {
	return func(d *document.Document, root *document.Node) {
		for i := range n {
			d.SetText(d.Add(d.Add(root, document.Box, cls), document.Text), fmt.Sprint("item ", i))
		}
	}
}

// parentOf adds an element of class cls with n children of class kid.
func parentOf(n int, cls, kid string) func(d *document.Document, root *document.Node) {
	return func(d *document.Document, root *document.Node) {
		p := d.Add(root, document.Box, cls)
		for range n {
			d.Add(p, document.Box, kid)
		}
	}
}

// nested adds depth elements of class cls, each inside the last, with a
// row of two more and a text at the bottom.
func nested(depth int, cls string) func(d *document.Document, root *document.Node) {
	return func(d *document.Document, root *document.Node) {
		n := root
		for range depth {
			n = d.Add(n, document.Box, cls)
		}
		row(2, cls)(d, n)
		d.SetText(d.Add(n, document.Text), "bottom")
	}
}

// scroller adds a scroll container of n elements of class cls, scrolled
// far past its end.
func scroller(n int, cls string) func(d *document.Document, root *document.Node) {
	return func(d *document.Document, root *document.Node) {
		sc := d.Add(root, document.Scroll)
		column(n, cls)(d, sc)
		d.SetScrollY(sc, math.MaxFloat32)
	}
}
