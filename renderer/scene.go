package renderer

import (
	"image"
	"math"
	"slices"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/text"
)

// Background is the colour a renderer clears to before drawing; the
// gallery's root paints over it.
var Background = style.RGB(255, 255, 255)

// An Item is one thing to draw, resolved to window pixels: what every
// renderer draws, built once by a Scene so that renderers differ only in
// how they fill pixels, never in what they decide to draw.
//
// A pixel belongs to Clip when its centre lies in it; every item is cut to
// its clip, which is already the intersection of the primitive's space clip
// and the region being redrawn.
type Item struct {
	Kind paint.Kind
	// Rect is the primitive's rect in window pixels (Rect, RoundedRect,
	// Border, Sprite).
	Rect geom.Rect
	Clip image.Rectangle
	// Fill and Stroke are premultiplied, 0…1.
	Fill, Stroke [4]float32
	StrokeWidth  float32
	Radius       float32
	// GlyphRun: one glyph's mask, Dst the pixels it covers, read from atlas
	// page Page at MaskPos.
	Page    int
	MaskPos image.Point
	Dst     image.Rectangle
	// Sprite: which sprite of SpriteSheet.
	Sprite int
}

// regionsReserved is how many damage regions a Scene holds before its
// slice grows: more than an interaction's frame damages in the gallery.
const regionsReserved = 32

// A Scene turns a frame into the regions to redraw and the items that
// cover them. The zero value is ready; its slices are reused frame to
// frame.
type Scene struct {
	Regions []image.Rectangle
	Items   []Item
	// Missing counts glyphs whose run or mask the engine's caches no
	// longer held, so that they were not drawn (a test asserts it is zero
	// for the gallery).
	Missing int
	size    image.Point
	// areas are the regions in window coordinates, and chunks those
	// meeting them in draw order, as the painter's index found them.
	areas  []geom.Rect
	chunks []*paint.Chunk
	// walk makes every Build walk the whole list, as a full frame does:
	// the reference the index's answers are tested against.
	walk bool
}

// Build collects the regions to redraw (the whole viewport when full or
// when its size changed, else the frame's damage, cut to whole pixels and
// merged until no two overlap) and the items of the display list that meet
// them, in draw order.
func (s *Scene) Build(f *paint.Frame, full bool) {
	size := image.Pt(int(math.Ceil(float64(f.Viewport.W))), int(math.Ceil(float64(f.Viewport.H))))
	if s.Regions == nil {
		// Room for a frame's damage from the start: a full frame needs
		// one region, so growing from there would allocate in the first
		// frames after it, inside the scenarios' allocation counts.
		s.Regions = make([]image.Rectangle, 0, regionsReserved)
		s.areas = make([]geom.Rect, 0, regionsReserved)
	}
	s.Regions, s.Items, s.Missing = s.Regions[:0], s.Items[:0], 0
	screen := image.Rectangle{Max: size}
	if full || size != s.size {
		s.size = size
		if !screen.Empty() {
			s.Regions = append(s.Regions, screen)
		}
	} else {
		for _, d := range f.Damage {
			if r := pixelsCovering(d).Intersect(screen); !r.Empty() {
				s.Regions = append(s.Regions, r)
			}
		}
		s.Regions = disjoint(s.Regions)
	}
	if len(s.Regions) == 0 {
		return
	}
	var glyphs GlyphSource
	if t := f.List.Text(); t != nil {
		glyphs, _ = t.(GlyphSource)
	}
	visited := f.List.Len()
	if s.walk || (len(s.Regions) == 1 && s.Regions[0] == screen) {
		if n := f.List.Len(); cap(s.chunks) < n {
			// Room for every chunk a later query could find, made in a
			// frame that draws everything anyway, so that a frame with
			// more damage than any before allocates nothing.
			s.chunks = make([]*paint.Chunk, 0, n+n/4)
		}
		for c := f.List.Head(); c != nil; c = c.Next() {
			s.chunk(f.List, c, glyphs)
		}
	} else {
		s.areas = s.areas[:0]
		for _, reg := range s.Regions {
			s.areas = append(s.areas, toRect(reg))
		}
		s.chunks, visited = f.List.Meeting(s.chunks[:0], s.areas)
		for _, c := range s.chunks {
			s.chunk(f.List, c, glyphs)
		}
		clear(s.chunks) // hold no chunk the painter may free
	}
	counter.Add(counter.SceneChunksVisited, uint64(visited))
	counter.Add(counter.SceneChunksSkipped, uint64(f.List.Len()-visited))
}

// chunk adds the items of c's primitives in each region c meets.
func (s *Scene) chunk(l paint.List, c *paint.Chunk, glyphs GlyphSource) {
	off, clip := l.Placement(c.Space)
	if clip.Empty() {
		return
	}
	bounds := c.Bounds.Translate(off).Intersect(clip)
	for _, reg := range s.Regions {
		if !bounds.Intersects(toRect(reg)) {
			continue
		}
		pclip := pixelsCentredIn(clip).Intersect(reg)
		for i := range c.Prims {
			s.add(&c.Prims[i], off, pclip, glyphs)
		}
	}
}

// Size returns the viewport's size in whole pixels, as of the last Build.
func (s *Scene) Size() image.Point { return s.size }

func (s *Scene) add(p *paint.Primitive, off geom.Point, clip image.Rectangle, glyphs GlyphSource) {
	r := p.Rect.Translate(off)
	switch p.Kind {
	case paint.GlyphRun:
		s.addGlyphs(p, r, clip.Intersect(pixelsCentredIn(r)), glyphs)
		return
	case paint.Sprite:
		clip = clip.Intersect(pixelsCentredIn(r))
	default:
		clip = clip.Intersect(pixelsCovering(r))
	}
	if clip.Empty() {
		return
	}
	s.push(Item{
		Kind: p.Kind, Rect: r, Clip: clip,
		Fill: premul(p.Fill), Stroke: premul(p.Stroke),
		StrokeWidth: p.StrokeWidth, Radius: p.Radius,
		Sprite: p.Sprite,
	})
}

// addGlyphs places each glyph of a run at a whole pixel: the run's pen
// position rounded, on the line's baseline rounded, exactly where the atlas
// rasterised the mask relative to its origin.
func (s *Scene) addGlyphs(p *paint.Primitive, r geom.Rect, clip image.Rectangle, glyphs GlyphSource) {
	if clip.Empty() || glyphs == nil {
		return
	}
	shaper, atlas := glyphs.Caches()
	st := text.Style{Size: p.Font.Size, Mono: p.Font.Mono}
	if p.Font.Bold {
		st.Weight = text.Bold
	}
	run, ok := shaper.Peek(st, p.Text)
	if !ok {
		s.Missing++
		return
	}
	baseline := r.Y + run.Ascent
	if lead := run.LineHeight - run.Ascent - run.Descent; lead > 0 {
		baseline += lead / 2
	}
	fill := premul(p.Fill)
	by := int(math.Round(float64(baseline)))
	for _, g := range run.Glyphs {
		e, ok := atlas.Peek(st, g.ID)
		if !ok {
			s.Missing++
			continue
		}
		if e.Bounds.Empty() {
			continue
		}
		origin := image.Pt(int(math.Round(float64(r.X+g.X))), by)
		dst := e.Bounds.Add(origin)
		if !dst.Overlaps(clip) {
			continue
		}
		s.push(Item{Kind: paint.GlyphRun, Clip: clip, Fill: fill, Page: e.Page, MaskPos: e.Pos, Dst: dst})
	}
}

// push appends an item, doubling the list when it is full (append grows a
// long slice by a quarter), so that a scene that grows frame after frame —
// a window being resized — reallocates a handful of times, not every few
// frames.
func (s *Scene) push(it Item) {
	if len(s.Items) == cap(s.Items) {
		s.Items = slices.Grow(s.Items, max(len(s.Items), 64))
	}
	s.Items = append(s.Items, it)
}

// pixelsCovering returns the whole pixels r touches.
func pixelsCovering(r geom.Rect) image.Rectangle {
	if r.Empty() {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(float64(r.X))), int(math.Floor(float64(r.Y))),
		int(math.Ceil(float64(r.X+r.W))), int(math.Ceil(float64(r.Y+r.H))))
}

// pixelsCentredIn returns the pixels whose centres lie in r (left and top
// edges in, right and bottom out).
func pixelsCentredIn(r geom.Rect) image.Rectangle {
	if r.Empty() {
		return image.Rectangle{}
	}
	c := func(v float32) int { return int(math.Ceil(float64(v) - 0.5)) }
	return image.Rect(c(r.X), c(r.Y), c(r.X+r.W), c(r.Y+r.H))
}

func toRect(r image.Rectangle) geom.Rect {
	return geom.Rect{X: float32(r.Min.X), Y: float32(r.Min.Y), W: float32(r.Dx()), H: float32(r.Dy())}
}

// disjoint merges overlapping regions into their bounds until none
// overlap, so that a region cleared after another was drawn erases
// nothing drawn and no pixel is blended twice.
func disjoint(rs []image.Rectangle) []image.Rectangle {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(rs) && !merged; i++ {
			for j := i + 1; j < len(rs); j++ {
				if rs[i].Overlaps(rs[j]) {
					rs[i] = rs[i].Union(rs[j])
					rs = append(rs[:j], rs[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	return rs
}

// premul returns c's channels premultiplied by its alpha, 0…1.
func premul(c style.Color) [4]float32 {
	r, g, b, a := c.RGBA()
	af := float32(a) / 255
	return [4]float32{float32(r) / 255 * af, float32(g) / 255 * af, float32(b) / 255 * af, af}
}

// Premul returns c premultiplied, 0…1.
func Premul(c style.Color) [4]float32 { return premul(c) }

// SpriteTexel returns the texel of a sprite item's SpriteSize² cell under
// the pixel centred at (px, py).
func SpriteTexel(it *Item, px, py float32) (tx, ty int) {
	tx = int((px - it.Rect.X) / it.Rect.W * SpriteSize)
	ty = int((py - it.Rect.Y) / it.Rect.H * SpriteSize)
	return min(max(tx, 0), SpriteSize-1), min(max(ty, 0), SpriteSize-1)
}

// CountHanded counts what a frame hands a renderer, the same for every
// renderer: the frame, its changed and translated chunks, and the
// primitives of them that survived culling.
func CountHanded(f *paint.Frame) {
	counter.Inc(counter.RendererFrames)
	for _, set := range [2][]*paint.Chunk{f.Changed, f.Translated} {
		for _, c := range set {
			counter.Inc(counter.RendererChunks)
			counter.Add(counter.RendererPrimitives, uint64(c.Submitted))
		}
	}
}
