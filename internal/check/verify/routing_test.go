package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// A button pushed 3·10^9 px out by paddings a style saturates lies under
// the far point (3e9, 3e9): far routing requires it reached on both
// windows, and fails where only one reaches it.
func TestFarRoutingComparesWhereSaturatedContentLies(t *testing.T) {
	s := &style.Sheet{}
	s.Define("far", style.Props{}.Padding(geom.Edges{Top: style.MaxLength, Left: style.MaxLength}))
	s.Define("big", style.Props{}.Width(style.PxLen(style.MaxLength)).Height(style.PxLen(style.MaxLength)))
	open := func(far bool) *window.Window {
		d := document.New(s)
		n := d.Root()
		for range 3 {
			if far {
				n = d.Add(n, document.Box, "far")
			} else {
				n = d.Add(n, document.Box)
			}
		}
		d.Add(n, document.Button, "big")
		w := window.New(d, window.Options{Width: 400, Height: 300})
		w.Quiet()
		return w
	}
	judge := func(live, rebuilt *window.Window) (Difference, bool) {
		c := &Checker{}
		c.live, c.reb = treeOrder(live.Document(), nil), treeOrder(rebuilt.Document(), nil)
		return c.farRouting(live, rebuilt, indexOf(c.live))
	}
	far := open(true)
	require.Equal(t, document.Button, far.HitTest(3e9, 3e9).Kind(), "the button is where the far point is")

	_, differ := judge(far, open(true))
	assert.False(t, differ, "both reach the button")
	d, differ := judge(far, open(false))
	require.True(t, differ)
	assert.Equal(t, "far routing", d.What)
	assert.Contains(t, d.Live, "(3e+09, 3e+09) reaches button")
	assert.Contains(t, d.Rebuilt, "nothing")
}
