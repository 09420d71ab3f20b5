package style

import (
	"fmt"

	"github.com/perfbench/perfbench/ui/geom"
)

// prop is one settable property.
type prop uint32

const (
	pDisplay prop = 1 << iota
	pDirection
	pWidth
	pHeight
	pMinWidth
	pMinHeight
	pPadding
	pMargin
	pGap
	pGrow
	pShrink
	pAlignItems
	pJustify
	pPosition
	pLeft
	pTop
	pFontSize
	pBold
	pMono
	pWrap
	pColor
	pBackground
	pBorderColor
	pBorderWidth
	pRadius
)

// Props is a set of declared properties: only those set apply. Build one by
// chaining setters from the zero value:
//
//	style.Props{}.Background(blue).Padding(geom.All(4))
type Props struct {
	set prop
	v   Computed
}

// IsZero reports whether no property is set.
func (p Props) IsZero() bool { return p.set == 0 }

// applyTo writes the set properties into c.
func (p *Props) applyTo(c *Computed) {
	s, v := p.set, &p.v
	if s == 0 {
		return
	}
	if s&pDisplay != 0 {
		c.Display = v.Display
	}
	if s&pDirection != 0 {
		c.Direction = v.Direction
	}
	if s&pWidth != 0 {
		c.Width = v.Width
	}
	if s&pHeight != 0 {
		c.Height = v.Height
	}
	if s&pMinWidth != 0 {
		c.MinWidth = v.MinWidth
	}
	if s&pMinHeight != 0 {
		c.MinHeight = v.MinHeight
	}
	if s&pPadding != 0 {
		c.Padding = v.Padding
	}
	if s&pMargin != 0 {
		c.Margin = v.Margin
	}
	if s&pGap != 0 {
		c.Gap = v.Gap
	}
	if s&pGrow != 0 {
		c.Grow = v.Grow
	}
	if s&pShrink != 0 {
		c.Shrink = v.Shrink
	}
	if s&pAlignItems != 0 {
		c.AlignItems = v.AlignItems
	}
	if s&pJustify != 0 {
		c.Justify = v.Justify
	}
	if s&pPosition != 0 {
		c.Position = v.Position
	}
	if s&pLeft != 0 {
		c.Left = v.Left
	}
	if s&pTop != 0 {
		c.Top = v.Top
	}
	if s&pFontSize != 0 {
		c.FontSize = v.FontSize
	}
	if s&pBold != 0 {
		c.Bold = v.Bold
	}
	if s&pMono != 0 {
		c.Mono = v.Mono
	}
	if s&pWrap != 0 {
		c.Wrap = v.Wrap
	}
	if s&pColor != 0 {
		c.Color = v.Color
	}
	if s&pBackground != 0 {
		c.Background = v.Background
	}
	if s&pBorderColor != 0 {
		c.BorderColor = v.BorderColor
	}
	if s&pBorderWidth != 0 {
		c.BorderWidth = v.BorderWidth
	}
	if s&pRadius != 0 {
		c.Radius = v.Radius
	}
}

// Hidden sets display: none (true) or back to displayed (false).
func (p Props) Hidden(h bool) Props { p.set |= pDisplay; p.v.Display = !h; return p }

// Direction sets the flex direction.
func (p Props) Direction(d Direction) Props { p.set |= pDirection; p.v.Direction = d; return p }

// Width sets the width.
func (p Props) Width(l Length) Props { p.set |= pWidth; p.v.Width = length("Width", l); return p }

// Height sets the height.
func (p Props) Height(l Length) Props { p.set |= pHeight; p.v.Height = length("Height", l); return p }

// MinWidth sets the minimum width.
func (p Props) MinWidth(v float32) Props {
	p.set |= pMinWidth
	p.v.MinWidth = number("MinWidth", v)
	return p
}

// MinHeight sets the minimum height.
func (p Props) MinHeight(v float32) Props {
	p.set |= pMinHeight
	p.v.MinHeight = number("MinHeight", v)
	return p
}

// Padding sets the padding.
func (p Props) Padding(e geom.Edges) Props {
	p.set |= pPadding
	p.v.Padding = edges("Padding", e)
	return p
}

// Margin sets the margin.
func (p Props) Margin(e geom.Edges) Props {
	p.set |= pMargin
	p.v.Margin = edges("Margin", e)
	return p
}

// Gap sets the space between flex items.
func (p Props) Gap(v float32) Props { p.set |= pGap; p.v.Gap = number("Gap", v); return p }

// Grow sets the flex grow factor, never negative.
func (p Props) Grow(v float32) Props { p.set |= pGrow; p.v.Grow = factor("Grow", v); return p }

// Shrink sets the flex shrink factor, never negative.
func (p Props) Shrink(v float32) Props { p.set |= pShrink; p.v.Shrink = factor("Shrink", v); return p }

// AlignItems sets cross-axis alignment.
func (p Props) AlignItems(a Align) Props { p.set |= pAlignItems; p.v.AlignItems = a; return p }

// Justify sets main-axis alignment.
func (p Props) Justify(a Align) Props { p.set |= pJustify; p.v.Justify = a; return p }

// Absolute positions the element at left, top of its parent's padding box,
// out of flow.
func (p Props) Absolute(left, top Length) Props {
	p.set |= pPosition | pLeft | pTop
	p.v.Position, p.v.Left, p.v.Top = Absolute, length("Absolute left", left), length("Absolute top", top)
	return p
}

// FontSize sets the font size in pixels (inherited), in (0, MaxFontSize].
func (p Props) FontSize(v float32) Props {
	if !(v > 0 && v <= MaxFontSize) {
		panic(fmt.Sprintf("style: FontSize of %g px: a font size is in (0, %d]", v, MaxFontSize))
	}
	p.set |= pFontSize
	p.v.FontSize = v
	return p
}

// Bold sets the font weight (inherited).
func (p Props) Bold(b bool) Props { p.set |= pBold; p.v.Bold = b; return p }

// Mono selects the monospaced face (inherited).
func (p Props) Mono(b bool) Props { p.set |= pMono; p.v.Mono = b; return p }

// Wrap sets whether text wraps at the container width (inherited).
func (p Props) Wrap(b bool) Props { p.set |= pWrap; p.v.Wrap = b; return p }

// Color sets the text color (inherited).
func (p Props) Color(c Color) Props { p.set |= pColor; p.v.Color = c; return p }

// Background sets the background color.
func (p Props) Background(c Color) Props { p.set |= pBackground; p.v.Background = c; return p }

// Border sets the border width and color.
func (p Props) Border(w float32, c Color) Props {
	p.set |= pBorderWidth | pBorderColor
	p.v.BorderWidth, p.v.BorderColor = number("Border", w), c
	return p
}

// Radius sets the corner radius.
func (p Props) Radius(v float32) Props { p.set |= pRadius; p.v.Radius = number("Radius", v); return p }

// MaxFontSize is the largest font size, in pixels: the text stage's
// largest (text.MaxSize), past which its fixed-point glyph scaling
// overflows.
const MaxFontSize = 1024

// MaxLength is the largest size, in pixels or percent, a property takes:
// a finite value past it, of either sign, is saturated to it where it is
// set, and a percentage resolves to at most it (Length.Resolve). A layout
// adds its lengths up (an element's items, gaps, paddings and margins)
// and multiplies sums by flex shares; float32 ends at 3.4·10^38, so two
// items 3.4·10^38 wide made a row NaN wide. At 10^9 px the sum over as
// many elements as memory holds (10^9 of them: 10^18 px), and the
// product of two such sums, stay inside float32, while 10^9 px is still
// past any screen and any document a person scrolls through.
//
// Saturating, not refusing, because a finite value past it is a size too
// large to see, not a mistake: it is often computed (a count times a row
// height, a share of a measured width), and a browser saturates a length
// to its layout unit's range the same way. A value that is not a number
// has no nearest size, and is refused.
const MaxLength = 1e9

// MaxFactor is the largest flex factor: a larger one is saturated to it.
// A factor weighs an item's share of the free space against its
// siblings', so one 10^9 times another's already takes all of it, and a
// sum of factors stays inside float32 for as many items as memory holds.
const MaxFactor = 1e9

// saturate returns v within ±limit.
func saturate(v, limit float32) float32 { return max(-limit, min(v, limit)) }

// number returns v, a property's pixels, saturated to ±MaxLength; one
// that is NaN or infinite is programmer misuse, refused where it is set
// rather than at the frame it would have made a position NaN (and a
// scroll container's end with it).
func number(what string, v float32) float32 {
	if v-v != 0 {
		panic(fmt.Sprintf("style: %s of %g px: a size is a finite number of pixels", what, v))
	}
	return saturate(v, MaxLength)
}

// length is number for a Length: auto, or finite pixels or percent.
func length(what string, l Length) Length {
	if l.Unit != Auto && l.V-l.V != 0 {
		panic(fmt.Sprintf("style: %s of %g%s: a length is a finite number", what, l.V, map[Unit]string{Px: " px", Percent: "%"}[l.Unit]))
	}
	l.V = saturate(l.V, MaxLength)
	return l
}

// edges is number for each of an Edges' four sides.
func edges(what string, e geom.Edges) geom.Edges {
	for _, v := range [4]float32{e.Top, e.Right, e.Bottom, e.Left} {
		if v-v != 0 {
			panic(fmt.Sprintf("style: %s of %+v: each side is a finite number of pixels", what, e))
		}
	}
	return geom.Edges{Top: saturate(e.Top, MaxLength), Right: saturate(e.Right, MaxLength),
		Bottom: saturate(e.Bottom, MaxLength), Left: saturate(e.Left, MaxLength)}
}

// factor is number for a flex factor, which is never negative either,
// and is saturated to MaxFactor.
func factor(what string, v float32) float32 {
	if !(v >= 0) || v-v != 0 {
		panic(fmt.Sprintf("style: %s of %g: a flex factor is finite and never negative", what, v))
	}
	return min(v, MaxFactor)
}
