package monkey_test

import (
	"testing"

	"github.com/perfbench/perfbench/internal/check/monkey/docgen"

	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/internal/check/verify"
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
// (verify.Checker): the live window draws exactly what a window rebuilt
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
	// Over the gallery: a click handler that changes the document while
	// the click is dispatched — a text that removes itself, each child of
	// a box removing its parent, one inserting before itself, one
	// removing its parent and letting the click through.
	f.Add([]byte{94, 224, 248, 116, 98, 81, 168, 90, 73, 127, 215, 139, 164, 227, 57, 235, 146, 161, 44, 120, 99, 216, 155, 233, 34, 162, 20, 210, 170, 246, 141, 138, 153, 75, 110, 98, 129, 242, 88, 80})
	f.Add([]byte{122, 134, 48, 219, 158, 113, 34, 192, 2, 123, 174, 207, 119, 192, 59, 51, 224, 19, 166, 226, 64, 255, 220, 18, 192, 124, 214, 64, 97, 191, 47, 4, 234, 205, 219, 68, 112, 150, 154, 234})
	f.Add([]byte{68, 247, 251, 213, 216, 209, 110, 179, 86, 24, 15, 13, 36, 138, 17, 117, 46, 134, 36, 71, 129, 14, 203, 113, 190, 128, 209, 14, 89, 148, 33, 12, 113, 107, 142, 106, 82, 144, 220, 245})
	f.Add([]byte{176, 213, 250, 216, 185, 6, 229, 63, 60, 255, 82, 79, 64, 0, 38, 214, 202, 9, 195, 67, 51, 153, 163, 167, 16, 181, 207, 125, 169, 36, 202, 195, 80, 104, 254, 198, 83, 7, 14, 162})
	// Over the gallery: seven classes redefined with sizes past the range
	// (extreme: draw 125, then 15 of 16), which style saturates, and the
	// pointer moved over what they sent a billion pixels away.
	f.Add([]byte{0, 1, 125, 15, 3, 0, 1, 125, 15, 7, 2, 1, 126, 15, 5, 5, 1, 127, 15, 1, 7, 1, 124, 15, 9, 6, 1, 125, 15, 2, 3, 1, 126, 15, 4, 4, 1, 3, 1, 9, 1, 4, 2, 30, 1, 12, 1, 5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 {
			data = data[:512]
		}
		defer counter.Exclusive()()
		src := &docgen.Bytes{B: data}
		var doc *document.Document
		if src.IntN(2) == 0 {
			doc = gallery.Build(gallery.S0, gallery.Options{TableRows: 20}).Doc
		} else {
			doc = docgen.Generate(src, 20+src.IntN(200))
		}
		clk := &clock.Virtual{}
		w := window.New(doc, window.Options{Clock: clk, NoAnimation: true})
		w.Quiet()
		drv := monkey.NewDriver(w, clk, src)
		chk := &verify.Checker{Drv: drv}
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
