package clock

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// Virtual is a deterministic clock: its time moves only by Advance or
// AdvanceTo, which run every timer that falls due, in order, at its own
// instant. The zero value starts at the origin and is ready to use.
type Virtual struct {
	now Instant[Sched]
	q   queue
}

var _ Clock = (*Virtual)(nil)

// Now returns the virtual time.
func (v *Virtual) Now() Instant[Sched] { return v.now }

// At sets a timer. A timer set in the past runs at the next advance.
func (v *Virtual) At(t Instant[Sched], f func()) *Timer { return v.q.add(t, f) }

// Rearm sets tm to run again at t.
func (v *Virtual) Rearm(tm *Timer, t Instant[Sched]) { v.q.rearm(tm, t) }

// Advance moves the clock forward by d, running due timers.
func (v *Virtual) Advance(d time.Duration) { v.AdvanceTo(v.now.Add(d)) }

// AdvanceTo moves the clock to t, running every timer due at or before t in
// order; while each runs, Now reads its due time (never earlier than the
// present). Timers set by timers run too if they fall due by t.
func (v *Virtual) AdvanceTo(t Instant[Sched]) {
	for {
		next := v.q.next()
		if next == nil || next.when.After(t) {
			break
		}
		heapPop(&v.q)
		if next.when.After(v.now) {
			v.now = next.when
		}
		counter.Inc(counter.TimersFired)
		next.f()
	}
	if t.After(v.now) {
		v.now = t
	}
}

// Pending returns the number of timers not yet run.
func (v *Virtual) Pending() int { return v.q.Len() }

// NextDue returns when the next timer is due, and false if none is set.
func (v *Virtual) NextDue() (Instant[Sched], bool) {
	if n := v.q.next(); n != nil {
		return n.when, true
	}
	return Instant[Sched]{}, false
}
