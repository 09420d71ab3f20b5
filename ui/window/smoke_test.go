package window_test

import (
	"testing"
	"time"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

func TestSmoke(t *testing.T) {
	defer counter.Exclusive()()
	for _, sz := range []gallery.Size{gallery.S1, gallery.S13, gallery.S26} {
		g := gallery.Build(sz, gallery.Options{})
		var clk clock.Virtual
		before := counter.Take()
		start := time.Now()
		w := window.New(g.Doc, window.Options{Clock: &clk})
		w.Quiet()
		t.Logf("%v: first frames %v: %v", sz, time.Since(start), before.Delta(counter.Take()))
		t.Logf("chunks %d", w.ChunkCount())
		r := w.Rect(g.Check)
		before = counter.Take()
		w.Click(r.X+2, r.Y+2, window.Left)
		clk.Advance(20 * time.Millisecond)
		t.Logf("click check %v: %v", r, before.Delta(counter.Take()))
		rr := w.Rect(g.TableRows[3])
		before = counter.Take()
		w.PointerMove(rr.X+5, rr.Y+5)
		clk.Advance(20 * time.Millisecond)
		t.Logf("hover %v: %v", rr, before.Delta(counter.Take()))
		lr := w.Rect(g.List)
		before = counter.Take()
		w.Wheel(lr.X+5, lr.Y+5, 7)
		clk.Advance(20 * time.Millisecond)
		t.Logf("wheel list %v: %v", lr, before.Delta(counter.Take()))
		before = counter.Take()
		w.Wheel(lr.X+5, lr.Y+5, 40)
		clk.Advance(20 * time.Millisecond)
		t.Logf("wheel list 40: %v", before.Delta(counter.Take()))
		before = counter.Take()
		w.Resize(1000, 800)
		clk.Advance(20 * time.Millisecond)
		t.Logf("resize: %v", before.Delta(counter.Take()))
	}
}
