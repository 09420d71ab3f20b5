package window_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// A window with Options.Work hands over, element by element, every
// restyle, relayout, emitted primitive and draw-order insertion its
// counters count, with why each element was queued, and does the same
// work as one without.
func TestWorkNamesTheElements(t *testing.T) {
	defer counter.Exclusive()()
	var got []window.Work
	g, w, clk := open(t, gallery.S13, gallery.Options{}, window.Options{Work: func(k window.Work) { got = append(got, k) }})
	pg, plain, pclk := open(t, gallery.S13, gallery.Options{}, window.Options{})
	row := g.TableRows[3]
	x, y := center(w.Rect(row))
	for _, c := range []struct {
		name, why string
		do        func(g *gallery.Gallery, w *window.Window)
	}{
		{"hover", "hover", func(g *gallery.Gallery, w *window.Window) { w.PointerMove(x, y) }},
		{"text", "text", func(g *gallery.Gallery, w *window.Window) {
			w.Document().SetText(g.TableRows[3].Children()[0], "a longer text than the cell had")
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got = nil
			d := step(w, clk, func() { c.do(g, w) })
			pd := step(plain, pclk, func() { c.do(pg, plain) })
			assert.Equal(t, pd, d, "recording changes no count")
			sum := map[string]uint64{}
			whys := map[string]bool{}
			for _, k := range got {
				sum[k.Count] += k.N
				whys[k.Why] = true
				assert.Contains(t, k.Element, "#", "an element named by kind and ID")
			}
			for _, k := range []counter.Counter{counter.ElementsRestyled, counter.NodesRelaidOut, counter.PrimitivesEmitted, counter.DrawOrderInsertions} {
				assert.Equal(t, d.Get(k), sum[k.String()], "every %s named", k)
			}
			assert.True(t, whys[c.why], "queued for %s: %+v", c.why, got)
		})
	}
	// The row entered is named as the one restyled for hover.
	got = nil
	x2, y2 := center(w.Rect(g.TableRows[5]))
	step(w, clk, func() { w.PointerMove(x2, y2) })
	name := "#" + strconv.Itoa(int(g.TableRows[5].ID()))
	found := false
	for _, k := range got {
		if k.Count == "ElementsRestyled" && k.Why == "hover" && strings.Contains(k.Element+".", name+".") {
			found = true
		}
	}
	require.True(t, found, "%+v", got)
}
