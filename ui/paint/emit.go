package paint

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// Sizes of the parts controls draw inside their box.
const (
	sliderThumb   = 10 // px wide
	progressShare = 0.3
	caretWidth    = 1
)

// primitives appends n's primitives, in space coordinates, to dst.
func (p *Painter) primitives(dst []Primitive, n *document.Node, f *Fragment) []Primitive {
	st := &f.Style
	r := f.Rect
	if st.Background.Alpha() != 0 || st.BorderWidth > 0 {
		k := Rect
		switch {
		case st.Radius > 0 || (st.BorderWidth > 0 && st.Background.Alpha() != 0):
			k = RoundedRect
		case st.Background.Alpha() == 0:
			k = Border
		}
		dst = append(dst, Primitive{Kind: k, Rect: r, Fill: st.Background, Stroke: st.BorderColor, StrokeWidth: st.BorderWidth, Radius: st.Radius})
	}
	content := r.Inset(geom.All(st.BorderWidth)).Inset(st.Padding)
	switch n.Kind() {
	case document.Text, document.TextField:
		for _, l := range p.Text.Lines(n) {
			dst = append(dst, Primitive{Kind: GlyphRun, Rect: l.Rect.Translate(geom.Point{X: content.X, Y: content.Y}), Fill: st.Color, Text: l.Text, Font: st.Font})
		}
		if n.Kind() == document.TextField && f.State&style.Focus != 0 {
			x := content.X + p.Text.CaretX(n)
			dst = append(dst, Primitive{Kind: Rect, Rect: geom.Rect{X: x, Y: content.Y, W: caretWidth, H: p.Text.LineHeight(n)}, Fill: st.Color})
		}
	case document.Checkbox:
		if f.State&style.Checked != 0 {
			dst = append(dst, Primitive{Kind: Rect, Rect: r.Inset(geom.All(4)), Fill: st.Color})
		}
	case document.Radio:
		if f.State&style.Checked != 0 {
			in := r.Inset(geom.All(4))
			dst = append(dst, Primitive{Kind: RoundedRect, Rect: in, Fill: st.Color, Radius: in.W / 2})
		}
	case document.Slider:
		x := r.X + f.Value*(r.W-sliderThumb)
		dst = append(dst, Primitive{Kind: RoundedRect, Rect: geom.Rect{X: x, Y: r.Y - 2, W: sliderThumb, H: r.H + 4}, Fill: st.Color, Radius: 3})
	case document.Progress:
		seg := r.W * progressShare
		x0 := r.X - seg + f.Phase*(r.W+seg)
		bar := geom.Rect{X: x0, Y: r.Y, W: seg, H: r.H}.Intersect(r)
		if !bar.Empty() {
			dst = append(dst, Primitive{Kind: RoundedRect, Rect: bar, Fill: st.Color, Radius: st.Radius})
		}
	case document.Image:
		dst = append(dst, Primitive{Kind: Sprite, Rect: content, Sprite: f.Sprite})
	}
	return dst
}
