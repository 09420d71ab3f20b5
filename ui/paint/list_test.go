package paint_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// listed is a renderer that reads the frame's display list as a drawing
// renderer does: walked in draw order and placed, and asked for the chunks
// meeting the viewport.
type listed struct {
	prims         []paint.Primitive
	len, walked   int
	met, placedIn int
	text          paint.TextPainter
}

func (*listed) Caps() renderer.Caps { return renderer.Caps{Name: "listed"} }

func (r *listed) Frame(f *paint.Frame) error {
	r.prims, r.len, r.walked, r.placedIn = r.prims[:0], f.List.Len(), 0, 0
	for c := f.List.Head(); c != nil; c = c.Next() {
		r.walked++
		off, clip := f.List.Placement(c.Space)
		if c.Bounds.Translate(off).Intersect(clip).Intersects(f.Viewport) {
			r.placedIn++
		}
		for _, p := range c.Prims {
			p.Rect = p.Rect.Translate(off)
			if p.Rect.Intersects(clip) {
				r.prims = append(r.prims, p)
			}
		}
	}
	met, _ := f.List.Meeting(nil, []geom.Rect{f.Viewport})
	r.met = len(met)
	r.text = f.List.Text()
	return nil
}

// The frame's List is the display list the painter holds, read-only: what
// a renderer walks and places is what the window resolves, and a query
// finds the chunks in view.
func TestTheFramesListIsTheDisplayList(t *testing.T) {
	defer counter.Exclusive()()
	var sheet style.Sheet
	sheet.Define("tile", style.Props{}.Height(style.PxLen(50)).Background(red))
	d := document.New(&sheet)
	for range 6 {
		d.Add(d.Root(), document.Box, "tile")
	}
	r := &listed{}
	w := window.New(d, window.Options{Clock: &clock.Virtual{}, Width: 100, Height: 200, Renderer: r})
	w.Frame()
	want := w.DisplayList(nil)
	require.Len(t, want, 4, "tiles 4 and 5 lie below the viewport")
	assert.Equal(t, want, r.prims)
	assert.Equal(t, r.walked, r.len)
	assert.Equal(t, 6, r.walked, "every tile has its chunk, in view or not")
	assert.Equal(t, r.placedIn, r.met)
	assert.Equal(t, 4, r.met)
	assert.NotNil(t, r.text, "the window's text stage")
}
