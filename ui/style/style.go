// Package style is the engine's styling: class rules with state variants,
// cascaded in a fixed order and inherited from parent to child.
//
// A Sheet maps class names to rules. An element's computed style is its
// kind's defaults, then each of its classes' base properties in class
// order, then each class's state variants for the states the element is in
// (hover, focus, pressed, checked, disabled — in that order), over the
// inherited properties of its parent (Color, FontSize, Bold).
//
// Computed styles split into layout properties and paint properties
// (LayoutEqual, PaintEqual): a change that alters only paint properties
// never invalidates layout.
//
// # Misuse
//
// A property that cannot mean anything panics with a "style: …" message
// where it is set (the Props setter), naming the property: a size, length,
// padding, margin, gap, border or radius that is NaN or infinite, a flex
// factor that is negative too, and a font size outside (0, MaxFontSize].
//
// # Saturation
//
// A finite size, however large, is taken, and saturated to ±MaxLength
// where it is set (a flex factor to MaxFactor): the layout adds and
// multiplies sizes, and past float32's range its positions were NaN.
// MaxLength says why a value past it is saturated rather than refused.
package style

import (
	"github.com/perfbench/perfbench/ui/geom"
)

// Color is 8-bit RGBA, packed 0xRRGGBBAA.
type Color uint32

// RGB returns an opaque color.
func RGB(r, g, b uint8) Color { return Color(uint32(r)<<24 | uint32(g)<<16 | uint32(b)<<8 | 0xff) }

// Alpha returns the alpha channel.
func (c Color) Alpha() uint8 { return uint8(c) }

// RGBA returns the four channels.
func (c Color) RGBA() (r, g, b, a uint8) {
	return uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)
}

// Transparent is the zero color.
const Transparent Color = 0

// Unit says how a Length is measured.
type Unit uint8

const (
	// Auto leaves the size to the content or the layout.
	Auto Unit = iota
	// Px is a fixed size in pixels.
	Px
	// Percent is a share of the containing block's size.
	Percent
)

// Length is a size: auto, pixels or percent.
type Length struct {
	V    float32
	Unit Unit
}

// PxLen returns a fixed length.
func PxLen(v float32) Length { return Length{v, Px} }

// Pct returns a percentage length.
func Pct(v float32) Length { return Length{v, Percent} }

// Resolve returns the length in pixels against a containing size, and
// whether it is definite. A percentage resolves to at most MaxLength px
// of either sign, as a set length is: a share of a share of a share
// would otherwise grow past float32's range.
func (l Length) Resolve(container float32, containerDefinite bool) (float32, bool) {
	switch l.Unit {
	case Px:
		return l.V, true
	case Percent:
		if containerDefinite {
			return saturate(container*l.V/100, MaxLength), true
		}
	}
	return 0, false
}

// Direction is a flex container's main axis.
type Direction uint8

const (
	Column Direction = iota
	Row
)

// Align places items on the cross axis (AlignItems) or the main axis
// (Justify: Start, Center, End, SpaceBetween).
type Align uint8

const (
	Stretch Align = iota
	Start
	Center
	End
	SpaceBetween
)

// Position is static (in flow) or absolute (an overlay positioned against
// its parent's padding box).
type Position uint8

const (
	Static Position = iota
	Absolute
)

// Computed is an element's resolved style. Its zero value is not the
// initial style; use Initial.
type Computed struct {
	// Layout properties.
	Display    bool // false: not laid out or painted (display: none)
	Direction  Direction
	Width      Length
	Height     Length
	MinWidth   float32
	MinHeight  float32
	Padding    geom.Edges
	Margin     geom.Edges
	Gap        float32
	Grow       float32
	Shrink     float32
	AlignItems Align
	Justify    Align
	Position   Position
	Left, Top  Length
	FontSize   float32 // inherited
	Bold       bool    // inherited
	Mono       bool    // inherited
	Wrap       bool    // text wraps at the container width (inherited)

	// Paint properties.
	Color       Color // inherited
	Background  Color
	BorderColor Color
	BorderWidth float32
	Radius      float32
}

// Initial is the style an element starts from before its kind's defaults.
var Initial = Computed{
	Display:    true,
	Shrink:     1,
	AlignItems: Stretch,
	Justify:    Start,
	FontSize:   14,
	Wrap:       true,
	Color:      RGB(0x20, 0x20, 0x20),
}

// LayoutEqual reports whether two styles lay out identically.
func (c *Computed) LayoutEqual(o *Computed) bool {
	return c.Display == o.Display && c.Direction == o.Direction && c.Width == o.Width &&
		c.Height == o.Height && c.MinWidth == o.MinWidth && c.MinHeight == o.MinHeight &&
		c.Padding == o.Padding && c.BorderWidth == o.BorderWidth && c.Margin == o.Margin && c.Gap == o.Gap && c.Grow == o.Grow &&
		c.Shrink == o.Shrink && c.AlignItems == o.AlignItems && c.Justify == o.Justify &&
		c.Position == o.Position && c.Left == o.Left && c.Top == o.Top &&
		c.FontSize == o.FontSize && c.Bold == o.Bold && c.Mono == o.Mono && c.Wrap == o.Wrap
}

// PaintEqual reports whether two styles paint identically (given the same
// layout).
func (c *Computed) PaintEqual(o *Computed) bool {
	return c.Color == o.Color && c.Background == o.Background && c.BorderColor == o.BorderColor &&
		c.BorderWidth == o.BorderWidth && c.Radius == o.Radius
}

// InheritedEqual reports whether the inherited properties agree, i.e.
// whether children need restyling when this style changes.
func (c *Computed) InheritedEqual(o *Computed) bool {
	return c.Color == o.Color && c.FontSize == o.FontSize && c.Bold == o.Bold && c.Mono == o.Mono && c.Wrap == o.Wrap
}

// inherit copies the inherited properties of parent into c.
func (c *Computed) inherit(parent *Computed) {
	c.Color = parent.Color
	c.FontSize = parent.FontSize
	c.Bold = parent.Bold
	c.Mono = parent.Mono
	c.Wrap = parent.Wrap
}
