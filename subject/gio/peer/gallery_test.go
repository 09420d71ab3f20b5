package peer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/peers"
	"github.com/perfbench/perfbench/subject/gio"
	"github.com/perfbench/perfbench/subject/gio/peer"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
)

func TestPeerHasTheGallerysWidgets(t *testing.T) {
	for _, size := range []gallery.Size{gallery.S0, gallery.S1, gallery.S13} {
		g := gallery.Build(size, gallery.DefaultOptions)
		want := map[document.Kind]int{}
		document.Walk(g.Doc.Root(), func(n *document.Node) bool { want[n.Kind()]++; return true })
		for _, form := range []peer.Form{peer.Idiomatic, peer.Everything} {
			p := peer.Build(size, gallery.DefaultOptions, form)
			assert.Equal(t, want, p.Kinds, "%s %s", size, form)
		}
	}
}

func TestPeerLaysOutAndFindsItsPorts(t *testing.T) {
	for _, form := range []peer.Form{peer.Idiomatic, peer.Everything} {
		p := peer.Build(gallery.S1, gallery.Options{}, form)
		s := &gio.Subject{UI: p.Layout}
		s.Open()
		table, ok := s.Find(peer.TablePort)
		require.True(t, ok, form)
		list, ok := s.Find(peer.ListPort)
		require.True(t, ok, form)
		t.Logf("%s: table %v list %v", form, table, list)
		assert.Equal(t, gallery.TableHeight, table.Dy())
		assert.Equal(t, gallery.ListHeight, list.Dy())
	}
}

func TestPeersRunTheGioPeer(t *testing.T) {
	opts := peers.DefaultOptions
	opts.Sizes, opts.Steps, opts.Peers = []gallery.Size{gallery.S1}, 30, []peers.Peer{peer.Peer{}}
	rows, err := peers.Run(opts)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	for _, r := range rows {
		t.Logf("%+v", r)
		require.Len(t, r.Sides, 2)
		eng, g := r.Sides[0], r.Sides[1]
		assert.Equal(t, "gio", g.Subject)
		if r.Phase == "idle" {
			assert.Zero(t, eng.Frames, "perfbench idle")
			assert.Zero(t, g.Frames, "the Gio peer, untouched and not animating, draws nothing")
			assert.Zero(t, g.Ratio)
			continue
		}
		assert.Equal(t, 30, eng.Frames, r.Phase)
		assert.Equal(t, 30, g.Frames, r.Phase)
		assert.Positive(t, g.Ratio)
	}
}

// The idiomatic peer lays out only what is in view, so a hover frame's
// work does not grow with the number of sections (s13 and s26 show the
// same page top); the everything form lays out all of it, so it does.
func TestFormsDifferWhereTheyShould(t *testing.T) {
	gioAllocs := func(form peer.Form, size gallery.Size) float64 {
		opts := peers.DefaultOptions
		opts.Sizes, opts.Phases, opts.Steps, opts.Peers = []gallery.Size{size}, []string{"hover"}, 6, []peers.Peer{peer.Peer{Form: form}}
		rows, err := peers.Run(opts)
		require.NoError(t, err)
		return rows[0].Sides[1].Allocs
	}
	s13, s26 := gioAllocs(peer.Idiomatic, gallery.S13), gioAllocs(peer.Idiomatic, gallery.S26)
	// Within one allocation: the counts are process-wide, and on a loaded
	// machine the runtime now and then allocates beside a frame (177
	// against 177.5 seen), which is not the program's work.
	assert.InDelta(t, s13, s26, 1, "idiomatic: allocations per frame do not depend on the sections out of view")
	idiomatic, everything := gioAllocs(peer.Idiomatic, gallery.S1), gioAllocs(peer.Everything, gallery.S1)
	assert.Greater(t, everything, 10*idiomatic, "everything: every row of every port laid out each frame")
}
