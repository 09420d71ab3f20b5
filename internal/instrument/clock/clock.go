// Package clock provides the clocks the engine runs on: a deterministic
// virtual clock whose time moves only when a test or harness advances it,
// and the real clock. Instants are typed by clock domain, so a difference
// between instants of two domains does not compile:
//
//	var a clock.Instant[clock.Sched]
//	var b clock.Instant[clock.Mono]
//	a.Sub(b) // compile error: b is not an Instant[Sched]
//
// # Domains
//
//   - Sched is the frame loop's timeline: when frames and timers are due.
//     Under a Virtual clock it is virtual; under Real it is real. Animations
//     and the HUD's tick read it.
//   - Mono is this process's monotonic clock, always real: what a frame's
//     work cost. A frame drawn at virtual time 16.6 ms still costs real µs.
//   - Unix is wall time since the Unix epoch, only for labelling records.
//
// Both clocks run timers on the goroutine that drives them (Advance for
// Virtual, Run for Real); nothing in this package starts a goroutine of its
// own, so the engine stays single-threaded.
package clock

import (
	"container/heap"
	"time"
)

// Domain is a clock domain. The set is closed: only this package's tag
// types implement it.
type Domain interface{ domain() }

// Sched is the frame loop's clock domain (virtual or real).
type Sched struct{}

// Mono is the process monotonic clock domain.
type Mono struct{}

// Unix is the wall-clock domain.
type Unix struct{}

func (Sched) domain() {}
func (Mono) domain()  {}
func (Unix) domain()  {}

// Instant is a point on the timeline of domain D, in nanoseconds from that
// domain's origin. The zero Instant is the origin.
type Instant[D Domain] struct{ ns int64 }

// At returns the instant ns nanoseconds after D's origin.
func At[D Domain](ns int64) Instant[D] { return Instant[D]{ns} }

// Nanos returns the instant as nanoseconds from D's origin.
func (t Instant[D]) Nanos() int64 { return t.ns }

// Sub returns t − u. Both must be of the same domain.
func (t Instant[D]) Sub(u Instant[D]) time.Duration { return time.Duration(t.ns - u.ns) }

// Add returns t + d.
func (t Instant[D]) Add(d time.Duration) Instant[D] { return Instant[D]{t.ns + int64(d)} }

// Before reports whether t is before u.
func (t Instant[D]) Before(u Instant[D]) bool { return t.ns < u.ns }

// After reports whether t is after u.
func (t Instant[D]) After(u Instant[D]) bool { return t.ns > u.ns }

var processStart = time.Now()

// MonoNow returns the process monotonic time.
func MonoNow() Instant[Mono] { return Instant[Mono]{int64(time.Since(processStart))} }

// UnixNow returns the wall-clock time.
func UnixNow() Instant[Unix] { return Instant[Unix]{time.Now().UnixNano()} }

// Clock is the scheduling clock a window runs its frame loop on.
type Clock interface {
	// Now returns the current time.
	Now() Instant[Sched]
	// At arranges for f to run once the clock reaches t, on the goroutine
	// driving the clock. Timers due at the same instant run in the order
	// they were set.
	At(t Instant[Sched], f func()) *Timer
	// Rearm sets a timer this clock made, fired or stopped or pending, to
	// run its function again at t, without allocating. It panics for a
	// timer of another clock.
	Rearm(tm *Timer, t Instant[Sched])
}

// Timer is a pending call set by Clock.At.
type Timer struct {
	when  Instant[Sched]
	seq   uint64
	f     func()
	index int // in the heap; -1 once fired or stopped
	q     *queue
}

// When returns when the timer is due.
func (t *Timer) When() Instant[Sched] { return t.when }

// Stop cancels the timer. It reports whether it was still pending.
func (t *Timer) Stop() bool {
	if t == nil || t.index < 0 {
		return false
	}
	heap.Remove(t.q, t.index)
	t.index = -1
	return true
}

// Pending reports whether the timer has neither fired nor been stopped.
func (t *Timer) Pending() bool { return t != nil && t.index >= 0 }

// queue is a min-heap of timers by (when, seq).
type queue struct {
	items []*Timer
	seq   uint64
}

func (q *queue) Len() int { return len(q.items) }
func (q *queue) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	if a.when != b.when {
		return a.when.ns < b.when.ns
	}
	return a.seq < b.seq
}
func (q *queue) Swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.items[i].index = i
	q.items[j].index = j
}
func (q *queue) Push(x any) {
	t := x.(*Timer)
	t.index = len(q.items)
	q.items = append(q.items, t)
}
func (q *queue) Pop() any {
	n := len(q.items)
	t := q.items[n-1]
	q.items[n-1] = nil
	q.items = q.items[:n-1]
	t.index = -1
	return t
}

func (q *queue) rearm(t *Timer, when Instant[Sched]) {
	if t.q != q {
		panic("clock: Rearm of a timer from another clock")
	}
	q.seq++
	t.when, t.seq = when, q.seq
	if t.index >= 0 {
		heap.Fix(q, t.index)
		return
	}
	heap.Push(q, t)
}

func (q *queue) add(when Instant[Sched], f func()) *Timer {
	q.seq++
	t := &Timer{when: when, seq: q.seq, f: f, q: q}
	heap.Push(q, t)
	return t
}

// next returns the earliest pending timer, or nil.
func (q *queue) next() *Timer {
	if len(q.items) == 0 {
		return nil
	}
	return q.items[0]
}
