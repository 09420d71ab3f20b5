package style

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/ui/geom"
)

func TestCascadeOrderAndInheritance(t *testing.T) {
	var s Sheet
	red, blue, green := RGB(255, 0, 0), RGB(0, 0, 255), RGB(0, 255, 0)
	s.Define("a", Props{}.Background(red).Padding(geom.All(2))).On(Hover, Props{}.Background(blue))
	s.Define("b", Props{}.Color(green).FontSize(20))
	a, b := s.Intern("a"), s.Intern("b")

	parent := Initial
	parent.Color = blue
	parent.FontSize = 10

	var c Computed
	n := s.Compute(&c, nil, []Class{a}, 0, &parent)
	assert.Equal(t, 1, n)
	assert.Equal(t, red, c.Background)
	assert.Equal(t, blue, c.Color, "color inherits")
	assert.Equal(t, float32(10), c.FontSize, "font size inherits")
	assert.Equal(t, geom.All(2), c.Padding)

	n = s.Compute(&c, nil, []Class{a, b}, Hover, &parent)
	assert.Equal(t, 3, n)
	assert.Equal(t, blue, c.Background, "state variant wins over base")
	assert.Equal(t, green, c.Color, "a class beats inheritance")
	assert.Equal(t, float32(20), c.FontSize)

	var plain, hovered Computed
	s.Compute(&plain, nil, []Class{a}, 0, nil)
	s.Compute(&hovered, nil, []Class{a}, Hover, nil)
	assert.True(t, plain.LayoutEqual(&hovered), "a paint-only variant keeps layout")
	assert.False(t, plain.PaintEqual(&hovered))
	assert.True(t, plain.InheritedEqual(&hovered))
}

func TestDefaultsApplyBeforeClasses(t *testing.T) {
	var s Sheet
	s.Define("wide", Props{}.Width(PxLen(300)))
	def := Props{}.Width(PxLen(100)).Height(PxLen(20))
	var c Computed
	s.Compute(&c, &def, []Class{s.Intern("wide")}, 0, nil)
	assert.Equal(t, PxLen(300), c.Width)
	assert.Equal(t, PxLen(20), c.Height)
}

func TestStateString(t *testing.T) {
	assert.Equal(t, "hover|checked", (Hover | Checked).String())
	assert.Panics(t, func() { (&Rule{}).On(Hover|Focus, Props{}) })
}

func TestLengthResolve(t *testing.T) {
	v, ok := Pct(50).Resolve(200, true)
	assert.True(t, ok)
	assert.Equal(t, float32(100), v)
	_, ok = Pct(50).Resolve(200, false)
	assert.False(t, ok)
	_, ok = Length{}.Resolve(200, true)
	assert.False(t, ok)
}

// Issue 33: a property that is not a number was taken as it was, and
// made a position NaN at the next frame — the window's own wheel then
// panicked setting a scroll container's offset to its NaN end — or, for
// a font size, panicked in the text stage at the frame, far from the
// rule that set it. Each is refused where it is set, by name.
func TestAPropertyThatIsNotANumberIsRefusedWhereItIsSet(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	p := Props{}
	cases := []struct {
		name  string
		set   func() Props
		panic string
	}{
		{"Width NaN px", func() Props { return p.Width(PxLen(nan)) }, "style: Width of NaN px: a length is a finite number"},
		{"Height +Inf %", func() Props { return p.Height(Pct(inf)) }, "style: Height of +Inf%: a length is a finite number"},
		{"Absolute top -Inf px", func() Props { return p.Absolute(PxLen(0), PxLen(-inf)) },
			"style: Absolute top of -Inf px: a length is a finite number"},
		{"MinWidth NaN", func() Props { return p.MinWidth(nan) }, "style: MinWidth of NaN px: a size is a finite number of pixels"},
		{"MinHeight +Inf", func() Props { return p.MinHeight(inf) }, "style: MinHeight of +Inf px: a size is a finite number of pixels"},
		{"Padding with a NaN side", func() Props { return p.Padding(geom.Edges{Top: 1, Left: nan}) },
			"style: Padding of {Top:1 Right:0 Bottom:0 Left:NaN}: each side is a finite number of pixels"},
		{"Margin with an infinite side", func() Props { return p.Margin(geom.Sym(0, -inf)) },
			"style: Margin of {Top:0 Right:-Inf Bottom:0 Left:-Inf}: each side is a finite number of pixels"},
		{"Gap NaN", func() Props { return p.Gap(nan) }, "style: Gap of NaN px: a size is a finite number of pixels"},
		{"Border +Inf", func() Props { return p.Border(inf, 0) }, "style: Border of +Inf px: a size is a finite number of pixels"},
		{"Radius NaN", func() Props { return p.Radius(nan) }, "style: Radius of NaN px: a size is a finite number of pixels"},
		{"Grow +Inf", func() Props { return p.Grow(inf) }, "style: Grow of +Inf: a flex factor is finite and never negative"},
		{"Shrink -1", func() Props { return p.Shrink(-1) }, "style: Shrink of -1: a flex factor is finite and never negative"},
		{"FontSize NaN", func() Props { return p.FontSize(nan) }, "style: FontSize of NaN px: a font size is in (0, 1024]"},
		{"FontSize 0", func() Props { return p.FontSize(0) }, "style: FontSize of 0 px: a font size is in (0, 1024]"},
		{"FontSize 1e5", func() Props { return p.FontSize(1e5) }, "style: FontSize of 100000 px: a font size is in (0, 1024]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.PanicsWithValue(t, c.panic, func() { c.set() }) })
	}
	// What is a number, however large, and auto with any V, is taken
	// (and saturated: TestAFiniteValuePastTheRangeIsSaturated).
	assert.NotPanics(t, func() {
		p.Width(PxLen(1e30)).Height(Length{V: nan}).Margin(geom.All(-1e9)).Grow(0).FontSize(MaxFontSize).Absolute(Pct(-50), PxLen(3e38))
	})
}

// Issue 44: a row of two items 3.4·10^38 wide was laid out NaN wide. A
// finite value past MaxLength (MaxFactor for a flex factor) is saturated
// to it where it is set, and a percentage resolves to at most MaxLength.
func TestAFiniteValuePastTheRangeIsSaturated(t *testing.T) {
	const big = math.MaxFloat32
	p := Props{}.Width(PxLen(big)).Height(Pct(-big)).MinWidth(big).MinHeight(-1e30).
		Padding(geom.Edges{Top: big, Right: 1, Bottom: -big, Left: 2e9}).Margin(geom.All(-big)).
		Gap(1e20).Grow(big).Shrink(2e9).Border(big, 0).Radius(big).Absolute(PxLen(-big), Pct(big))
	var c Computed
	p.applyTo(&c)
	assert.Equal(t, Length{MaxLength, Px}, c.Width)
	assert.Equal(t, Length{-MaxLength, Percent}, c.Height)
	assert.Equal(t, [2]float32{MaxLength, -MaxLength}, [2]float32{c.MinWidth, c.MinHeight})
	assert.Equal(t, geom.Edges{Top: MaxLength, Right: 1, Bottom: -MaxLength, Left: MaxLength}, c.Padding)
	assert.Equal(t, geom.All(-MaxLength), c.Margin)
	assert.Equal(t, [3]float32{MaxLength, MaxLength, MaxLength}, [3]float32{c.Gap, c.BorderWidth, c.Radius})
	assert.Equal(t, [2]float32{MaxFactor, MaxFactor}, [2]float32{c.Grow, c.Shrink})
	assert.Equal(t, [2]Length{{-MaxLength, Px}, {MaxLength, Percent}}, [2]Length{c.Left, c.Top})
	// Within the range, a value is taken as it is.
	q := Props{}.Width(PxLen(MaxLength)).Gap(-MaxLength).Grow(MaxFactor).Padding(geom.All(12.5))
	var d Computed
	q.applyTo(&d)
	assert.Equal(t, [4]float32{MaxLength, -MaxLength, MaxFactor, 12.5}, [4]float32{d.Width.V, d.Gap, d.Grow, d.Padding.Left})

	for _, c := range []struct {
		l         Length
		container float32
		want      float32
	}{
		{Pct(MaxLength), MaxLength, MaxLength},
		{Pct(MaxLength), big, MaxLength},
		{Pct(-MaxLength), big, -MaxLength},
		{Pct(200), 1e8, 2e8},
	} {
		v, ok := c.l.Resolve(c.container, true)
		assert.True(t, ok)
		assert.Equal(t, c.want, v, "%v%% of %g", c.l.V, c.container)
	}
}
