package fyne

import (
	"bytes"
	"runtime"
	"runtime/metrics"
	"sync"
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
	// building is the subject's window while Build runs: a program whose
	// own code opens its window (a loadUI(app) that calls NewWindow, sets
	// the content and the keyboard's handlers on that window's canvas)
	// builds into the window the subject drives.
	building fyne.Window
}

func (a *app) Driver() fyne.Driver     { return a.drv }
func (a *app) Settings() fyne.Settings { return &a.settings }

// NewWindow answers the subject's window while Build runs, and a window
// of the test driver's otherwise (a second window the program opens
// later, as the desktop driver opens one).
func (a *app) NewWindow(title string) fyne.Window {
	if a.building != nil {
		return a.building
	}
	return a.App.NewWindow(title)
}

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

// DoFromGoroutine is fyne.Do and fyne.DoAndWait: f joins the queue the
// subject runs on its own goroutine at its next refresh, as Fyne's desktop
// driver runs it in its event loop (the test driver would run it at once
// on the caller's goroutine, beside the frame being drawn). A caller that
// waits blocks until then; the subject's own goroutine, which would wait
// for itself, runs f at once.
func (d *driver) DoFromGoroutine(f func(), wait bool) {
	if !wait {
		d.s.queue.add(f, nil)
		return
	}
	if d.s.queue.onOwner() {
		f()
		return
	}
	done := make(chan struct{})
	d.s.queue.add(f, done)
	<-done
}

// queue is the functions other goroutines handed the subject's goroutine
// (fyne.Do) since it last ran them.
type queue struct {
	mu    sync.Mutex
	funcs []queued
	owner []byte // the "goroutine N " that opened the subject
}

type queued struct {
	f    func()
	done chan struct{}
}

func (q *queue) add(f func(), done chan struct{}) {
	q.mu.Lock()
	q.funcs = append(q.funcs, queued{f, done})
	q.mu.Unlock()
}

// own makes the calling goroutine the one the queue runs on.
func (q *queue) own() { q.owner = goroutine() }

func (q *queue) onOwner() bool { return bytes.Equal(goroutine(), q.owner) }

// goroutine returns "goroutine N " for the calling goroutine: the head of
// its stack trace, the one way Go names a goroutine (Fyne tells its main
// goroutine apart the same way).
func goroutine() []byte {
	var buf [32]byte
	n := runtime.Stack(buf[:], false)
	head := buf[:n]
	if i := bytes.IndexByte(head[len("goroutine "):], ' '); i >= 0 {
		head = head[:len("goroutine ")+i+1]
	}
	return append([]byte(nil), head...)
}

// run runs the queued functions in the order they were queued, those
// queued meanwhile included, and reports whether there were any.
func (q *queue) run() bool {
	ran := false
	for {
		q.mu.Lock()
		funcs := q.funcs
		q.funcs = nil
		q.mu.Unlock()
		if len(funcs) == 0 {
			return ran
		}
		ran = true
		for _, x := range funcs {
			x.f()
			if x.done != nil {
				close(x.done)
			}
		}
	}
}

// pending reports whether a function waits in the queue.
func (q *queue) pending() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.funcs) > 0
}

// maxYields bounds how often settle lets other goroutines run before a
// refresh: a goroutine that never blocks would otherwise hold the frame
// for ever. 1000 yields is 10 s of a busy goroutine's 10 ms time slices.
const maxYields = 1000

// settle lets every goroutine that can run do so until it blocks (on a
// timer, a channel, a lock, a system call) or ends, running what they
// hand the subject (fyne.Do) meanwhile, and reports whether anything was
// handed. The work a program's input starts on a goroutine of its own
// (a search, a decode, a request answered at once) so lands in the frame
// after the input in every process, as on a machine fast enough to finish
// it within a refresh; with one P (Attach) it would otherwise run
// whenever the scheduler happened to preempt the subject's goroutine. A
// goroutine that waits on the wall clock (time.Sleep, a Ticker) still
// wakes when the wall clock says, which no virtual clock reaches.
func (s *Subject) settle() bool {
	ran := false
	for range maxYields {
		if s.queue.run() {
			ran = true
		}
		if !runnable() {
			break
		}
		runtime.Gosched()
	}
	return s.queue.run() || ran
}

// runnableSample is the runtime's count of goroutines waiting for a P.
var runnableSample = []metrics.Sample{{Name: "/sched/goroutines/runnable:goroutines"}}

func runnable() bool {
	metrics.Read(runnableSample)
	return runnableSample[0].Value.Kind() == metrics.KindUint64 && runnableSample[0].Value.Uint64() > 0
}

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
	c.s.dirty[obj]++
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
