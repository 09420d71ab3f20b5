package fyne

import (
	"fmt"
	"runtime"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/perfbench/perfbench/internal/instrument/clock/thread"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	"github.com/perfbench/perfbench/subject/fyne/internal/animation"
	_ "github.com/perfbench/perfbench/subject/fyne/internal/locale" // before Fyne's lang initializes
	"github.com/perfbench/perfbench/subject/fyne/internal/queue"
	"github.com/perfbench/perfbench/subject/fyne/internal/tree"
)

// Options set the window the program runs in.
type Options struct {
	// Width and Height are the window's size in Fyne's device-independent
	// units (one pixel each: the test canvas's scale is 1). As with Fyne's
	// desktop driver, the window opens no smaller than its content's
	// minimum and grows to it whenever the content's minimum grows past
	// it (see Subject.Size).
	Width, Height float32
	// Refresh is the display's refresh interval: the virtual clock
	// advances by one per refresh, and at most one frame is drawn per
	// refresh.
	Refresh time.Duration
	// StillCursor turns Fyne's animations off (Settings.ShowAnimations
	// answers false), as a user's "no animations" setting does: a
	// focused entry's cursor then stands still, and a window with one can
	// be idle. Its blink, with its pause after each keystroke, runs on
	// the virtual clock either way.
	StillCursor bool
	// Theme is the app's theme; nil is Fyne's default theme.
	Theme fyne.Theme
}

// DefaultOptions are a 480×360 window on a 60 Hz display. Smaller than
// perfbench's default window because the software painter repaints every
// pixel of the window every frame: about 20 ms a frame at 800×600.
var DefaultOptions = Options{Width: 480, Height: 360, Refresh: time.Second / 60}

// Frame is what one frame cost and did.
type Frame struct {
	// At is the virtual time the frame was drawn at, since Open.
	At time.Duration
	// Cost is the frame's time on the drawing thread's CPU clock:
	// Animate, Layout and Paint. Where the system has no per-thread CPU
	// clock it is wall time.
	Cost time.Duration
	// Wall is the frame's wall time (its Layout and Paint), for
	// reference: it also counts whatever else the machine ran meanwhile.
	Wall time.Duration
	// Animate is the time of ticking the running animations at this
	// refresh; Layout of the minimum-size pass (and a resize's layout);
	// Paint of the software painter painting the whole window.
	Animate, Layout, Paint time.Duration
	// Allocs and Bytes are the heap allocations of the step that drew
	// the frame: from the first input since the frame before (its
	// handlers: a list's UpdateItem during a scroll, an entry's edit),
	// through the timers due and the animations ticked at this refresh,
	// to the end of the frame. Input that asked for no frame is counted
	// in none.
	Allocs, Bytes uint64
	// Refreshes is how many times the program refreshed an object
	// (canvas.Refresh through the driver) since the previous frame, and
	// Refreshed how many distinct objects that was: the work that asked
	// for this frame.
	Refreshes, Refreshed int
	// Ticks is the animations ticked at this refresh.
	Ticks int
	// Layouts is the containers and widgets the minimum-size pass laid
	// out again.
	Layouts int
	// Visible is the visible objects in the window's trees; Painted the
	// ones the software painter draws (every visible object that is not
	// a container or a widget, every frame: it has no damage tracking);
	// Appeared the visible objects that were not visible the frame before
	// (a new object, or a hidden one shown).
	Visible, Painted, Appeared int
}

// Subject is one Fyne program in a headless window on a virtual clock,
// drawn by Fyne's test driver and software painter. Set Content (or
// Build), and Options or leave them zero for DefaultOptions, call Open
// (or Attach, which opens it for a scenario), then drive it with input and
// Refresh or Wait.
//
// Fyne's app is global (fyne.CurrentApp), so one Subject is open in a
// process at a time: opening another closes the one before. A Subject is
// used by one goroutine.
type Subject struct {
	// Content is the window's content.
	Content fyne.CanvasObject
	// Build, when Content is nil, makes the content in the subject's
	// window, once the subject's app is current (fyne.CurrentApp): for a
	// program that creates its objects with its window or app at hand,
	// as Fyne's demo builds each page with func(fyne.Window). A program
	// that opens its window itself calls its own code with
	// fyne.CurrentApp() and returns nil: while Build runs, the app's
	// NewWindow answers w, so the content, the canvas's keyboard handlers
	// and shortcuts the program sets land on the window the subject drives.
	Build   func(w fyne.Window) fyne.CanvasObject
	Options Options

	app    app
	drv    driver
	canvas canvas
	win    fyne.Window
	anims  animation.Runner
	sizes  minSizes
	now    time.Duration // virtual time since Open
	open   bool

	// dirty is the objects refreshed since the last frame, with how often
	// (drawing those the frame being drawn answers); dirtyCanvas a
	// repaint asked for without one; resize a size to apply before the
	// next frame.
	dirty, drawing map[fyne.CanvasObject]int
	refreshes      int
	dirtyCanvas    bool
	resize         fyne.Size
	ticks          int
	timers         []timer
	// queue is what other goroutines handed the subject (fyne.Do).
	queue queue.Queue

	frames []Frame
	costs  []time.Duration
	// trace is the events of every frame since Open, frame i's ending at
	// traceEnds[i] (see FrameTrace).
	trace     []event
	traceEnds []int
	// tally is what ReadCounts counted of frames so far.
	tally tally

	// mark holds the heap statistics from the first input since the last
	// frame (marked says it does): where the next frame's allocations
	// count from.
	mark   runtime.MemStats
	marked bool
}

// current is the open Subject, whose app is fyne.CurrentApp.
var current *Subject

// quietFrames bounds how many frames Open draws to settle the program.
const quietFrames = 8

// Open makes a fresh Fyne test app current with the subject's driver,
// opens a window of the Options' size with the content, and settles it:
// the first frames (creating every renderer, laying out, loading the
// fonts) are not the interaction. Open is called once; a second call
// panics.
func (s *Subject) Open() {
	if s.open {
		panic("fyne: Subject.Open called twice")
	}
	if s.Content == nil && s.Build == nil {
		panic("fyne: Subject.Open with neither Content nor Build")
	}
	if s.Options == (Options{}) {
		s.Options = DefaultOptions
	}
	if s.Options.Refresh <= 0 || s.Options.Width <= 0 || s.Options.Height <= 0 {
		panic(fmt.Sprintf("fyne: Options %+v: a window needs a size and a refresh interval", s.Options))
	}
	if current != nil {
		current.close()
	}
	current = s
	s.open = true
	s.dirty, s.drawing = map[fyne.CanvasObject]int{}, map[fyne.CanvasObject]int{}
	s.sizes.events = make([]event, 0, eventsAtOpen)
	s.drv.s, s.canvas.s = s, s
	s.queue.Own()
	inner := test.NewApp()
	s.app = app{App: inner, drv: &s.drv, settings: settings{Settings: inner.Settings(), still: s.Options.StillCursor}}
	s.drv.Driver = inner.Driver()
	fyne.SetCurrentApp(&s.app)
	th := s.Options.Theme
	if th == nil {
		th = theme.DefaultTheme()
	}
	inner.Settings().SetTheme(th)
	s.win = s.app.NewWindow("perfbench")
	s.canvas.Canvas = s.win.Canvas()
	content := s.Content
	if content == nil {
		s.app.building = s.win
		content = s.Build(s.win)
		s.app.building = nil
	}
	if content == nil {
		content = s.win.Content()
	}
	if content == nil {
		panic("fyne: Build returned no content and set none")
	}
	s.win.SetContent(content)
	s.win.Resize(fyne.NewSize(s.Options.Width, s.Options.Height))
	s.win.Show()
	s.dirtyCanvas = true
	for range quietFrames {
		if !s.Refresh() {
			break
		}
	}
	s.frames, s.costs = s.frames[:0], s.costs[:0]
	s.trace, s.traceEnds = s.trace[:0], s.traceEnds[:0]
	s.marked = false
}

func (s *Subject) close() {
	s.win.Close()
	s.open = false
}

// Frames returns every frame drawn since Open, in order. The slice is the
// subject's own; a caller should copy what it keeps.
func (s *Subject) Frames() []Frame { return s.frames }

// FrameCosts returns the wall time of every frame drawn since Open, in
// order: what a scenario session reads each step's frames from, and shows
// as the wall time beside the thread-CPU time it samples itself (the
// frames' own CPU time is Frame.Cost).
func (s *Subject) FrameCosts() []time.Duration { return s.costs }

// Window returns the program's window, for a caller that must read its
// state (focus, content). Send input through the Subject's own methods,
// so that it goes where Fyne's desktop driver sends it.
func (s *Subject) Window() fyne.Window { s.mustOpen(); return s.win }

// Size returns the window's size: the Options' size, or what Resize
// asked for, grown to the content's minimum where that is larger, as the
// desktop driver grows a window to fit its content.
func (s *Subject) Size() fyne.Size { s.mustOpen(); return s.win.Canvas().Size() }

// Now returns the virtual time since Open.
func (s *Subject) Now() time.Duration { return s.now }

func (s *Subject) mustOpen() {
	if !s.open {
		panic("fyne: Subject used after Close or before Open")
	}
	if current != s {
		panic("fyne: Subject used after another was opened")
	}
}

// Refresh advances the virtual clock by one refresh, lets the program's
// goroutines run until they block and runs what they handed the subject
// (fyne.Do; see settle), runs the driver's timers due, ticks the running
// animations there, and draws a frame if anything asked for one since the
// last: an object refreshed, a canvas repaint, a resize. It reports
// whether it drew.
func (s *Subject) Refresh() bool {
	s.mustOpen()
	// The frame is timed on its thread's CPU clock, which needs the
	// goroutine to stay on one thread (a no-op where the caller, as a
	// scenario does, has locked it already).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s.now += s.Options.Refresh
	clockElapsed += s.Options.Refresh
	if s.due() || s.anims.Active() || s.queue.Pending() || runnable() {
		s.input()
	}
	s.settle()
	s.runTimers()
	var animate time.Duration
	if s.anims.Active() {
		c0, _ := cpu()
		s.ticks = s.anims.Tick(s.now)
		c1, _ := cpu()
		animate = c1 - c0
	}
	if len(s.dirty) == 0 && !s.dirtyCanvas && s.resize == (fyne.Size{}) {
		s.marked = false
		return false
	}
	s.draw(animate)
	return true
}

// input marks where the next frame's allocations count from, at the
// first input (or timer, or animation tick) since the last frame, and
// checks that the subject is open: every input method calls it first.
func (s *Subject) input() {
	s.mustOpen()
	if !s.marked {
		runtime.ReadMemStats(&s.mark)
		s.marked = true
	}
}

// Wait advances the virtual clock by d (rounded to whole refreshes), a
// refresh at a time, drawing each frame that falls due. It returns the
// number of frames drawn.
func (s *Subject) Wait(d time.Duration) int {
	n := 0
	for range (d + s.Options.Refresh/2) / s.Options.Refresh {
		if s.Refresh() {
			n++
		}
	}
	return n
}

// cpu returns the thread's CPU time (or, where there is none, the
// monotonic clock) and the monotonic clock.
func cpu() (time.Duration, time.Duration) {
	mono := time.Since(processStart)
	if t, ok := thread.CPU(); ok {
		return t, mono
	}
	return mono, mono
}

// processStart is the origin of the monotonic clock cpu reads.
var processStart = time.Now()

// draw draws one frame as Fyne's desktop driver does for a dirty window
// (internal/driver/glfw drawSingleFrame): the minimum-size pass, then the
// refreshed objects are let go (the GL driver frees their textures; the
// software painter keeps none), then the whole window is painted.
// Capture is the test canvas's one way to its painter: it also fills the
// background and composes the painted image onto it, and runs Fyne's
// cache cleaner, which acts at most every 10 s of wall time.
//
// Its allocations count from the mark input set (see Frame.Allocs).
func (s *Subject) draw(animate time.Duration) {
	if !s.marked {
		runtime.ReadMemStats(&s.mark)
	}
	before := &s.mark
	s.marked = false
	f := Frame{At: s.now, Refreshes: s.refreshes, Refreshed: len(s.dirty), Ticks: s.ticks, Animate: animate}
	// What this frame answers; what its layout and paint refresh asks for
	// the next.
	s.dirty, s.drawing = s.drawing, s.dirty
	s.refreshes, s.dirtyCanvas, s.ticks = 0, false, 0
	c0, w0 := cpu()
	if s.resize != (fyne.Size{}) {
		s.win.Resize(s.resize.Max(s.minSize()))
		s.resize = fyne.Size{}
	}
	s.sizes.pass(s.win.Canvas(), s.drawing)
	if s.sizes.grew {
		s.fit()
	}
	c1, _ := cpu()
	// The software painter stands in for what the desktop driver hands
	// the GPU: its time is the frame's, its instructions not the
	// program's. A counted process, whose numbers are only instructions,
	// skips it (see paints).
	if paints() {
		scenario.Uncounted(func() { s.win.Canvas().Capture() })
	}
	c2, w2 := cpu()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	f.Layout, f.Paint = c1-c0, c2-c1
	f.Cost = f.Animate + f.Layout + f.Paint
	f.Wall = w2 - w0
	f.Allocs, f.Bytes = after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc
	f.Layouts, f.Visible, f.Painted, f.Appeared = s.sizes.layouts, s.sizes.visible, s.sizes.painted, s.sizes.appeared
	s.frames = append(s.frames, f)
	s.costs = append(s.costs, f.Wall)
	// The trace is kept after the frame's allocations were read: it is
	// the subject's bookkeeping, not the program's work.
	s.sizes.place(s.win.Canvas())
	s.trace = append(s.trace, s.sizes.events...)
	for o, n := range s.drawing {
		s.trace = append(s.trace, event{what: "refreshed", times: n, obj: o})
	}
	clear(s.drawing)
	s.traceEnds = append(s.traceEnds, len(s.trace))
}

// paints says whether a frame paints the window: everywhere but in a
// process that counts instructions (scenario.Counting). There the
// painter ran instrumented, uncollected, for nothing: fyne_demo's hover
// step is 0.9 M instructions of the program's and about 80 ms of
// scaling images natively, which under Callgrind made a counted process
// of 60 steps take minutes. What a counted process leaves out with it is
// the capture's cache cleaner, which acts once per 10 s of the virtual
// clock on what went unused for a minute of it: a counted step of a
// scenario that waits that long may create again what a timed one keeps.
var paints = func() bool { return !scenario.Counting() }

// minSize is the window's minimum: its content's, with the canvas's
// padding around it (Fyne's glCanvas.MinSize; the subject's window has no
// main menu).
func (s *Subject) minSize() fyne.Size {
	c := s.win.Canvas()
	content := c.Content()
	if content == nil {
		return fyne.Size{}
	}
	min := content.MinSize()
	if p, ok := c.(interface{ Padded() bool }); ok && p.Padded() {
		min = min.Add(fyne.NewSquareSize(2 * theme.Padding()))
	}
	return min
}

// fit grows the window to its content's minimum where it is smaller, in
// width or height or both, as Fyne's desktop driver does in the frame
// where the minimum of one of its trees changed (common Canvas.EnsureMinSize
// resizes the canvas before the paint; the GLFW window's fitContent
// follows). It never shrinks it.
func (s *Subject) fit() {
	size := s.win.Canvas().Size()
	if grown := size.Max(s.minSize()); grown != size {
		s.win.Resize(grown)
	}
}

// MouseMove moves the mouse pointer to p: the hoverable object under it
// gets MouseIn, MouseMoved or MouseOut, as Fyne's desktop driver sends
// them (through the test package's MoveMouse).
func (s *Subject) MouseMove(p fyne.Position) { s.input(); test.MoveMouse(s.win.Canvas(), p) }

// Tap clicks the primary mouse button at p, as Fyne's desktop driver
// handles a press and a release (internal/driver/glfw
// processMouseClicked): the object under p that takes clicks gets
// MouseDown and MouseUp if it is a desktop.Mouseable (an entry takes the
// focus on MouseDown), the focus is dropped when nothing focusable is
// under p, and a tappable gets Tapped — at once, or, if it also takes
// double taps, after the driver's double-tap delay on the virtual clock,
// as the desktop driver waits to see whether a second tap follows.
func (s *Subject) Tap(p fyne.Position) {
	s.input()
	c := s.win.Canvas()
	co, rel := tree.ObjectAt(c, p, func(o fyne.CanvasObject) bool {
		switch o.(type) {
		case fyne.Tappable, fyne.SecondaryTappable, fyne.DoubleTappable, fyne.Focusable, mouseable:
			return true
		}
		return false
	})
	if co == nil {
		return
	}
	ev := &fyne.PointEvent{Position: rel, AbsolutePosition: p}
	mev := &desktop.MouseEvent{PointEvent: *ev, Button: desktop.MouseButtonPrimary}
	focus := func() {
		if f, ok := co.(fyne.Focusable); ok && f == c.Focused() {
			return
		}
		if o, _ := tree.ObjectAt(c, p, func(o fyne.CanvasObject) bool { _, ok := o.(fyne.Focusable); return ok }); o == nil {
			c.Unfocus()
		}
	}
	if m, ok := co.(mouseable); ok {
		m.MouseDown(mev)
	}
	focus()
	if m, ok := co.(mouseable); ok {
		m.MouseUp(mev)
	}
	focus()
	t, ok := co.(fyne.Tappable)
	if !ok {
		return
	}
	if _, double := co.(fyne.DoubleTappable); double {
		s.after(fyne.CurrentApp().Driver().DoubleTapDelay(), func() { t.Tapped(ev) })
		return
	}
	t.Tapped(ev)
}

// mouseable is desktop.Mouseable.
type mouseable = desktop.Mouseable

// after runs f at the first refresh d or more from now.
func (s *Subject) after(d time.Duration, f func()) {
	s.timers = append(s.timers, timer{at: s.now + d, f: f})
}

// timer is a function the driver runs later, on the virtual clock.
type timer struct {
	at time.Duration
	f  func()
}

// due reports whether a timer falls due at now.
func (s *Subject) due() bool {
	for _, t := range s.timers {
		if t.at <= s.now {
			return true
		}
	}
	return false
}

// runTimers runs, in the order they were set, the timers due at now.
func (s *Subject) runTimers() {
	keep := s.timers[:0]
	for _, t := range s.timers {
		if t.at <= s.now {
			t.f()
		} else {
			keep = append(keep, t)
		}
	}
	clear(s.timers[len(keep):])
	s.timers = keep
}

// Scroll scrolls the scrollable object under p by (dx, dy) (positive dy:
// the content moves up, as a wheel turned towards the user).
func (s *Subject) Scroll(p fyne.Position, dx, dy float32) {
	s.input()
	test.Scroll(s.win.Canvas(), p, dx, dy)
}

// Drag drags the draggable object under p by (dx, dy) and ends the drag.
func (s *Subject) Drag(p fyne.Position, dx, dy float32) {
	s.input()
	test.Drag(s.win.Canvas(), p, dx, dy)
}

// Type types text a rune at a time, as Fyne's desktop driver delivers
// typed characters: to the focused object, or to the canvas's handler
// when nothing has the focus.
func (s *Subject) Type(text string) {
	s.input()
	c := s.win.Canvas()
	for _, r := range text {
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else if h := c.OnTypedRune(); h != nil {
			h(r)
		}
	}
}

// Key presses and releases a key, as Fyne's desktop driver does: KeyDown
// and KeyUp to a focused desktop.Keyable, TypedKey to the focused object
// (or the canvas's handler), except Tab, which moves the focus forward
// unless the focused object takes tabs itself.
func (s *Subject) Key(name fyne.KeyName) {
	s.input()
	c := s.win.Canvas()
	ev := &fyne.KeyEvent{Name: name}
	if k, ok := c.Focused().(keyable); ok {
		k.KeyDown(ev)
	}
	if name == fyne.KeyTab {
		if t, ok := c.Focused().(fyne.Tabbable); !ok || !t.AcceptsTab() {
			c.FocusNext()
			s.keyUp(c, ev)
			return
		}
	}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	} else if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
	s.keyUp(c, ev)
}

func (s *Subject) keyUp(c fyne.Canvas, ev *fyne.KeyEvent) {
	if k, ok := c.Focused().(keyable); ok {
		k.KeyUp(ev)
	}
}

// keyable is desktop.Keyable.
type keyable = desktop.Keyable

// Resize gives the window a new size; it is applied, and the content laid
// out at it, in the frame drawn at the next refresh, as a desktop window
// applies the size the system gave it before it draws. A window is never
// smaller than its content's minimum (the desktop driver sets it as the
// window's size limit), so a size below it gives the minimum.
func (s *Subject) Resize(width, height float32) {
	s.mustOpen()
	if width <= 0 || height <= 0 {
		panic(fmt.Sprintf("fyne: Resize to %v×%v", width, height))
	}
	s.input()
	s.resize = fyne.NewSize(width, height)
}

// Find returns the position (absolute, in the window) and size of the
// part in view of the m-picked one of Targets whose text is text (the
// first, of any role, without m; see script.Match), and whether there is
// one: how a driver finds where to aim in a program whose layout it did
// not compute. More than one Match panics.
func (s *Subject) Find(text string, m ...script.Match) (fyne.Position, fyne.Size, bool) {
	t, ok := script.One("fyne: Find", m).Pick(s.Targets(), text)
	if !ok {
		return fyne.Position{}, fyne.Size{}, false
	}
	return fyne.NewPos(t.X, t.Y), fyne.NewSize(t.W, t.H), true
}

// Center returns the middle of what Find finds, where a pointer aimed at
// it lands, and whether there is one.
func (s *Subject) Center(text string, m ...script.Match) (fyne.Position, bool) {
	p, size, ok := s.Find(text, m...)
	if !ok {
		return fyne.Position{}, false
	}
	return p.Add(fyne.NewPos(size.Width/2, size.Height/2)), true
}

// Targets returns every object with a text that is in view (not hidden,
// not wholly clipped away like a list row scrolled out, not outside the
// window), in tree order (content, then overlays), each once: an object
// with a text is one target, and the objects it is drawn with (a label's
// rich text, a button's text) are its parts, not more. See the package
// doc for what counts as an object's text and which role each has. The
// bounds are of the part in view.
func (s *Subject) Targets() []script.Target {
	s.mustOpen()
	c := s.win.Canvas()
	var out []script.Target
	var visit func(o fyne.CanvasObject, at fyne.Position, clip tree.Rect)
	visit = func(o fyne.CanvasObject, at fyne.Position, clip tree.Rect) {
		if o == nil || !o.Visible() {
			return
		}
		at = at.Add(o.Position())
		if _, ok := o.(fyne.Scrollable); ok {
			clip = clip.Intersect(tree.Rect{At: at, Size: o.Size()})
		}
		if text, role, ok := tree.TextOf(o); ok {
			if r := clip.Intersect(tree.Rect{At: at, Size: o.Size()}); !r.Empty() {
				out = append(out, script.Target{Label: text, Role: role, X: r.At.X, Y: r.At.Y, W: r.Size.Width, H: r.Size.Height})
			}
			return
		}
		for _, ch := range tree.Children(o) {
			visit(ch, at, clip)
		}
	}
	for _, root := range tree.Roots(c) {
		visit(root, fyne.Position{}, tree.Rect{Size: c.Size()})
	}
	return out
}

// Position returns o's position in the window (absolute) and whether o is
// in its visible trees: where a driver aims at an object its program
// holds.
func (s *Subject) Position(o fyne.CanvasObject) (fyne.Position, bool) {
	s.mustOpen()
	var pos fyne.Position
	found := false
	for _, root := range tree.Roots(s.win.Canvas()) {
		if tree.Walk(root, fyne.Position{}, tree.Everywhere, func(x fyne.CanvasObject, at fyne.Position, _ tree.Rect) bool {
			found = x == o
			pos = at
			return found
		}) {
			break
		}
	}
	return pos, found
}

// Median returns the median of a count over frames (the lower middle of an
// even number), or 0 for no frames. Allocation counts are reported this
// way for the reason package subject/gio gives: a frame's allocations can
// differ by one or two between processes (the runtime's type-assertion
// caches, a map's growth that depends on its hash seed).
func Median(frames []Frame, count func(Frame) uint64) uint64 {
	return scenario.MedianCount(frames, count)
}
