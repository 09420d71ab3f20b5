package metric

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// DefaultWindow is RollingCount's window when its Window is 0: FPS counts
// the presents of the trailing second.
const DefaultWindow = time.Second

// RollingCount is the rolling-count model: the number of events in the
// trailing window (now − Window, now]. FPS is a RollingCount of presents;
// it is a throughput, not 1 / the current frame time.
//
// Zero and missing are different answers. A source that is healthy and
// delivered no event in a full window reads a true 0, Valid. A source that
// never started, or was Lost, reads Missing. Until one full window has
// passed since the source started, Read reports Warmup, or Discontinuity
// when the window started over at a boundary (another Origin, time running
// backwards, Break, a source that came back after Lost): a part window
// would undercount.
//
// The zero RollingCount is ready to use; it reads Missing until Start or
// the first Add.
type RollingCount[D clock.Domain] struct {
	// Window is the trailing window; 0 means DefaultWindow.
	Window time.Duration

	events []clock.Instant[D] // ascending; none older than latest − Window
	start  clock.Instant[D]   // the window's facts begin here
	latest clock.Instant[D]   // the latest instant seen (event or read)
	origin Origin
	on     bool // the source is delivering
	brk    bool // a boundary was passed: the window starts over at the next instant
	ran    bool // it has delivered before: a restart is a discontinuity
	again  bool // the current run started over at a boundary
}

func (c *RollingCount[D]) window() time.Duration {
	if c.Window <= 0 {
		return DefaultWindow
	}
	return c.Window
}

// Start records that the source o is healthy from at, before any event.
// Starting a source that is already running with the same origin does
// nothing.
func (c *RollingCount[D]) Start(o Origin, at clock.Instant[D]) {
	c.advance(o, at)
}

// Add records an event of source o at at.
func (c *RollingCount[D]) Add(o Origin, at clock.Instant[D]) {
	c.advance(o, at)
	c.events = append(c.events, at)
}

// Lost records that the source is unavailable: reads are Missing until it
// starts again, and its window starts over then.
func (c *RollingCount[D]) Lost() {
	c.on = false
	c.events = c.events[:0]
}

// Break passes a boundary the Origin does not show: the window starts over
// at the next Add, Start or Read.
func (c *RollingCount[D]) Break() { c.brk = c.on }

// Read returns the number of events in (now − Window, now] for the source
// o. Reading for another origin than the window's is a boundary: the
// window starts over at now for o.
func (c *RollingCount[D]) Read(o Origin, now clock.Instant[D]) Value {
	if !c.on {
		return Not(Missing)
	}
	c.advance(o, now)
	if now.Sub(c.start) < c.window() {
		if c.again {
			return Not(Discontinuity)
		}
		return Not(Warmup)
	}
	return Of(float64(len(c.events)))
}

// advance moves the window to at for the source o, starting it over at a
// boundary, and drops the events that fell out of it.
func (c *RollingCount[D]) advance(o Origin, at clock.Instant[D]) {
	if !c.on || c.brk || c.origin != o || at.Before(c.latest) {
		c.again = c.ran
		c.on, c.ran, c.brk = true, true, false
		c.origin, c.start = o, at
		c.events = c.events[:0]
	}
	c.latest = at
	cut := at.Add(-c.window())
	i := 0
	for i < len(c.events) && !c.events[i].After(cut) {
		i++
	}
	if i > 0 {
		c.events = append(c.events[:0], c.events[i:]...)
	}
}
