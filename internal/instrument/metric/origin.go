package metric

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// Origin identifies where a sample's facts come from. Every model that
// depends on a previous sample or a window compares the Origin of each new
// sample with the one its state was built from; any difference is a
// boundary, and the model starts over rather than compute a value across
// it. "PID 1564's counter + PID 1832's counter" is not one rate.
//
// The clock domain is not a field: it is the type parameter D of the
// models, so a chain cannot cross domains because such code does not
// compile. A boundary that no field shows (the target went to the
// background and came back, a schema changed) is passed with the models'
// Break method.
type Origin struct {
	// Epoch is the source's epoch: a trace epoch's base_unix_ns, a
	// reconnect generation. Within one epoch the source's timestamps
	// share one origin.
	Epoch int64
	// PID is the process the facts are about.
	PID int
	// Display identifies the display the window presents on; "" where
	// there is none.
	Display string
}

// chain is the state every anchor-based model shares: the last instant and
// the origin it belonged to. The zero chain has never been anchored.
type chain[D clock.Domain] struct {
	at     clock.Instant[D]
	origin Origin
	state  chainState
}

type chainState uint8

const (
	unanchored chainState = iota // nothing seen yet
	anchored                     // at and origin hold the last sample
	broken                       // a boundary was passed; the next sample only anchors
)

// step moves the chain to (o, at). It returns the previous instant and
// Valid when the new sample continues the chain; otherwise the sample only
// anchors, and step returns Warmup for the first sample ever and
// Discontinuity after a boundary: a different origin, a Break, or time
// running backwards within one origin.
func (c *chain[D]) step(o Origin, at clock.Instant[D]) (prev clock.Instant[D], q Quality) {
	prev, origin, state := c.at, c.origin, c.state
	c.at, c.origin, c.state = at, o, anchored
	switch {
	case state == unanchored:
		return prev, Warmup
	case state == broken:
		return prev, Discontinuity
	case origin != o, at.Before(prev):
		return prev, Discontinuity
	}
	return prev, Valid
}

// nanos converts a duration to the nanoseconds every duration metric of
// this package is published in: integers, exact below 2⁵³ ns (104 days), so
// differences and sums of them are exact too.
func nanos(d time.Duration) float64 { return float64(d) }

// brk passes a boundary the origin does not show: the next sample only
// anchors. A chain that never anchored has nothing to break.
func (c *chain[D]) brk() {
	if c.state == anchored {
		c.state = broken
	}
}
