package phase

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window"
)

// TourStep is one input of a Tour: its name for a failure message, and
// what it does to the window (without the refresh that draws it).
type TourStep struct {
	Name string
	Do   func()
}

// Tour is a short drive through the shipped gallery that makes every kind
// of primitive change at least once: two hovers over table rows, a click
// on a checkbox and on a slider, a wheel over the table and over the
// virtualised list, and a resize. Renderers' picture tests (CPU against a
// rebuild, GPU against the CPU) walk it step by step, refreshing after
// each.
func (d *Driver) Tour() []TourStep {
	centre := func(n *document.Node) (float32, float32) { return center(d.W.Rect(n)) }
	click := func(n *document.Node) func() {
		return func() { x, y := centre(n); d.W.Click(x, y, window.Left) }
	}
	wheel := func(n *document.Node, dy float32) func() {
		return func() { x, y := centre(n); d.W.Wheel(x, y, dy) }
	}
	return []TourStep{
		{"hover row 3", func() { d.W.PointerMove(centre(d.G.TableRows[3])) }},
		{"hover row 4", func() { d.W.PointerMove(centre(d.G.TableRows[4])) }},
		{"click checkbox", click(d.G.Check)},
		{"wheel table", wheel(d.G.TableScroll, 37)},
		{"wheel list", wheel(d.G.List, 95)},
		{"click slider", click(d.G.Slider)},
		{"resize", func() { d.W.Resize(1000, 700) }},
	}
}
