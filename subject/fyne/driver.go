package fyne

import (
	"time"

	"fyne.io/fyne/v2"
)

// app is Fyne's test app with the subject's own driver and settings: Fyne
// widgets reach the driver through fyne.CurrentApp().Driver() to refresh
// an object (canvas.Refresh asks it for the object's canvas) and to start
// an animation, which is where the subject learns that a frame was asked
// for and runs animations on its virtual clock.
type app struct {
	fyne.App
	drv      *driver
	settings settings
}

func (a *app) Driver() fyne.Driver     { return a.drv }
func (a *app) Settings() fyne.Settings { return &a.settings }

// settings are the test app's, with animations shown or not as the
// subject's Options say (the test app always shows them).
type settings struct {
	fyne.Settings
	still bool
}

func (s *settings) ShowAnimations() bool { return !s.still }

// driver is Fyne's test driver with the subject's canvas in place of the
// window's for every object, and the subject's animation runner in place
// of the test driver's (which jumps every animation to its end at once).
type driver struct {
	fyne.Driver
	s *Subject
}

// CanvasForObject answers with the subject's counting canvas: the test
// driver answers with its last window's canvas whatever the object, and
// so does this (a subject has one window).
func (d *driver) CanvasForObject(fyne.CanvasObject) fyne.Canvas { return &d.s.canvas }

func (d *driver) StartAnimation(a *fyne.Animation) { d.s.anims.start(a, d.s.now) }
func (d *driver) StopAnimation(a *fyne.Animation)  { d.s.anims.stop(a) }

// canvas is the window's canvas as the program's objects see it: every
// Refresh of an object (the way a Fyne object asks to be drawn again) and
// every SetDirty (canvas.Refresh of a canvas-wide change) is counted and
// asks for a frame, then goes on to the test canvas, which does nothing
// with it.
type canvas struct {
	fyne.Canvas
	s *Subject
}

func (c *canvas) Refresh(obj fyne.CanvasObject) {
	c.s.refreshes++
	c.s.dirty[obj] = struct{}{}
	c.Canvas.Refresh(obj)
}

// SetDirty is what Fyne's canvas package calls (through an interface it
// asserts) to repaint without refreshing an object.
func (c *canvas) SetDirty() { c.s.dirtyCanvas = true }

// runner runs Fyne animations on the subject's virtual clock, tick for
// tick as Fyne's own runner (internal/animation) does on the real one: an
// animation started now is first ticked at the next refresh, each tick
// passes the curve of the time elapsed since it (re)started over its
// duration, and at its end it ticks 1 (or 0 running back), then repeats,
// reverses or stops.
type runner struct {
	running, pending []*anim
}

type anim struct {
	a           *fyne.Animation
	start       time.Duration // virtual time it (re)started
	repeatsLeft int
	reverse     bool
	stopped     bool
}

func (r *runner) start(a *fyne.Animation, now time.Duration) {
	r.pending = append(r.pending, &anim{a: a, start: now, repeatsLeft: a.RepeatCount})
}

func (r *runner) stop(a *fyne.Animation) {
	for _, list := range [][]*anim{r.running, r.pending} {
		for _, x := range list {
			if x.a == a {
				x.stopped = true
			}
		}
	}
}

// active reports whether an animation is running or waiting to.
func (r *runner) active() bool { return len(r.running)+len(r.pending) > 0 }

// tick advances every running animation to now and returns how many it
// ticked; the animations started meanwhile join for the next tick, as
// Fyne's runner picks up its pending list at the end of a frame.
func (r *runner) tick(now time.Duration) int {
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
