package monkey_test

import (
	"testing"

	"github.com/perfbench/perfbench/internal/check/gates"
	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// FuzzLiveEqualsRebuild reads a document and a sequence of steps from the
// fuzzer's bytes — the first byte picks the gallery or a generated
// document, the generator and the driver read their choices from the
// rest — and requires after every step what the verify gate requires
// (gates.Checker): the live window draws exactly what a window rebuilt
// from nothing over the same document draws, points reach the same
// element on both, and an input-only step replayed on the previous
// step's rebuild leaves the same hover, focus and element states — the
// invariants every incremental stage must keep.
func FuzzLiveEqualsRebuild(f *testing.F) {
	f.Add([]byte{0, 3, 5, 1, 2, 7, 6, 2, 4, 9, 1, 1, 40, 80, 33, 12, 90, 7})
	f.Add([]byte{1, 120, 2, 5, 0, 8, 3, 9, 0, 2, 40, 3, 200, 17, 64, 99, 130, 7, 7, 1})
	f.Add([]byte{1, 200, 7, 1, 4, 1, 4, 0, 6, 5, 0, 0, 8, 1, 9, 9, 66, 45, 91, 12, 250, 3, 3, 77})
	// Hostile (draw 124–127 of 132) and Misuse (128–131) steps over the
	// gallery: input to drop, far points, refusals and clamps.
	f.Add([]byte{0, 1, 125, 3, 0, 1, 1, 1, 129, 1, 0, 3, 1, 126, 1, 6, 0, 1, 130, 2, 2, 1, 1, 127, 5, 2, 1, 131, 0, 1})
	f.Add([]byte{0, 1, 124, 1, 2, 9, 1, 128, 1, 1, 4, 1, 125, 7, 3, 1, 129, 2, 0, 1, 1, 126, 0, 1, 0, 1, 128, 3, 2, 4})
	// Over the gallery: its list given 10^8 rows and scrolled to the end,
	// a class redefined 10^9 px tall, and a rule refused for a Grow of
	// +Inf (farContent and the style misuse).
	f.Add([]byte{0, 1, 125, 1, 0, 2, 2, 9, 1, 1, 0, 1, 125, 1, 1, 3, 2, 0, 2, 3, 3, 1, 2, 131, 3, 2, 4, 4, 6, 6, 5, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 {
			data = data[:512]
		}
		defer counter.Exclusive()()
		src := &monkey.Bytes{B: data}
		var doc *document.Document
		if src.IntN(2) == 0 {
			doc = gallery.Build(gallery.S0, gallery.Options{TableRows: 20}).Doc
		} else {
			doc = monkey.Generate(src, 20+src.IntN(200))
		}
		clk := &clock.Virtual{}
		w := window.New(doc, window.Options{Clock: clk, NoAnimation: true})
		w.Quiet()
		drv := monkey.NewDriver(w, clk, src)
		chk := &gates.Checker{Drv: drv}
		defer chk.Close()
		var done []string
		for i := 0; i < 64 && !src.Exhausted(); i++ {
			done = append(done, drv.Step()...)
			d, differ, err := chk.Check()
			if err != nil {
				t.Fatal(err)
			}
			if differ {
				t.Fatalf("step %d: %v\nactions: %q", i, d, done)
			}
		}
		if chk.Points == 0 && len(done) > 0 {
			t.Fatalf("%d actions and no routing point checked", len(done))
		}
	})
}
