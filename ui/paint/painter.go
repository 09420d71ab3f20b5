package paint

import (
	"cmp"
	"math"
	"slices"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/layout"
	"github.com/perfbench/perfbench/ui/style"
)

// TextLine is one laid-out line of an element's text, relative to the
// element's content box.
type TextLine struct {
	Text string
	Rect geom.Rect
}

// TextPainter gives paint the text layout computed by layout; the window
// adapts the text package to it.
type TextPainter interface {
	// Lines returns n's laid-out lines, looking every glyph up in the atlas
	// (rasterising the missing ones). The slice is valid until the next call.
	Lines(n *document.Node) []TextLine
	// CaretX returns the x of a text field's caret relative to its content box.
	CaretX(n *document.Node) float32
	// LineHeight returns the height of one line in n's style.
	LineHeight(n *document.Node) float32
	// Version returns a number that changes whenever n's lines change.
	Version(n *document.Node) uint32
}

// Fragment is everything that decides how one element paints.
type Fragment struct {
	Rect   geom.Rect // border box, in Space's coordinates
	Space  document.ID
	Hidden bool // not displayed, itself or through an ancestor
	Style  paintStyle
	State  style.State
	Text   string
	Lines  uint32 // the version of the text's lines
	Value  float32
	Phase  float32
	Caret  int
	Sprite int
	valid  bool
}

type paintStyle struct {
	Color, Background, BorderColor style.Color
	BorderWidth, Radius            float32
	Font                           FontKey
	Padding                        geom.Edges
}

// Space is the coordinate space of a scroll container's content.
type Space struct {
	Node   document.ID
	Parent document.ID
	chunks []*Chunk
	rect   geom.Rect // the container's border box in the parent space
	border float32
	stamp  uint64
	off    geom.Point // window position of the content origin, this frame
	clip   geom.Rect  // window rect content is visible in, this frame

	// The content moves as one layer: its chunks are filed by horizontal
	// bands of LayerBand pixels (content coordinates), so a scroll visits
	// the chunks of the bands in view before or after it, not all of them.
	bands          [][]*Chunk
	view, prevView geom.Rect // content rect visible this frame, and when last resolved before
	was            geom.Rect // the clip before the container was placed anew this frame
}

// damageReserved is how many damage rects (and spaces placed anew) a
// painter makes room for before its first frame.
const damageReserved = 64

// LayerBand is the height of one band of a scroll space's chunk index.
const LayerBand = 128

// bandGrowth is how many chunks a band's slice makes room for each time
// it is full.
const bandGrowth = 64

// MaxLayerBands is the most bands a space files its chunks in: 2^20 px
// of content, as the hit index's MaxBands. Past it chunks share the last
// band, which a query there visits whole. Unbounded, one element 10^9 px
// tall was filed in 7.8 million bands.
const MaxLayerBands = 1 << 13

func bandRange(r geom.Rect) (lo, hi int) {
	lo = layerBand(r.Y)
	return lo, max(lo, layerBand(r.Y+r.H))
}

// layerBand returns the band of content coordinate y. y/LayerBand is
// exact (a power of two) and compared as a float before the conversion:
// past an int's range (a huge or infinite y) or for NaN, int(y/LayerBand)
// is no band. Below 0 is 0; truncation is the floor of what is left.
func layerBand(y float32) int {
	b := y / LayerBand
	switch {
	case !(b > 0):
		return 0
	case b >= MaxLayerBands-1:
		return MaxLayerBands - 1
	}
	return int(b)
}

// file puts c in the bands of its space its bounds cover.
func (sp *Space) file(c *Chunk) {
	lo, hi := bandRange(c.Bounds)
	if lo == c.bandLo && hi == c.bandHi {
		return
	}
	sp.unfile(c)
	for len(sp.bands) <= hi {
		sp.bands = append(sp.bands, nil)
	}
	for b := lo; b <= hi; b++ {
		if band := sp.bands[b]; len(band) == cap(band) {
			// Grown by bandGrowth at a time: a band holds tens of
			// chunks, and bands fill as a layout grows taller (a
			// resize), so doubling from one would allocate in frame
			// after frame. At 64 the kitchen-sink and resize
			// scenarios allocate 4% less a frame than at 32.
			sp.bands[b] = slices.Grow(band, bandGrowth)
		}
		sp.bands[b] = append(sp.bands[b], c)
	}
	c.bandLo, c.bandHi = lo, hi
}

// unfile takes c out of its bands.
func (sp *Space) unfile(c *Chunk) {
	for b := c.bandLo; b <= c.bandHi && b < len(sp.bands); b++ {
		band := sp.bands[b]
		if i := slices.Index(band, c); i >= 0 {
			band[i] = band[len(band)-1]
			band[len(band)-1] = nil
			sp.bands[b] = band[:len(band)-1]
		}
	}
	c.bandLo, c.bandHi = 0, -1
}

// Painter keeps one window's fragments and display list.
type Painter struct {
	Doc    *document.Document
	Styles []style.Computed
	Layout *layout.Engine
	Text   TextPainter

	frags  []Fragment
	chunks []*Chunk
	head   *Chunk
	tail   *Chunk
	count  int
	// spaces holds each scroll container's space at its node's ID, nil
	// at every other node's, grown as a space is made; spaceList holds the
	// same spaces in the order they were made, for every walk over them.
	// Slices, not a map: a map's order and the probes of a lookup follow
	// the process's random hash seed, which would change the order of a
	// frame's output and the instructions a frame retires from run to run.
	spaces    []*Space
	spaceList []*Space
	// root files the chunks of the root space (document.None) by bands
	// of window pixels, as a Space files its content's, so a query for a
	// region of the window finds them without a walk of the list.
	root Space

	stamp      uint64
	pass       uint64   // updates passes so far: one a frame, more after Again
	visit      uint64   // scroll visits so far
	queries    uint64   // Meeting queries so far
	seen       []uint64 // by node ID: pass of the last fragment update
	cursor     *Chunk   // during a subtree walk: the last chunk in draw order
	haveCursor bool
	viewport   geom.Rect
	// drawn is the viewport the chunks' last places were cut to.
	drawn geom.Rect
	frame Frame
	free  []*Chunk
	// placed are the spaces whose container moved, resized or changed
	// border this frame (Finish damages where their content was and is).
	placed []*Space
}

// Frame is what one frame hands the renderer: a value that reads the frame
// and nothing more, never the painter that built it. Its slices are reused
// by the next frame; a renderer reads them during its Frame and keeps
// none.
type Frame struct {
	// List is the display list as it stands after the frame.
	List List
	// Changed and Translated are the chunks whose primitives changed, and
	// those only moved with their scrolled space, since the last frame,
	// already culled against their clips (Chunk.Submitted).
	Changed    []*Chunk
	Translated []*Chunk
	// Removed is how many chunks left the list this frame.
	Removed int
	// Damage is the window's area to redraw, in window pixels.
	Damage []geom.Rect
	// Viewport is the window's rectangle.
	Viewport geom.Rect
}

// Head returns the first chunk in draw order.
func (p *Painter) Head() *Chunk { return p.head }

// Len returns the number of chunks.
func (p *Painter) Len() int { return p.count }

// Fragment returns a node's fragment.
func (p *Painter) Fragment(id document.ID) *Fragment {
	p.grow()
	return &p.frags[id]
}

func (p *Painter) grow() {
	if n := p.Doc.Cap(); len(p.frags) < n {
		p.frags = append(p.frags, make([]Fragment, n-len(p.frags))...)
		p.chunks = append(p.chunks, make([]*Chunk, n-len(p.chunks))...)
		p.seen = append(p.seen, make([]uint64, n-len(p.seen))...)
	}
	if p.spaceList == nil {
		p.spaceList = make([]*Space, 0, spacesReserved)
	}
}

// Begin starts a frame over a viewport.
func (p *Painter) Begin(viewport geom.Rect) {
	p.grow()
	p.stamp++
	p.pass++
	p.viewport = viewport
	f := &p.frame
	if f.Damage == nil {
		// Room for the damage of the frames after the first: one that
		// moves scroll containers adds a rect for each, and growing the
		// slice then would allocate inside the frames the scenarios count.
		f.Damage = make([]geom.Rect, 0, damageReserved)
		p.placed = make([]*Space, 0, damageReserved)
	}
	f.Changed, f.Translated, f.Damage, f.Removed = f.Changed[:0], f.Translated[:0], f.Damage[:0], 0
	f.Viewport = viewport
	f.List = List{p}
}

// Again starts a second pass of updates in the frame Begin began: an
// element already updated in the frame is checked again when asked (the
// window restyles the hover it moved after a first pass), and the
// frame's changes and damage add up.
func (p *Painter) Again() { p.pass++ }

// Update rechecks one element whose paint may have changed.
func (p *Painter) Update(n *document.Node) {
	p.haveCursor = false
	p.update(n)
}

// UpdateSubtree rechecks an element and all its descendants: it moved,
// resized, or was shown or hidden.
func (p *Painter) UpdateSubtree(n *document.Node) {
	p.haveCursor = false
	p.walk(n)
}

func (p *Painter) walk(n *document.Node) {
	p.update(n)
	if p.frags[n.ID()].Hidden {
		return
	}
	for _, c := range n.Children() {
		p.walk(c)
	}
}

// Remove drops the chunks of a removed subtree, then its scroll spaces:
// a chunk leaves its space as it goes, so every chunk inside a space must
// be gone before the space is.
func (p *Painter) Remove(n *document.Node) {
	p.grow()
	document.Walk(n, func(m *document.Node) bool {
		p.frags[m.ID()] = Fragment{}
		if c := p.chunks[m.ID()]; c != nil {
			p.removeChunk(c)
		}
		return true
	})
	document.Walk(n, func(m *document.Node) bool {
		if sp := p.space(m.ID()); sp != nil {
			p.spaces[m.ID()] = nil
			i := slices.Index(p.spaceList, sp)
			p.spaceList = slices.Delete(p.spaceList, i, i+1)
		}
		return true
	})
}

// hideSubtree marks n and its descendants hidden and drops their chunks;
// a descendant already hidden has no chunks below it, so the walk stops
// there.
func (p *Painter) hideSubtree(n *document.Node) {
	document.Walk(n, func(m *document.Node) bool {
		counter.Inc(counter.NodesVisited)
		f := &p.frags[m.ID()]
		wasHidden := f.valid && f.Hidden
		*f = Fragment{Hidden: true, valid: true}
		if c := p.chunks[m.ID()]; c != nil {
			p.removeChunk(c)
		}
		return !wasHidden
	})
}

// fragment computes n's fragment from its style, box and parent fragment.
func (p *Painter) fragment(n *document.Node) Fragment {
	id := n.ID()
	cs := &p.Styles[id]
	var f Fragment
	f.valid = true
	par := n.Parent()
	f.Space = document.None
	var origin geom.Point
	if par != nil {
		pf := &p.frags[par.ID()]
		if pf.Hidden || !pf.valid {
			f.Hidden = true
			return f
		}
		switch par.Kind() {
		case document.Scroll, document.List:
			f.Space = par.ID()
		default:
			f.Space = pf.Space
			origin = geom.Point{X: pf.Rect.X, Y: pf.Rect.Y}
		}
	}
	if !cs.Display {
		f.Hidden = true
		return f
	}
	b := p.Layout.Box(id)
	f.Rect = geom.Rect{X: origin.X + b.Pos.X, Y: origin.Y + b.Pos.Y, W: b.Size.X, H: b.Size.Y}
	f.Style = paintStyle{
		Color: cs.Color, Background: cs.Background, BorderColor: cs.BorderColor,
		BorderWidth: cs.BorderWidth, Radius: cs.Radius, Padding: cs.Padding,
		Font: FontKey{Size: cs.FontSize, Bold: cs.Bold, Mono: cs.Mono},
	}
	f.State = n.State()
	switch n.Kind() {
	case document.Text, document.TextField:
		f.Text = n.Text()
		f.Lines = p.Text.Version(n)
		if n.Kind() == document.TextField && n.State()&style.Focus != 0 {
			f.Caret = n.Caret()
		}
	case document.Slider:
		f.Value = n.Value()
	case document.Progress:
		f.Phase = n.Phase()
	case document.Image:
		f.Sprite = n.Sprite()
	}
	return f
}

func (p *Painter) update(n *document.Node) {
	id := n.ID()
	if p.seen[id] == p.pass {
		return
	}
	p.seen[id] = p.pass
	counter.Inc(counter.NodesVisited)
	counter.Inc(counter.FragmentsDiffed)
	nf := p.fragment(n)
	old := &p.frags[id]
	if nf.Hidden {
		if !(old.valid && old.Hidden) {
			counter.Inc(counter.FragmentsChanged)
		}
		*old = nf
		if p.chunks[id] != nil {
			p.removeChunk(p.chunks[id])
		}
		for _, c := range n.Children() {
			if f := &p.frags[c.ID()]; !(f.valid && f.Hidden) {
				p.hideSubtree(c)
			}
		}
		return
	}
	if *old == nf {
		if c := p.chunks[id]; c != nil {
			p.cursor, p.haveCursor = c, true
		}
		p.trackSpace(n, &nf)
		return
	}
	counter.Inc(counter.FragmentsChanged)
	*old = nf
	p.trackSpace(n, old)
	p.emit(n, old)
}

// trackSpace registers or updates the space of a scroll container.
func (p *Painter) trackSpace(n *document.Node, f *Fragment) {
	if k := n.Kind(); k != document.Scroll && k != document.List {
		return
	}
	sp := p.space(n.ID())
	if sp == nil {
		sp = p.newSpace(n.ID(), document.None)
	} else if sp.Parent != f.Space || sp.rect != f.Rect || sp.border != f.Style.BorderWidth {
		// The content moves with its container, but none of its chunks
		// changes: Finish damages where it was and where it is.
		if !slices.Contains(p.placed, sp) {
			p.placed = append(p.placed, sp)
			sp.was = sp.clip
		}
		p.unresolve(sp)
	}
	sp.Parent, sp.rect, sp.border = f.Space, f.Rect, f.Style.BorderWidth
}

// space returns the space of container id, or nil.
func (p *Painter) space(id document.ID) *Space {
	if id < 0 || int(id) >= len(p.spaces) {
		return nil
	}
	return p.spaces[id]
}

// spacesReserved is how many spaces a painter makes room for in its list
// before its first frame, so that a scroll container made inside a
// measured frame allocates its Space alone.
const spacesReserved = 16

// newSpace makes and registers the space of container id.
func (p *Painter) newSpace(id, parent document.ID) *Space {
	sp := &Space{Node: id, Parent: parent}
	if n := max(p.Doc.Cap(), int(id)+1); len(p.spaces) < n {
		p.spaces = append(p.spaces, make([]*Space, n-len(p.spaces))...)
	}
	p.spaces[id] = sp
	p.spaceList = append(p.spaceList, sp)
	return sp
}

// unresolve makes the next placement of sp and of the spaces nested in it
// resolve afresh: one resolved earlier in the frame used the container's
// old place.
func (p *Painter) unresolve(sp *Space) {
	sp.stamp = 0
	for _, inner := range p.spaceList {
		if inner.Parent == sp.Node && inner.Node != sp.Node {
			p.unresolve(inner)
		}
	}
}

// replaced damages the old and the new clip of every space whose
// container was placed anew, and moves the resolved rect of the chunks in
// view before or after (in nested spaces too) to where they are now, as a
// scroll does but without handing them on: the damage is what a renderer
// redraws them by, and a chunk removed later damages where it really is.
func (p *Painter) replaced() {
	for _, sp := range p.placed {
		if p.space(sp.Node) != sp {
			continue // its container was removed
		}
		p.resolve(sp)
		if d := sp.was.Union(sp.clip); !d.Empty() {
			p.frame.Damage = append(p.frame.Damage, d)
		}
		p.visit++
		p.reresolve(sp)
	}
	clear(p.placed)
	p.placed = p.placed[:0]
}

func (p *Painter) reresolve(sp *Space) {
	p.resolve(sp)
	for _, view := range [2]geom.Rect{sp.prevView, sp.view} {
		if view.Empty() {
			continue
		}
		lo, hi := bandRange(view)
		for b := lo; b <= hi && b < len(sp.bands); b++ {
			for _, c := range sp.bands[b] {
				if c.visit == p.visit {
					continue
				}
				c.visit = p.visit
				c.lastResolved = c.Bounds.Translate(sp.off).Intersect(sp.clip)
			}
		}
	}
	for _, inner := range p.spaceList {
		if inner.Parent == sp.Node && inner.Node != sp.Node {
			p.reresolve(inner)
		}
	}
}

// Spaces returns the scroll spaces in the order they were made. The slice
// is the painter's own; a caller should not change it.
func (p *Painter) Spaces() []*Space { return p.spaceList }

// emit rebuilds n's chunk from its fragment.
func (p *Painter) emit(n *document.Node, f *Fragment) {
	id := n.ID()
	c := p.chunks[id]
	var prims []Primitive
	if c != nil {
		prims = c.Prims[:0]
	} else if k := len(p.free); k > 0 {
		prims = p.free[k-1].Prims[:0] // reuse a removed chunk's storage
	}
	prims = p.primitives(prims, n, f)
	if len(prims) == 0 {
		if c != nil {
			p.removeChunk(c)
		}
		return
	}
	counter.Inc(counter.ChunksEmitted)
	counter.Add(counter.PrimitivesEmitted, uint64(len(prims)))
	counter.Inc(counter.DrawOrderInsertions)
	if c == nil {
		if k := len(p.free); k > 0 {
			c = p.free[k-1]
			p.free = p.free[:k-1]
			*c = Chunk{}
		} else {
			c = &Chunk{}
		}
		c.Node, c.Space, c.spaceIdx, c.bandLo, c.bandHi = id, f.Space, -1, 0, -1
		p.chunks[id] = c
		p.insertAfter(p.predecessor(n), c)
	} else if c.Space != f.Space {
		p.leaveSpace(c)
		c.Space = f.Space
	}
	c.Prims = prims
	var bounds geom.Rect
	for i := range prims {
		bounds = bounds.Union(prims[i].Rect)
	}
	c.Bounds = bounds
	p.joinSpace(c)
	if c.spaceIdx >= 0 {
		p.space(c.Space).file(c)
	} else if c.Space == document.None {
		p.root.file(c)
	}
	p.cursor, p.haveCursor = c, true
	p.markChanged(c)
}

func (p *Painter) markChanged(c *Chunk) {
	p.frame.Changed = append(p.frame.Changed, c)
}

// predecessor finds the chunk after which n's new chunk goes in draw order.
func (p *Painter) predecessor(n *document.Node) *Chunk {
	if p.haveCursor {
		return p.cursor
	}
	for cur := n; ; {
		par := cur.Parent()
		if par == nil {
			return nil
		}
		sibs := par.Children()
		for j := slices.Index(sibs, cur) - 1; j >= 0; j-- {
			if c := p.lastChunkIn(sibs[j]); c != nil {
				return c
			}
		}
		if c := p.chunks[par.ID()]; c != nil {
			return c
		}
		cur = par
	}
}

func (p *Painter) lastChunkIn(n *document.Node) *Chunk {
	kids := n.Children()
	for i := len(kids) - 1; i >= 0; i-- {
		if c := p.lastChunkIn(kids[i]); c != nil {
			return c
		}
	}
	return p.chunks[n.ID()]
}

func (p *Painter) insertAfter(prev, c *Chunk) {
	p.count++
	defer p.place(c)
	if prev == nil {
		c.prev, c.next = nil, p.head
		if p.head != nil {
			p.head.prev = c
		} else {
			p.tail = c
		}
		p.head = c
		return
	}
	c.prev, c.next = prev, prev.next
	if prev.next != nil {
		prev.next.prev = c
	} else {
		p.tail = c
	}
	prev.next = c
}

// orderGap is the room left between the order keys of chunks appended at
// the end of the list: a list is built in draw order, so most chunks are
// appended, and 32 chunks can then be inserted into one gap, halving it
// each time, before the list is renumbered.
const orderGap = 1 << 32

// place gives a chunk just linked into the list an order key between its
// neighbours', renumbering the whole list (in orderGap steps) when there
// is no key left between them. A removed chunk's key is freed with it, so
// a chunk hidden and shown again in the same place reuses its gap.
func (p *Painter) place(c *Chunk) {
	var lo uint64
	if c.prev != nil {
		lo = c.prev.order
	}
	switch {
	case c.next == nil && lo <= math.MaxUint64-orderGap:
		c.order = lo + orderGap
		return
	case c.next != nil && c.next.order-lo > 1:
		c.order = lo + (c.next.order-lo)/2
		return
	}
	var k uint64
	for d := p.head; d != nil; d = d.next {
		k += orderGap
		d.order = k
	}
}

func (p *Painter) removeChunk(c *Chunk) {
	counter.Inc(counter.ChunksRemoved)
	if c.prev != nil {
		c.prev.next = c.next
	} else {
		p.head = c.next
	}
	if c.next != nil {
		c.next.prev = c.prev
	} else {
		p.tail = c.prev
	}
	if p.cursor == c {
		p.cursor, p.haveCursor = c.prev, c.prev != nil
	}
	p.count--
	// Where it was last culled, and where its space places it now: a clip
	// that grew or moved since (a container resized around it) left it
	// drawn beyond the rect it was last culled to.
	off, clip := p.placement(c.Space)
	if d := c.lastResolved.Union(c.Bounds.Translate(off).Intersect(clip)); !d.Empty() {
		p.frame.Damage = append(p.frame.Damage, d)
	}
	p.leaveSpace(c)
	p.chunks[c.Node] = nil
	p.frame.Removed++
	c.prev, c.next = nil, nil
	c.lastResolved = geom.Rect{}
	p.free = append(p.free, c)
}

func (p *Painter) joinSpace(c *Chunk) {
	if c.spaceIdx >= 0 || c.Space == document.None {
		return
	}
	sp := p.space(c.Space)
	if sp == nil {
		sp = p.newSpace(c.Space, document.None)
	}
	c.spaceIdx = len(sp.chunks)
	sp.chunks = append(sp.chunks, c)
}

func (p *Painter) leaveSpace(c *Chunk) {
	if c.Space == document.None {
		p.root.unfile(c)
		return
	}
	if c.spaceIdx < 0 {
		return
	}
	sp := p.space(c.Space)
	sp.unfile(c)
	last := sp.chunks[len(sp.chunks)-1]
	sp.chunks[c.spaceIdx] = last
	last.spaceIdx = c.spaceIdx
	sp.chunks = sp.chunks[:len(sp.chunks)-1]
	c.spaceIdx = -1
}

// Scrolled translates the content of a scroll container and of the
// spaces nested in it as one layer: its primitives move with the new
// offset and nothing is emitted. Only the chunks in view before or after
// the scroll are handed on (ChunksTranslated) and culled again; the rest
// were out of view and stay so, so a scroll costs what is visible, not
// what the container holds.
func (p *Painter) Scrolled(n *document.Node) {
	sp := p.space(n.ID())
	if sp == nil {
		return
	}
	counter.Inc(counter.ScrollOffsetsApplied)
	if plantReemitScroll {
		p.reemit(n)
	}
	p.resolve(sp)
	if !sp.clip.Empty() {
		p.frame.Damage = append(p.frame.Damage, sp.clip)
	}
	p.visit++
	p.translate(sp)
}

func (p *Painter) translate(sp *Space) {
	p.resolve(sp)
	for _, view := range [2]geom.Rect{sp.prevView, sp.view} {
		if view.Empty() {
			continue
		}
		lo, hi := bandRange(view)
		for b := lo; b <= hi && b < len(sp.bands); b++ {
			for _, c := range sp.bands[b] {
				if c.visit == p.visit || !(c.Bounds.Intersects(sp.prevView) || c.Bounds.Intersects(sp.view)) {
					continue
				}
				c.visit = p.visit
				counter.Inc(counter.ChunksTranslated)
				p.frame.Translated = append(p.frame.Translated, c)
			}
		}
	}
	for _, inner := range p.spaceList {
		if inner.Parent == sp.Node && inner.Node != sp.Node {
			p.translate(inner)
		}
	}
}

// resolve computes a space's window offset and clip for this frame.
func (p *Painter) resolve(sp *Space) {
	if sp.stamp == p.stamp {
		return
	}
	sp.stamp = p.stamp
	parentOff, parentClip := geom.Point{}, p.viewport
	if sp.Parent != document.None {
		if ps := p.space(sp.Parent); ps != nil {
			p.resolve(ps)
			parentOff, parentClip = ps.off, ps.clip
		}
	}
	n := p.Doc.Node(sp.Node)
	scroll := float32(0)
	if n != nil {
		scroll = n.ScrollY()
	}
	sp.off = geom.Point{X: parentOff.X + sp.rect.X, Y: parentOff.Y + sp.rect.Y - scroll}
	box := sp.rect.Translate(parentOff).Inset(geom.All(sp.border))
	sp.clip = box.Intersect(parentClip)
	sp.prevView = sp.view
	sp.view = geom.Rect{}
	if !sp.clip.Empty() {
		sp.view = sp.clip.Translate(geom.Point{X: -sp.off.X, Y: -sp.off.Y})
	}
}

// placement returns a space's offset and clip this frame.
func (p *Painter) placement(space document.ID) (geom.Point, geom.Rect) {
	if space == document.None {
		return geom.Point{}, p.viewport
	}
	sp := p.space(space)
	if sp == nil {
		return geom.Point{}, geom.Rect{}
	}
	p.resolve(sp)
	return sp.off, sp.clip
}

// Finish culls every changed or translated chunk against its clip, records
// the damage, and returns the frame for the renderer.
func (p *Painter) Finish() *Frame {
	f := &p.frame
	p.replaced()
	for _, c := range f.Changed {
		p.cull(c, true)
	}
	for _, c := range f.Translated {
		p.cull(c, false)
	}
	if p.viewport != p.drawn {
		p.redrawn()
	}
	if len(f.Damage) > 8 {
		u := geom.Rect{}
		for _, d := range f.Damage {
			u = u.Union(d)
		}
		f.Damage = append(f.Damage[:0], u)
	}
	var area float32
	for _, d := range f.Damage {
		area += d.Area()
	}
	counter.Add(counter.DamageRects, uint64(len(f.Damage)))
	counter.Add(counter.DamageArea, uint64(area))
	return f
}

// redrawn sets every chunk's last place to where a new viewport shows it.
// A renderer draws a new viewport whole, so a chunk whose fragment did not
// change (it was not culled again) is drawn as far as the new clip lets
// it, perhaps wider than the old viewport cut it: a later move must damage
// all of that, not the sliver the narrow viewport left. A viewport changes
// on a resize, whose frame is drawn whole anyway, so the walk over the
// list costs a frame that already costs the whole list.
func (p *Painter) redrawn() {
	p.drawn = p.viewport
	for c := p.head; c != nil; c = c.next {
		off, clip := p.placement(c.Space)
		c.lastResolved = c.Bounds.Translate(off).Intersect(clip)
	}
}

func (p *Painter) cull(c *Chunk, damage bool) {
	if p.chunks[c.Node] != c {
		return // removed later in the frame
	}
	off, clip := p.placement(c.Space)
	visible := 0
	for i := range c.Prims {
		if c.Prims[i].Rect.Translate(off).Intersects(clip) {
			visible++
		}
	}
	if plantNoCull {
		visible = len(c.Prims)
	}
	counter.Add(counter.PrimitivesCulled, uint64(len(c.Prims)-visible))
	counter.Add(counter.PrimitivesSubmitted, uint64(visible))
	c.Submitted = visible
	now := c.Bounds.Translate(off).Intersect(clip)
	if damage {
		if d := c.lastResolved.Union(now); !d.Empty() {
			p.frame.Damage = append(p.frame.Damage, d)
		}
	}
	c.lastResolved = now
}

// Meeting appends to dst every chunk that meets one of the regions
// (window coordinates), placed this frame and cut to its space's clip,
// each once and in draw order, and returns how many chunks it examined to
// find them. It looks only in the bands of each space's index that the
// regions cover in view, never along the list, so what it examines
// follows the regions, not the length of the display list: a renderer
// asks it for the chunks to redraw under a frame's damage.
func (p *Painter) Meeting(dst []*Chunk, regions []geom.Rect) (_ []*Chunk, examined int) {
	p.queries++
	start := len(dst)
	dst, examined = p.meetingIn(dst, &p.root, geom.Point{}, p.viewport, regions)
	for _, sp := range p.spaceList {
		p.resolve(sp)
		var n int
		dst, n = p.meetingIn(dst, sp, sp.off, sp.clip, regions)
		examined += n
	}
	slices.SortFunc(dst[start:], func(a, b *Chunk) int { return cmp.Compare(a.order, b.order) })
	return dst, examined
}

// meetingIn is Meeting over one space, whose content's origin lies at off
// in the window and which is visible in clip.
func (p *Painter) meetingIn(dst []*Chunk, sp *Space, off geom.Point, clip geom.Rect, regions []geom.Rect) (_ []*Chunk, examined int) {
	for _, reg := range regions {
		view := reg.Intersect(clip)
		if view.Empty() {
			continue
		}
		lo, hi := bandRange(view.Translate(geom.Point{X: -off.X, Y: -off.Y}))
		for b := lo; b <= hi && b < len(sp.bands); b++ {
			for _, c := range sp.bands[b] {
				if c.met == p.queries {
					continue
				}
				c.met = p.queries
				examined++
				placed := c.Bounds.Translate(off).Intersect(clip)
				for _, r := range regions {
					if placed.Intersects(r) {
						dst = append(dst, c)
						break
					}
				}
			}
		}
	}
	return dst, examined
}

// Resolve appends the display list as it would be drawn, in window
// coordinates and draw order, leaving out culled primitives.
func (p *Painter) Resolve(dst []Primitive) []Primitive {
	for c := p.head; c != nil; c = c.next {
		off, clip := p.placement(c.Space)
		for _, pr := range c.Prims {
			pr.Rect = pr.Rect.Translate(off)
			if pr.Rect.Intersects(clip) {
				dst = append(dst, pr)
			}
		}
	}
	return dst
}

// Offset returns the window offset of a space (document.None: the root).
func (p *Painter) Offset(space document.ID) geom.Point {
	off, _ := p.placement(space)
	return off
}

// Damage returns the last frame's damage rectangles.
func (p *Painter) Damage() []geom.Rect { return p.frame.Damage }

// Shown reports whether the fragment is current and displayed.
func (f *Fragment) Shown() bool { return f.valid && !f.Hidden }
