package window

import (
	"math"
	"slices"
	"strconv"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/layout"
	"github.com/perfbench/perfbench/ui/style"
)

// AnimationPeriod is how long the indeterminate progress bar takes to
// sweep its track once.
const AnimationPeriod = 1500_000_000 // ns

// Invalidate asks for a frame on behalf of the application.
func (w *Window) Invalidate() { w.requestFrame(ByApp) }

// Tick asks for a frame on behalf of an overlay's announced clock (the
// HUD): the frame's Reasons carry ByTick so a sampler can exclude it
// unless someone else asked too.
func (w *Window) Tick() { w.requestFrame(ByTick) }

// requestFrame arms the frame timer at the next refresh, or joins the
// frame already pending.
func (w *Window) requestFrame(r Reason) {
	counter.Inc(counter.Invalidations)
	w.reasons |= r
	w.invalidations++
	if w.frameTimer.Pending() {
		counter.Inc(counter.InvalidationsMerged)
		return
	}
	counter.Inc(counter.FramesRequested)
	if w.frameTimer == nil {
		w.frameTimer = w.clk.At(w.NextRefresh(), w.onRefresh)
		return
	}
	w.clk.Rearm(w.frameTimer, w.NextRefresh())
}

// NextRefresh returns the first refresh strictly after now: refreshes fall
// at k/hz seconds on the clock's timeline. A frame requested now is drawn
// then.
func (w *Window) NextRefresh() clock.Instant[clock.Sched] {
	hz := w.RefreshHz()
	now := w.clk.Now().Nanos()
	k := math.Floor(float64(now)*hz/1e9) + 1
	for {
		t := int64(math.Round(k * 1e9 / hz))
		if t > now {
			return clock.At[clock.Sched](t)
		}
		k++
	}
}

func (w *Window) onRefresh() {
	w.drawFrame()
	if w.animating() {
		w.requestFrame(ByAnimation)
	}
}

func (w *Window) animating() bool { return !w.opts.NoAnimation && w.doc.Animated() > 0 }

// Frame draws a frame now if one is pending, without waiting for the
// refresh (tests and one-shot tools); the pending timer is cancelled.
func (w *Window) Frame() {
	if !w.frameTimer.Pending() {
		return
	}
	w.frameTimer.Stop()
	w.onRefresh()
}

// Quiet draws frames until the document owes nothing: the first cascade,
// layout, shaping and emission of a freshly opened document are done, and
// a measurement that starts afterwards measures the interaction only.
// Animations keep running (their frames are owed every refresh), so Quiet
// stops once nothing but an animation is pending.
func (w *Window) Quiet() {
	for i := 0; i < 100 && w.frameTimer.Pending(); i++ {
		w.Frame()
		if !w.doc.Pending() && w.animating() {
			break
		}
	}
}

// drawFrame runs one frame through every stage.
func (w *Window) drawFrame() {
	tracing := latency.Enabled()
	if tracing {
		w.allocs.read()
	}
	start := clock.MonoNow()
	// The refresh this frame was scheduled for, and the instant its content
	// (animations included) is computed for: what a trace needs to place
	// its present on the display's grid.
	now := w.clk.Now()
	aim := now
	if w.frameTimer != nil {
		aim = w.frameTimer.When()
	}
	scheduled := w.frameTimer != nil && !aim.After(now)
	if rc, ok := w.clk.(*clock.Real); ok && scheduled && latency.Enabled() {
		s := latency.Schedule{Aim: rc.Time(aim)}
		if w.animating() {
			s.Sim = rc.Time(now)
		}
		latency.MarkFrame("f.begin", s)
	} else {
		latency.Mark("f.begin")
	}
	w.busy = true
	defer func() { w.busy = false }()
	w.stamp++
	w.last = FrameInfo{Index: w.frames, At: now, Reasons: w.reasons, Invalidations: w.invalidations, Background: w.hidden, Scheduled: scheduled, Aim: aim}
	if tracing {
		latency.NoteWith("b.why", w.why)
	}
	w.reasons, w.invalidations, w.inputs = 0, 0, 0
	w.animate(now)
	w.takeScrolled()
	w.planted()
	moved, resized, removed := w.layOut()
	latency.Mark("f.fragments")
	w.paint.Begin(geom.Rect{W: w.viewport.X, H: w.viewport.Y})
	w.place(moved, resized, removed)
	if w.rehover {
		// A handler changed the document: what is under the pointer is
		// known once this frame has placed it, and the hover moves there
		// in this frame, as a rebuild of the document would draw it.
		w.rehover = false
		if old := w.doc.Hovered(); w.pointed && w.hitAt(w.pointer) != old {
			w.hover(w.hitAt(w.pointer))
			w.stamp++
			w.paint.Again()
			w.place(w.layOut())
		}
	}

	latency.Mark("p.draw")
	f := w.paint.Finish()
	if w.drawsText {
		w.text.Redrawn(f, w.frames == 0 || w.viewport != w.drawnSize)
	}
	w.drawnSize = w.viewport
	err := w.rend.Frame(f)
	latency.Mark("pres.out")
	w.last.Presented = w.clk.Now()
	if err != nil {
		panic("window: renderer: " + err.Error())
	}

	if !plantNoEvict {
		w.text.Trim()
	}
	w.frames++
	counter.Inc(counter.FramesDrawn)
	w.last.Cost = clock.MonoNow().Sub(start)
	if tracing {
		latency.NoteWith("f.end", w.allocs.since)
	} else {
		latency.Mark("f.end")
	}
	if w.opts.Probe != nil {
		counter.Inc(counter.ProbeCalls)
		w.opts.Probe.FrameEnded(w)
	}
}

// layOut takes the document's changes and lays them out, and returns the
// elements moved, resized and removed. A pass takes the document's
// changes and lays them out; a second one lays out what the first's
// layout changed in the document: the rows a list's offset, clamped to
// its new end, rebound, those a list's grown port mounted, and the focus
// a hidden control gave up. The first pass's lists are the layout's and
// the document's own, reused frame after frame; only a second pass,
// which would reuse them, copies them first.
func (w *Window) layOut() (moved, resized, removed []*document.Node) {
	moved, resized = w.prepare()
	removed = w.changes.Removed
	rebound := w.clampScrolled()
	mounted := w.mountRows(resized)
	if blurred := w.blurHidden(); rebound || mounted || blurred {
		w.stamp++ // a pass restyles an element once: the blurred one again
		w.moved = append(w.moved[:0], moved...)
		w.resizedNodes = append(w.resizedNodes[:0], resized...)
		w.removedRoots = append(w.removedRoots[:0], removed...)
		m2, r2 := w.prepare()
		w.moved, w.resizedNodes = append(w.moved, m2...), append(w.resizedNodes, r2...)
		w.removedRoots = append(w.removedRoots, w.changes.Removed...)
		moved, resized, removed = w.moved, w.resizedNodes, w.removedRoots
	}
	return moved, resized, removed
}

// place updates the fragments of what layOut moved, resized and removed
// and of what the frame restyled or scrolled, emits their primitives and
// rebuilds the hit spaces that changed; what it worked through is
// cleared, so that a second place in the frame does only its own.
func (w *Window) place(moved, resized, removed []*document.Node) {
	for _, n := range removed {
		w.removed(n)
	}
	// Subtrees whose window position changed, or which were shown again,
	// parents first: a fragment is placed from its parent's.
	w.subtrees = append(w.subtrees, moved...)
	slices.SortStableFunc(w.subtrees, byDepth)
	if w.recording() {
		w.placeRecorded(resized)
	} else {
		for _, n := range w.subtrees {
			w.paint.UpdateSubtree(n)
			w.geometryChanged(n)
		}
		for _, n := range resized {
			w.paint.Update(n)
			w.geometryChanged(n)
		}

		latency.Mark("p.emit")
		for _, n := range w.toPaint {
			w.paint.Update(n)
		}
		for _, n := range w.scrolled {
			w.paint.Scrolled(n)
			w.hits.SetOffset(n.ID(), geom.Point{Y: n.ScrollY()})
		}
	}
	w.shownAgain()
	w.rebuildHits()
	w.toPaint, w.subtrees, w.scrolled = w.toPaint[:0], w.subtrees[:0], w.scrolled[:0]
}

// prepare takes the document's changes and restyles, rebuilds the boxes
// of and lays out what they touch, and returns the elements the layout
// moved and resized (the layout's slices, reused by its next run).
func (w *Window) prepare() (moved, resized []*document.Node) {
	w.doc.TakeChanges(&w.changes)
	w.growTables()

	latency.Mark("f.restyle")
	// Parents before children: an element is restyled once a frame, so
	// one restyled before an ancestor whose inherited properties then
	// change (a rule of the ancestor's class redefined) would keep the old
	// ones. The queue comes in depth order; a changed sheet adds to it.
	restyle := w.changes.Style
	if w.doc.Sheet.Generation() != w.sheetGen {
		w.restyling = w.sheetChanged(append(w.restyling[:0], restyle...))
		slices.SortStableFunc(w.restyling, byDepth)
		restyle = w.restyling
	}
	for _, n := range restyle {
		w.restyle(n)
	}

	latency.Mark("f.boxes")
	for _, n := range w.changes.Boxes {
		w.layout.Rebuild(n)
		if p := n.Parent(); p != nil && p.Kind() == document.List {
			w.layout.MarkDirty(p) // a rebound row moves to its model row's offset
		}
		w.toPaint = append(w.toPaint, n)
	}
	w.toPaint = append(w.toPaint, w.changes.Paint...)

	latency.Mark("f.layout")
	w.paint.Styles = w.styles
	w.layout.Styles = w.styles
	if w.layout.Pending() || w.resized {
		ch := w.layout.Run(w.viewport)
		w.resized = false
		return ch.Moved, ch.Resized
	}
	return nil, nil

}

// mountRows mounts the rows a virtualised list's port needs beyond those
// it has (ListModel.Mounted) for every list laid out afresh
// this frame (its port resized — its box, or its padding or border
// restyled —, its model set), and reports whether it mounted any. The rows cover the model rows from the one the offset
// shows first, less the overscan, as Rebind keeps them.
func (w *Window) mountRows(resized []*document.Node) bool {
	mounted := false
	check := func(n *document.Node) {
		m := n.ListModel()
		if n.Kind() != document.List || m == nil || w.doc.Node(n.ID()) != n {
			return
		}
		b := w.layout.Box(n.ID())
		cs := &w.styles[n.ID()]
		port := b.Size.Y - cs.Padding.Vertical() - 2*cs.BorderWidth
		need := m.Mounted(port)
		rows := n.Children()
		if len(rows) >= need {
			return
		}
		first := m.First(n.ScrollY(), need)
		have := map[int]bool{}
		for _, r := range rows {
			have[r.RowIndex()] = true
		}
		for i := first; len(n.Children()) < need && i < m.Rows; i++ {
			if !have[i] {
				w.doc.AddRow(n, i)
				mounted = true
			}
		}
	}
	for _, n := range resized {
		check(n)
	}
	for _, n := range w.changes.Boxes {
		check(n)
	}
	for _, n := range w.ports {
		check(n)
	}
	w.ports = w.ports[:0]
	return mounted
}

// why is the b.why note: who asked for the frame being drawn —
// "input=pointer+wheel app animation tick", and the number of requests
// it answers when more than one.
func (w *Window) why() string {
	var b []byte
	add := func(s string) {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	r := w.last.Reasons
	if r&ByInput != 0 {
		add("input=" + w.inputs.String())
	}
	if r&ByApp != 0 {
		add("app")
	}
	if r&ByAnimation != 0 {
		add("animation")
	}
	if r&ByTick != 0 {
		add("tick")
	}
	if w.last.Invalidations > 1 {
		add("merged=" + strconv.Itoa(w.last.Invalidations))
	}
	return string(b)
}

// takeScrolled takes the scroll offsets set since the last frame, by the
// wheel or by the application: their painted content is translated and
// their hit space moved this frame, and a virtualised list rebinds its
// rows to the new offset first.
func (w *Window) takeScrolled() {
	w.scrolled = w.doc.TakeScrolled(w.scrolled)
	for _, n := range w.scrolled {
		if n.Kind() == document.List {
			w.rebind(n)
		}
	}
}

// clampScrolled clamps the offsets taken this frame to the end of their
// content as this frame laid it out — the wheel's are already within the
// content as last laid out, but an application's may lie past it, and
// content added in the same frame moves the end — and rebinds a clamped
// list's rows to its new offset. It reports whether that rebound any,
// which owes the frame a second pass. A list's rows past its end are its
// model's last ones, so a clamp rarely rebinds. A container this frame
// does not display has no end yet and keeps its offset.
func (w *Window) clampScrolled() bool {
	clamped := false
	for _, n := range w.scrolled {
		if m := w.maxScroll(n); n.ScrollY() > m && w.displayed(n) {
			w.doc.SetScrollY(n, m)
			clamped = true
			if n.Kind() == document.List {
				w.rebind(n)
			}
		}
	}
	if !clamped {
		return false
	}
	w.scrolled = w.doc.TakeScrolled(w.scrolled) // the clamp's own, taken here
	return w.doc.Pending()
}

// blurHidden takes the focus from a focused element this frame does not
// display (itself or an ancestor display: none, or a folded panel): the
// keyboard goes to no element, as a browser's goes to the body, and it
// does not come back when the element is shown again. It reports whether
// it did. Only a frame that hid something or found a new focus looks.
func (w *Window) blurHidden() bool {
	f := w.doc.Focused()
	look := w.hid || f != w.seenFocus
	w.hid = false
	if f == nil || !look {
		w.seenFocus = f
		return false
	}
	if !w.displayed(f) {
		w.setFocus(nil)
		w.seenFocus = nil
		return true
	}
	w.seenFocus = f
	return false
}

// displayed reports whether this frame's styles display n: n and all its
// ancestors.
func (w *Window) displayed(n *document.Node) bool {
	for ; n != nil; n = n.Parent() {
		if !w.styles[n.ID()].Display {
			return false
		}
	}
	return true
}

// sheetChanged appends to dst every element with a class whose rule
// changed since the styles were computed. A sheet changes rarely, so the
// walk of the whole document is paid only then.
func (w *Window) sheetChanged(dst []*document.Node) []*document.Node {
	sheet := w.doc.Sheet
	if sheet.Generation() == w.sheetGen {
		return dst
	}
	w.classes = sheet.ChangedSince(w.sheetGen, w.classes[:0])
	w.sheetGen = sheet.Generation()
	document.Walk(w.doc.Root(), func(n *document.Node) bool {
		if slices.ContainsFunc(w.classes, n.Is) && w.isStyled(n.ID()) {
			dst = append(dst, n)
		}
		return true
	})
	return dst
}

// animate advances every animated element to the frame's time, the
// instant the trace records as its simulation time.
func (w *Window) animate(at clock.Instant[clock.Sched]) {
	if w.opts.NoAnimation {
		return
	}
	now := at.Nanos()
	phase := float32(now%AnimationPeriod) / AnimationPeriod
	for _, n := range w.doc.AnimatedNodes() {
		counter.Inc(counter.AnimationTicks)
		w.doc.SetPhase(n, phase)
	}
}

func (w *Window) growTables() {
	if n := w.doc.Cap(); len(w.styles) < n {
		w.styles = append(w.styles, make([]style.Computed, n-len(w.styles))...)
		w.styled = append(w.styled, make([]nodeState, n-len(w.styled))...)
		w.restamp = append(w.restamp, make([]uint64, n-len(w.restamp))...)
	}
}

// restyle recomputes n's style and records what the change owes: layout
// when a layout property changed, a repaint, and the children's restyle
// when an inherited property changed.
func (w *Window) restyle(n *document.Node) {
	id := n.ID()
	if w.restamp[id] == w.stamp {
		return
	}
	w.restamp[id] = w.stamp
	counter.Inc(counter.ElementsRestyled)
	counter.Inc(counter.NodesVisited)
	var parent *style.Computed
	if p := n.Parent(); p != nil {
		parent = &w.styles[p.ID()]
	}
	old := w.styles[id]
	had := w.styled[id]&styledBit != 0
	cs := &w.styles[id]
	matched := w.doc.Sheet.Compute(cs, n.Kind().Defaults(), n.Classes(), n.State(), parent)
	if n.Folded() {
		cs.Display = false // an unselected Tabs panel
	}
	counter.Add(counter.StyleRulesMatched, uint64(matched))
	w.styled[id] |= styledBit
	w.toPaint = append(w.toPaint, n)
	if !had {
		w.layout.MarkDirty(n)
		w.setHittable(id, w.hittable(n))
		return
	}
	// What a point hits changes with hittability (a class or rule that
	// adds or drops a hover variant) and with display, geometry or not.
	if h := w.hittable(n); h != (w.styled[id]&hittableBit != 0) {
		w.setHittable(id, h)
		w.hitsChanged(n)
	}
	if !old.LayoutEqual(cs) {
		w.layout.MarkDirty(n)
		if n.Kind() == document.List {
			w.ports = append(w.ports, n) // its port may have grown inside the same box
		}
		if p := n.Parent(); p != nil && layout.ParentReads(&old, cs) {
			w.layout.MarkDirty(p)
		}
		if old.Display != cs.Display {
			w.hitsChanged(n)
			w.hid = w.hid || !cs.Display
			if cs.Display {
				w.subtrees = append(w.subtrees, n)
				w.shown = append(w.shown, n)
			}
		}
	}
	if !old.InheritedEqual(cs) {
		for _, c := range n.Children() {
			counter.Inc(counter.StyleInherited)
			w.restyle(c)
		}
	}
}

// geometryChanged records that the hit index of n's space must be rebuilt.
func (w *Window) geometryChanged(n *document.Node) { w.hitsChanged(n) }

// hitsChanged records that what a point in n's space hits changed: the
// space is rebuilt at the end of the frame. The space is the one n's
// fragment was in when it was last painted, which is where its entry is
// (an element never changes parents).
func (w *Window) hitsChanged(n *document.Node) {
	if w.rebuildAll {
		return
	}
	if n.Parent() == nil {
		w.rebuildAll = true
		return
	}
	// A scroll container's content entries are relative to the container,
	// so a container that moved needs only the space it sits in rebuilt.
	w.spaceChanged(w.paint.Fragment(n.ID()).Space)
}

func (w *Window) spaceChanged(sp document.ID) {
	if !slices.Contains(w.dirtySpaces, sp) {
		w.dirtySpaces = append(w.dirtySpaces, sp)
	}
}

// shownAgain records that the scroll spaces inside subtrees shown again
// must be rebuilt: their content may have changed while hidden, when no
// geometry change reached the index.
func (w *Window) shownAgain() {
	for _, n := range w.shown {
		if w.rebuildAll {
			break
		}
		document.Walk(n, func(m *document.Node) bool {
			if k := m.Kind(); k == document.Scroll || k == document.List {
				w.spaceChanged(m.ID())
			}
			return true
		})
	}
	w.shown = w.shown[:0]
}

func byDepth(a, b *document.Node) int { return a.Depth() - b.Depth() }

// removed forgets a removed subtree: its chunks, its hit spaces and its
// handlers (the hover or focus it held went with it in the document).
func (w *Window) removed(n *document.Node) {
	w.paint.Remove(n)
	w.rebuildAll = true
	document.Walk(n, func(m *document.Node) bool {
		if k := m.Kind(); k == document.Scroll || k == document.List {
			w.hits.Drop(m.ID())
		}
		if w.handlers != nil {
			delete(w.handlers, m.ID())
		}
		return true
	})
}

// nodeState is what the window keeps per element besides its style, in
// one table so that a document that grows grows one slice more, not two.
type nodeState uint8

const (
	styledBit   nodeState = 1 << iota // styled at least once
	hittableBit                       // hittable as of its last restyle or Handle
)

func (w *Window) isStyled(id document.ID) bool {
	return int(id) < len(w.styled) && w.styled[id]&styledBit != 0
}

func (w *Window) setHittable(id document.ID, on bool) {
	if on {
		w.styled[id] |= hittableBit
	} else {
		w.styled[id] &^= hittableBit
	}
}
