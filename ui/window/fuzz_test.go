package window_test

import (
	"testing"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window"
)

// FuzzLiveEqualsRebuild drives the smallest gallery through an arbitrary
// sequence of interactions, two bytes each, and requires that the live
// window then draws exactly what a window rebuilt from nothing over the
// same document draws: the invariant every incremental stage must keep.
func FuzzLiveEqualsRebuild(f *testing.F) {
	f.Add([]byte{0, 3, 5, 1, 2, 7, 6, 2, 4, 9, 1, 1})    // hover, check, tab 2, tab 1…
	f.Add([]byte{5, 2, 5, 0, 8, 3, 9, 0, 2, 40, 3, 200}) // tabs back to back, typing, wheels
	f.Add([]byte{7, 1, 4, 1, 4, 0, 6, 5, 0, 0, 8, 1, 9, 9})
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) > 64 {
			script = script[:64]
		}
		defer counter.Exclusive()()
		g := gallery.Build(gallery.S0, gallery.Options{})
		clk := &clock.Virtual{}
		w := window.New(g.Doc, window.Options{Clock: clk})
		w.Quiet()
		strip := g.Tabs.Children()[0].Children()
		at := func(n *document.Node) (float32, float32) { return center(w.Rect(n)) }
		for i := 0; i+1 < len(script); i += 2 {
			op, arg := script[i]%10, int(script[i+1])
			switch op {
			case 0:
				x, y := at(g.TableRows[arg%len(g.TableRows)])
				w.PointerMove(x, y)
			case 1:
				x, y := at(g.Check)
				w.Click(x, y, window.Left)
			case 2:
				x, y := at(g.List)
				w.Wheel(x, y, float32(arg)-100)
			case 3:
				x, y := at(g.Rigid)
				w.Wheel(x, y, float32(arg)-100)
			case 4:
				x, y := at(g.TableScroll)
				w.Wheel(x, y, float32(arg)-100)
			case 5:
				x, y := at(strip[arg%len(strip)])
				w.Click(x, y, window.Left)
			case 6:
				w.Key([]window.Key{window.Tab, window.BackTab, window.Backspace, window.Space, window.ArrowLeft}[arg%5])
			case 7:
				w.Type(string(rune('a' + arg%26)))
			case 8:
				w.Resize(float32(700+arg*2), float32(500+arg))
			case 9:
				x, y := at(g.Radios[arg%len(g.Radios)])
				w.Click(x, y, window.Left)
			}
			if arg%3 == 0 {
				clk.AdvanceTo(w.NextRefresh()) // otherwise the next input joins the same frame
			}
		}
		clk.AdvanceTo(w.NextRefresh())
		rebuilt := window.New(g.Doc.Clone(), window.Options{Width: w.Size().X, Height: w.Size().Y})
		rebuilt.Quiet()
		if d := describeDiff(w.DisplayList(nil), rebuilt.DisplayList(nil)); d != "" {
			t.Fatalf("display list: %s", d)
		}
		if d := describeDiff(w.Geometry(nil), rebuilt.Geometry(nil)); d != "" {
			t.Fatalf("geometry: %s", d)
		}
	})
}
