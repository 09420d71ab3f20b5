package metric

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// IntervalRate is the interval-rate model: the amount accumulated over one
// complete interval divided by the interval's duration (bytes a network
// interface moved in a second, the time a frame loop spent waiting for the
// display per second of its run). Unlike CounterRate it is given the
// amounts of the interval, not a cumulative counter.
//
// An interval is complete when it was opened and closed on the same
// origin with no boundary in between and a positive duration. Closing one
// that was never opened is Warmup; one that spanned a boundary (another
// origin, a Break, time running backwards) is Discontinuity; one of zero
// duration is Missing. Close opens the next interval at its instant, so a
// source can publish a rate per interval without gaps. Amounts are taken
// within one clock domain D: an interval cannot begin on one clock and
// end on another.
//
// The zero IntervalRate is ready to use and gives a rate per second.
type IntervalRate[D clock.Domain] struct {
	// Per is the rate's time unit; 0 means per second. time.Duration(1)
	// makes a share of time out of an amount in nanoseconds.
	Per time.Duration

	open   bool
	broken bool
	from   clock.Instant[D]
	origin Origin
	amount float64
}

// Open starts an interval at at for origin o, discarding any open one.
func (r *IntervalRate[D]) Open(o Origin, at clock.Instant[D]) {
	r.open, r.broken, r.from, r.origin, r.amount = true, false, at, o, 0
}

// Add adds an amount to the open interval. An amount from another origin
// breaks it.
func (r *IntervalRate[D]) Add(o Origin, amount float64) {
	if !r.open {
		return
	}
	if o != r.origin {
		r.broken = true
	}
	r.amount += amount
}

// Break passes a boundary the origin does not show: the open interval
// will close as Discontinuity.
func (r *IntervalRate[D]) Break() {
	if r.open {
		r.broken = true
	}
}

// Close ends the open interval at at and returns its rate, then opens the
// next interval at at.
func (r *IntervalRate[D]) Close(o Origin, at clock.Instant[D]) Value {
	was, broken, from, origin, amount := r.open, r.broken, r.from, r.origin, r.amount
	r.Open(o, at)
	switch {
	case !was:
		return Not(Warmup)
	case broken || origin != o || at.Before(from):
		return Not(Discontinuity)
	case at == from:
		return Not(Missing)
	}
	per := r.Per
	if per <= 0 {
		per = time.Second
	}
	return Of(amount / float64(at.Sub(from)) * float64(per))
}
