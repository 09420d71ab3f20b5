// Package layout is the engine's flex layout with a per-node cache.
//
// Each node has a Box holding the constraints it was last laid out under
// and the result. A node whose constraints are unchanged and which owes
// nothing is held (LayoutsHeld): its cached size is reused and its subtree
// is not entered. A node that owes a relayout, or whose parent offers new
// constraints, is relaid out (NodesRelaidOut).
//
// # Right by construction
//
// A parent's layout is a function of its style, its constraints and the
// answers its children gave to what it asked them: a column lays a child
// out once, and again when growing it; a row reads each item's flex basis
// (below), lays the item out once at its final width, and again when
// stretching it to the line. Each child keeps the asks (and the basis) of
// its parent's last layout. When only descendants owe work, the parent
// asks each changed child the same questions again, in order: if every
// answer is the same, the parent's layout stands and the walk stops there
// (a relayout boundary, in the manner of Flutter's render tree); if one
// differs, the parent is laid out again, which re-runs its flex passes
// with the new answers, and its own parent asks the same of it. A change
// to a property the parent reads itself (grow, shrink, margin, display,
// position, a size's unit) makes the parent owe a relayout directly
// (ParentReads).
//
// # Intrinsic widths
//
// A row item's flex basis is its fixed or percentage width, or else its
// max-content width: its text unwrapped, its in-flow children side by
// side or the widest of them (a virtualised list has none: its rows come
// and go as it scrolls). That is a query, not a layout
// (IntrinsicWidths counts it), and its answer depends on the subtree's
// styles and text and on no width, so it is cached on the box and
// outlives every resize; MarkDirty, which already walks up from every
// change, forgets it on the way. A width change therefore lays each node
// out about once, under its final constraints, and holds every item whose
// final width it leaves alone, with its subtree, as browsers and Flutter
// do; a row that measured its items by laying them out under its own
// width laid a nested subtree out again for every pass of every row above
// it.
//
// A node also remembers its size under the last few constraints it was
// laid out under while its subtree is unchanged, so a flex pass that asks
// again what an earlier pass asked is answered without a relayout; the
// node is always left laid out under the last constraints it was asked
// (settle), so positions and text lines are those of its final size.
//
// The model is a subset of CSS flexbox: column or row direction, grow and
// shrink, padding, margin, gap, cross-axis alignment (stretch, start,
// center, end), main-axis justification, fixed and percentage sizes, and
// absolutely positioned overlays. Scroll containers and virtualised lists
// lay their children out in an unbounded column and record the content
// height; a list's rows sit at their model row's offset.
//
// Positions are relative to the parent's border box. The children of a
// scroll container are positioned in its content space, without its
// scroll offset, so scrolling never relays anything out.
package layout

import (
	"math"
	"slices"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// Constraints are what a parent offers a child: the available border-box
// size (H may be +Inf) and whether each dimension is imposed exactly.
type Constraints struct {
	W, H           float32
	WExact, HExact bool
}

// Unbounded is an infinite available size.
var Unbounded = float32(math.Inf(1))

// Box is a node's cached layout.
type Box struct {
	Cons     Constraints
	Size     geom.Point // border-box size
	Pos      geom.Point // relative to the parent's border box (content space for a scroller's children)
	ContentH float32    // scroll containers and lists: the height of their content

	valid      bool
	dirty      bool // owes a relayout itself
	childDirty bool // some descendant owes one
	placed     bool // has been positioned by its parent
	resized    bool // already in this frame's Resized list
	moved      bool // already in this frame's Moved list
	// The size and position before the Run that first noted them: a node
	// a parent's flex passes measured at another size or placed elsewhere
	// on the way, and left as it was, changed nothing.
	sizeWas, posWas     geom.Point
	validWas, placedWas bool

	// What the parent asked of this node in the parent's last layout, in
	// order (asked is that layout's stamp): the parent's result is a
	// function of these answers, so while they stand the parent's stands.
	asks  [maxAsks]answer
	nAsks uint8
	asked uint64
	last  Constraints // the last of those asks: the layout the node must be left in
	stamp uint64      // this node's last layout

	// Sizes under other constraints, valid while the subtree is unchanged:
	// a flex pass that measures a child again under constraints it was
	// already laid out under this frame is answered from here.
	memo     [2]answer
	nMemo    uint8
	memoNext uint8

	// The max-content width: a row item's flex basis when its width is
	// auto. It depends on the subtree's styles and text and on no width,
	// so it outlives every resize; MarkDirty clears it up the tree.
	intrinsic   float32
	intrinsicOK bool
	// The flex basis the parent's layout of stamp basisAt read, and the
	// width it was resolved against: replay checks it as it checks asks.
	basis, basisAvail float32
	basisAt           uint64
}

// answer is one layout call: the constraints and the size they gave.
type answer struct {
	c    Constraints
	size geom.Point
}

// maxAsks is how many asks of one parent layout a node records; a parent
// that asks more is laid out again whenever a descendant changes.
const maxAsks = 6

// remember records a size under constraints in the memo.
func (b *Box) remember(c Constraints, size geom.Point) {
	for i := range b.nMemo {
		if b.memo[i].c == c {
			b.memo[i].size = size
			return
		}
	}
	b.memo[b.memoNext] = answer{c, size}
	b.memoNext = (b.memoNext + 1) % uint8(len(b.memo))
	b.nMemo = min(b.nMemo+1, uint8(len(b.memo)))
}

// memoized returns the size under c if the memo has it.
func (b *Box) memoized(c Constraints) (geom.Point, bool) {
	for i := range b.nMemo {
		if b.memo[i].c == c {
			return b.memo[i].size, true
		}
	}
	return geom.Point{}, false
}

func (b *Box) forget() { b.nMemo, b.memoNext = 0, 0 }

// Measurer lays out a text-bearing node's text; the window adapts the
// text package to it and keeps the lines for paint.
type Measurer interface {
	// Measure wraps n's text with its computed style at maxWidth (+Inf or
	// ≤ 0: no wrapping) and returns the size of the text block.
	Measure(n *document.Node, cs *style.Computed, maxWidth float32) geom.Point
	// Natural returns the width of n's text unwrapped, leaving the lines
	// of the last Measure as they are.
	Natural(n *document.Node, cs *style.Computed) float32
}

// Engine lays out one document. Styles is the computed-style table by
// node ID, owned by the restyle stage.
type Engine struct {
	Doc     *document.Document
	Styles  []style.Computed
	Text    Measurer
	boxes   []Box
	moved   []*document.Node
	resized []*document.Node
	scratch []geom.Point
	stamp   uint64 // layouts computed so far
	cur     uint64 // the stamp of the layout whose asks are being recorded; 0: none
	// Relaid, when set, is called with each node laid out again, as
	// NodesRelaidOut counts it: the window records which elements a
	// relayout was for (window.Options.Work).
	Relaid func(n *document.Node)
}

// Changed lists what one Run changed. Its slices are reused by the next Run.
type Changed struct {
	// Moved are the nodes whose position relative to their parent changed
	// (or that were laid out for the first time): their subtrees' window
	// positions changed. Parents come before children.
	Moved []*document.Node
	// Resized are the nodes whose size changed.
	Resized []*document.Node
}

// Box returns a node's box. The pointer is valid until the document grows.
func (e *Engine) Box(id document.ID) *Box {
	e.grow()
	return &e.boxes[id]
}

func (e *Engine) grow() {
	if n := e.Doc.Cap(); len(e.boxes) < n {
		e.boxes = append(e.boxes, make([]Box, n-len(e.boxes))...)
	}
}

// Rebuild discards a node's box after its content or children changed
// (BoxesRebuilt) and marks it for relayout.
func (e *Engine) Rebuild(n *document.Node) {
	counter.Inc(counter.BoxesRebuilt)
	e.MarkDirty(n)
}

// MarkDirty records that n must be relaid out, and tells its ancestors
// that a descendant owes a relayout. The walk up stops at the first
// ancestor already told.
//
// It also forgets the max-content widths of n and its ancestors, up to the
// first already forgotten: a node's is computed from its in-flow
// children's, so above a forgotten one every in-flow ancestor's is
// forgotten too, and a child's change of display or position marks the
// parent itself (ParentReads).
func (e *Engine) MarkDirty(n *document.Node) {
	e.grow()
	counter.Inc(counter.NodesVisited)
	e.boxes[n.ID()].dirty = true
	e.boxes[n.ID()].intrinsicOK = false
	for p := n.Parent(); p != nil && e.boxes[p.ID()].intrinsicOK; p = p.Parent() {
		e.boxes[p.ID()].intrinsicOK = false
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		b := &e.boxes[p.ID()]
		if b.childDirty {
			return
		}
		counter.Inc(counter.NodesVisited)
		b.childDirty = true
	}
}

// Pending reports whether anything owes a relayout.
func (e *Engine) Pending() bool {
	e.grow()
	r := &e.boxes[e.Doc.Root().ID()]
	return r.dirty || r.childDirty || !r.valid
}

// Run lays the document out in a viewport of the given size and returns
// what changed.
func (e *Engine) Run(viewport geom.Point) Changed {
	e.grow()
	for _, n := range e.moved {
		e.boxes[n.ID()].moved = false
	}
	for _, n := range e.resized {
		e.boxes[n.ID()].resized = false
	}
	e.moved, e.resized = e.moved[:0], e.resized[:0]
	root := e.Doc.Root()
	if !e.boxes[root.ID()].valid {
		e.noteMoved(root)
	}
	c := Constraints{W: viewport.X, H: viewport.Y, WExact: true, HExact: true}
	e.layout(root, c)
	e.boxes[root.ID()].last = c
	e.settleChild(root) // a viewport seen before is answered from the memo
	e.moved = e.changed(e.moved, func(b *Box) bool { return !b.placedWas || b.Pos != b.posWas }, func(b *Box) { b.moved = false })
	e.resized = e.changed(e.resized, func(b *Box) bool { return !b.validWas || b.Size != b.sizeWas }, func(b *Box) { b.resized = false })
	return Changed{Moved: e.moved, Resized: e.resized}
}

// changed keeps the nodes noted this Run that did change, in order, and
// clears the note of those that came back to where they were: no stage
// after layout has anything to redo for them (no fragment moved, no hit
// space changed).
func (e *Engine) changed(noted []*document.Node, did func(*Box) bool, unnote func(*Box)) []*document.Node {
	kept := noted[:0]
	for _, n := range noted {
		b := &e.boxes[n.ID()]
		if did(b) {
			kept = append(kept, n)
			continue
		}
		unnote(b)
	}
	return kept
}

func (e *Engine) noteMoved(n *document.Node) {
	b := &e.boxes[n.ID()]
	if !b.moved {
		b.moved = true
		b.posWas, b.placedWas = b.Pos, b.placed
		e.moved = append(e.moved, n)
	}
}

func (e *Engine) noteResized(n *document.Node) {
	b := &e.boxes[n.ID()]
	if !b.resized {
		b.resized = true
		b.sizeWas, b.validWas = b.Size, b.valid
		e.resized = append(e.resized, n)
	}
}

// setPos places n; a first placement counts as a move.
func (e *Engine) setPos(n *document.Node, p geom.Point) {
	b := &e.boxes[n.ID()]
	if b.Pos != p || !b.placed {
		e.noteMoved(n)
		b.Pos, b.placed = p, true
	}
}

// layout returns n's border-box size under c, and records the ask when a
// parent's layout is being computed.
func (e *Engine) layout(n *document.Node, c Constraints) geom.Point {
	size := e.place(n, c)
	if e.cur != 0 {
		b := &e.boxes[n.ID()]
		if b.asked != e.cur {
			b.asked, b.nAsks = e.cur, 0
		}
		if int(b.nAsks) < len(b.asks) {
			b.asks[b.nAsks] = answer{c, size}
		}
		b.nAsks = min(b.nAsks+1, maxAsks+1)
		b.last = c
	}
	return size
}

// place lays n out under c, or holds it.
//
// A node that owes nothing is held under the constraints of its last
// layout, and answered from its memo under others. A node whose
// descendants owe a relayout is a relayout boundary when every child it
// asked something of in its last layout gives the same answer again (the
// children are replayed in order): its own layout, a function of those
// answers, stands, and the walk stops there. Otherwise it is laid out
// again, which re-runs its flex passes with the children's new answers.
func (e *Engine) place(n *document.Node, c Constraints) geom.Point {
	counter.Inc(counter.NodesVisited)
	id := n.ID()
	b := &e.boxes[id]
	if b.valid && !b.dirty {
		switch {
		case !b.childDirty && b.Cons == c:
			counter.Inc(counter.LayoutsHeld)
			return b.Size
		case !b.childDirty:
			if size, ok := b.memoized(c); ok {
				counter.Inc(counter.LayoutsHeld)
				return size
			}
		case b.Cons == c && e.replay(n):
			b = &e.boxes[id]
			b.childDirty = false
			b.forget()
			b.remember(b.Cons, b.Size)
			return b.Size
		}
	}
	counter.Inc(counter.NodesRelaidOut)
	if e.Relaid != nil {
		e.Relaid(n)
	}
	b = &e.boxes[id]
	if b.dirty || b.childDirty || !b.valid {
		b.forget()
	}
	e.stamp++
	b.stamp = e.stamp
	outer := e.cur
	e.cur = e.stamp
	size := e.compute(n, &e.Styles[id], c)
	e.settle(n, b.stamp)
	e.cur = outer
	b = &e.boxes[id]
	if size != b.Size || !b.valid {
		e.noteResized(n)
	}
	b.Cons, b.Size, b.valid, b.dirty, b.childDirty = c, size, true, false, false
	b.remember(c, size)
	return size
}

// replay asks every child of n that owes work what n's last layout asked
// it, in the same order, and reports whether every answer is the same.
func (e *Engine) replay(n *document.Node) bool {
	stamp := e.boxes[n.ID()].stamp
	outer := e.cur
	e.cur = 0
	defer func() { e.cur = outer }()
	for _, ch := range n.Children() {
		cb := &e.boxes[ch.ID()]
		if !e.Styles[ch.ID()].Display || !(cb.dirty || cb.childDirty || !cb.valid) {
			continue
		}
		if cb.asked != stamp || cb.nAsks == 0 || int(cb.nAsks) > len(cb.asks) {
			return false
		}
		if cb.basisAt == stamp && e.basis(ch, cb.basisAvail) != cb.basis {
			return false
		}
		for i := range cb.nAsks {
			a := e.boxes[ch.ID()].asks[i]
			if e.place(ch, a.c) != a.size {
				return false
			}
		}
		e.settleChild(ch)
	}
	return true
}

// settle leaves every child n's layout (of the given stamp) asked
// something in the layout of its last ask: a child answered from its memo
// last still holds the layout of an earlier ask.
func (e *Engine) settle(n *document.Node, stamp uint64) {
	for _, ch := range n.Children() {
		if e.boxes[ch.ID()].asked == stamp {
			e.settleChild(ch)
		}
	}
}

func (e *Engine) settleChild(ch *document.Node) {
	cb := &e.boxes[ch.ID()]
	if cb.valid && cb.Cons != cb.last {
		cb.forget()
		e.place(ch, cb.last)
	}
}

// ParentReads reports whether a change of a node's style from a to b
// changes how its parent lays it out, beyond the node's own size: the
// parent reads these properties itself, so it must be laid out again.
func ParentReads(a, b *style.Computed) bool {
	return a.Display != b.Display || a.Position != b.Position || a.Left != b.Left || a.Top != b.Top ||
		a.Margin != b.Margin || a.Grow != b.Grow || a.Shrink != b.Shrink || a.MinWidth != b.MinWidth ||
		a.Width.Unit != b.Width.Unit || a.Height.Unit != b.Height.Unit
}

// inset is the space padding and border take on each side.
func inset(cs *style.Computed) geom.Edges {
	p, bw := cs.Padding, cs.BorderWidth
	return geom.Edges{Top: p.Top + bw, Right: p.Right + bw, Bottom: p.Bottom + bw, Left: p.Left + bw}
}

// ownSize resolves n's width and height before looking at its content.
func ownSize(cs *style.Computed, c Constraints) (w, h float32, wKnown, hKnown bool) {
	switch {
	case c.WExact:
		w, wKnown = c.W, true
	default:
		w, wKnown = cs.Width.Resolve(c.W, !isInf(c.W))
	}
	switch {
	case c.HExact:
		h, hKnown = c.H, true
	default:
		h, hKnown = cs.Height.Resolve(c.H, !isInf(c.H))
	}
	if wKnown {
		w = max(w, cs.MinWidth)
	}
	if hKnown {
		h = max(h, cs.MinHeight)
	}
	return
}

func isInf(v float32) bool { return math.IsInf(float64(v), 1) }

func (e *Engine) compute(n *document.Node, cs *style.Computed, c Constraints) geom.Point {
	w, h, wKnown, hKnown := ownSize(cs, c)
	in := inset(cs)
	switch n.Kind() {
	case document.Text, document.TextField:
		maxW := c.W
		if wKnown {
			maxW = w
		}
		maxW -= in.Horizontal()
		if !cs.Wrap || n.Kind() == document.TextField {
			maxW = Unbounded
		}
		t := e.Text.Measure(n, cs, maxW)
		if !wKnown {
			w = min(t.X+in.Horizontal(), c.W)
		}
		if !hKnown {
			h = t.Y + in.Vertical()
		}
		return geom.Point{X: max(w, cs.MinWidth), Y: max(h, cs.MinHeight)}
	case document.Scroll, document.List:
		if !wKnown {
			w, wKnown = c.W, !isInf(c.W)
		}
		var content geom.Point
		if n.Kind() == document.List {
			content = e.listRows(n, w-in.Horizontal(), in)
		} else {
			content = e.column(n, cs, w-in.Horizontal(), Unbounded, in)
		}
		e.boxes[n.ID()].ContentH = content.Y
		if !hKnown {
			h = min(content.Y+in.Vertical(), c.H)
		}
		e.absolute(n, w, h, in)
		return geom.Point{X: w, Y: h}
	}
	if len(n.Children()) == 0 {
		if !wKnown {
			w = in.Horizontal()
		}
		if !hKnown {
			h = in.Vertical()
		}
		return geom.Point{X: max(w, cs.MinWidth), Y: max(h, cs.MinHeight)}
	}
	innerW := c.W - in.Horizontal()
	if wKnown {
		innerW = w - in.Horizontal()
	}
	innerH := Unbounded
	if hKnown {
		innerH = h - in.Vertical()
	} else if !isInf(c.H) && cs.Direction == style.Row {
		innerH = c.H - in.Vertical()
	}
	content := e.children(n, cs, innerW, innerH, hKnown, in)
	if !wKnown {
		// Shrink to fit: the children were measured against the available
		// width; place them again within the width the content settled on,
		// so that centring and stretching use the box's real width.
		w = max(min(content.X+in.Horizontal(), c.W), cs.MinWidth)
		if fit := w - in.Horizontal(); fit != innerW {
			content = e.children(n, cs, fit, innerH, hKnown, in)
		}
	}
	if !hKnown {
		h = content.Y + in.Vertical()
	}
	e.absolute(n, w, h, in)
	return geom.Point{X: max(w, cs.MinWidth), Y: max(h, cs.MinHeight)}
}

func (e *Engine) children(n *document.Node, cs *style.Computed, innerW, innerH float32, hKnown bool, in geom.Edges) geom.Point {
	if cs.Direction == style.Row {
		return e.row(n, cs, innerW, innerH, hKnown, in)
	}
	return e.column(n, cs, innerW, innerH, in)
}

// inFlow reports whether a child takes part in flex layout.
func (e *Engine) inFlow(ch *document.Node) bool {
	cs := &e.Styles[ch.ID()]
	return cs.Display && cs.Position == style.Static
}

// column lays children out top to bottom in a box of inner width innerW
// (the available height innerH may be unbounded) and returns the content
// extent.
func (e *Engine) column(n *document.Node, cs *style.Computed, innerW, innerH float32, in geom.Edges) geom.Point {
	kids := n.Children()
	sizes := e.sizes(len(kids))
	defer e.release(len(kids))
	var used, grow, maxW float32
	count := 0
	for i, ch := range kids {
		if !e.inFlow(ch) {
			continue
		}
		ccs := &e.Styles[ch.ID()]
		m := ccs.Margin
		cc := Constraints{W: innerW - m.Horizontal(), H: Unbounded}
		if cs.AlignItems == style.Stretch && ccs.Width.Unit == style.Auto {
			cc.WExact = true
		}
		if !isInf(innerH) && ccs.Height.Unit == style.Percent {
			cc.H = innerH - m.Vertical()
		}
		sizes[i] = e.layout(ch, cc)
		used += sizes[i].Y + m.Vertical()
		grow += ccs.Grow
		maxW = max(maxW, sizes[i].X+m.Horizontal())
		count++
	}
	if count > 1 {
		used += cs.Gap * float32(count-1)
	}
	free := float32(0)
	if !isInf(innerH) {
		free = innerH - used
	}
	if free > 0 && grow > 0 {
		for i, ch := range kids {
			ccs := &e.Styles[ch.ID()]
			if !e.inFlow(ch) || ccs.Grow == 0 {
				continue
			}
			m := ccs.Margin
			cc := e.boxes[ch.ID()].last // the constraints this layout last gave it
			cc.H, cc.HExact = sizes[i].Y+free*ccs.Grow/grow, true
			cc.W = innerW - m.Horizontal()
			sizes[i] = e.layout(ch, cc)
		}
		used += free
		free = 0
	}
	y, gap := e.justify(cs.Justify, free, count, cs.Gap)
	y += in.Top
	for i, ch := range kids {
		if !e.inFlow(ch) {
			continue
		}
		ccs := &e.Styles[ch.ID()]
		m := ccs.Margin
		x := in.Left + m.Left
		switch cs.AlignItems {
		case style.Center:
			x = in.Left + (innerW-sizes[i].X-m.Horizontal())/2 + m.Left
		case style.End:
			x = in.Left + innerW - sizes[i].X - m.Right
		}
		e.setPos(ch, geom.Point{X: x, Y: y + m.Top})
		y += sizes[i].Y + m.Vertical() + gap
	}
	return geom.Point{X: maxW, Y: used}
}

// row lays children out left to right.
//
// Each item's flex basis is its fixed or percentage width, or else its
// max-content width (intrinsic): no layout is needed to know it, and
// only a percentage depends on the row's width. Grow and shrink turn the
// bases into final widths, and each item is laid out once, at its final
// width (and again at the line's height when stretched). A width change
// that leaves an item's final width alone asks nothing new of it, so its
// subtree is held.
func (e *Engine) row(n *document.Node, cs *style.Computed, innerW, innerH float32, hKnown bool, in geom.Edges) geom.Point {
	kids := n.Children()
	sizes := e.sizes(len(kids))
	defer e.release(len(kids))
	var used, grow, shrink, lineH float32
	count := 0
	for i, ch := range kids {
		if !e.inFlow(ch) {
			continue
		}
		ccs := &e.Styles[ch.ID()]
		m := ccs.Margin
		sizes[i].X = e.askBasis(ch, innerW-m.Horizontal())
		used += sizes[i].X + m.Horizontal()
		grow += ccs.Grow
		shrink += ccs.Shrink * sizes[i].X
		count++
	}
	if count > 1 {
		used += cs.Gap * float32(count-1)
	}
	free := innerW - used
	flex := (free > 0 && grow > 0) || (free < 0 && shrink > 0)
	for i, ch := range kids {
		if !e.inFlow(ch) {
			continue
		}
		ccs := &e.Styles[ch.ID()]
		m := ccs.Margin
		nw := sizes[i].X
		switch {
		case flex && free > 0 && ccs.Grow > 0:
			nw += free * ccs.Grow / grow
		case flex && free < 0 && ccs.Shrink > 0:
			nw = max(ccs.MinWidth, nw+free*ccs.Shrink*nw/shrink)
		}
		cc := Constraints{W: nw, WExact: true, H: Unbounded}
		if !isInf(innerH) {
			cc.H = innerH - m.Vertical()
			cc.HExact = hKnown && cs.AlignItems == style.Stretch && ccs.Height.Unit == style.Auto
		}
		sizes[i] = e.layout(ch, cc)
		lineH = max(lineH, sizes[i].Y+m.Vertical())
	}
	if flex {
		used = innerW
		free = 0
	}
	if hKnown {
		lineH = innerH
	} else if cs.AlignItems == style.Stretch {
		// Stretch items to the line now that its height is known.
		for i, ch := range kids {
			ccs := &e.Styles[ch.ID()]
			if !e.inFlow(ch) || ccs.Height.Unit != style.Auto || sizes[i].Y+ccs.Margin.Vertical() == lineH {
				continue
			}
			cc := e.boxes[ch.ID()].last // the constraints this layout last gave it
			cc.H, cc.HExact = lineH-ccs.Margin.Vertical(), true
			sizes[i] = e.layout(ch, cc)
		}
	}
	x, gap := e.justify(cs.Justify, free, count, cs.Gap)
	x += in.Left
	for i, ch := range kids {
		if !e.inFlow(ch) {
			continue
		}
		m := e.Styles[ch.ID()].Margin
		y := in.Top + m.Top
		switch cs.AlignItems {
		case style.Center:
			y = in.Top + (lineH-sizes[i].Y-m.Vertical())/2 + m.Top
		case style.End:
			y = in.Top + lineH - sizes[i].Y - m.Bottom
		}
		e.setPos(ch, geom.Point{X: x + m.Left, Y: y})
		x += sizes[i].X + m.Horizontal() + gap
	}
	return geom.Point{X: used, Y: lineH}
}

// justify returns where the first item starts on the main axis and the
// gap between items.
func (e *Engine) justify(j style.Align, free float32, count int, gap float32) (start, between float32) {
	if free <= 0 {
		return 0, gap
	}
	switch j {
	case style.Center:
		return free / 2, gap
	case style.End:
		return free, gap
	case style.SpaceBetween:
		if count > 1 {
			return 0, gap + free/float32(count-1)
		}
	}
	return 0, gap
}

// askBasis returns a row item's flex basis, and records it when a
// parent's layout is being computed.
func (e *Engine) askBasis(ch *document.Node, avail float32) float32 {
	w := e.basis(ch, avail)
	if e.cur != 0 {
		b := &e.boxes[ch.ID()]
		b.basis, b.basisAvail, b.basisAt = w, avail, e.cur
	}
	return w
}

// basis returns a row item's flex basis: its width resolved against the
// available width avail, or its max-content width where it has none. A
// virtualised list, whose content has no width to measure, takes the
// available width and shrinks with its siblings, as it fills a column.
func (e *Engine) basis(ch *document.Node, avail float32) float32 {
	ccs := &e.Styles[ch.ID()]
	if w, ok := ccs.Width.Resolve(avail, !isInf(avail)); ok {
		return max(w, ccs.MinWidth)
	}
	if ch.Kind() == document.List && !isInf(avail) {
		return max(avail, ccs.MinWidth)
	}
	return e.intrinsic(ch)
}

// intrinsic returns n's max-content border-box width: the width it takes
// when no text wraps and nothing grows or shrinks. A fixed width is taken
// as it is; a percentage, with no container to resolve it against, counts
// as auto. It is cached on the box until MarkDirty clears it.
func (e *Engine) intrinsic(n *document.Node) float32 {
	if b := &e.boxes[n.ID()]; b.intrinsicOK {
		return b.intrinsic
	}
	counter.Inc(counter.IntrinsicWidths)
	cs := &e.Styles[n.ID()]
	w, ok := cs.Width.Resolve(0, false)
	if !ok {
		w = inset(cs).Horizontal() + e.intrinsicContent(n, cs)
	}
	w = max(w, cs.MinWidth)
	b := &e.boxes[n.ID()]
	b.intrinsic, b.intrinsicOK = w, true
	return w
}

// intrinsicContent is the max-content width of n's content: its text
// unwrapped, or its in-flow children side by side (a row) or the widest
// of them (a column, a scroll container). A virtualised list has none:
// its mounted rows change as it scrolls, and a list whose width followed
// them would relay its row out on a wheel step.
func (e *Engine) intrinsicContent(n *document.Node, cs *style.Computed) float32 {
	switch n.Kind() {
	case document.Text, document.TextField:
		return e.Text.Natural(n, cs)
	case document.List:
		return 0
	}
	row := cs.Direction == style.Row && n.Kind() != document.Scroll
	var sum, widest float32
	count := 0
	for _, ch := range n.Children() {
		if !e.inFlow(ch) {
			continue
		}
		w := e.intrinsic(ch) + e.Styles[ch.ID()].Margin.Horizontal()
		sum += w
		widest = max(widest, w)
		count++
	}
	if !row {
		return widest
	}
	if count > 1 {
		sum += cs.Gap * float32(count-1)
	}
	return sum
}

// listRows places a virtualised list's mounted rows at their model row's
// offset and returns the content extent of the whole model.
func (e *Engine) listRows(n *document.Node, innerW float32, in geom.Edges) geom.Point {
	m := n.ListModel()
	if m == nil {
		return geom.Point{}
	}
	for _, row := range n.Children() {
		if !e.inFlow(row) {
			continue
		}
		e.layout(row, Constraints{W: innerW, H: m.RowHeight, WExact: true, HExact: true})
		e.setPos(row, geom.Point{X: in.Left, Y: in.Top + float32(row.RowIndex())*m.RowHeight})
	}
	return geom.Point{X: innerW, Y: float32(m.Rows) * m.RowHeight}
}

// absolute lays out and places n's absolutely positioned children against
// its padding box (a scroller's: against the top of its content).
func (e *Engine) absolute(n *document.Node, w, h float32, _ geom.Edges) {
	for _, ch := range n.Children() {
		ccs := &e.Styles[ch.ID()]
		if !ccs.Display || ccs.Position != style.Absolute {
			continue
		}
		bw := e.Styles[n.ID()].BorderWidth
		pw, ph := w-2*bw, h-2*bw
		e.layout(ch, Constraints{W: pw, H: ph})
		x, _ := ccs.Left.Resolve(pw, true)
		y, _ := ccs.Top.Resolve(ph, true)
		e.setPos(ch, geom.Point{X: bw + x, Y: bw + y})
	}
}

// sizes returns a zeroed scratch slice for one container's child sizes.
// Layout recurses, so the scratch buffer is a stack: each container takes
// the top n entries and release gives them back. A nested call that grows
// the buffer leaves the caller's slice on the old array, which stays valid.
func (e *Engine) sizes(n int) []geom.Point {
	top := len(e.scratch)
	e.scratch = slices.Grow(e.scratch, n)[:top+n]
	s := e.scratch[top : top+n : top+n]
	clear(s)
	return s
}

func (e *Engine) release(n int) { e.scratch = e.scratch[:len(e.scratch)-n] }
