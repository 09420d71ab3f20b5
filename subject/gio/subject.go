package gio

import (
	"fmt"
	"image"
	"reflect"
	"runtime"
	"time"
	"unicode/utf8"

	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/io/input"
	"gioui.org/io/key"
	"gioui.org/io/pointer"
	"gioui.org/io/semantic"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/unit"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
)

// UI is a Gio program's frame: the function a Gio window calls with a
// layout.Context every time it draws.
type UI func(gtx layout.Context) layout.Dimensions

// Options set the window the program is laid out in. A zero field is
// DefaultOptions' own.
type Options struct {
	// Width and Height are the window's size in pixels.
	Width, Height int
	// Metric converts dp and sp to pixels.
	Metric unit.Metric
	// Refresh is the display's refresh interval: the virtual clock
	// advances by one per refresh, and at most one frame is drawn per
	// refresh.
	Refresh time.Duration
}

// DefaultOptions are the size of perfbench's default window (1280×800), a
// metric of one pixel per dp and sp, and a 60 Hz display.
var DefaultOptions = Options{
	Width: 1280, Height: 800,
	Metric:  unit.Metric{PxPerDp: 1, PxPerSp: 1},
	Refresh: time.Second / 60,
}

// withDefaults returns o with each zero field DefaultOptions' own, so
// that a program's window is written as its size alone
// (Options{Width: 800, Height: 700}): a zero metric would lay every
// widget out at no size and a zero refresh would never draw, so neither
// is a setting anyone means.
func (o Options) withDefaults() Options {
	d := DefaultOptions
	if o.Width == 0 {
		o.Width = d.Width
	}
	if o.Height == 0 {
		o.Height = d.Height
	}
	if o.Metric == (unit.Metric{}) {
		o.Metric = d.Metric
	}
	if o.Refresh == 0 {
		o.Refresh = d.Refresh
	}
	return o
}

// Frame is what one frame cost and did.
type Frame struct {
	// Cost is the frame's wall time: Layout plus Collect.
	Cost time.Duration
	// Layout is the time of ops.Reset and the program's layout function.
	Layout time.Duration
	// Collect is the time of Router.Frame over the recorded ops.
	Collect time.Duration
	// Route is the time spent routing the input that led to this frame
	// (Router.Queue and Router.WakeupTime for every event since the
	// previous frame); zero for a frame nothing was routed for.
	Route time.Duration
	// Allocs and Bytes are the heap allocations the frame made (layout
	// and Router.Frame; routing excluded).
	Allocs, Bytes uint64
	// OpsBytes and OpsRefs are the size of the recorded op list: its
	// serialised bytes and its external references.
	OpsBytes, OpsRefs int
	// Again says the router asked for another frame after this one (an
	// invalidation or an animation).
	Again bool
}

// Subject is one Gio program in a headless window on a virtual clock. Set
// UI (and Options, each zero field DefaultOptions' own), call Open, then
// drive it with input and Refresh or Wait.
//
// A Subject is used by one goroutine.
type Subject struct {
	UI      UI
	Options Options

	router input.Router
	ops    op.Ops
	size   image.Point
	now    time.Time
	// want is set when a frame has been asked for; wakeAt is when (the
	// zero time: at the next refresh).
	want    bool
	wakeAt  time.Time
	route   time.Duration
	open    bool
	frames  []Frame
	costs   []time.Duration // every frame's Cost, for FrameCosts
	tickers []ticker
	// refreshes counts the refreshes since Open: the tickers' clock.
	refreshes int
	// pointerAt is where the mouse pointer is, nil before any input
	// placed it.
	pointerAt *f32.Point
	// tally is what ReadCounts counted of frames so far.
	tally tally
	// session is the scenario session Attach attached the subject to,
	// nil for a Subject driven by hand.
	session *scenario.Session
}

// ticker is a background source of frames the scenario declared: every
// period of virtual time it runs tick and asks for a frame, as a program's
// goroutine that changes its state and calls Invalidate does.
type ticker struct {
	every, next int // in refreshes: the period, and the refresh it next falls at
	tick        func()
}

// epoch is the virtual clock's origin: a fixed instant, so gtx.Now is the
// same in every run.
var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// quietFrames bounds how many frames Open draws to settle the program
// (two at least: see Open).
const quietFrames = 8

// Open lays the program out for the first time and settles it: the first
// two frames and those the program immediately asks for are not the
// interaction. The first shapes every string in view and builds the
// handlers; the second is where a widget laid out for the first time
// asks for its input (a Gio widget says which events it takes in Update,
// before it lays out, so widget.Enum's keys take no click and show no
// role until a frame after the one that made them). A program that
// is still asking for frames after that (an animation) keeps asking; that
// is its steady state. Open is called once; a second call panics.
func (s *Subject) Open() {
	if s.open {
		panic("gio: Subject.Open called twice")
	}
	if s.UI == nil {
		panic("gio: Subject.Open with no UI")
	}
	s.Options = s.Options.withDefaults()
	if s.Options.Refresh < 0 || s.Options.Width < 0 || s.Options.Height < 0 {
		panic(fmt.Sprintf("gio: Options %+v: a window needs a size and a refresh interval", s.Options))
	}
	s.open = true
	s.now = epoch
	s.size = image.Pt(s.Options.Width, s.Options.Height)
	s.want = true
	for i := range quietFrames {
		s.draw()
		if i > 0 && (!s.want || !s.wakeAt.IsZero()) {
			break
		}
	}
	s.frames, s.costs = s.frames[:0], s.costs[:0]
}

// Frames returns every frame drawn since Open, in order. The slice is the
// subject's own; a caller should copy what it keeps.
func (s *Subject) Frames() []Frame { return s.frames }

// FrameCosts returns the cost of every frame drawn since Open, in order:
// what a scenario session reads each step's frames from.
func (s *Subject) FrameCosts() []time.Duration { return s.costs }

// Now returns the virtual clock's time.
func (s *Subject) Now() time.Time { return s.now }

// Size returns the window's size in pixels.
func (s *Subject) Size() image.Point { return s.size }

// Router returns the subject's router, for a caller that must read its
// state (focus, the editor state). Queue input through the Subject's own
// methods, so that it is routed, timed and answered with a frame.
func (s *Subject) Router() *input.Router { return &s.router }

// queue routes events the way a Gio window does: Router.Queue, then
// WakeupTime to learn whether a handler took them.
func (s *Subject) queue(events ...event.Event) (handled bool) {
	s.mustOpen()
	start := time.Now()
	s.router.Queue(events...)
	t, ok := s.router.WakeupTime()
	s.route += time.Since(start)
	if ok {
		s.ask(t)
	}
	return ok
}

// ask records that a frame is wanted at t (the zero time: now).
func (s *Subject) ask(t time.Time) {
	if !s.want || t.Before(s.wakeAt) {
		s.wakeAt = t
	}
	s.want = true
}

// PointerMove moves the mouse pointer to (x, y), in pixels.
func (s *Subject) PointerMove(x, y float32) {
	s.input("PointerMove")
	s.moved(f32.Pt(x, y))
	s.queue(pointer.Event{Kind: pointer.Move, Source: pointer.Mouse, Position: f32.Pt(x, y), Time: s.elapsed()})
}

// Click presses and releases the primary mouse button at (x, y).
func (s *Subject) Click(x, y float32) {
	s.input("Click")
	at, p := s.elapsed(), f32.Pt(x, y)
	s.moved(p)
	s.queue(
		pointer.Event{Kind: pointer.Move, Source: pointer.Mouse, Position: p, Time: at},
		pointer.Event{Kind: pointer.Press, Source: pointer.Mouse, Position: p, Buttons: pointer.ButtonPrimary, Time: at},
		pointer.Event{Kind: pointer.Release, Source: pointer.Mouse, Position: p, Time: at},
	)
}

// Wheel moves the mouse pointer to (x, y) and turns the wheel there by dy
// pixels (positive: down), as a mouse does: the widgets under the point
// see the pointer arrive (hover, enter) before the scroll, instead of a
// scroll from a point the pointer never reached while it still hovers
// wherever it was last.
//
// A pointer already at (x, y) is not moved again, as a mouse that stays
// put sends no motion: a run of wheel steps at one point is one move and
// the steps.
func (s *Subject) Wheel(x, y, dy float32) {
	s.input("Wheel")
	at, p := s.elapsed(), f32.Pt(x, y)
	scroll := pointer.Event{Kind: pointer.Scroll, Source: pointer.Mouse, Position: p, Scroll: f32.Pt(0, dy), Time: at}
	if s.pointerAt == nil || *s.pointerAt != p {
		s.moved(p)
		s.queue(pointer.Event{Kind: pointer.Move, Source: pointer.Mouse, Position: p, Time: at}, scroll)
		return
	}
	s.queue(scroll)
}

// WheelInPlace turns the wheel by dy pixels at (x, y) with the pointer
// left where it was, so nothing hovers anew. It is for a driver that compares a Gio
// program with an engine whose wheel does not move the pointer (package
// peer); a scenario of a real program uses Wheel.
func (s *Subject) WheelInPlace(x, y, dy float32) {
	s.input("WheelInPlace")
	s.queue(pointer.Event{Kind: pointer.Scroll, Source: pointer.Mouse, Position: f32.Pt(x, y), Scroll: f32.Pt(0, dy), Time: s.elapsed()})
}

// moved records where the pointer is.
func (s *Subject) moved(p f32.Point) { s.pointerAt = &p }

// Key presses and releases a key. Tab that no handler takes moves the
// focus forward, as a Gio window does on a desktop.
func (s *Subject) Key(name key.Name) {
	s.input("Key")
	handled := s.queue(key.Event{Name: name, State: key.Press}, key.Event{Name: name, State: key.Release})
	if name == key.NameTab && !handled {
		start := time.Now()
		s.router.MoveFocus(key.FocusForward)
		t, ok := s.router.WakeupTime()
		s.route += time.Since(start)
		if ok {
			s.ask(t)
		}
	}
}

// Type inserts text at the focused editor's selection the way a Gio
// window on a desktop delivers typed text (app.Window's EditorInsert): a
// key.EditEvent replacing the selection, then the selection moved to the
// end of the inserted text.
func (s *Subject) Type(text string) {
	s.input("Type")
	st := s.router.EditorState()
	sel := st.Selection.Range
	at := min(sel.Start, sel.End) + utf8.RuneCountInString(text)
	s.queue(key.EditEvent{Range: sel, Text: text}, key.SnippetEvent(st.Snippet.Range), key.SelectionEvent(key.Range{Start: at, End: at}))
}

// Resize gives the window a new size in pixels; the window draws a frame
// at the next refresh, as a window that was resized does.
func (s *Subject) Resize(width, height int) {
	s.input("Resize")
	if width <= 0 || height <= 0 {
		panic(fmt.Sprintf("gio: Resize to %d×%d", width, height))
	}
	s.size = image.Pt(width, height)
	s.ask(time.Time{})
}

// Tick declares a background source of frames: every period of virtual
// time from now, tick (nil for none) runs and the program is asked for a
// frame, as happens when a program's own goroutine changes its state and
// calls app.Window.Invalidate (a clock, a 1 Hz poll, a download's
// progress). The goroutine's schedule is the program's; here it is the
// virtual clock's, so the frames it causes are the same in every run. tick
// runs between frames on the scenario's goroutine, so it may change the
// program's state without locking. A period under one refresh panics: the
// display could not show the frames.
func (s *Subject) Tick(period time.Duration, tick func()) {
	s.mustOpen()
	if period < s.Options.Refresh {
		panic(fmt.Sprintf("gio: Tick every %s, under one refresh (%s)", period, s.Options.Refresh))
	}
	// Whole refreshes, as Wait counts them: a period of 1 s on a 60 Hz
	// display falls every 60th refresh, not at the refresh after each
	// whole second, which rounding would make drift by one.
	every := int((period + s.Options.Refresh/2) / s.Options.Refresh)
	s.tickers = append(s.tickers, ticker{every: every, next: s.refreshes + every, tick: tick})
}

// Refresh advances the virtual clock by one refresh and draws a frame
// there if one is due. It reports whether it drew.
func (s *Subject) Refresh() bool {
	s.mustOpen()
	s.now = s.now.Add(s.Options.Refresh)
	s.refreshes++
	for i := range s.tickers {
		if t := &s.tickers[i]; t.next == s.refreshes {
			if t.tick != nil {
				t.tick()
			}
			s.ask(time.Time{})
			t.next += t.every
		}
	}
	if !s.want || s.wakeAt.After(s.now) {
		return false
	}
	s.draw()
	return true
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

// input checks that input may be sent now: the subject is open, and,
// attached to a session, a step is running. Input sent between steps
// reaches the program with no frame drawn for it before the next step's
// input (a click that focuses an editor, then keystrokes that find no
// focus and are lost), so it is refused, naming the way to send it.
func (s *Subject) input(method string) {
	s.mustOpen()
	if s.session != nil && !s.session.Stepping() {
		panic(fmt.Sprintf("gio: %s outside a step: send a scenario's input inside s.Drive(label, func() { … }) "+
			"(or s.Repeat), which draws the frame it asks for before the next input", method))
	}
}

func (s *Subject) mustOpen() {
	if !s.open {
		panic("gio: Subject used before Open")
	}
}

// elapsed is the virtual time since the epoch, the time stamp of events.
func (s *Subject) elapsed() time.Duration { return s.now.Sub(epoch) }

// draw draws one frame and records it.
func (s *Subject) draw() {
	s.want, s.wakeAt = false, time.Time{}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	s.ops.Reset()
	gtx := layout.Context{
		Constraints: layout.Exact(s.size),
		Metric:      s.Options.Metric,
		Now:         s.now,
		Source:      s.router.Source(),
		Ops:         &s.ops,
	}
	s.UI(gtx)
	t1 := time.Now()
	s.router.Frame(&s.ops)
	t2 := time.Now()
	runtime.ReadMemStats(&after)
	f := Frame{
		Cost: t2.Sub(t0), Layout: t1.Sub(t0), Collect: t2.Sub(t1), Route: s.route,
		Allocs: after.Mallocs - before.Mallocs, Bytes: after.TotalAlloc - before.TotalAlloc,
	}
	f.OpsBytes, f.OpsRefs = opsSize(&s.ops)
	s.route = 0
	if t, ok := s.router.WakeupTime(); ok {
		f.Again = true
		s.ask(t)
	}
	s.frames = append(s.frames, f)
	s.costs = append(s.costs, f.Cost)
}

// opsSize returns the length of an op list's serialised data and of its
// references. Gio keeps both in unexported fields of its internal ops.Ops
// and offers no accessor, so they are read by reflection; a test fails if
// a Gio release moves them.
func opsSize(o *op.Ops) (bytes, refs int) {
	in := reflect.ValueOf(o).Elem().FieldByName("Internal")
	return in.FieldByName("data").Len(), in.FieldByName("refs").Len()
}

// Median returns the median of a count over frames (the lower middle of an
// even number), or 0 for no frames. Allocation counts are reported this
// way because a single frame's can differ by one or two between processes:
// the Go runtime caches, per call site, the types a type assertion or
// type switch to an interface type has seen, and adds a type on a random
// one in about 1024 of the misses (runtime/iface.go), allocating the new
// cache in whichever frame that falls (3000 identical assertions allocate
// 0, 1 or 2 objects, by process). The median moves only where it stands on
// the edge between two kinds of frame (gio-resize: ten frames that reshape
// the text, ten that do not).
func Median(frames []Frame, count func(Frame) uint64) uint64 {
	return scenario.MedianCount(frames, count)
}

// Find returns the bounds, in window pixels, of the widget the last frame
// labelled label in Gio's semantic tree, on screen: the m-picked one of
// Targets with that label (the first, of any role, without m; see
// script.Match). It is how a driver finds where to aim in a program whose
// layout it did not compute. More than one Match panics.
func (s *Subject) Find(label string, m ...script.Match) (image.Rectangle, bool) {
	t, ok := script.One("gio: Find", m).Pick(s.Targets(), label)
	if !ok {
		return image.Rectangle{}, false
	}
	return image.Rect(int(t.X), int(t.Y), int(t.X+t.W), int(t.Y+t.H)), true
}

// Center returns the middle of the widget Find finds, where a pointer
// aimed at it lands, and whether there is one.
func (s *Subject) Center(label string, m ...script.Match) (x, y float32, ok bool) {
	r, ok := s.Find(label, m...)
	if !ok {
		return 0, 0, false
	}
	return float32(r.Min.X+r.Max.X) / 2, float32(r.Min.Y+r.Max.Y) / 2, true
}

// Targets returns every labelled widget and every editor of the last
// frame that is on screen, in the semantic tree's order, each once, with
// the box a pointer aimed at it lands in: the widget's own (see the
// package doc for what carries a label and which role each widget has).
// Bounds are cut to the window.
func (s *Subject) Targets() []script.Target {
	s.mustOpen()
	nodes := s.router.AppendSemantics(nil)
	if len(nodes) == 0 {
		return nil
	}
	fa := readAreas(&s.router)
	drawn := fa.drawn()
	// nodes holds every node, the root first; the root's Children hold
	// the rest as a tree.
	var out []script.Target
	screen := image.Rectangle{Max: s.size}
	add := func(label string, role script.Role, r image.Rectangle) {
		if r = r.Intersect(screen); !r.Empty() {
			out = append(out, script.Target{Label: label, Role: role,
				X: float32(r.Min.X), Y: float32(r.Min.Y), W: float32(r.Dx()), H: float32(r.Dy())})
		}
	}
	var walk func(ns []input.SemanticNode, parent *input.SemanticDesc)
	walk = func(ns []input.SemanticNode, parent *input.SemanticDesc) {
		for i, n := range ns {
			d := n.Desc
			switch {
			case d.Description != "":
				add(d.Description, roleOf(d), d.Bounds)
			case d.Class == semantic.Editor:
				// material.Editor lays its hint out as a label beside an
				// empty editor, at its corner: the editor is what the
				// hint names. An editor holding text shows no hint; its
				// text names it.
				// An editor with neither is a target labelled "", for a
				// tour of the editors (script.Tour) to reach it.
				if hint, ok := hintOf(ns, i); ok {
					add(hint, script.Editor, d.Bounds)
				} else {
					add(fa.text(n.ID), script.Editor, d.Bounds)
				}
			case d.Label == "":
				// A material label with a State (widget.Selectable) puts
				// no label in the tree; its text is its label, its area
				// its own box.
				if text := fa.text(n.ID); text != "" {
					add(text, script.Label, d.Bounds)
				}
			case i > 0 && ns[i-1].Desc.Class == semantic.Editor && isHint(ns[i-1], n):
				// The hint, named with its editor above.
			case takesInput(d):
				// A widget that carries its own label.
				add(d.Label, roleOf(d), d.Bounds)
			case parent != nil && takesInput(*parent) && labelled(ns) == 1:
				// The one label inside a clickable, a check box's label:
				// the widget is what a driver aims at. A clickable with
				// many labels inside (a list, which takes clicks for its
				// scrolling) is not what any one of them names.
				add(d.Label, roleOf(*parent), parent.Bounds)
			default:
				// widget.Label clips its text to its constraints, so its
				// node's area runs to their edge; its own box is that of
				// the glyphs it drew.
				r, ok := drawn[n.ID]
				if !ok {
					r = d.Bounds
					if parent != nil {
						r = r.Intersect(parent.Bounds)
					}
				}
				add(d.Label, script.Label, r)
			}
			walk(n.Children, &ns[i].Desc)
		}
	}
	walk(nodes[:1], nil)
	return out
}

// hintOf returns the hint material.Editor laid out beside the editor
// ns[i], and whether there is one: the label that follows it at its
// corner, which it draws only while the editor is empty.
func hintOf(ns []input.SemanticNode, i int) (string, bool) {
	if i+1 < len(ns) && ns[i+1].Desc.Label != "" && isHint(ns[i], ns[i+1]) {
		return ns[i+1].Desc.Label, true
	}
	return "", false
}

// isHint reports whether label is the hint of editor: a label of no
// class at its corner.
func isHint(editor, label input.SemanticNode) bool {
	return label.Desc.Class == semantic.Unknown && !takesInput(label.Desc) && label.Desc.Bounds.Min == editor.Desc.Bounds.Min
}

// labelled returns how many of ns carry a label.
func labelled(ns []input.SemanticNode) int {
	n := 0
	for _, x := range ns {
		if x.Desc.Label != "" {
			n++
		}
	}
	return n
}

// takesInput reports whether a node is a widget that takes input: one of
// a semantic class, or one that takes clicks.
func takesInput(d input.SemanticDesc) bool {
	return d.Class != semantic.Unknown || d.Gestures&input.ClickGesture != 0
}

// roleOf maps a node's semantic class to a role: a node of no class that
// takes clicks (a bare widget.Clickable) is a button, one that takes none
// a label.
func roleOf(d input.SemanticDesc) script.Role {
	switch d.Class {
	case semantic.Button:
		return script.Button
	case semantic.CheckBox:
		return script.CheckBox
	case semantic.Editor:
		return script.Editor
	case semantic.RadioButton:
		return script.RadioButton
	case semantic.Switch:
		return script.Switch
	}
	if d.Gestures&input.ClickGesture != 0 {
		return script.Button
	}
	return script.Label
}
