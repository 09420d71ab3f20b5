package clock

import (
	"container/heap"
	"context"
	"time"

	"github.com/perfbench/perfbench/counter"
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
