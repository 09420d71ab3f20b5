package docgen

import (
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// The classes of a generated document's sheet, by what they touch. Layout
// classes change flex layout (direction, sizes, grow and shrink, padding,
// margin, gap, alignment, overlays, display, text metrics); paint classes
// change colours only, some of them through state variants, and a few
// state variants change layout too, as an application's sheet may.
var (
	LayoutClasses = []string{
		"row", "col", "gap", "pad", "margin", "grow", "grow2", "rigid",
		"w120", "w50p", "h40", "h30p", "minw", "minh",
		"center", "start", "end", "jcenter", "jend", "between",
		"overlay", "overlay-pct", "hidden", "nowrap", "big", "small", "bold", "mono",
	}
	PaintClasses = []string{"card", "tint", "ink", "hot", "ring", "press", "tick", "dim", "hot-pad", "thick-focus"}
)

// NewSheet returns a fresh copy of the generated documents' stylesheet.
func NewSheet() *style.Sheet {
	s := &style.Sheet{}
	p := style.Props{}
	px, pct := style.PxLen, style.Pct
	rgb := style.RGB

	s.Define("doc", p.Padding(geom.All(8)).Gap(4).Background(rgb(0xfa, 0xfa, 0xfa)))
	s.Define("row", p.Direction(style.Row))
	s.Define("col", p.Direction(style.Column))
	s.Define("gap", p.Gap(6))
	s.Define("pad", p.Padding(geom.All(6)))
	s.Define("margin", p.Margin(geom.Sym(3, 5)))
	s.Define("grow", p.Grow(1))
	s.Define("grow2", p.Grow(2))
	s.Define("rigid", p.Shrink(0))
	s.Define("w120", p.Width(px(120)))
	s.Define("w50p", p.Width(pct(50)))
	s.Define("h40", p.Height(px(40)))
	s.Define("h30p", p.Height(pct(30)))
	s.Define("minw", p.MinWidth(60))
	s.Define("minh", p.MinHeight(24))
	s.Define("center", p.AlignItems(style.Center))
	s.Define("start", p.AlignItems(style.Start))
	s.Define("end", p.AlignItems(style.End))
	s.Define("jcenter", p.Justify(style.Center))
	s.Define("jend", p.Justify(style.End))
	s.Define("between", p.Justify(style.SpaceBetween))
	s.Define("overlay", p.Absolute(px(8), px(6)).Background(rgb(0xff, 0xf0, 0xc0)))
	s.Define("overlay-pct", p.Absolute(pct(50), pct(10)).Border(1, rgb(0x80, 0x40, 0x40)))
	s.Define("hidden", p.Hidden(true))
	s.Define("nowrap", p.Wrap(false))
	s.Define("big", p.FontSize(20))
	s.Define("small", p.FontSize(11))
	s.Define("bold", p.Bold(true))
	s.Define("mono", p.Mono(true))

	s.Define("card", p.Background(rgb(0xff, 0xff, 0xff)).Border(1, rgb(0xcc, 0xcc, 0xcc)).Radius(4))
	s.Define("tint", p.Background(rgb(0xe8, 0xf0, 0xfa)))
	s.Define("ink", p.Color(rgb(0x30, 0x30, 0x80)))
	s.Define("hot", p).On(style.Hover, p.Background(rgb(0xe3, 0xee, 0xfb)))
	s.Define("ring", p).On(style.Focus, p.Border(1, rgb(0x1a, 0x73, 0xe8)))
	s.Define("press", p).On(style.Pressed, p.Background(rgb(0xc8, 0xdc, 0xf5)))
	s.Define("tick", p).On(style.Checked, p.Color(rgb(0x30, 0x70, 0xd0)))
	s.Define("dim", p).On(style.Disabled, p.Color(rgb(0x70, 0x70, 0x70)).Background(rgb(0xe8, 0xe8, 0xe8)))
	// State variants that change layout: hovering pads, focusing thickens
	// the border.
	s.Define("hot-pad", p).On(style.Hover, p.Padding(geom.All(4)))
	s.Define("thick-focus", p).On(style.Focus, p.Border(3, rgb(0x1a, 0x73, 0xe8)))

	s.Define("lrow", p.Padding(geom.Sym(2, 6)))
	s.Define("lrow-alt", p.Padding(geom.Sym(2, 6)).Background(rgb(0xf6, 0xf7, 0xf9)))
	return s
}
