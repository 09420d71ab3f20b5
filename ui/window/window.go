// Package window runs a document: it owns the frame loop, routes input,
// and drives the stages of a frame in order —
//
//	evt.in → f.begin → f.restyle → f.boxes → f.layout → f.fragments →
//	p.emit → p.draw → pres.out → f.end
//
// each of which is also a latency mark.
//
// # The frame loop
//
// A window draws only when something asked: an input that changed the
// document, an application Invalidate, an announced Tick, or a running
// animation. A request arms one timer on the window's clock at the next
// refresh of its display (the rate the display reports, or 60 Hz where it
// reports none); further requests before that refresh join the pending
// frame (InvalidationsMerged). With nothing animating and nothing touched
// no timer is armed, so an idle window draws no frames at all; with an
// animation running it draws exactly one frame per refresh.
//
// # Input routing
//
// A pointer lands on the topmost element under it that can take it: a
// focusable control, a scroll container, an element with a handler
// (Handle) or one whose classes give it a hover variant. The hit index
// that answers (HitTest) is rebuilt, space by space, for everything that
// changes that answer — geometry, display, a class or rule that adds or
// drops a hover variant, a handler added or removed, a removal — and for
// nothing else, so a translation frame or a hover frame rebuilds nothing.
// A click is offered to the handlers of the element and its ancestors,
// innermost first; one a handler consumes still focuses a focusable
// element. Enter and Space click the focused control the same way.
//
// # Handlers that change the document
//
// A handler may change the document in any way while its click (or the
// Enter or Space that clicks) is dispatched: remove its element or any
// ancestor, add or move siblings, change classes, states, text or scroll
// offsets, register or drop handlers. What follows the handler reads the
// document as the handler left it. The click goes on to the parent's
// handler as the document has it then, and ends at an element the handler
// removed (itself or an ancestor), which is in no document. The element
// clicked is activated and focused only if it is still in the document,
// still enabled, and no handler consumed the click (a consumed click
// still focuses it): a removed element is neither. The hover follows the
// pointer: the next frame, having laid the changed document out, hovers
// what it put under the pointer's last position (a PointerMove's or a
// Click's), and draws that hover in the same frame, as a window rebuilt
// over the document would. Without a handler's change the hover moves
// only with the pointer.
//
// # Focus
//
// A click focuses the focusable control it lands on, Tab and BackTab move
// the focus in tree order over displayed, enabled controls, and Enter and
// Space click the focused one. A focused control that a frame does not
// display — hidden itself or by an ancestor, or in a folded Tabs panel —
// loses the focus at that frame to no element, as a browser's goes to the
// body; it does not take it back when shown again.
//
// # Misuse and input no platform sends
//
// An input event with an argument no platform sends — a coordinate or
// wheel delta that is NaN or infinite, a Button or Key that is none of
// the constants, typed text that is not UTF-8 — is dropped: the window is
// left as it was, no frame is asked for, and Dropped counts it. A point
// that is finite but far outside the window lands on nothing.
//
// A size that is negative or not finite (Options, Resize), Handle on
// nil, on an element of another document or on a removed one, Style,
// Rect and Box of nil or of another document's element, and TickUpdate
// of nil panic with a "window: …" message (a removed element is
// answered: its Rect is empty once a frame removed it). Options with both sizes zero is the default
// size; otherwise a 0 is 0. Style of an element added since the last
// frame is the style the next frame gives it. A display's refresh rate
// out of range (Display.RefreshHz) is taken as none.
//
// # Probing
//
// Options.Probe, if set, is called at the end of every frame with the
// window as it stands. It can read the window (LastFrame, DisplayList,
// Geometry, Damage, …) and must not change it.
package window

import (
	"fmt"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/renderer/null"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/hit"
	"github.com/perfbench/perfbench/ui/layout"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window/internal/textstage"
	"github.com/perfbench/perfbench/ui/window/internal/worklog"
)

// Display is the screen a window is on.
type Display struct {
	ID int
	// RefreshHz is the refresh rate the platform reports, or 0 where it
	// reports none. A rate that is not in (0, MaxRefreshHz] — NaN,
	// negative, infinite, or finer than the clock's nanoseconds — is taken
	// as none.
	RefreshHz float64
}

// FallbackHz is the frame rate used on a display that reports none.
const FallbackHz = 60

// MaxRefreshHz is the fastest refresh a window schedules frames at: one a
// nanosecond, the clock's resolution. Past it two refreshes fall on one
// instant, and the search for the next one never ends.
const MaxRefreshHz = 1e9

// FrameProbe is called at the end of every frame with the window, which it
// must only read.
type FrameProbe interface {
	FrameEnded(w *Window)
}

// Reason says who asked for a frame.
type Reason uint8

const (
	// ByInput: an input event changed the document.
	ByInput Reason = 1 << iota
	// ByApp: the application invalidated the window.
	ByApp
	// ByAnimation: an animated element needs its next frame.
	ByAnimation
	// ByTick: an overlay's announced clock tick (the HUD's), which a
	// sampler may exclude from its readings.
	ByTick
)

// Options configure a window. The zero value is a 1280×800 window on a
// 60 Hz display with a virtual clock and the null renderer.
type Options struct {
	// Width and Height are the viewport's size. Both zero is the default
	// size; once either is given, each is taken as it is, so a 0-wide
	// window is 0 wide (a 0×0 one is opened at any size and resized to
	// 0×0 before its first frame). A negative size, or one that is not
	// finite, panics.
	Width, Height float32
	Display       Display
	Clock         clock.Clock
	Renderer      renderer.Renderer
	Probe         FrameProbe
	// RunCacheLimit and GlyphCacheLimit override the text caches' soft
	// limits (0: the text package's defaults).
	RunCacheLimit, GlyphCacheLimit int
	// NoAnimation freezes animations (they draw their current phase and
	// request no frames).
	NoAnimation bool
	// Work, when set, is handed what each frame restyled, relaid out,
	// emitted and placed in the draw order, element by element, with why
	// each was queued (see Work). It costs the frame; nil costs a test.
	Work func(Work)
}

// DefaultWidth and DefaultHeight are the size of a window whose options
// give none.
const (
	DefaultWidth  = 1280
	DefaultHeight = 800
)

// FrameInfo describes the last frame drawn.
type FrameInfo struct {
	Index   uint64 // frames drawn before this one
	At      clock.Instant[clock.Sched]
	Cost    time.Duration // real time from f.begin to f.end
	Reasons Reason        // who asked for it
	// Invalidations is how many requests this frame answered.
	Invalidations int
	// Background reports that the window was hidden or in the background
	// when the frame was drawn (SetForeground): nobody saw it.
	Background bool
	// Scheduled reports that the frame was drawn for the refresh its timer
	// was set at, Aim, which had come by At (Frame draws one early: not
	// scheduled). Presented is the clock's time when the renderer returned.
	// On a virtual clock all three instants are one: a frame takes no
	// virtual time.
	Scheduled bool
	Aim       clock.Instant[clock.Sched]
	Presented clock.Instant[clock.Sched]
}

// Window is one document in one viewport.
type Window struct {
	doc      *document.Document
	opts     Options
	clk      clock.Clock
	rend     renderer.Renderer
	display  Display
	viewport geom.Point

	styles  []style.Computed
	styled  []nodeState
	restamp []uint64
	layout  layout.Engine
	paint   paint.Painter
	hits    hit.Index
	text    textstage.Stage
	changes document.Changes

	frameTimer    *clock.Timer
	reasons       Reason
	inputs        Inputs // the kinds of input that asked for the pending frame
	kind          Inputs // the input being handled
	hidden        bool
	allocs        allocCount // at f.begin of a traced frame
	invalidations int
	stamp         uint64
	last          FrameInfo
	frames        uint64
	dropped       int // input events dropped (Dropped)
	// hid is set when a restyle stopped displaying an element, and
	// seenFocus is the focused element as the last frame left it: what
	// blurHidden looks at.
	hid       bool
	seenFocus *document.Node
	resized   bool
	busy      bool // handling input or drawing: changes are already accounted for
	// pointer is where the pointer was last seen (PointerMove, Click),
	// once pointed; rehover is set when a handler changed the document,
	// and the next frame hovers what it puts under the pointer.
	pointer          geom.Point
	pointed, rehover bool

	handlers   map[document.ID]func(Button) bool
	scrolled   []*document.Node
	have       []bool // rebind's scratch: which port slots have a row
	sheetGen   uint64 // the sheet generation the styles were computed at
	sheetWatch *style.Watcher
	classes    []style.Class
	restyling  []*document.Node // the frame's elements to restyle, parents first
	toPaint    []*document.Node
	subtrees   []*document.Node
	shown      []*document.Node // shown again this frame (display: none no more)
	ports      []*document.Node // lists restyled this frame in a property layout reads
	// The frame's layout passes' moved, resized and removed elements.
	moved, resizedNodes, removedRoots []*document.Node
	dirtySpaces                       []document.ID
	rebuildAll                        bool
	drawsText                         bool       // the renderer reads the text caches (not the null one)
	drawnSize                         geom.Point // the viewport of the last frame drawn
	entries                           []hit.Entry
	path                              []document.ID
	// work says why each element was queued, while Options.Work is set.
	work worklog.Log
}

// New opens a window over doc. Nothing is drawn until the clock reaches
// the first refresh (or Frame is called).
func New(doc *document.Document, opts Options) *Window {
	switch {
	case !validSize(opts.Width, opts.Height):
		panic(fmt.Sprintf("window: a %g×%g window: a size is finite and never negative", opts.Width, opts.Height))
	case opts.Width == 0 && opts.Height == 0:
		opts.Width, opts.Height = DefaultWidth, DefaultHeight
	}
	if opts.Clock == nil {
		opts.Clock = &clock.Virtual{}
	}
	if opts.Renderer == nil {
		opts.Renderer = &null.Renderer{}
	}
	w := &Window{
		doc: doc, opts: opts, clk: opts.Clock, rend: opts.Renderer, display: opts.Display,
		viewport: geom.Point{X: opts.Width, Y: opts.Height}, rebuildAll: true,
	}
	w.text.Init(opts.RunCacheLimit, opts.GlyphCacheLimit)
	_, null := opts.Renderer.(*null.Renderer)
	w.drawsText = !null
	w.layout = layout.Engine{Doc: doc, Text: &w.text}
	if opts.Work != nil {
		w.layout.Relaid = w.relaid
		w.work = worklog.New(doc)
	}
	w.paint = paint.Painter{Doc: doc, Layout: &w.layout, Text: &w.text}
	doc.Notify = w.documentChanged
	w.sheetGen = doc.Sheet.Generation()
	w.sheetWatch = &style.Watcher{Changed: w.documentChanged}
	doc.Sheet.Watch(w.sheetWatch)
	latency.StartEpoch(w.Source())
	w.requestFrame(ByApp)
	return w
}

// Renderer returns the renderer the window draws with.
func (w *Window) Renderer() renderer.Renderer { return w.rend }

// Source declares, for a latency trace's header, what schedules this
// window's frames and whether its renderer presents them.
func (w *Window) Source() latency.Source {
	caps := w.rend.Caps()
	src := latency.Source{Renderer: caps.Name, Presents: caps.Presents, RefreshHz: w.display.RefreshHz}
	switch w.clk.(type) {
	case *clock.Virtual:
		src.Timing = latency.Virtual
	case *clock.Real:
		src.Timing = latency.Real
	}
	return src
}

// documentChanged schedules a frame for a change the application made to
// the document directly; changes made by input handling or by the frame
// itself are scheduled by those.
func (w *Window) documentChanged() {
	if !w.busy {
		w.requestFrame(ByApp)
	}
}

// Document returns the window's document.
func (w *Window) Document() *document.Document { return w.doc }

// Clock returns the window's clock.
func (w *Window) Clock() clock.Clock { return w.clk }

// Display returns the display the window is on.
func (w *Window) Display() Display { return w.display }

// RefreshHz returns the rate frames are scheduled at: the display's
// reported rate, or FallbackHz where it reports none or one out of range.
func (w *Window) RefreshHz() float64 {
	if hz := w.display.RefreshHz; hz > 0 && hz <= MaxRefreshHz {
		return w.display.RefreshHz
	}
	return FallbackHz
}

// Size returns the viewport size.
func (w *Window) Size() geom.Point { return w.viewport }

// LastFrame describes the last frame drawn.
func (w *Window) LastFrame() FrameInfo { return w.last }

// Frames returns the number of frames drawn.
func (w *Window) Frames() uint64 { return w.frames }

// FramePending reports whether a frame is scheduled.
func (w *Window) FramePending() bool { return w.frameTimer.Pending() }

// Focus returns the focused element, or nil.
func (w *Window) Focus() *document.Node { return w.doc.Focused() }

// Hover returns the hovered element, or nil.
func (w *Window) Hover() *document.Node { return w.doc.Hovered() }

// Style returns an element's computed style as of the last frame. For an
// element added since, it is the style the next frame's cascade gives it
// (its parents' as they stand); the pointer is the window's, valid until
// the next frame.
func (w *Window) Style(n *document.Node) *style.Computed {
	w.mustKnow(n, "Style of")
	w.growTables()
	id := n.ID()
	if !w.isStyled(id) {
		var parent *style.Computed
		if p := n.Parent(); p != nil {
			parent = w.Style(p)
		}
		cs := &w.styles[id]
		w.doc.Sheet.Compute(cs, n.Kind().Defaults(), n.Classes(), n.State(), parent)
		if n.Folded() {
			cs.Display = false
		}
	}
	return &w.styles[id]
}

// HitTest returns the element a pointer at (x, y) lands on — the one
// PointerMove would hover and Click would offer the click to — or nil,
// without changing anything. It answers from the hit index as of the
// last frame, as input does.
func (w *Window) HitTest(x, y float32) *document.Node { return w.hitAt(geom.Point{X: x, Y: y}) }

// Rect returns an element's border box in window coordinates as of the
// last frame.
func (w *Window) Rect(n *document.Node) geom.Rect {
	w.mustKnow(n, "Rect of")
	f := w.paint.Fragment(n.ID())
	return f.Rect.Translate(w.paint.Offset(f.Space))
}

// Box returns an element's layout box.
func (w *Window) Box(n *document.Node) *layout.Box {
	w.mustKnow(n, "Box of")
	return w.layout.Box(n.ID())
}

// mustKnow panics unless n is an element of the window's document or one
// removed from it, which the readers (Style, Rect, Box) answer from their
// tables as they stand: what names the call. A node of another document indexed the
// window's tables past their end, and nil dereferenced nothing.
// Its test is the few comparisons of Node, inlined; the rest is paid only
// for an element that is not in the document now.
func (w *Window) mustKnow(n *document.Node, what string) {
	if n == nil || w.doc.Node(n.ID()) != n {
		w.unknown(n, what)
	}
}

func (w *Window) unknown(n *document.Node, what string) {
	switch {
	case n == nil:
		panic("window: " + what + " a nil element")
	case !w.doc.Removed(n.ID()):
		panic(fmt.Sprintf("window: %s %v#%d, which is not in the window's document", what, n.Kind(), n.ID()))
	}
}

// Damage returns the damage of the last frame. The slice is reused.
func (w *Window) Damage() []geom.Rect { return w.paint.Damage() }

// ChunkCount returns the number of chunks in the display list.
func (w *Window) ChunkCount() int { return w.paint.Len() }

// DisplayList appends the display list as drawn (window coordinates,
// draw order, culled primitives left out) to dst.
func (w *Window) DisplayList(dst []paint.Primitive) []paint.Primitive { return w.paint.Resolve(dst) }

// TextCaches returns the number of shaped runs and atlas glyphs cached,
// and their soft limits.
func (w *Window) TextCaches() (runs, runLimit, glyphs, glyphLimit int) {
	shaper, atlas := w.text.Caches()
	return shaper.Len(), w.text.RunLimit(), atlas.Len(), w.text.GlyphLimit()
}

// Handle registers h for clicks on n or its descendants, before or after
// the first frame; h returns true when it consumed the click. A nil h
// removes n's handler. An element with a handler is one the pointer can
// land on, so the change reaches the hit index in the next frame. A
// removed element's handler goes with it.
func (w *Window) Handle(n *document.Node, h func(Button) bool) {
	if n == nil {
		panic("window: Handle on a nil element")
	}
	if w.doc.Node(n.ID()) != n {
		panic(fmt.Sprintf("window: Handle on %v#%d, which is not in the window's document", n.Kind(), n.ID()))
	}
	if h == nil {
		delete(w.handlers, n.ID())
	} else {
		if w.handlers == nil {
			w.handlers = map[document.ID]func(Button) bool{}
		}
		w.handlers[n.ID()] = h
	}
	w.growTables()
	if id := n.ID(); w.isStyled(id) && w.hittable(n) != (w.styled[id]&hittableBit != 0) {
		w.setHittable(id, !(w.styled[id]&hittableBit != 0))
		w.hitsChanged(n)
		w.requestFrame(ByApp)
	}
}

// MoveToDisplay moves the window to another display; frames are
// scheduled at its rate from the next request on.
func (w *Window) MoveToDisplay(d Display) {
	w.display = d
}
