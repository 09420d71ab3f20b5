package metric

import "github.com/perfbench/perfbench/internal/instrument/clock"

// EventInterval is the event-interval model: frame time = this present −
// the previous present, in nanoseconds, taken on clock domain D within
// one Origin. The first event, and the first after any boundary, only
// anchors the chain: it reports Warmup (first ever) or Discontinuity
// (after a boundary) and no number. Event freshness: a value is published
// only for a new event; nothing repeats the last frame time.
//
// The zero EventInterval is ready to use.
type EventInterval[D clock.Domain] struct {
	c chain[D]
}

// Observe records an event at at and returns the interval since the
// previous event of the same chain.
func (e *EventInterval[D]) Observe(o Origin, at clock.Instant[D]) Value {
	prev, q := e.c.step(o, at)
	if q != Valid {
		return Not(q)
	}
	return Of(nanos(at.Sub(prev)))
}

// Break passes a boundary the Origin does not show (the target went to the
// background and came back): the next event only anchors.
func (e *EventInterval[D]) Break() { e.c.brk() }
