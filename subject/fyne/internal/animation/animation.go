// Package animation runs Fyne animations on the subject's virtual clock,
// tick for tick as Fyne's own runner does on the real one.
package animation

import (
	"time"

	"fyne.io/fyne/v2"
)

// Runner runs Fyne animations on the subject's virtual clock, tick for
// tick as Fyne's own Runner (internal/animation) does on the real one: an
// animation started now is first ticked at the next refresh, each tick
// passes the curve of the time elapsed since it (re)started over its
// duration, and at its end it ticks 1 (or 0 running back), then repeats,
// reverses or stops.
type Runner struct {
	running, pending []*anim
}

type anim struct {
	a           *fyne.Animation
	start       time.Duration // virtual time it (re)started
	repeatsLeft int
	reverse     bool
	stopped     bool
}

func (r *Runner) Start(a *fyne.Animation, now time.Duration) {
	r.pending = append(r.pending, &anim{a: a, start: now, repeatsLeft: a.RepeatCount})
}

func (r *Runner) Stop(a *fyne.Animation) {
	for _, list := range [][]*anim{r.running, r.pending} {
		for _, x := range list {
			if x.a == a {
				x.stopped = true
			}
		}
	}
}

// Active reports whether an animation is running or waiting to.
func (r *Runner) Active() bool { return len(r.running)+len(r.pending) > 0 }

// Tick advances every running animation to now and returns how many it
// ticked; the animations started meanwhile join for the next Tick, as
// Fyne's runner picks up its pending list at the end of a frame.
func (r *Runner) Tick(now time.Duration) int {
	n, keep := 0, r.running[:0]
	for _, x := range r.running {
		if x.stopped {
			continue
		}
		n++
		if x.step(now) {
			keep = append(keep, x)
		}
	}
	clear(r.running[len(keep):])
	r.running = keep
	for _, x := range r.pending {
		if !x.stopped {
			r.running = append(r.running, x)
		}
	}
	clear(r.pending)
	r.pending = r.pending[:0]
	return n
}

// step ticks one animation at now and reports whether it goes on: Fyne's
// Runner.tickAnimation with the virtual clock for time.Now, and the same
// millisecond resolution.
func (x *anim) step(now time.Duration) bool {
	a := x.a
	if now > x.start+a.Duration {
		if x.reverse {
			a.Tick(0)
			if x.repeatsLeft == 0 {
				return false
			}
			x.reverse = false
		} else {
			a.Tick(1)
			if a.AutoReverse {
				x.reverse = true
			}
		}
		if !x.reverse {
			if x.repeatsLeft == 0 {
				return false
			}
			if x.repeatsLeft > 0 {
				x.repeatsLeft--
			}
		}
		x.start = now
		return true
	}
	val := float32((now - x.start).Milliseconds()) / float32(a.Duration.Milliseconds())
	curve := a.Curve
	if curve == nil {
		curve = fyne.AnimationEaseInOut
	}
	if x.reverse {
		a.Tick(curve(1 - val))
	} else {
		a.Tick(curve(val))
	}
	return true
}
