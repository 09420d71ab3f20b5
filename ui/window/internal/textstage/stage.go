// Package textstage is the window's text stage: the shaper's and the
// atlas's caches under their soft limits, each element's wrapped lines
// for layout to measure and paint to draw, and what a redraw after an
// eviction must put back.
package textstage

import (
	"slices"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/layout"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/text"
)

// Stage adapts the text package to layout (Measure) and paint (Lines,
// CaretX): layout wraps each text once and keeps the lines here, and paint
// reads them back, looking each glyph up in the atlas as it emits.
type Stage struct {
	shaper   text.Shaper
	atlas    text.Atlas
	layouts  []text.Layout // by node ID
	styles   []text.Style  // the style each layout was made in
	versions []uint32      // by node ID: bumped whenever a layout's lines change
	prev     []text.Line
	natural  text.Layout // scratch for Natural
	lines    []paint.TextLine
	// evicted is set once a trim has evicted anything: from then on a
	// redraw can meet text whose run or glyphs are gone (redrawn).
	evicted bool
	meet    []*paint.Chunk // redrawn's scratch
	areas   []geom.Rect
}

var (
	_ layout.Measurer   = (*Stage)(nil)
	_ paint.TextPainter = (*Stage)(nil)
)

func (t *Stage) Init(runLimit, glyphLimit int) {
	t.shaper.Limit = runLimit
	t.atlas.Limit = glyphLimit
}

func (t *Stage) RunLimit() int {
	if t.shaper.Limit > 0 {
		return t.shaper.Limit
	}
	return text.DefaultRunLimit
}

func (t *Stage) GlyphLimit() int {
	if t.atlas.Limit > 0 {
		return t.atlas.Limit
	}
	return text.DefaultGlyphLimit
}

func textStyle(cs *style.Computed) text.Style {
	st := text.Style{Size: cs.FontSize, Mono: cs.Mono}
	if cs.Bold {
		st.Weight = text.Bold
	}
	return st
}

func (t *Stage) slot(id document.ID) {
	for int(id) >= len(t.layouts) {
		t.layouts = append(t.layouts, text.Layout{})
		t.styles = append(t.styles, text.Style{})
		t.versions = append(t.versions, 0)
	}
}

// Measure wraps n's text at maxWidth and keeps the lines.
func (t *Stage) Measure(n *document.Node, cs *style.Computed, maxWidth float32) geom.Point {
	id := n.ID()
	t.slot(id)
	st := textStyle(cs)
	l := &t.layouts[id]
	t.prev = append(t.prev[:0], l.Lines...)
	lineH, oldSt := l.LineHeight, t.styles[id]
	t.styles[id] = st
	t.shaper.WrapInto(l, st, n.Text(), maxWidth)
	if st != oldSt || lineH != l.LineHeight || !slices.Equal(t.prev, l.Lines) {
		// The same box can hold other lines (a field's width is fixed, a
		// stretched text's height imposed): paint must see the change.
		t.versions[id]++
	}
	h := l.Height
	if h == 0 {
		h = l.LineHeight // an empty text field is one line tall
	}
	return geom.Point{X: l.Width, Y: h}
}

// Natural returns the width of n's text laid out without wrapping. It
// wraps into a scratch layout, so the lines kept for paint stay those of
// the last Measure.
func (t *Stage) Natural(n *document.Node, cs *style.Computed) float32 {
	t.shaper.WrapInto(&t.natural, textStyle(cs), n.Text(), 0)
	return t.natural.Width
}

// Lines returns n's lines relative to its content box, looking each glyph
// up in the atlas.
func (t *Stage) Lines(n *document.Node) []paint.TextLine {
	id := n.ID()
	t.slot(id)
	l := &t.layouts[id]
	st := t.styles[id]
	s := n.Text()
	t.lines = t.lines[:0]
	for i, ln := range l.Lines {
		if ln.End <= ln.Start || ln.End > len(s) {
			continue
		}
		str := s[ln.Start:ln.End]
		run := t.shaper.Shape(st, str)
		for _, g := range run.Glyphs {
			t.atlas.Lookup(st, g.ID)
		}
		t.lines = append(t.lines, paint.TextLine{
			Text: str,
			Rect: geom.Rect{Y: float32(i) * l.LineHeight, W: ln.Width, H: l.LineHeight},
		})
	}
	return t.lines
}

// CaretX returns the x of a text field's caret relative to its content box.
func (t *Stage) CaretX(n *document.Node) float32 {
	t.slot(n.ID())
	s := n.Text()
	if s == "" {
		return 0
	}
	return t.shaper.Shape(t.styles[n.ID()], s).CaretX(n.Caret())
}

// OffsetAt returns the byte offset nearest x in a text field.
func (t *Stage) OffsetAt(n *document.Node, x float32) int {
	t.slot(n.ID())
	s := n.Text()
	if s == "" {
		return 0
	}
	return t.shaper.Shape(t.styles[n.ID()], s).OffsetAt(x)
}

// Version returns a number that changes whenever n's lines change.
func (t *Stage) Version(n *document.Node) uint32 {
	t.slot(n.ID())
	return t.versions[n.ID()]
}

// LineHeight returns the height of one line of n's text.
func (t *Stage) LineHeight(n *document.Node) float32 {
	t.slot(n.ID())
	return t.layouts[n.ID()].LineHeight
}

// Trim brings both caches back under their soft limits.
func (t *Stage) Trim() {
	runs, glyphs := t.shaper.Len(), t.atlas.Len()
	t.shaper.Trim()
	t.atlas.Trim()
	if t.shaper.Len() < runs || t.atlas.Len() < glyphs {
		t.evicted = true
	}
}

// Redrawn puts back in the caches every run and glyph that a renderer
// drawing f will read: the text of each chunk that meets the damage (the
// whole viewport when full, found as a renderer finds them:
// Painter.Meeting), including chunks that did not change and so
// looked nothing up this frame. A trim may have evicted them since they
// were emitted — a scroll or a redraw of damage around unchanged text
// then drew it with glyphs missing — and the soft limits are kept by
// re-shaping and re-rasterising what is drawn again (RunsShaped,
// GlyphsRasterised), not by holding everything ever painted. Nothing is
// counted for what the caches still hold (Peek), and nothing is done
// before a first eviction.
func (t *Stage) Redrawn(f *paint.Frame, full bool) {
	if !t.evicted {
		return
	}
	p := f.List
	t.meet = t.meet[:0]
	if full {
		for c := p.Head(); c != nil; c = c.Next() {
			t.meet = append(t.meet, c)
		}
	} else {
		// A renderer redraws the whole pixels the damage covers: a pixel
		// more each way finds every chunk it will.
		t.areas = t.areas[:0]
		for _, d := range f.Damage {
			t.areas = append(t.areas, geom.Rect{X: d.X - 1, Y: d.Y - 1, W: d.W + 2, H: d.H + 2})
		}
		t.meet, _ = p.Meeting(t.meet, t.areas)
	}
	for _, c := range t.meet {
		off, clip := p.Placement(c.Space)
		if clip.Empty() || c.Bounds.Translate(off).Intersect(clip).Empty() {
			continue
		}
		for i := range c.Prims {
			pr := &c.Prims[i]
			if pr.Kind != paint.GlyphRun {
				continue
			}
			st := text.Style{Size: pr.Font.Size, Mono: pr.Font.Mono}
			if pr.Font.Bold {
				st.Weight = text.Bold
			}
			run, ok := t.shaper.Peek(st, pr.Text)
			if !ok {
				run = t.shaper.Shape(st, pr.Text)
			}
			for _, g := range run.Glyphs {
				if _, ok := t.atlas.Peek(st, g.ID); !ok {
					t.atlas.Lookup(st, g.ID)
				}
			}
		}
	}
	clear(t.meet) // hold no chunk the painter may free
}

// Caches returns the engine's shaper and glyph atlas, for a renderer that
// draws glyph runs from the masks the engine rasterised (through their
// Peek methods, which count nothing).
func (t *Stage) Caches() (*text.Shaper, *text.Atlas) { return &t.shaper, &t.atlas }
