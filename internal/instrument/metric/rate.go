package metric

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// CounterRate is the cumulative-counter rate model: (current − previous) /
// elapsed, for counters that only grow (context switches, wakeups, bytes
// read). The first sample only sets the baseline and reports Warmup. A
// sample after a boundary, or one whose count went down (the counter was
// reset, or a new process took its place), becomes the new baseline and
// reports Discontinuity: the model warms up again. A sample at the same
// instant as the baseline has no elapsed time to divide by and reports
// Missing, keeping the baseline.
//
// The zero CounterRate is ready to use and gives a rate per second.
type CounterRate[D clock.Domain] struct {
	// Per is the rate's time unit; 0 means per second.
	Per time.Duration

	c    chain[D]
	prev uint64
}

// Observe records the counter's value at at and returns the rate since the
// previous sample.
func (r *CounterRate[D]) Observe(o Origin, at clock.Instant[D], count uint64) Value {
	if r.c.state == anchored && r.c.origin == o && at == r.c.at {
		return Not(Missing)
	}
	prevAt, q := r.c.step(o, at)
	prev := r.prev
	r.prev = count
	if q != Valid {
		return Not(q)
	}
	if count < prev {
		return Not(Discontinuity)
	}
	per := r.Per
	if per <= 0 {
		per = time.Second
	}
	return Of(float64(count-prev) / float64(at.Sub(prevAt)) * float64(per))
}

// Break passes a boundary the Origin does not show: the next sample only
// sets a baseline.
func (r *CounterRate[D]) Break() { r.c.brk() }
