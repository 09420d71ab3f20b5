//go:build !race

package window_test

import (
	"fmt"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// hoverFrameAllocs is the pinned figure: a steady-state hover frame at s13
// (a pointer crossing from one table row to the next, and the frame that
// repaints both) allocates nothing.
const hoverFrameAllocs = 0

func TestHoverFrameAllocatesNothing(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S13, gallery.Options{}, window.Options{})
	var ys [2]float32
	var x float32
	for i := range ys {
		x, ys[i] = center(w.Rect(g.TableRows[i+3]))
	}
	// Warm up: both rows hovered once, so every buffer has its size.
	for i := range 4 {
		step(w, clk, func() { w.PointerMove(x, ys[i%2]) })
	}
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		i++
		w.PointerMove(x, ys[i%2])
		clk.AdvanceTo(w.NextRefresh())
	})
	t.Logf("allocations per hover frame at s13: %v", allocs)
	assert.Equal(t, float64(hoverFrameAllocs), allocs)
}

// frameBytes returns the bytes the heap allocated while f ran.
func frameBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Content far down the page costs what is in view, not the pixels above
// it: the hit index and the painter's bands were sized by a space's
// height in bands, so the frame that scrolled a list of 800 000 rows to
// its end allocated 16 MB, and the first frame of an element 10^7 px tall
// 44 MB (one 10^9 px tall: 12 GB and two minutes). Now they allocate
// 0.7 and 4.1 MB, as much at 10^9 px; each bound is twice that.
func TestContentFarDownCostsWhatIsInView(t *testing.T) {
	defer counter.Exclusive()()
	t.Run("a list scrolled to the end of 800 000 rows", func(t *testing.T) {
		s := caseSheet()
		s.Define("port", style.Props{}.Height(style.PxLen(200)))
		d := document.New(s)
		l := d.Add(d.Root(), document.List, "port hot")
		d.SetList(l, &document.ListModel{Rows: 800_000, RowHeight: 20, RowClass: "tile hot",
			Label: func(i int) string { return strconv.Itoa(i) }})
		w, clk := live(d, 300, 400)
		w.Quiet()
		d.SetScrollY(l, 1e9) // past the end: the end
		got := frameBytes(func() { clk.AdvanceTo(w.NextRefresh()) })
		assert.Less(t, got, uint64(3<<19), "bytes")
		assert.Equal(t, float32(800_000*20-200), l.ScrollY())
		requireRoutedAsRebuilt(t, w)
	})
	for _, h := range []float32{1e7, 1e9} {
		t.Run(fmt.Sprintf("an element %g px tall in a scroll container", h), func(t *testing.T) {
			s := hotSheet()
			s.Define("tall", style.Props{}.Height(style.PxLen(h)))
			d := document.New(s)
			sc := d.Add(d.Root(), document.Scroll, "fixed")
			tall := d.Add(sc, document.Box, "tall hot")
			d.Add(tall, document.Box, "tile hot")
			w := window.New(d, window.Options{Width: 300, Height: 400})
			got := frameBytes(w.Frame)
			require.Less(t, got, uint64(8<<20), "bytes")
			d.SetScrollY(sc, h/2)
			w.Quiet()
			requireRoutedAsRebuilt(t, w)
		})
	}
}
