package fyne

import (
	"runtime"
	"runtime/metrics"

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

func (d *driver) StartAnimation(a *fyne.Animation) { d.s.anims.Start(a, d.s.now) }
func (d *driver) StopAnimation(a *fyne.Animation)  { d.s.anims.Stop(a) }

// DoFromGoroutine is fyne.Do and fyne.DoAndWait: f joins the queue the
// subject runs on its own goroutine at its next refresh, as Fyne's desktop
// driver runs it in its event loop (the test driver would run it at once
// on the caller's goroutine, beside the frame being drawn). A caller that
// waits blocks until then; the subject's own goroutine, which would wait
// for itself, runs f at once.
func (d *driver) DoFromGoroutine(f func(), wait bool) {
	if !wait {
		d.s.queue.Add(f, nil)
		return
	}
	if d.s.queue.OnOwner() {
		f()
		return
	}
	done := make(chan struct{})
	d.s.queue.Add(f, done)
	<-done
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
		if s.queue.Run() {
			ran = true
		}
		if !runnable() {
			break
		}
		runtime.Gosched()
	}
	return s.queue.Run() || ran
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
