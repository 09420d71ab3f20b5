package clock

import (
	"container/heap"
	"context"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// Real is the real scheduling clock: Now is time since the clock was first
// used, and timers run on the goroutine that calls Run. The zero value is
// ready to use.
type Real struct {
	start time.Time
	q     queue
}

var _ Clock = (*Real)(nil)

func (r *Real) init() {
	if r.start.IsZero() {
		r.start = time.Now()
	}
}

// Now returns the time since the clock's start.
func (r *Real) Now() Instant[Sched] {
	r.init()
	return Instant[Sched]{int64(time.Since(r.start))}
}

// Time returns the instant t on the process's monotonic clock: the
// clock's start plus t. Another timeline of the same monotonic clock (a
// latency trace's epoch) converts an instant with it exactly, with no
// second reading of the clock.
func (r *Real) Time(t Instant[Sched]) time.Time {
	r.init()
	return r.start.Add(time.Duration(t.ns))
}

// At sets a timer.
func (r *Real) At(t Instant[Sched], f func()) *Timer {
	r.init()
	return r.q.add(t, f)
}

// Rearm sets tm to run again at t.
func (r *Real) Rearm(tm *Timer, t Instant[Sched]) { r.q.rearm(tm, t) }

// Run runs timers as they fall due, sleeping in between, until ctx is done
// or no timer is pending.
func (r *Real) Run(ctx context.Context) error {
	r.init()
	for {
		next := r.q.next()
		if next == nil {
			return nil
		}
		if wait := next.when.Sub(r.Now()); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
			continue // the queue may have changed meanwhile only through us, but re-check the head
		}
		heapPop(&r.q)
		counter.Inc(counter.TimersFired)
		next.f()
	}
}

func heapPop(q *queue) *Timer { return heap.Pop(q).(*Timer) }

// NextDue returns when the next timer is due, and false if none is set.
func (r *Real) NextDue() (Instant[Sched], bool) {
	if n := r.q.next(); n != nil {
		return n.when, true
	}
	return Instant[Sched]{}, false
}

// RunDue runs every timer due by now, in order, on the calling goroutine,
// timers set by timers included if they fall due by then, and returns how
// many ran. A loop that waits for input as well as for timers (a window's
// frame loop) calls it instead of Run.
func (r *Real) RunDue() int {
	r.init()
	n := 0
	for {
		next := r.q.next()
		if next == nil || next.when.After(r.Now()) {
			return n
		}
		heapPop(&r.q)
		counter.Inc(counter.TimersFired)
		next.f()
		n++
	}
}
