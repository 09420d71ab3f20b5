package document

import (
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// kindDefaults are each kind's built-in properties, applied before its
// classes (the engine's user-agent sheet).
var kindDefaults = func() [numKinds]style.Props {
	var d [numKinds]style.Props
	border := style.RGB(0x99, 0x99, 0x99)
	d[Button] = style.Props{}.Direction(style.Row).AlignItems(style.Center).Justify(style.Center).
		Padding(geom.Sym(4, 10)).Border(1, border).Radius(4).Background(style.RGB(0xf4, 0xf4, 0xf4))
	d[Checkbox] = style.Props{}.Width(style.PxLen(16)).Height(style.PxLen(16)).Border(1, border).Radius(2).Background(style.RGB(0xff, 0xff, 0xff))
	d[Radio] = style.Props{}.Width(style.PxLen(16)).Height(style.PxLen(16)).Border(1, border).Radius(8).Background(style.RGB(0xff, 0xff, 0xff))
	d[Slider] = style.Props{}.Width(style.PxLen(160)).Height(style.PxLen(16)).Background(style.RGB(0xdd, 0xdd, 0xdd)).Radius(3)
	d[TextField] = style.Props{}.Width(style.PxLen(220)).Padding(geom.Sym(4, 6)).Border(1, border).Background(style.RGB(0xff, 0xff, 0xff)).Wrap(false)
	d[Tabs] = style.Props{}.Direction(style.Column)
	d[Progress] = style.Props{}.Width(style.PxLen(240)).Height(style.PxLen(6)).Background(style.RGB(0xe0, 0xe0, 0xe0)).Radius(3).Color(style.RGB(0x30, 0x70, 0xd0))
	d[Image] = style.Props{}.Width(style.PxLen(32)).Height(style.PxLen(32))
	d[Scroll] = style.Props{}.Height(style.PxLen(200))
	d[Table] = style.Props{}.Direction(style.Column)
	d[List] = style.Props{}.Height(style.PxLen(240))
	return d
}()

// Defaults returns the kind's built-in properties.
func (k Kind) Defaults() *style.Props { return &kindDefaults[k] }
