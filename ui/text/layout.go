package text

import (
	"math"
	"strings"

	"golang.org/x/image/math/fixed"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// A Layout is text wrapped to a width: its lines, top to bottom.
type Layout struct {
	Lines []Line
	// Width is the widest line's width; Height is the number of lines
	// times LineHeight. Both in pixels.
	Width, Height float32
	LineHeight    float32
}

// A Line is one line of a Layout.
type Line struct {
	// Start and End are the line's byte range in the text. The spaces a
	// line broke at and the '\n' that ended it lie between one line's End
	// and the next line's Start; spaces that begin a paragraph are the
	// line's own.
	Start, End int
	// Width is the width of text[Start:End] shaped on its own, exactly:
	// Shape(st, text[Start:End]).Width.
	Width float32
	// Baseline is the y of the line's baseline below the layout's top.
	Baseline float32
}

// Wrap lays text out in lines no wider than maxWidth; see WrapInto.
func (s *Shaper) Wrap(st Style, text string, maxWidth float32) Layout {
	var l Layout
	s.WrapInto(&l, st, text, maxWidth)
	return l
}

// WrapInto lays text out in lines no wider than maxWidth into dst, reusing
// dst.Lines. A maxWidth that is not positive and finite means no wrapping.
//
// It breaks greedily at spaces, and always at '\n'. A word that does not fit
// on a line of its own is broken between glyphs, and a line holds at least
// one glyph, so only a line of a single glyph can be wider than maxWidth.
// Each word is shaped with the spaces before it through the run cache, so
// wrapping the same text again, at any width, shapes nothing new.
//
// It counts TextMeasured once and LinesWrapped for each line. With every
// word cached and dst.Lines large enough it does not allocate.
func (s *Shaper) WrapInto(dst *Layout, st Style, text string, maxWidth float32) {
	counter.Inc(counter.TextMeasured)
	f := s.style(st).face
	w := wrapper{s: s, f: f, st: st, text: text, dst: dst}
	w.limit, w.wrap = widthLimit(maxWidth)
	dst.Lines = dst.Lines[:0]
	for start := 0; ; {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			w.paragraph(start, len(text))
			break
		}
		w.paragraph(start, start+end)
		start += end + 1
	}

	dst.Width = 0
	for i := range dst.Lines {
		ln := &dst.Lines[i]
		ln.Baseline = px(fixed.Int26_6(i)*f.height + f.halfLeading + f.ascent)
		dst.Width = max(dst.Width, ln.Width) // px is monotonic and exact
	}
	dst.Height = px(fixed.Int26_6(len(dst.Lines)) * f.height)
	dst.LineHeight = px(f.height)
	counter.Add(counter.LinesWrapped, uint64(len(dst.Lines)))
}

// widthLimit converts a wrapping width to 26.6, rounding down so that a line
// that fits in fixed point fits in pixels too.
func widthLimit(maxWidth float32) (limit fixed.Int26_6, wrap bool) {
	w := float64(maxWidth) * 64
	if !(w > 0) || w >= math.MaxInt32 {
		return 0, false
	}
	return fixed.Int26_6(math.Floor(w)), true
}

// wrapper is one WrapInto call's state. Widths stay in fixed point until a
// line is emitted, so that a line's width is exactly its text's shaped width.
type wrapper struct {
	s     *Shaper
	f     *face
	st    Style
	text  string
	dst   *Layout
	limit fixed.Int26_6
	wrap  bool
}

func (w *wrapper) emit(start, end int, width fixed.Int26_6) {
	w.dst.Lines = append(w.dst.Lines, Line{Start: start, End: end, Width: px(width)})
}

// paragraph wraps text[start:end], which holds no '\n'. It walks tokens of
// spaces followed by a word; a token that fits joins the line, one that does
// not starts the next line at its word, dropping its spaces.
func (w *wrapper) paragraph(start, end int) {
	text := w.text
	lineStart, lineEnd := start, start
	var lineW fixed.Int26_6
	var last GlyphID // the line's last glyph, for kerning with the next token
	empty := true    // no token on the line yet

	for i := start; i < end; {
		j := i
		for j < end && text[j] == ' ' {
			j++
		}
		k := j
		for k < end && text[k] != ' ' {
			k++
		}
		if j == k {
			break // spaces ending the paragraph
		}
		r := w.s.Shape(w.st, text[i:k])
		n := len(r.Glyphs)
		if !empty {
			width := lineW + w.f.kern(&w.s.buf, last, r.Glyphs[0].ID) + r.width
			if !w.wrap || width <= w.limit {
				lineW, lineEnd, last = width, k, r.Glyphs[n-1].ID
				i = k
				continue
			}
			w.emit(lineStart, lineEnd, lineW)
			empty = true
		}
		// The token starts a line: from its word after a break, from its
		// spaces at the paragraph's start (they are indentation). Spaces
		// are one byte and one glyph each.
		g := 0
		if i != start {
			g = j - i
		}
		for {
			base := r.Glyphs[g].x
			if rest := r.width - base; !w.wrap || rest <= w.limit || g == n-1 {
				lineStart, lineEnd, lineW, last = i+r.Glyphs[g].Offset, k, rest, r.Glyphs[n-1].ID
				empty = false
				break
			}
			// The rest is too wide: take as many glyphs as fit, at least
			// one. Widths are relative to the first glyph taken, which is
			// exactly how the taken glyphs shape on their own.
			e := g + 1
			for e < n && r.Glyphs[e].x+r.Glyphs[e].adv-base <= w.limit {
				e++
			}
			w.emit(i+r.Glyphs[g].Offset, i+r.Glyphs[e].Offset, r.Glyphs[e-1].x+r.Glyphs[e-1].adv-base)
			g = e
		}
		i = k
	}
	w.emit(lineStart, lineEnd, lineW)
}
