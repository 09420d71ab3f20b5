package style

import (
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
