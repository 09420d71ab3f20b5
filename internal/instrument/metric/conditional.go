package metric

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// Condition is the physical precondition of a conditional metric: a
// presentation rate needs frames scheduled by a real clock and a renderer
// that presents; a battery's discharge power needs the battery to be
// discharging. When it does not hold, the metric has no value, of Quality
// (NotApplicable where the architecture lacks the thing measured, Missing
// where a fact that would settle it is unknown), and Why says which.
//
// The zero Condition holds.
type Condition struct {
	Fails   bool
	Quality Quality
	Why     string
}

// Holds returns a condition that holds.
func Holds() Condition { return Condition{} }

// FailsWith returns a failed condition: values read q, for the reason why.
// q must not be Valid.
func FailsWith(q Quality, why string) Condition {
	if q == Valid {
		panic("metric: a failed condition cannot be valid")
	}
	return Condition{Fails: true, Quality: q, Why: why}
}

// Apply returns v when the condition holds, and otherwise no value, of
// the condition's quality.
func (c Condition) Apply(v Value) Value {
	if c.Fails {
		return Not(c.Quality)
	}
	return v
}

// And returns the first of c and d that fails, or a condition that holds.
func (c Condition) And(d Condition) Condition {
	if c.Fails {
		return c
	}
	return d
}

// Conditional is the conditional / source-native model: a value the source
// reports in its own unit (a GPU counter, a battery's power), published
// only while its physical condition holds. Conditional freshness: the
// moment the condition fails the value is gone — nothing holds the last
// reading — and when it holds again a new sample is needed. A sample in
// a unit other than Unit is a field whose meaning is unknown: it is not
// converted by guess, and the reading is Missing. Gauge freshness applies
// on top: a sample older than MaxAge reads Missing.
//
// Qualities: Missing before Start, after Lost, for a stale sample or a
// sample of an unknown unit; Warmup from Start (or the condition holding
// again) to the first sample; Discontinuity when the sample's origin is
// not the reader's, or now is before it; the condition's quality while it
// fails.
//
// The zero Conditional is ready; it reads Missing until Start.
type Conditional[D clock.Domain] struct {
	// Unit is the unit the source must report in.
	Unit string
	// MaxAge is how long a sample stays fresh; 0 means DefaultMaxAge.
	MaxAge time.Duration

	on      bool
	cond    Condition
	have    bool
	unknown bool // the last sample came in another unit
	v       float64
	at      clock.Instant[D]
	origin  Origin
}

// Start records that the source is delivering under condition c.
func (m *Conditional[D]) Start(c Condition) {
	m.on, m.have, m.unknown = true, false, false
	m.cond = c
}

// Set records a change of the condition. A condition that fails clears
// the value at once; one that holds again waits for a new sample.
func (m *Conditional[D]) Set(c Condition) {
	if c.Fails || m.cond.Fails {
		m.have, m.unknown = false, false
	}
	m.cond = c
}

// Lost records that the source stopped delivering.
func (m *Conditional[D]) Lost() { m.on, m.have = false, false }

// Observe records a sample of value v in unit, taken at at from origin o.
func (m *Conditional[D]) Observe(o Origin, at clock.Instant[D], v float64, unit string) {
	if !m.on || m.cond.Fails {
		return
	}
	if unit != m.Unit {
		m.have, m.unknown = false, true
		return
	}
	m.v, m.at, m.origin, m.have, m.unknown = v, at, o, true, false
}

// Read returns the value at now for the reader's origin o.
func (m *Conditional[D]) Read(o Origin, now clock.Instant[D]) Value {
	maxAge := m.MaxAge
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	switch {
	case !m.on:
		return Not(Missing)
	case m.cond.Fails:
		return Not(m.cond.Quality)
	case m.unknown:
		return Not(Missing)
	case !m.have:
		return Not(Warmup)
	case m.origin != o || now.Before(m.at):
		return Not(Discontinuity)
	case now.Sub(m.at) > maxAge:
		return Not(Missing)
	}
	return Of(m.v)
}

// Condition returns the condition as last set.
func (m *Conditional[D]) Condition() Condition { return m.cond }
