package peers_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/peers"
)

// still is a peer that draws a frame of a fixed cost for every step but
// idle's, and records the order the sides were driven in.
type still struct {
	name  string
	cost  time.Duration
	order *[]string
	fail  bool
}

func (p still) Name() string     { return p.name }
func (p still) Includes() string { return p.name + "'s frame: nothing." }
func (p still) Open(gallery.Size) (peers.Driver, error) {
	if p.fail {
		return nil, errors.New("no window")
	}
	return p, nil
}

func (p still) Step(phase string, i int) peers.Frame {
	*p.order = append(*p.order, p.name)
	if phase == "idle" {
		return peers.Frame{}
	}
	return peers.Frame{Drew: true, Cost: p.cost, Paint: p.cost / 2}
}

func TestRunInterleavesEveryPeerBesidePerfbench(t *testing.T) {
	var order []string
	opts := peers.Options{Sizes: []gallery.Size{gallery.S0}, Phases: []string{"hover", "idle"}, Steps: 4,
		Peers: []peers.Peer{still{"a", time.Second, &order, false}, still{"b", 2 * time.Second, &order, false}}}
	rows, err := peers.Run(opts)
	require.NoError(t, err)
	require.Len(t, rows, 2)
	hover, idle := rows[0], rows[1]
	require.Len(t, hover.Sides, 3)
	assert.Equal(t, []string{"perfbench", "a", "b"}, []string{hover.Sides[0].Subject, hover.Sides[1].Subject, hover.Sides[2].Subject})
	assert.Equal(t, 4, hover.Sides[0].Frames, "perfbench's hover draws every step")
	for _, sd := range hover.Sides[1:] {
		assert.Equal(t, 4, sd.Frames)
		assert.InDelta(t, sd.CPU, hover.Sides[0].CPU*sd.Ratio, 1e-6*sd.CPU, "the ratio is the side's CPU over perfbench's")
		assert.Equal(t, float64(sd.Subject[0]-'a'+1)*1e6, sd.Median, "the frame's own cost, in µs")
		assert.Equal(t, sd.Median/2, sd.Paint)
	}
	assert.Zero(t, hover.Sides[0].Ratio, "perfbench's own side has no ratio")
	// The order rotates every step: perfbench, a, b; then a, b,
	// perfbench; then b, perfbench, a; as the peers saw it.
	assert.Equal(t, []string{"a", "b", "a", "b", "b", "a", "a", "b"}, order[:8])
	for _, sd := range idle.Sides {
		assert.Zero(t, sd.Frames, sd.Subject)
		assert.Zero(t, sd.Ratio)
	}
}

func TestRunRejectsWhatItCannotRun(t *testing.T) {
	var order []string
	_, err := peers.Run(peers.Options{Phases: []string{"glide"}, Steps: 1})
	assert.EqualError(t, err, `unknown peer phase "glide" (valid: hover scroll idle)`)
	_, err = peers.Run(peers.Options{Phases: []string{"idle"}})
	assert.EqualError(t, err, "a peer run needs at least one step, got 0")
	_, err = peers.Run(peers.Options{Sizes: []gallery.Size{gallery.S0}, Phases: []string{"idle"}, Steps: 1,
		Peers: []peers.Peer{still{"a", 0, &order, true}}})
	assert.EqualError(t, err, "a idle at s0: no window")
}

func TestCaveatsSayWhatEveryPeersFrameIncludes(t *testing.T) {
	var order []string
	c := peers.Caveats([]peers.Peer{still{"a", 0, &order, false}})
	assert.Contains(t, c, "a's frame: nothing.")
}
