package peers_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/peers"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/ui/gallery"
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
	opts := peers.Options{Sizes: []gallery.Size{gallery.S0}, Phases: []string{"hover", "idle"}, Steps: 12, Block: 6,
		Peers: []peers.Peer{still{"a", time.Second, &order, false}, still{"b", 2 * time.Second, &order, false}}}
	rows, err := peers.Run(opts)
	require.NoError(t, err)
	require.Len(t, rows, 2)
	hover, idle := rows[0], rows[1]
	require.Len(t, hover.Sides, 3)
	assert.Equal(t, []string{"perfbench", "a", "b"}, []string{hover.Sides[0].Subject, hover.Sides[1].Subject, hover.Sides[2].Subject})
	assert.Equal(t, 12, hover.Sides[0].Frames, "perfbench's hover draws every step")
	for _, sd := range hover.Sides[1:] {
		assert.Equal(t, 12, sd.Frames)
		assert.InDelta(t, sd.CPU, hover.Sides[0].CPU*sd.Ratio, 1e-6*sd.CPU, "the ratio is the side's CPU over perfbench's")
		assert.InDelta(t, sd.ColdCPU, hover.Sides[0].ColdCPU*sd.ColdRatio, 1e-6*sd.ColdCPU, "and the cold ratio of the cold CPU")
		assert.Equal(t, float64(sd.Subject[0]-'a'+1)*1e6, sd.Median, "the frame's own cost, in µs")
		assert.Equal(t, sd.Median/2, sd.Paint)
	}
	assert.Zero(t, hover.Sides[0].Ratio, "perfbench's own side has no ratio")
	// In blocks of six, the order rotating every block: perfbench, a,
	// b; then a, b, perfbench; as the peers saw it.
	want := slices.Concat(slices.Repeat([]string{"a"}, 6), slices.Repeat([]string{"b"}, 6))
	assert.Equal(t, slices.Concat(want, want), order[:24])
	for _, sd := range idle.Sides {
		assert.Zero(t, sd.Frames, sd.Subject)
		assert.Zero(t, sd.Ratio)
	}
}

// cold is a peer whose step costs 3 ms of thread CPU when it begins a
// block, right after another subject's turn, and nothing otherwise, as a
// frame on caches another evicted does.
type cold struct{}

func (p cold) Name() string                            { return "cold" }
func (p cold) Includes() string                        { return "" }
func (p cold) Open(gallery.Size) (peers.Driver, error) { return p, nil }

func (p cold) Step(phase string, i int) peers.Frame {
	if i%peers.DefaultBlock == 0 {
		start, _ := clock.ThreadCPU()
		for now := start; now-start < 3*time.Millisecond; now, _ = clock.ThreadCPU() {
		}
	}
	return peers.Frame{Drew: true, Cost: time.Millisecond}
}

// The warm figures leave out each block's first Warmup steps, so a
// subject's cost on caches another evicted shows only in the cold ones.
func TestWarmFiguresLeaveOutEachBlocksColdStart(t *testing.T) {
	if _, ok := clock.ThreadCPU(); !ok {
		t.Skip("no thread-CPU clock here")
	}
	rows, err := peers.Run(peers.Options{Sizes: []gallery.Size{gallery.S0}, Phases: []string{"hover"}, Steps: 40,
		Peers: []peers.Peer{cold{}}})
	require.NoError(t, err)
	sd := rows[0].Sides[1]
	assert.Equal(t, 40, sd.Frames)
	assert.GreaterOrEqual(t, sd.ColdCPU, 3000.0, "each block's first step, after perfbench's block")
	assert.Less(t, sd.CPU, 1000.0, "the warm steps")
	assert.Equal(t, 2, 40/peers.DefaultBlock, "two blocks a subject")
}

func TestRunRejectsWhatItCannotRun(t *testing.T) {
	var order []string
	_, err := peers.Run(peers.Options{Phases: []string{"glide"}, Steps: 5})
	assert.EqualError(t, err, `unknown peer phase "glide" (valid: hover scroll idle)`)
	_, err = peers.Run(peers.Options{Phases: []string{"idle"}})
	assert.EqualError(t, err, "a peer run needs more steps than its 4 warm-up steps, got 0")
	_, err = peers.Run(peers.Options{Phases: []string{"idle"}, Steps: 4})
	assert.EqualError(t, err, "a peer run needs more steps than its 4 warm-up steps, got 4")
	_, err = peers.Run(peers.Options{Sizes: []gallery.Size{gallery.S0}, Phases: []string{"idle"}, Steps: 5,
		Peers: []peers.Peer{still{"a", 0, &order, true}}})
	assert.EqualError(t, err, "a idle at s0: no window")
	_, err = peers.Run(peers.Options{Phases: []string{"idle"}, Steps: 5, Block: 4})
	assert.EqualError(t, err, "a peer run's block must be more than its 4 warm-up steps, got 4")
}

func TestCaveatsSayWhatEveryPeersFrameIncludes(t *testing.T) {
	var order []string
	c := peers.Caveats(peers.Options{Peers: []peers.Peer{still{"a", 0, &order, false}}})
	assert.Contains(t, c, "a's frame: nothing.")
	assert.Contains(t, c[1], "blocks of 20 steps", "the block length, and why")
}

// window is a headless window whose frames are their costs: it draws one
// at a refresh after input, and one every 100 ms of a wait while animating.
type window struct {
	frames    []time.Duration
	input     bool
	animating bool
	log       []string
}

func (w *window) Refresh() bool {
	w.log = append(w.log, "refresh")
	if !w.input {
		return false
	}
	w.input = false
	w.frames = append(w.frames, time.Duration(len(w.frames)+1)*time.Millisecond)
	return true
}

func (w *window) Wait(d time.Duration) int {
	w.log = append(w.log, "wait "+d.String())
	if !w.animating {
		return 0
	}
	n := int(d / (100 * time.Millisecond))
	for range n {
		w.frames = append(w.frames, time.Millisecond)
	}
	return n
}

func (w *window) Frames() []time.Duration { return w.frames }

func TestWindowDriverStepsEveryToolkitAlike(t *testing.T) {
	w := &window{}
	var inputs []string
	d := peers.WindowDriver[time.Duration]{Window: w, Toolkit: "Test",
		Hover:  func(i int) { inputs = append(inputs, "hover"); w.input = i%2 == 0 },
		Scroll: func(i int) { inputs = append(inputs, "scroll"); w.input = true },
		Frame:  func(c time.Duration) peers.Frame { return peers.Frame{Cost: c, Paint: c / 2} },
	}
	assert.Equal(t, peers.Frame{Drew: true, Cost: time.Millisecond, Paint: time.Millisecond / 2}, d.Step("hover", 0),
		"the input's frame, read by Frame, with Drew set")
	assert.Equal(t, peers.Frame{}, d.Step("hover", 1), "a step whose input asked for no frame drew none")
	assert.Equal(t, peers.Frame{Drew: true, Cost: 2 * time.Millisecond, Paint: time.Millisecond}, d.Step("scroll", 0))
	assert.Equal(t, peers.Frame{}, d.Step("idle", 0), "a window at rest draws nothing in a second")
	w.animating = true
	assert.Equal(t, peers.Frame{Drew: true, Cost: time.Millisecond, Paint: time.Millisecond / 2}, d.Step("idle", 1),
		"an animating window's last frame of the second")
	assert.Equal(t, []string{"hover", "hover", "scroll"}, inputs)
	assert.Equal(t, []string{"refresh", "refresh", "refresh", "wait 1s", "wait 1s"}, w.log,
		"every input is followed by one refresh; idle is a second of virtual time")
	assert.PanicsWithValue(t, "peer: no Test driver for phase click", func() { d.Step("click", 0) })
}
