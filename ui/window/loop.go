package window

import (
	"context"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/latency"
)

// Input is one input event for a running frame loop: a function the loop
// calls with the window on its own goroutine (w.PointerMove(x, y), …), so
// the engine stays single-threaded however the events were produced.
type Input func(w *Window)

// Run runs the window's frame loop on its real clock (Options.Clock must
// be a *clock.Real) until ctx is done, or until inputs is closed and no
// timer is pending. It waits for whichever comes first, an input or the
// next timer — a frame at the display's next refresh, an overlay's tick —
// handles it, and waits again.
//
// The loop is what a latency trace sees between frames. Run starts a new
// epoch (its header declares real timing), and marks
//
//	wait.in    the loop parks with no frame pending: it waits for input
//	wait.out   it waits for the display's next refresh, a frame pending
//	loop.wake  it woke; the note says why ("input", "timer")
//
// It flushes the trace every time it parks and when it returns, so a
// program that only sets PERFBENCH_LATENCY gets a complete trace.
func (w *Window) Run(ctx context.Context, inputs <-chan Input) error {
	rc, ok := w.clk.(*clock.Real)
	if !ok {
		panic("window: Run needs a window on a *clock.Real")
	}
	latency.StartEpoch(w.Source())
	defer latency.Flush()
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		rc.RunDue()
		due, pending := rc.NextDue()
		if !pending && inputs == nil {
			return nil
		}
		var fire <-chan time.Time
		if pending {
			d := due.Sub(rc.Now())
			if timer == nil {
				timer = time.NewTimer(d)
			} else {
				timer.Reset(d)
			}
			fire = timer.C
		}
		if w.frameTimer.Pending() {
			latency.Mark("wait.out")
		} else {
			latency.Mark("wait.in")
			if err := latency.Flush(); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case in, ok := <-inputs:
			if fire != nil && !timer.Stop() {
				<-timer.C
			}
			if !ok {
				inputs = nil
				latency.NoteWith("loop.wake", closedNote)
				continue
			}
			latency.NoteWith("loop.wake", inputNote)
			in(w)
		case <-fire:
			latency.NoteWith("loop.wake", timerNote)
		}
	}
}

func inputNote() string  { return "input" }
func timerNote() string  { return "timer" }
func closedNote() string { return "inputs closed" }

// SetForeground records whether the window is in the foreground (visible
// to the user) or hidden / in the background. Frames drawn in the
// background carry FrameInfo.Background: a sampler reports its
// foreground metrics (presents, frame rate) as not-foreground meanwhile,
// and treats the return to the foreground as a boundary.
//
// A change is a latency mark, win.fg, noted "background" or "foreground",
// so a trace summary treats it the same way.
func (w *Window) SetForeground(fg bool) {
	if w.hidden == !fg {
		return
	}
	w.hidden = !fg
	if fg {
		latency.NoteWith("win.fg", foregroundNote)
	} else {
		latency.NoteWith("win.fg", backgroundNote)
	}
}

func foregroundNote() string { return "foreground" }
func backgroundNote() string { return "background" }

// Foreground reports whether the window is in the foreground.
func (w *Window) Foreground() bool { return !w.hidden }
