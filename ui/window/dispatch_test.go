package window_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// The cases of issue 44: handlers that change the document while their
// input is dispatched, the "delete this row" button of every list first.

// rowSheet is a list of rows, each a label and a remove button, whose
// buttons and rows react to hover.
func rowSheet() *style.Sheet {
	s := &style.Sheet{}
	p := style.Props{}
	s.Define("row", p.Direction(style.Row).Gap(4).Padding(geom.All(2))).On(style.Hover, p.Background(style.RGB(0xee, 0xee, 0xff)))
	s.Define("label", p.Grow(1))
	s.Define("remove", p.Width(style.PxLen(30))).On(style.Hover, p.Background(style.RGB(0xff, 0xcc, 0xcc)))
	s.Define("fresh", p.Height(style.PxLen(12)).Background(style.RGB(0, 0xaa, 0)))
	s.Define("done", p.Height(style.PxLen(40)))
	return s
}

// rowList opens a window over a column of n rows, each a label and a
// remove button; it returns the window, the buttons and the document.
func rowList(n int) (*window.Window, []*document.Node, *document.Document) {
	d := document.New(rowSheet())
	var buttons []*document.Node
	for i := range n {
		row := d.Add(d.Root(), document.Box, "row")
		d.SetText(d.Add(row, document.Text, "label"), fmt.Sprintf("row %d", i))
		b := d.Add(row, document.Button, "remove")
		d.SetText(d.Add(b, document.Text), "×")
		buttons = append(buttons, b)
	}
	w, _ := live(d, 300, 400)
	return w, buttons, d
}

// requireSettled draws w's pending frames and requires them to equal a
// rebuild, its points to route as the rebuild's do, and the hover and
// focus to be elements of the document, the hover the one under the
// pointer at p.
func requireSettled(t *testing.T, w *window.Window, p geom.Point) {
	t.Helper()
	w.Quiet()
	rebuilt := window.New(w.Document().Clone(), window.Options{Width: w.Size().X, Height: w.Size().Y})
	rebuilt.Quiet()
	require.Empty(t, describeDiff(w.Geometry(nil), rebuilt.Geometry(nil)), "geometry")
	require.Empty(t, describeDiff(w.DisplayList(nil), rebuilt.DisplayList(nil)), "display list")
	requireRoutedAsRebuilt(t, w)
	d := w.Document()
	for _, n := range []*document.Node{w.Hover(), w.Focus()} {
		if n != nil {
			require.Same(t, n, d.Node(n.ID()), "%v#%d is hovered or focused and not in the document", n.Kind(), n.ID())
		}
	}
	assert.Same(t, w.HitTest(p.X, p.Y), w.Hover(), "the hover is what is under the pointer")
}

func TestADeleteRowListEmptiesByClicks(t *testing.T) {
	defer counter.Exclusive()()
	const rows = 12
	for _, c := range []struct {
		name string
		// handle registers the handlers of button b and its row.
		handle func(w *window.Window, d *document.Document, b *document.Node)
		// clicks is how many clicks empty a row.
		clicks int
	}{
		{"the button removes its row", func(w *window.Window, d *document.Document, b *document.Node) {
			w.Handle(b, func(window.Button) bool { d.Remove(b.Parent()); return true })
		}, 1},
		// The click ends at the button it removed: the row's handler is
		// not offered it, and the next click lands on the row.
		{"the button removes itself, and a click on the row the row", func(w *window.Window, d *document.Document, b *document.Node) {
			row := b.Parent()
			w.Handle(b, func(window.Button) bool { d.Remove(b); return false })
			w.Handle(row, func(window.Button) bool { d.Remove(row); return false })
		}, 2},
		{"the row removes itself for a click on its button, unconsumed", func(w *window.Window, d *document.Document, b *document.Node) {
			row := b.Parent()
			w.Handle(row, func(window.Button) bool { d.Remove(row); return false })
		}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, buttons, d := rowList(rows)
			for _, b := range buttons {
				c.handle(w, d, b)
			}
			all := slices.Clone(d.Root().Children())
			w.Quiet()
			// The pointer rests on the first row's button and clicks until
			// the list is empty: each row slides up under it.
			x, y := mid(w.Rect(buttons[0]))
			p := geom.Point{X: x, Y: y}
			w.PointerMove(x, y)
			requireSettled(t, w, p)
			require.Same(t, buttons[0], w.Hover())
			for i := range rows * c.clicks {
				frames := w.Frames()
				require.NotPanics(t, func() { w.Click(x, y, window.Left) }, "click %d", i)
				requireSettled(t, w, p)
				require.Equal(t, frames+1, w.Frames(), "click %d: one frame draws the row gone and the hover moved", i)
				row := (i + 1) / c.clicks
				require.Len(t, d.Root().Children(), rows-row, "click %d", i)
				switch {
				case row == rows:
				case (i+1)%c.clicks == 0:
					assert.Same(t, buttons[row], w.Hover(), "click %d: the next row's button slid under the pointer", i)
				default:
					assert.Same(t, all[row], w.Hover(), "click %d: the row is under the pointer", i)
				}
				assert.Nil(t, w.Focus(), "a removed button is not focused")
			}
			assert.Empty(t, d.Root().Children())
			assert.Nil(t, w.Hover())
		})
	}
}

// The keyboard's click goes through the handlers too: Enter on a focused
// button whose handler removes its row activates nothing and leaves the
// focus on no element.
func TestEnterOnAButtonThatRemovesItsRow(t *testing.T) {
	w, buttons, d := rowList(3)
	for _, b := range buttons {
		w.Handle(b, func(window.Button) bool { d.Remove(b.Parent()); return false })
	}
	d.SetState(buttons[1], style.Focus, true)
	w.Quiet()
	require.NotPanics(t, func() { w.Key(window.Enter) })
	assert.Nil(t, w.Focus())
	requireSettled(t, w, geom.Point{X: -1, Y: -1})
	assert.Len(t, d.Root().Children(), 2)
}

// Any change a handler makes while its click is dispatched is drawn as a
// rebuild draws it; what is removed is neither focused nor activated, and
// what is left takes the click as the document now has it.
func TestHandlersChangeTheDocumentDuringDispatch(t *testing.T) {
	defer counter.Exclusive()()
	for _, c := range []struct {
		name string
		// on builds the handler for the clicked checkbox cb in its row.
		on   func(w *window.Window, d *document.Document, row, cb *document.Node) func(window.Button) bool
		want func(t *testing.T, w *window.Window, row, cb *document.Node)
	}{
		{"insert before the clicked element",
			func(_ *window.Window, d *document.Document, _, cb *document.Node) func(window.Button) bool {
				return func(window.Button) bool { d.InsertBefore(cb, document.Box, "fresh"); return false }
			},
			func(t *testing.T, w *window.Window, row, cb *document.Node) {
				assert.Len(t, row.Children(), 3)
				assert.NotZero(t, cb.State()&style.Checked, "the click went on to check it")
				assert.Same(t, cb, w.Focus())
			}},
		{"a class that grows the row", func(_ *window.Window, d *document.Document, row, _ *document.Node) func(window.Button) bool {
			return func(window.Button) bool { d.AddClass(row, "done"); return false }
		}, func(t *testing.T, w *window.Window, row, cb *document.Node) {
			assert.Equal(t, float32(40), w.Rect(row).H)
			assert.NotZero(t, cb.State()&style.Checked)
		}},
		{"disabled by its own handler", func(_ *window.Window, d *document.Document, _, cb *document.Node) func(window.Button) bool {
			return func(window.Button) bool { d.SetState(cb, style.Disabled, true); return false }
		}, func(t *testing.T, w *window.Window, _, cb *document.Node) {
			assert.Zero(t, cb.State()&style.Checked, "a control disabled by the handler is not activated")
			assert.Nil(t, w.Focus(), "nor focused")
		}},
		{"an ancestor's handler removes the clicked element", func(_ *window.Window, d *document.Document, _, cb *document.Node) func(window.Button) bool {
			return func(window.Button) bool { d.Remove(cb); return false }
		}, func(t *testing.T, w *window.Window, row, cb *document.Node) {
			assert.Len(t, row.Children(), 1)
			assert.Zero(t, cb.State()&(style.Checked|style.Focus))
			assert.Nil(t, w.Focus())
		}},
		{"the handler scrolls and removes a handler further up", func(w *window.Window, d *document.Document, row, _ *document.Node) func(window.Button) bool {
			return func(window.Button) bool { w.Handle(row.Parent(), nil); d.SetScrollY(row.Parent(), 50); return false }
		}, func(t *testing.T, w *window.Window, row, _ *document.Node) {
			assert.Equal(t, float32(50), row.Parent().ScrollY())
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := document.New(rowSheet())
			sc := d.Add(d.Root(), document.Scroll, "")
			var row, cb *document.Node
			for i := range 30 {
				r := d.Add(sc, document.Box, "row")
				d.SetText(d.Add(r, document.Text, "label"), fmt.Sprintf("row %d", i))
				c := d.Add(r, document.Checkbox, "remove")
				if i == 2 {
					row, cb = r, c
				}
			}
			w, _ := live(d, 300, 200)
			onRow := c.on(w, d, row, cb)
			if c.name == "an ancestor's handler removes the clicked element" {
				w.Handle(row, onRow)
			} else {
				w.Handle(cb, onRow)
			}
			w.Handle(sc, func(window.Button) bool { return false })
			w.Quiet()
			x, y := mid(w.Rect(cb))
			w.PointerMove(x, y)
			w.Quiet()
			require.NotPanics(t, func() { w.Click(x, y, window.Left) })
			requireSettled(t, w, geom.Point{X: x, Y: y})
			c.want(t, w, row, cb)
		})
	}
}
