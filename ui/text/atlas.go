package text

import (
	"fmt"
	"image"
	"image/draw"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// DefaultGlyphLimit is an Atlas's soft limit on glyphs when its Limit is
// zero: room for every glyph of the Go fonts in two styles, or the ASCII
// glyphs in twenty.
const DefaultGlyphLimit = 2048

// PageSize is the width and height of an atlas page in pixels. A 16 px
// glyph of the Go fonts takes about a dozen pixels square, so a page holds a
// few thousand.
// A glyph larger than a page gets a page of its own size.
const PageSize = 1024

// An Atlas rasterises glyph masks and packs them into pages, keyed by
// (Style, GlyphID): the Style and glyph ids of the Runs a Shaper makes. The
// zero value is ready to use. An Atlas is independent of any Shaper; the
// engine owns one of each.
//
// An Atlas belongs to one goroutine; it does no locking.
type Atlas struct {
	// Limit is the atlas's soft limit, in glyphs; zero means
	// DefaultGlyphLimit. The atlas may grow past it within a frame; Trim
	// brings it back.
	Limit int

	// The atlas is a table of glyphs per style, indexed by glyph id, so
	// that a hit hashes nothing when the style is the one asked for last.
	styles map[Style]*styleGlyphs
	last   *styleGlyphs
	n      int // glyphs held, over all styles
	// order runs from the most recently used glyph to the least.
	order  lru[glyphEntry, *glyphEntry]
	pages  []*page
	buf    sfnt.Buffer
	raster vector.Rasterizer
}

// An Entry is where an atlas keeps a glyph's mask. Its position holds until
// the next Trim, which may evict the glyph and later give its space to
// another; a caller that keeps an Entry longer looks the glyph up again.
type Entry struct {
	// Page is the index of the page holding the mask (see Atlas.Page).
	Page int
	// Pos is the mask's top-left pixel in the page.
	Pos image.Point
	// Bounds is the mask's extent relative to the glyph's origin on the
	// baseline, y down: the mask is drawn with its top-left at the origin
	// plus Bounds.Min. Empty for a glyph with no outline (a space), which
	// has nothing to draw.
	Bounds image.Rectangle
}

// styleGlyphs is one style's font and glyphs.
type styleGlyphs struct {
	style  Style
	font   *sfnt.Font
	ppem   fixed.Int26_6
	glyphs []*glyphEntry // by glyph id
	n      int
}

type glyphEntry struct {
	owner *styleGlyphs
	id    GlyphID
	entry Entry
	slot  image.Rectangle // the page space taken, padding included
	links[glyphEntry]
}

// A page is one mask image packed in shelves: rows of one height, filled
// left to right. Space an evicted glyph leaves goes to a free list that a
// glyph of about the same size takes; a page whose glyphs are all evicted is
// cleared and packed afresh.
type page struct {
	mask    *image.Alpha
	version uint64
	shelves []shelf
	bottom  int // the top of the space below the last shelf
	free    []image.Rectangle
	live    int
}

type shelf struct{ y, h, x int }

// pad keeps a blank pixel right of and below every mask, so that a renderer
// sampling a mask's edge never picks up its neighbour.
const pad = 1

// Lookup returns where the atlas keeps the mask of glyph id in st,
// rasterising it from the font the first time (GlyphsRasterised) and serving
// it from the atlas afterwards (GlyphCacheHits). A hit does not allocate.
//
// A Style out of range, or a glyph the font does not have, panics.
func (a *Atlas) Lookup(st Style, id GlyphID) Entry {
	sg := a.style(st)
	if int(id) >= len(sg.glyphs) {
		panic(fmt.Sprintf("text: glyph %d outside the font's %d", id, len(sg.glyphs)))
	}
	if e := sg.glyphs[id]; e != nil {
		a.order.moveToFront(e)
		counter.Inc(counter.GlyphCacheHits)
		return e.entry
	}
	counter.Inc(counter.GlyphsRasterised)
	e := &glyphEntry{owner: sg, id: id}
	a.rasterise(e)
	sg.glyphs[id] = e
	sg.n++
	a.n++
	a.order.pushFront(e)
	return e.entry
}

// style returns st's table, making it the first time. A Style out of range
// panics here.
func (a *Atlas) style(st Style) *styleGlyphs {
	if a.last != nil && a.last.style == st {
		return a.last
	}
	sg, ok := a.styles[st]
	if !ok {
		f := st.font()
		sg = &styleGlyphs{style: st, font: f, ppem: st.ppem(), glyphs: make([]*glyphEntry, f.NumGlyphs())}
		if a.styles == nil {
			a.styles = make(map[Style]*styleGlyphs)
		}
		a.styles[st] = sg
	}
	a.last = sg
	return sg
}

// Len returns the number of glyphs in the atlas.
func (a *Atlas) Len() int { return a.n }

// Pages returns the number of pages; pages are never removed, so a page
// index stays meaningful.
func (a *Atlas) Pages() int { return len(a.pages) }

// Page returns page i's mask and its version, which changes whenever the
// page's pixels do, so that a renderer knows when to upload it again. The
// mask belongs to the atlas: a caller reads it and never writes it.
func (a *Atlas) Page(i int) (mask *image.Alpha, version uint64) {
	p := a.pages[i]
	return p.mask, p.version
}

// Trim evicts least recently used glyphs until the atlas is within its
// limit, counting GlyphsEvicted for each. The engine calls it at the end of
// every frame, after the frame is drawn.
func (a *Atlas) Trim() {
	limit := a.Limit
	if limit <= 0 {
		limit = DefaultGlyphLimit
	}
	for a.n > limit {
		e := a.order.tail
		a.order.unlink(e)
		sg := e.owner
		sg.glyphs[e.id] = nil
		sg.n--
		a.n--
		if sg.n == 0 {
			// A style with nothing held is forgotten, so that sizes
			// passed through once (a zoom) do not pile up.
			delete(a.styles, sg.style)
			if a.last == sg {
				a.last = nil
			}
		}
		if !e.slot.Empty() {
			p := a.pages[e.entry.Page]
			p.live--
			if p.live == 0 {
				p.reset()
			} else {
				p.free = append(p.free, e.slot)
			}
		}
		counter.Inc(counter.GlyphsEvicted)
	}
}

func (a *Atlas) rasterise(e *glyphEntry) {
	id := e.id
	segs, err := e.owner.font.LoadGlyph(&a.buf, sfnt.GlyphIndex(id), e.owner.ppem, nil)
	if err != nil {
		panic(fmt.Sprintf("text: glyph %d: %v", id, err))
	}
	b := segs.Bounds()
	r := image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
	if r.Empty() {
		return
	}
	w, h := r.Dx(), r.Dy()
	pageIndex, slot := a.place(w+pad, h+pad)
	p := a.pages[pageIndex]
	p.live++
	p.version++
	e.slot = slot
	e.entry = Entry{Page: pageIndex, Pos: slot.Min, Bounds: r}

	// Segments are relative to the glyph's origin; the rasteriser's are to
	// the mask's top-left.
	dx, dy := fixed.Int26_6(-r.Min.X<<6), fixed.Int26_6(-r.Min.Y<<6)
	pt := func(p fixed.Point26_6) (float32, float32) {
		return float32(p.X+dx) / 64, float32(p.Y+dy) / 64
	}
	z := &a.raster
	z.Reset(w, h)
	z.DrawOp = draw.Src
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			z.MoveTo(pt(s.Args[0]))
		case sfnt.SegmentOpLineTo:
			z.LineTo(pt(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			bx, by := pt(s.Args[0])
			cx, cy := pt(s.Args[1])
			z.QuadTo(bx, by, cx, cy)
		case sfnt.SegmentOpCubeTo:
			bx, by := pt(s.Args[0])
			cx, cy := pt(s.Args[1])
			ex, ey := pt(s.Args[2])
			z.CubeTo(bx, by, cx, cy, ex, ey)
		}
	}
	z.Draw(p.mask, image.Rectangle{Min: slot.Min, Max: slot.Min.Add(image.Pt(w, h))}, image.Opaque, image.Point{})
}

// place finds w×h pixels in a page, opening a page when none has room, and
// returns the page and the slot, cleared.
func (a *Atlas) place(w, h int) (int, image.Rectangle) {
	for i, p := range a.pages {
		if slot, ok := p.place(w, h); ok {
			return i, slot
		}
	}
	p := &page{mask: image.NewAlpha(image.Rect(0, 0, max(PageSize, w), max(PageSize, h)))}
	a.pages = append(a.pages, p)
	slot, _ := p.place(w, h)
	return len(a.pages) - 1, slot
}

func (p *page) place(w, h int) (image.Rectangle, bool) {
	// A freed slot no more than half as large again in either direction,
	// the smallest such.
	best := -1
	for i, r := range p.free {
		if r.Dx() >= w && r.Dy() >= h && r.Dx() <= w+w/2+1 && r.Dy() <= h+h/2+1 &&
			(best < 0 || r.Dx()*r.Dy() < p.free[best].Dx()*p.free[best].Dy()) {
			best = i
		}
	}
	if best >= 0 {
		slot := p.free[best]
		p.free[best] = p.free[len(p.free)-1]
		p.free = p.free[:len(p.free)-1]
		p.clear(slot)
		return slot, true
	}

	size := p.mask.Rect.Size()
	// A shelf of about this height with room to its right.
	for i := range p.shelves {
		s := &p.shelves[i]
		if h <= s.h && s.h <= h+h/4+2 && s.x+w <= size.X {
			slot := image.Rect(s.x, s.y, s.x+w, s.y+s.h)
			s.x += w
			return slot, true
		}
	}
	// A new shelf below the last, its height rounded up to share it with
	// glyphs a little taller.
	sh := min((h+3)&^3, size.Y-p.bottom)
	if sh < h || w > size.X {
		return image.Rectangle{}, false
	}
	p.shelves = append(p.shelves, shelf{y: p.bottom, h: sh, x: w})
	p.bottom += sh
	return image.Rect(0, p.bottom-sh, w, p.bottom), true
}

func (p *page) clear(r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := p.mask.PixOffset(r.Min.X, y)
		clear(p.mask.Pix[i : i+r.Dx()])
	}
}

// reset empties a page whose glyphs are all evicted.
func (p *page) reset() {
	clear(p.mask.Pix)
	p.shelves = p.shelves[:0]
	p.free = p.free[:0]
	p.bottom = 0
	p.version++
}

func (e *glyphEntry) lruLinks() *links[glyphEntry] { return &e.links }
