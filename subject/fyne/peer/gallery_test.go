package peer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/peers"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/subject/fyne/peer"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
)

func TestPeerHasTheGallerysElements(t *testing.T) {
	for _, size := range []gallery.Size{gallery.S0, gallery.S1} {
		g := gallery.Build(size, gallery.DefaultOptions)
		want := map[document.Kind]int{}
		document.Walk(g.Doc.Root(), func(n *document.Node) bool { want[n.Kind()]++; return true })
		p := peer.Build(size, gallery.DefaultOptions)
		assert.Equal(t, want, p.Kinds, "%s", size)
		assert.Len(t, p.TableRows, len(g.TableRows))
		assert.NotNil(t, p.Table)
		assert.NotNil(t, p.List)
	}
}

func TestPeersRunTheFynePeer(t *testing.T) {
	slow.Test(t, "builds and paints the Fyne peer")
	opts := peers.DefaultOptions
	// Six steps: two past the block's warm-up, which the warm figures
	// (ratio, layout, paint) are of.
	opts.Sizes, opts.Steps, opts.Peers = []gallery.Size{gallery.S0}, 6, []peers.Peer{peer.Peer{}}
	rows, err := peers.Run(opts)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	for _, r := range rows {
		t.Logf("%+v", r)
		require.Len(t, r.Sides, 2)
		f := r.Sides[1]
		assert.Equal(t, "fyne", f.Subject)
		if r.Phase == "idle" {
			assert.Zero(t, f.Frames, "the Fyne peer, untouched and not animating, draws nothing")
			continue
		}
		assert.Equal(t, 6, f.Frames, "%s: every step changes what the window shows", r.Phase)
		assert.Positive(t, f.Ratio)
		assert.Positive(t, f.Paint, "the software painter's part is timed")
		assert.Positive(t, f.Layout)
	}
}
