// Package flame draws a differential flame graph of two profiles in
// pprof's format, base's and head's, as one self-contained SVG page a
// browser opens from a CI artifact: each frame as wide as the larger of
// its two sides' cumulative counts (narrowed where its callers' width
// cannot hold it), callers below their callees, coloured
// by how its cumulative count moved (red: more in head, blue: less, grey:
// the same), and each frame's exact counts in its tooltip. It needs no
// script, font or network.
package flame

import (
	"cmp"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/google/pprof/profile"
)

// Options say which samples are drawn and how.
type Options struct {
	// Key and Value pick the samples carrying Value under sample label
	// Key; Key "" draws every sample.
	Key, Value string
	// Index picks the sample value drawn: 0 the first (instructions, an
	// allocations profile's objects), 1 an allocations profile's bytes.
	Index int
	// Title heads the page.
	Title string
	// Width is the picture's width in pixels; zero means 1200.
	Width int
	// Roots name the frames a stack is drawn from, where it holds one:
	// what is outside the measured work (the process's start, its
	// command line) is left out, and two sides whose stacks were cut at
	// different depths above it still draw their work in one place.
	Roots []string
}

// node is one frame in one call path, with both sides' cumulative count.
type node struct {
	name       string
	head, base int64
	children   []*node
}

func (n *node) child(name string) *node {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	c := &node{name: name}
	n.children = append(n.children, c)
	return c
}

func (n *node) add(p *profile.Profile, o Options, head bool) {
	for _, s := range p.Sample {
		if o.Key != "" && !slices.Contains(s.Label[o.Key], o.Value) {
			continue
		}
		v := s.Value[o.Index]
		at := n
		bump := func(x *node) {
			if head {
				x.head += v
			} else {
				x.base += v
			}
		}
		bump(at)
		// Outermost first: a location's lines are innermost first, and
		// a sample's locations too.
		var frames []string
		for i := len(s.Location) - 1; i >= 0; i-- {
			lines := s.Location[i].Line
			for j := len(lines) - 1; j >= 0; j-- {
				if lines[j].Function != nil {
					frames = append(frames, lines[j].Function.Name)
				}
			}
		}
		if k := slices.IndexFunc(frames, func(f string) bool { return slices.Contains(o.Roots, f) }); k > 0 {
			frames = frames[k:]
		}
		for _, f := range frames {
			at = at.child(f)
			bump(at)
		}
	}
}

const rowHeight = 17

// Write draws base against head as an SVG document on w.
func Write(w io.Writer, base, head *profile.Profile, o Options) error {
	width := o.Width
	if width <= 0 {
		width = 1200
	}
	root := &node{name: "all"}
	if base != nil {
		root.add(base, o, false)
	}
	if head != nil {
		root.add(head, o, true)
	}
	depth := height(root)
	const top = 48
	h := top + depth*rowHeight + 24
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="11">
<rect width="100%%" height="100%%" fill="#ffffff"/>
<text x="8" y="18" font-size="14" font-weight="bold">%s</text>
<text x="8" y="36" fill="#444">base %d, head %d (%s); red: more in head, blue: less; width: the larger side; hover a frame for its counts</text>
`, width, h, width, h, html.EscapeString(o.Title), root.base, root.head, signed(root.head-root.base))
	// A frame is as wide as the larger of its sides, and its callees
	// share its width: where their larger sides add up to more than its
	// own (one callee grew, another fell), they are narrowed to fit.
	var draw func(n *node, x, wd float64, level int)
	draw = func(n *node, x, wd float64, level int) {
		if wd < 0.3 {
			return
		}
		y := h - 24 - (level+1)*rowHeight
		delta := n.head - n.base
		fmt.Fprintf(&b, `<g><title>%s&#10;head %d, base %d, change %s</title><rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s" stroke="#fff" stroke-width="0.5"/>`,
			html.EscapeString(n.name), n.head, n.base, signed(delta), x, y, wd, rowHeight-1, colour(n))
		if chars := int((wd - 6) / 6.6); chars >= 3 {
			label := short(n.name)
			if len([]rune(label)) > chars {
				label = string([]rune(label)[:chars-1]) + "…"
			}
			fmt.Fprintf(&b, `<text x="%.2f" y="%d">%s</text>`, x+3, y+12, html.EscapeString(label))
		}
		b.WriteString("</g>\n")
		// Children in order of name, so two runs draw alike.
		kids := slices.Clone(n.children)
		slices.SortFunc(kids, func(a, c *node) int { return cmp.Compare(a.name, c.name) })
		var sum int64
		for _, c := range kids {
			sum += max(c.head, c.base)
		}
		scale := wd / float64(max(n.head, n.base, sum, 1))
		cx := x
		for _, c := range kids {
			cw := float64(max(c.head, c.base)) * scale
			draw(c, cx, cw, level+1)
			cx += cw
		}
	}
	draw(root, 8, float64(width-16), 0)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func height(n *node) int {
	d := 0
	for _, c := range n.children {
		d = max(d, height(c))
	}
	return d + 1
}

// colour is red for a frame whose count grew, blue for one that fell,
// deeper the larger the move relative to the frame, grey for none.
func colour(n *node) string {
	delta := n.head - n.base
	if delta == 0 {
		return "#d9d9d9"
	}
	f := math.Min(1, math.Abs(float64(delta))/float64(max(n.head, n.base)))
	f = 0.25 + 0.75*math.Sqrt(f)
	light := func(c float64) int { return int(255 - (255-c)*f) }
	if delta > 0 {
		return fmt.Sprintf("#%02x%02x%02x", light(220), light(40), light(40))
	}
	return fmt.Sprintf("#%02x%02x%02x", light(40), light(90), light(220))
}

func signed(v int64) string {
	if v > 0 {
		return fmt.Sprintf("+%d", v)
	}
	return fmt.Sprint(v)
}

// short cuts a function's import path to its last element.
func short(name string) string {
	end := len(name)
	if p := strings.Index(name, "("); p >= 0 {
		end = p
	}
	return name[strings.LastIndex(name[:end], "/")+1:]
}
