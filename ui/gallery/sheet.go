package gallery

import (
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
)

// Fixed geometry that the handles' users rely on. Rows of the table, the
// list and the rigid scroll have fixed heights so that their content is
// regular: row k of the table starts at k×TableRowHeight inside the table
// body, whatever the width.
const (
	TableRowHeight = 20  // every table body row, px
	TableHeight    = 320 // the Scroll around the table, px
	ListRowHeight  = 20  // every virtualised list row, px (the model's RowHeight)
	ListHeight     = 240 // the virtualised list's port, px
	ListOverscan   = 4   // rows mounted beyond each edge of the list's port
	RigidRowHeight = 20  // every content row of the rigid scroll, px
	RigidHeight    = 200 // the rigid scroll's port, px
)

var (
	ink       = style.RGB(0x20, 0x20, 0x20)
	muted     = style.RGB(0x70, 0x70, 0x70)
	paper     = style.RGB(0xfc, 0xfc, 0xfc)
	panel     = style.RGB(0xf2, 0xf3, 0xf5)
	line      = style.RGB(0xcc, 0xcc, 0xcc)
	stripe    = style.RGB(0xf6, 0xf7, 0xf9)
	hover     = style.RGB(0xe3, 0xee, 0xfb)
	pressed   = style.RGB(0xc8, 0xdc, 0xf5)
	accent    = style.RGB(0x30, 0x70, 0xd0)
	accentHi  = style.RGB(0x24, 0x5c, 0xb0)
	focusRing = style.RGB(0x1a, 0x73, 0xe8)
	disabled  = style.RGB(0xe8, 0xe8, 0xe8)
	white     = style.RGB(0xff, 0xff, 0xff)
)

// NewSheet returns a fresh copy of the gallery's stylesheet. Build makes
// one per document: a document interns class names into its sheet as it
// is mutated (AddClass), so two documents sharing one sheet could not be
// driven from two goroutines.
//
// Every state variant in the sheet changes paint properties only
// (background, border color, text color): hovering, focusing, pressing,
// checking or disabling an element never changes layout. Only "hidden"
// (display: none) does.
func NewSheet() *style.Sheet {
	s := &style.Sheet{}
	p := style.Props{}
	px := style.PxLen

	// Hover and focus are paint-only; the focus ring keeps the 1 px border
	// width of the kind defaults so that focusing moves nothing.
	focus := p.Border(1, focusRing)
	dim := p.Color(muted).Background(disabled)

	s.Define("hidden", p.Hidden(true))
	s.Define("gallery", p.Padding(geom.All(12)).Gap(12).Background(paper).Color(ink))

	// Header.
	s.Define("header", p.Direction(style.Row).AlignItems(style.Center).Gap(8).Padding(geom.Sym(6, 8)).Background(panel).Radius(4))
	s.Define("title", p.FontSize(20).Bold(true).Wrap(false).Grow(1))
	s.Define("field", p.Width(px(220))).On(style.Focus, focus).On(style.Disabled, dim)
	s.Define("button", p.MinWidth(64)).
		On(style.Hover, p.Background(hover)).
		On(style.Focus, focus).
		On(style.Pressed, p.Background(pressed)).
		On(style.Disabled, dim)
	s.Define("primary", p.Background(accent).Color(white)).
		On(style.Hover, p.Background(accentHi)).
		On(style.Pressed, p.Background(accentHi)).
		On(style.Disabled, dim)
	s.Define("label", p.Wrap(false))
	s.Define("progress", p.Width(px(160)))

	// Toolbar and labelled controls.
	s.Define("toolbar", p.Direction(style.Row).AlignItems(style.Center).Gap(16))
	s.Define("labelled", p.Direction(style.Row).AlignItems(style.Center).Gap(6))
	s.Define("check", p.Shrink(0)).
		On(style.Hover, p.Background(hover)).
		On(style.Focus, focus).
		On(style.Checked, p.Background(accent)).
		On(style.Disabled, dim)
	s.Define("radio", p.Shrink(0)).
		On(style.Hover, p.Background(hover)).
		On(style.Focus, focus).
		On(style.Checked, p.Background(accent)).
		On(style.Disabled, dim)
	// The slider's track carries a 1 px border in its own colour, so that
	// the focus ring changes only the border's colour, like every other
	// control's.
	s.Define("slider", p.Width(px(140)).Border(1, style.RGB(0xdd, 0xdd, 0xdd))).On(style.Focus, focus).On(style.Disabled, dim)
	s.Define("icon", p.Width(px(24)).Height(px(24)).Radius(4))

	// Tabs: the strip of tab buttons, then one panel per tab.
	s.Define("tabs", p.Gap(0))
	s.Define("tab-strip", p.Direction(style.Row).Gap(2))
	s.Define("tab", p.Radius(0).Background(panel)).
		On(style.Hover, p.Background(hover)).
		On(style.Focus, focus).
		On(style.Checked, p.Background(white).Color(accent))
	s.Define("tab-panel", p.Padding(geom.All(8)).Gap(6).Border(1, line).Background(white))

	s.Define("paragraph", p.Wrap(true).FontSize(14))
	s.Define("note", p.Color(muted).FontSize(12))

	// The panes row: table, list and rigid scroll side by side. The widths
	// are the flex bases; with the two gaps they overflow a little and
	// shrink to fit.
	s.Define("panes", p.Direction(style.Row).AlignItems(style.Start).Gap(12))

	// The big table. Stripes come before "table-row" in a row's classes so
	// that the row's hover background, applied with table-row's variants,
	// wins over the stripe.
	s.Define("table-scroll", p.Width(style.Pct(52)).Height(px(TableHeight)).Border(1, line))
	s.Define("table", p.Gap(0))
	s.Define("table-head", p.Direction(style.Row).AlignItems(style.Center).Height(px(TableRowHeight+2)).Bold(true).Background(panel))
	s.Define("row-even", p.Background(white))
	s.Define("row-odd", p.Background(stripe))
	s.Define("table-row", p.Direction(style.Row).AlignItems(style.Center).Height(px(TableRowHeight)).Shrink(0)).
		On(style.Hover, p.Background(hover))
	s.Define("cell", p.Wrap(false).Padding(geom.Sym(0, 4)))
	for i, w := range tableColumns {
		s.Define(colClass[i], p.Width(style.Pct(w)))
	}

	// The virtualised list and the rigid scroll.
	s.Define("list", p.Width(style.Pct(22)).Height(px(ListHeight)).Border(1, line))
	s.Define("list-row", p.Height(px(ListRowHeight)).Shrink(0).Wrap(false).Padding(geom.Sym(0, 6))).
		On(style.Hover, p.Background(hover))
	s.Define("rigid", p.Width(style.Pct(22)).Height(px(RigidHeight)).Border(1, line))
	s.Define("rigid-row", p.Direction(style.Row).AlignItems(style.Center).Gap(6).Height(px(RigidRowHeight)).Shrink(0).Padding(geom.Sym(0, 6))).
		On(style.Hover, p.Background(hover))

	// Repeated sections.
	s.Define("sections", p.Gap(12))
	s.Define("section", p.Padding(geom.All(10)).Gap(8).Border(1, line).Radius(6).Background(white))
	s.Define("section-head", p.Direction(style.Row).AlignItems(style.Center).Gap(8))
	s.Define("section-title", p.FontSize(16).Bold(true).Wrap(false))
	s.Define("button-row", p.Direction(style.Row).Gap(6))
	s.Define("grid", p.Direction(style.Row).Gap(16))
	s.Define("column", p.Gap(4).Grow(1))
	s.Define("control-row", p.Direction(style.Row).AlignItems(style.Center).Gap(8))
	s.Define("row-label", p.Width(px(80)).Wrap(false))
	s.Define("value", p.Width(px(40)).Mono(true).Wrap(false))
	s.Define("sprite-row", p.Direction(style.Row).Gap(4))
	s.Define("mini-table", p.Border(1, line))
	s.Define("mini-head", p.Direction(style.Row).Height(px(18)).Bold(true).Background(panel))
	s.Define("mini-row", p.Direction(style.Row).Height(px(18)).Shrink(0)).
		On(style.Hover, p.Background(hover))
	for i, w := range miniColumns {
		s.Define(miniClass[i], p.Width(style.Pct(w)))
	}
	s.Define("log", p.Height(px(80)).Border(1, line).Mono(true).FontSize(12))
	s.Define("log-line", p.Height(px(16)).Shrink(0).Wrap(false))
	s.Define("mini-list", p.Height(px(miniListHeight)).Border(1, line))
	s.Define("mini-list-row", p.Height(px(miniListRowHeight)).Shrink(0).Wrap(false).FontSize(12)).
		On(style.Hover, p.Background(hover))
	return s
}

// Column widths in percent of the table's width; they sum to 100.
var (
	tableColumns = [5]float32{10, 34, 18, 18, 20}
	colClass     = [5]string{"col-0", "col-1", "col-2", "col-3", "col-4"}
	miniColumns  = [4]float32{25, 25, 25, 25}
	miniClass    = [4]string{"mcol-0", "mcol-1", "mcol-2", "mcol-3"}
)
