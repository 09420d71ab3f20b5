// Package hit is the engine's spatial hit index: which element lies under
// a point.
//
// Entries are grouped by space: the document's root space and one space
// per scroll container, whose entries are in the container's content
// coordinates. Scrolling changes only the offset a query applies when it
// descends into a space, so a scroll frame rebuilds nothing; a space is
// rebuilt only when geometry inside it changes (HitIndexRebuilds counts
// those rebuilds).
//
// Each space buckets its entries by horizontal bands of BandHeight pixels,
// so a query looks at the entries of one band only. A space has at most
// MaxBands bands: content past them (a list scrolled to the end of a long
// model, an element 10^9 px tall) shares the last one.
package hit

import (
	"slices"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
)

// BandHeight is the height of one bucket of a space's index.
const BandHeight = 32

// MaxBands is the most bands a space has: 2^20 px of content, 33 times
// the s26 gallery's tallest box (31 927 px) and six times the longest list
// the list-slope workload scrolls (160 000 px). Past it entries share the
// last band, which a query there searches whole. Unbounded, one element
// 10^9 px tall was filed in 31 million bands.
const MaxBands = 1 << 15

// bandOf returns the band of content coordinate y from the top of the
// content. y/BandHeight is exact (a power of two) and compared as a float
// before the conversion: past an int's range (a huge or infinite y) or
// for NaN, int(y/BandHeight) is no band. Below 0 is 0; from 2^40 bands
// on, far past where a float32 tells one pixel from the next, y is one
// band.
func bandOf(y float32) int {
	b := y / BandHeight
	switch {
	case !(b > 0):
		return 0
	case b >= 1<<40:
		return 1 << 40
	}
	return int(b)
}

// Entry is one hittable element: its rect in its space's coordinates and
// its draw order (higher is on top).
type Entry struct {
	Node  document.ID
	Rect  geom.Rect
	Order int32
	// Space is set when the entry is itself a scroll container: the space
	// its content lives in, queried after the entry itself is hit.
	Space document.ID
}

type space struct {
	entries []Entry
	bands   [][]int32 // entry indices per band
	// Viewport of the space: for a scroll container, the clip rect in the
	// parent space's coordinates, and the current offset.
	offset geom.Point
}

// Index is the hit index of one window. The zero value is empty.
type Index struct {
	spaces map[document.ID]*space
}

// Root is the space of everything not inside a scroll container.
const Root = document.None

// Rebuild replaces a space's entries (the slice is copied).
func (x *Index) Rebuild(sp document.ID, entries []Entry) {
	counter.Inc(counter.HitIndexRebuilds)
	if x.spaces == nil {
		x.spaces = map[document.ID]*space{}
	}
	s := x.spaces[sp]
	if s == nil {
		s = &space{}
		x.spaces[sp] = s
	}
	s.entries = append(s.entries[:0], entries...)
	for i := range s.bands {
		s.bands[i] = s.bands[i][:0]
	}
	for i, e := range s.entries {
		if e.Rect.Empty() {
			continue
		}
		lo, bottom := max(0, int(e.Rect.Y/BandHeight)), e.Rect.Y+e.Rect.H
		hi := max(lo, int(bottom/BandHeight))
		if !(bottom < MaxBands*BandHeight) {
			// Past the last band's top, past an int's range, or NaN: the
			// last band, from the entry's own if it lies before.
			hi = MaxBands - 1
			lo = min(bandOf(e.Rect.Y), hi)
		}
		for len(s.bands) <= hi {
			s.bands = append(s.bands, nil)
		}
		for b := lo; b <= hi; b++ {
			s.bands[b] = append(s.bands[b], int32(i))
		}
	}
}

// Drop forgets a space (its scroll container is gone).
func (x *Index) Drop(sp document.ID) { delete(x.spaces, sp) }

// SetOffset sets a scroll space's content offset (its scroll position):
// a query at content point p' = p + offset. No rebuild.
func (x *Index) SetOffset(sp document.ID, off geom.Point) {
	if s := x.spaces[sp]; s != nil {
		s.offset = off
	}
}

// Len returns the number of entries in a space.
func (x *Index) Len(sp document.ID) int {
	if s := x.spaces[sp]; s != nil {
		return len(s.entries)
	}
	return 0
}

// At returns the topmost element under p (window coordinates), descending
// into scroll containers; document.None when nothing is hit, as for a
// point with a coordinate that is not finite. The second
// result lists the scroll containers the point is inside, outermost first,
// appended to path.
func (x *Index) At(p geom.Point, path []document.ID) (document.ID, []document.ID) {
	counter.Inc(counter.HitTests)
	hitNode := document.None
	sp := Root
	for {
		s := x.spaces[sp]
		if s == nil {
			return hitNode, path
		}
		e, ok := s.top(p)
		if !ok {
			return hitNode, path
		}
		hitNode = e.Node
		if e.Space == document.None {
			return hitNode, path
		}
		// Descend: the entry is a scroll container; its content space's
		// coordinates are relative to the container's origin plus offset.
		path = append(path, e.Space)
		inner := x.spaces[e.Space]
		if inner == nil {
			return hitNode, path
		}
		p = p.Sub(geom.Point{X: e.Rect.X, Y: e.Rect.Y}).Add(inner.offset)
		sp = e.Space
	}
}

func (s *space) top(p geom.Point) (Entry, bool) {
	// Compared as floats before the conversion: past an int's range (a
	// huge or infinite y) or for NaN, int(p.Y/BandHeight) is no band. Past
	// the last band's top is no band either, unless the space has
	// MaxBands, whose last holds every entry that reaches past it.
	if !(p.Y >= 0 && (p.Y < float32(len(s.bands))*BandHeight || len(s.bands) == MaxBands && p.Y < 1<<40*BandHeight)) {
		return Entry{}, false
	}
	b := min(int(p.Y/BandHeight), len(s.bands)-1)
	best := int32(-1)
	for _, i := range s.bands[b] {
		e := &s.entries[i]
		if e.Rect.Contains(p) && (best < 0 || e.Order > s.entries[best].Order) {
			best = i
		}
	}
	if best < 0 {
		return Entry{}, false
	}
	return s.entries[best], true
}

// Spaces returns the IDs of the indexed spaces, sorted.
func (x *Index) Spaces() []document.ID {
	out := make([]document.ID, 0, len(x.spaces))
	for id := range x.spaces {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}
