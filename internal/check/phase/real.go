package phase

import (
	"context"
	"errors"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// runReal performs n steps of p on a window whose frame loop runs on the
// real clock (window.Run), so a latency trace of it holds physical
// instants: input waiting for a refresh, the loop waiting for input and
// for the display, frames at the display's cadence.
//
// A feeder goroutine sends step i's input to the loop at the i-th refresh
// after the start plus half a refresh, so each input waits about half a
// refresh for its frame, and every refresh has at most one input; the
// loop runs the input and draws its frame on its own goroutine. A step's
// counters are the delta from its input to the next step's input (its
// input and the frame that answered it), as on a virtual run. An animated
// phase's loop never runs out of timers, so the run ends two refreshes
// after the last input.
//
// The window settles (Quiet) before its loop starts, in the epoch it opened
// with: a trace of the run holds those first, cold frames in an epoch of
// their own, and the loop's epoch after it, so no interval spans the two.
func runReal(p *Phase, size gallery.Size, n int, opts Options) *Result {
	release := counter.Exclusive()
	defer release()
	clk := &clock.Real{}
	d := open(p, size, opts, clk)
	w := d.W
	r := &Result{Phase: p.Name, Size: size.String(), Controls: d.G.Controls(), Steps: make([]Step, 0, n), Real: true}

	period := time.Duration(float64(time.Second) / w.RefreshHz())
	inputs := make(chan window.Input)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The grid of refreshes is the clock's: k periods after its start.
	first := w.NextRefresh()
	go func() {
		defer close(inputs)
		for i := range n {
			due := first.Add(time.Duration(i)*period + period/2)
			if wait := due.Sub(clk.Now()); wait > 0 {
				time.Sleep(wait)
			}
			select {
			case inputs <- stepInput(p, d, r, i, opts):
			case <-ctx.Done():
				return
			}
		}
		time.Sleep(2 * period)
		cancel()
	}()

	start := counter.Take()
	err := w.Run(ctx, inputs)
	if err != nil && !errors.Is(err, context.Canceled) {
		// Only the trace's sink fails the loop: the environment's
		// fault, for the caller to report, not a bug to panic on.
		r.Err = err
		cancel()
	}
	finishStep(d, r, opts)
	r.Total = start.Delta(counter.Take())
	return r
}

// openStep is the step the loop is in: its index, the counters and frame count
// when its input arrived.
type openStep struct {
	i      int
	before counter.Snapshot
	frames uint64
}

// stepInput returns the loop input that closes the previous step and
// performs step i.
func stepInput(p *Phase, d *Driver, r *Result, i int, opts Options) window.Input {
	return func(*window.Window) {
		finishStep(d, r, opts)
		d.open = &openStep{i: i, before: counter.Take(), frames: d.W.Frames()}
		p.step(d, i)
	}
}

// finishStep records the step the loop is in, if any.
func finishStep(d *Driver, r *Result, opts Options) {
	o := d.open
	if o == nil {
		return
	}
	d.open = nil
	s := Step{Index: o.i, Drew: d.W.Frames() > o.frames, Counters: o.before.Delta(counter.Take())}
	if s.Drew {
		s.Cost, s.Requests = d.W.LastFrame().Cost, d.W.LastFrame().Invalidations
	}
	r.Steps = append(r.Steps, s)
	if opts.OnStep != nil {
		opts.OnStep(d, s)
	}
}
