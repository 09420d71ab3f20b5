package text

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// DefaultRunLimit is a Shaper's soft limit on cached runs when its Limit is
// zero. Wrapping caches each word once per style (with its leading spaces)
// and painting caches each line, so a few thousand covers a screenful of a
// large document many times over.
const DefaultRunLimit = 4096

// A Shaper shapes, measures and wraps text, and keeps what it shaped in a
// shaped-run cache keyed by (Style, string). The zero value is ready to use;
// a style's face is made the first time the style is used and kept while any
// of its runs is cached.
//
// A Shaper belongs to one goroutine (the engine's); it does no locking.
type Shaper struct {
	// Limit is the cache's soft limit, in runs; zero means
	// DefaultRunLimit. The cache may grow past it within a frame; Trim
	// brings it back.
	Limit int

	// The cache is a table of runs per style, so that a hit hashes only
	// its string, and last remembers the style asked for last, since
	// calls come in runs of one style.
	styles map[Style]*styleRuns
	last   *styleRuns
	n      int // runs cached, over all styles
	// order runs from the most recently used run to the least.
	order lru[runEntry, *runEntry]
	buf   sfnt.Buffer
}

// styleRuns is one style's face and cached runs.
type styleRuns struct {
	style Style
	face  *face
	runs  map[string]*runEntry
}

type runEntry struct {
	run   Run
	owner *styleRuns
	links[runEntry]
}

// Shape returns text shaped in st. A cached run is returned as it is
// (ShapedRunsCached) and does not allocate; otherwise the text is shaped from
// the font (RunsShaped) and cached under a copy of text, so the caller's
// string is not retained.
//
// A Style out of range panics.
func (s *Shaper) Shape(st Style, text string) *Run {
	sr := s.style(st)
	if e, ok := sr.runs[text]; ok {
		s.order.moveToFront(e)
		counter.Inc(counter.ShapedRunsCached)
		return &e.run
	}
	counter.Inc(counter.RunsShaped)
	e := &runEntry{owner: sr}
	s.shape(&e.run, sr.face, st, strings.Clone(text))
	sr.runs[e.run.Text] = e
	s.n++
	s.order.pushFront(e)
	return &e.run
}

// Len returns the number of runs in the cache.
func (s *Shaper) Len() int { return s.n }

// Trim evicts least recently used runs until the cache is within its
// limit, counting ShapedRunsEvicted for each. The engine calls it at the end
// of every frame. Runs handed out stay valid: eviction only forgets them.
func (s *Shaper) Trim() {
	limit := s.Limit
	if limit <= 0 {
		limit = DefaultRunLimit
	}
	for s.n > limit {
		e := s.order.tail
		s.order.unlink(e)
		sr := e.owner
		delete(sr.runs, e.run.Text)
		s.n--
		if len(sr.runs) == 0 {
			// A style with nothing cached is forgotten with its face, so
			// that sizes passed through once (a zoom) do not pile up.
			delete(s.styles, sr.style)
			if s.last == sr {
				s.last = nil
			}
		}
		counter.Inc(counter.ShapedRunsEvicted)
	}
}

// style returns st's face and runs, making the face the first time. A Style
// out of range panics here.
func (s *Shaper) style(st Style) *styleRuns {
	if s.last != nil && s.last.style == st {
		return s.last
	}
	sr, ok := s.styles[st]
	if !ok {
		sr = &styleRuns{style: st, face: newFace(st, &s.buf), runs: make(map[string]*runEntry)}
		if s.styles == nil {
			s.styles = make(map[Style]*styleRuns)
		}
		s.styles[st] = sr
	}
	s.last = sr
	return sr
}

// shape places one glyph per rune: each glyph's origin is the pen, the pen
// moves by the glyph's advance, and the kerning of each pair moves the
// second glyph. All in 26.6 fixed point, converted to pixels per glyph.
func (s *Shaper) shape(r *Run, f *face, st Style, text string) {
	glyphs := make([]Glyph, utf8.RuneCountInString(text))
	var pen fixed.Int26_6
	i := 0
	for off, c := range text {
		g := f.glyph(&s.buf, c)
		if i > 0 {
			pen += f.kern(&s.buf, glyphs[i-1].ID, g)
		}
		adv := f.advance(&s.buf, g)
		glyphs[i] = Glyph{ID: g, Offset: off, X: px(pen), Advance: px(adv), x: pen, adv: adv}
		pen += adv
		i++
	}
	*r = Run{
		Style:      st,
		Text:       text,
		Glyphs:     glyphs,
		Width:      px(pen),
		Ascent:     px(f.ascent),
		Descent:    px(f.descent),
		LineHeight: px(f.height),
		width:      pen,
	}
}

func (e *runEntry) lruLinks() *links[runEntry] { return &e.links }
