package metric

import (
	"math"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// DefaultMaxAge is how old a Gauge's sample may be before it reads
// Missing, when Gauge.MaxAge is 0: two missed ticks of a 500 ms probe.
const DefaultMaxAge = time.Second

// Gauge is the gauge model: the current value of something sampled (this
// process's CPU share, resident memory). The first valid sample is
// publishable at once; no baseline is needed. Gauge freshness: the last
// sample is published until it is older than MaxAge, then it reads
// Missing. A source that is unavailable reads Missing, never 0.
//
// The zero Gauge is ready to use and reads Missing until its first sample.
type Gauge[D clock.Domain] struct {
	// MaxAge is how long a sample stays fresh; 0 means DefaultMaxAge.
	MaxAge time.Duration

	v      float64
	at     clock.Instant[D]
	origin Origin
	have   bool
}

// Observe records a sample taken at at. A NaN or infinite sample is a
// source that gave no fact, as Lost.
func (g *Gauge[D]) Observe(o Origin, at clock.Instant[D], v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		g.Lost()
		return
	}
	g.v, g.at, g.origin, g.have = v, at, o, true
}

// Lost records that the source is unavailable: reads are Missing until the
// next sample.
func (g *Gauge[D]) Lost() { g.have = false }

// Read returns the gauge at now for the source o: its last sample while
// that is fresh and from o, Missing when there is none, and Discontinuity
// when now is before the sample (time ran backwards within one origin).
func (g *Gauge[D]) Read(o Origin, now clock.Instant[D]) Value {
	maxAge := g.MaxAge
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	switch {
	case !g.have || g.origin != o:
		return Not(Missing)
	case now.Before(g.at):
		return Not(Discontinuity)
	case now.Sub(g.at) > maxAge:
		return Not(Missing)
	}
	return Of(g.v)
}
