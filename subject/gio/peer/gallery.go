// Package peer is perfbench's gallery written as a Gio program, and its
// driver for the side-by-side run of `perfbench peers` (package peers).
//
// # The peer gallery
//
// [Build] reads perfbench's own gallery document at a size (so every
// section, string and control is the same, and in the same order) and
// makes a Gio program of it, with one Gio widget per control: a
// widget.Clickable per button and tab, a widget.Bool per checkbox, a
// widget.Enum per radio group, a widget.Float per slider, a widget.Editor
// per text field, a gesture.Hover per row that has a hover style, and a
// widget.List or a scroller per scroll port. It draws with
// gioui.org/widget/material and one text.Shaper holding the Go fonts (no
// system fonts, so every machine shapes the same text).
//
// It comes in two forms:
//
//   - [Idiomatic]: what a Gio programmer would write. The page is a
//     layout.List whose items are the fixed part and then each section,
//     and every scroll port (the table, the rigid scroll, each section's
//     log) is a layout.List too, so a frame lays out only what is in view.
//   - [Everything]: the same program with no virtualisation beyond the
//     virtualised lists themselves: the page and every scroll port lay
//     out all of their content every frame and clip it. That is the cost
//     of a Gio program written without layout.List.
//
// The virtualised list of the gallery (the document's List elements) is a
// layout.List over its model rows in both forms, as it is virtualised in
// perfbench's engine.
package peer

import (
	"image"
	"image/color"
	"strconv"

	"gioui.org/font"
	"gioui.org/font/gofont"
	"gioui.org/gesture"
	"gioui.org/io/pointer"
	"gioui.org/io/semantic"
	"gioui.org/layout"
	"gioui.org/op"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/style"
)

// Form is how the peer lays its content out.
type Form int

const (
	// Idiomatic virtualises the page and every scroll port with
	// layout.List.
	Idiomatic Form = iota
	// Everything lays out all content every frame.
	Everything
)

func (f Form) String() string {
	if f == Everything {
		return "everything"
	}
	return "idiomatic"
}

// The semantic descriptions of the ports a driver aims at: Subject.Find
// returns their bounds.
const (
	TablePort = "table-port"
	ListPort  = "list-port"
)

// Gallery is the Gio peer of a perfbench gallery.
type Gallery struct {
	Size gallery.Size
	Form Form
	// Animate runs the header's progress bar (an invalidation every
	// frame), as the shipped gallery does.
	Animate bool
	// Kinds counts the Gio widgets per perfbench element kind: equal to
	// the document's count of that kind (a test holds it).
	Kinds map[document.Kind]int

	// Plant, when set, is called once for every table row laid out in a
	// frame. Tests use it to plant a regression (an allocation per row)
	// without editing the program.
	Plant func(row int)

	th     *material.Theme
	root   *node
	page   widget.List
	flat   []*node // the idiomatic page's items: the fixed part, then each section
	groups map[string]*widget.Enum
}

// node is one element of the document and the Gio state that draws it.
type node struct {
	kind     document.Kind
	text     string
	classes  []string
	children []*node
	axis     layout.Axis
	height   int     // fixed height in px; 0: its content's
	width    int     // fixed width in px; 0: its content's
	weight   float32 // a percentage width, laid out as a flex weight
	hoverBg  bool    // has a hover style: a gesture.Hover paints it
	disabled bool
	row      int // a table body row's index, or -1

	// draw lays the node out; kids are its children as flex children and
	// gap the space between them; rows are a scroll port's rows as flex
	// children (the everything form). All are made once, in Build, so a
	// frame allocates nothing for the program's own structure, as a
	// hand-written Gio program keeps its widgets.
	draw layout.Widget
	kids []layout.FlexChild
	gap  int
	rows []layout.FlexChild

	click  widget.Clickable
	hover  gesture.Hover
	check  widget.Bool
	enum   *widget.Enum
	key    string
	float  widget.Float
	editor widget.Editor
	list   widget.List
	scroll scroller
	model  *document.ListModel
	hovers []gesture.Hover // a virtualised list's hover per model row
	sprite int
	tabs   int // the selected tab of a Tabs
}

// Build returns the peer of gallery.Build(size, opts). The result depends
// on nothing but its arguments.
func Build(size gallery.Size, opts gallery.Options, form Form) *Gallery {
	g := gallery.Build(size, opts)
	th := material.NewTheme()
	th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	th.TextSize = 14
	th.Fg = ink
	p := &Gallery{Size: size, Form: form, Animate: opts.Animate, Kinds: map[document.Kind]int{}, th: th, groups: map[string]*widget.Enum{}}
	p.page.Axis = layout.Vertical
	p.root = p.convert(g.Doc.Sheet, g.Doc.Root(), -1)
	for _, c := range p.root.children {
		if c.is("sections") {
			p.flat = append(p.flat, c.children...)
			continue
		}
		p.flat = append(p.flat, c)
	}
	return p
}

// convert makes the node of d and its subtree.
func (p *Gallery) convert(sheet *style.Sheet, d *document.Node, tableRow int) *node {
	n := &node{kind: d.Kind(), text: d.Text(), row: tableRow, axis: layout.Vertical, disabled: d.State()&style.Disabled != 0}
	p.Kinds[n.kind]++
	for _, c := range d.Classes() {
		name := sheet.Name(c)
		n.classes = append(n.classes, name)
		l := gallery.ClassOf(name)
		if l.Row {
			n.axis = layout.Horizontal
		}
		if l.Height != 0 {
			n.height = l.Height
		}
		if l.Width != 0 {
			n.width = l.Width
		}
		if l.Weight != 0 {
			n.weight = l.Weight
		}
		n.hoverBg = n.hoverBg || l.Hover
	}
	switch n.kind {
	case document.Checkbox:
		n.check.Value = d.State()&style.Checked != 0
	case document.Radio:
		e := p.groups[d.Group()]
		if e == nil {
			e = &widget.Enum{}
			p.groups[d.Group()] = e
		}
		n.enum, n.key = e, strconv.Itoa(int(d.ID()))
		if d.State()&style.Checked != 0 {
			e.Value = n.key
		}
	case document.Slider:
		n.float.Value = d.Value()
	case document.TextField:
		n.editor.SingleLine = true
		n.editor.SetText(d.Text())
	case document.Image:
		n.sprite = d.Sprite()
	case document.Tabs:
		n.tabs = d.Selected()
	case document.List:
		n.model = d.ListModel()
		n.hovers = make([]gesture.Hover, n.model.Rows)
		n.list.Axis = layout.Vertical
		// The mounted rows are the engine's window onto the model; the
		// peer lays out model rows itself, so it keeps none of them, but
		// counts them as widgets of the kind they are.
		for _, c := range d.Children() {
			p.count(c)
		}
		p.structure(n)
		return n
	case document.Scroll:
		n.list.Axis = layout.Vertical
	}
	for i, c := range d.Children() {
		row := -1
		if n.kind == document.Table && i > 0 {
			row = i - 1 // after the heading row
		}
		n.children = append(n.children, p.convert(sheet, c, row))
	}
	p.structure(n)
	return n
}

// structure makes n's widget and its children's flex children once.
func (p *Gallery) structure(n *node) {
	n.draw = func(gtx layout.Context) layout.Dimensions { return p.layout(gtx, n) }
	switch {
	case n.axis == layout.Horizontal:
		n.gap = 6
	case !n.is("table") && !n.is("mini-table"):
		n.gap = 4
	}
	for _, c := range n.children {
		if c.weight > 0 && n.axis == layout.Horizontal {
			n.kids = append(n.kids, layout.Flexed(c.weight, c.draw))
		} else {
			n.kids = append(n.kids, layout.Rigid(c.draw))
		}
	}
	if n.kind == document.Scroll {
		for _, r := range n.items() {
			n.rows = append(n.rows, layout.Rigid(r.draw))
		}
	}
}

// count adds d's subtree to Kinds without converting it.
func (p *Gallery) count(d *document.Node) {
	document.Walk(d, func(n *document.Node) bool { p.Kinds[n.Kind()]++; return true })
}

// Layout is the Gio program: the function a Gio window calls every frame.
func (p *Gallery) Layout(gtx layout.Context) layout.Dimensions {
	if p.Animate {
		gtx.Execute(op.InvalidateCmd{})
	}
	paint.Fill(gtx.Ops, paper)
	gtx = inset(gtx, 12)
	defer op.Offset(image.Pt(12, 12)).Push(gtx.Ops).Pop()
	if p.Form == Idiomatic {
		// The page as a list: the fixed part, then one item per section.
		return p.page.Layout(gtx, len(p.flat), p.item)
	}
	defer clip.Rect{Max: gtx.Constraints.Max}.Push(gtx.Ops).Pop()
	gtx.Constraints.Max.Y = 1 << 24
	return p.box(gtx, p.root)
}

// item lays out the idiomatic page's item i.
func (p *Gallery) item(gtx layout.Context, i int) layout.Dimensions {
	return layout.Inset{Bottom: 12}.Layout(gtx, p.flat[i].draw)
}

func (n *node) is(class string) bool {
	for _, c := range n.classes {
		if c == class {
			return true
		}
	}
	return false
}

func inset(gtx layout.Context, px int) layout.Context {
	gtx.Constraints.Max = gtx.Constraints.Max.Sub(image.Pt(2*px, 2*px))
	gtx.Constraints.Min = image.Point{}
	return gtx
}

// The sheet's colours.
var (
	ink    = gallery.Palette.Ink
	paper  = gallery.Palette.Paper
	panel  = gallery.Palette.Panel
	line   = gallery.Palette.Line
	hover  = gallery.Palette.Hover
	stripe = gallery.Palette.Stripe
)

// layout lays out one node of any kind.
func (p *Gallery) layout(gtx layout.Context, n *node) layout.Dimensions {
	if n.width > 0 {
		gtx.Constraints.Min.X = min(n.width, gtx.Constraints.Max.X)
		gtx.Constraints.Max.X = gtx.Constraints.Min.X
	}
	if n.height > 0 {
		gtx.Constraints.Min.Y = min(n.height, gtx.Constraints.Max.Y)
		gtx.Constraints.Max.Y = gtx.Constraints.Min.Y
	}
	th := p.th
	switch n.kind {
	case document.Text:
		l := material.Label(th, p.textSize(n), n.text)
		if !n.is("paragraph") && !n.is("note") {
			l.MaxLines = 1
		}
		if n.is("title") || n.is("section-title") {
			l.Font.Weight = font.Bold
		}
		if n.is("value") || n.is("log-line") {
			l.Font.Typeface = "Go Mono"
		}
		return l.Layout(gtx)
	case document.Button:
		label := ""
		if len(n.children) > 0 {
			label = n.children[0].text
		}
		if n.is("tab") {
			return material.Clickable(gtx, &n.click, func(gtx layout.Context) layout.Dimensions {
				return layout.UniformInset(4).Layout(gtx, material.Body2(th, label).Layout)
			})
		}
		b := material.Button(th, &n.click, label)
		b.Inset = layout.Inset{Top: 4, Bottom: 4, Left: 8, Right: 8}
		if n.disabled {
			gtx = gtx.Disabled()
		}
		return b.Layout(gtx)
	case document.Checkbox:
		if n.disabled {
			gtx = gtx.Disabled()
		}
		return material.CheckBox(th, &n.check, "").Layout(gtx)
	case document.Radio:
		return material.RadioButton(th, n.enum, n.key, "").Layout(gtx)
	case document.Slider:
		return material.Slider(th, &n.float).Layout(gtx)
	case document.TextField:
		return widget.Border{Color: line, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(3).Layout(gtx, material.Editor(th, &n.editor, "").Layout)
		})
	case document.Progress:
		v := float32(0)
		if p.Animate && n.is("progress") && n.row == -1 {
			v = float32(gtx.Now.UnixMilli()%1000) / 1000
		}
		gtx.Constraints.Min.Y, gtx.Constraints.Max.Y = 0, 8
		return material.ProgressBar(th, v).Layout(gtx)
	case document.Image:
		sz := image.Pt(24, 24)
		c := color.NRGBA{uint8(40 + 13*n.sprite), uint8(90 + 7*n.sprite), 0xc0, 0xff}
		paint.FillShape(gtx.Ops, c, clip.UniformRRect(image.Rectangle{Max: sz}, 4).Op(gtx.Ops))
		return layout.Dimensions{Size: sz}
	case document.Tabs:
		return p.tabs(gtx, n)
	case document.Scroll:
		return p.port(gtx, n)
	case document.List:
		return p.virtual(gtx, n)
	}
	return p.box(gtx, n)
}

func (p *Gallery) textSize(n *node) unit.Sp {
	switch {
	case n.is("title"):
		return 20
	case n.is("section-title"):
		return 16
	case n.is("note"), n.is("log-line"), n.is("mini-list-row"):
		return 12
	}
	return 14
}

// box lays out a Box (or a Table): its children in a row or a column,
// with the background its hover style gives it.
func (p *Gallery) box(gtx layout.Context, n *node) layout.Dimensions {
	if n.row >= 0 && p.Plant != nil {
		p.Plant(n.row)
	}
	framed := n.is("section") || n.is("tab-panel") || n.is("mini-table")
	if framed {
		return widget.Border{Color: line, Width: 1, CornerRadius: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.UniformInset(8).Layout(gtx, func(gtx layout.Context) layout.Dimensions { return p.flex(gtx, n) })
		})
	}
	if !n.hoverBg && !n.is("header") && !n.is("table-head") && !n.is("row-odd") {
		return p.flex(gtx, n)
	}
	// A row with a background: record the content, then paint behind it.
	m := op.Record(gtx.Ops)
	dims := p.flex(gtx, n)
	call := m.Stop()
	area := clip.Rect{Max: dims.Size}.Push(gtx.Ops)
	bg, fill := panel, n.is("header") || n.is("table-head")
	if n.is("row-odd") {
		bg, fill = stripe, true
	}
	if n.hoverBg {
		if n.hover.Update(gtx.Source) {
			bg, fill = hover, true
		}
		n.hover.Add(gtx.Ops)
	}
	if fill {
		paint.ColorOp{Color: bg}.Add(gtx.Ops)
		paint.PaintOp{}.Add(gtx.Ops)
	}
	area.Pop()
	call.Add(gtx.Ops)
	return dims
}

// flex lays the children out along the node's axis: fixed-width children
// rigid, percentage-width children as weights.
func (p *Gallery) flex(gtx layout.Context, n *node) layout.Dimensions {
	return layout.Flex{Axis: n.axis, Gap: n.gap}.Layout(gtx, n.kids...)
}

// tabs lays out the strip and the selected panel; clicking a tab selects
// its panel.
func (p *Gallery) tabs(gtx layout.Context, n *node) layout.Dimensions {
	strip := n.children[0]
	for i, t := range strip.children {
		if t.click.Clicked(gtx) {
			n.tabs = i
		}
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(func(gtx layout.Context) layout.Dimensions { return p.layout(gtx, strip) }),
		layout.Rigid(func(gtx layout.Context) layout.Dimensions { return p.layout(gtx, n.children[1+n.tabs]) }),
	)
}

// items returns a scroll port's rows: a table's heading and rows, or the
// port's children.
func (n *node) items() []*node {
	if len(n.children) == 1 && n.children[0].kind == document.Table {
		return n.children[0].children
	}
	return n.children
}

// port lays out a Scroll: a layout.List in the idiomatic form, every row
// under a clip in the other.
func (p *Gallery) port(gtx layout.Context, n *node) layout.Dimensions {
	rows := n.items()
	return widget.Border{Color: line, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		size := gtx.Constraints.Max
		defer clip.Rect{Max: size}.Push(gtx.Ops).Pop()
		if n.is("table-scroll") {
			semantic.DescriptionOp(TablePort).Add(gtx.Ops)
		}
		if p.Form == Idiomatic {
			gtx.Constraints.Min = size
			return n.list.Layout(gtx, len(rows), func(gtx layout.Context, i int) layout.Dimensions {
				return rows[i].draw(gtx)
			})
		}
		return n.scroll.layout(gtx, size, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Axis: layout.Vertical}.Layout(gtx, n.rows...)
		})
	})
}

// virtual lays out a virtualised list: a layout.List over the model's
// rows, in both forms.
func (p *Gallery) virtual(gtx layout.Context, n *node) layout.Dimensions {
	m := n.model
	size := unit.Sp(14)
	if m.RowClass == "mini-list-row" {
		size = 12
	}
	rowH := int(m.RowHeight)
	return widget.Border{Color: line, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		sz := gtx.Constraints.Max
		defer clip.Rect{Max: sz}.Push(gtx.Ops).Pop()
		if m.RowClass == "list-row" {
			semantic.DescriptionOp(ListPort).Add(gtx.Ops)
		}
		gtx.Constraints.Min = sz
		return n.list.Layout(gtx, m.Rows, func(gtx layout.Context, i int) layout.Dimensions {
			gtx.Constraints = layout.Exact(image.Pt(gtx.Constraints.Max.X, rowH))
			area := clip.Rect{Max: gtx.Constraints.Max}.Push(gtx.Ops)
			h := &n.hovers[i]
			if h.Update(gtx.Source) {
				paint.ColorOp{Color: hover}.Add(gtx.Ops)
				paint.PaintOp{}.Add(gtx.Ops)
			}
			h.Add(gtx.Ops)
			area.Pop()
			return layout.Inset{Left: 6, Right: 6}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				l := material.Label(p.th, size, m.Label(i))
				l.MaxLines = 1
				return l.Layout(gtx)
			})
		})
	})
}

// scroller is a scroll port that lays all of its content out and shows a
// window of it: what a Gio program without layout.List does.
type scroller struct {
	gesture gesture.Scroll
	offset  int
}

func (s *scroller) layout(gtx layout.Context, port image.Point, w layout.Widget) layout.Dimensions {
	d := s.gesture.Update(gtx.Metric, gtx.Source, gtx.Now, gesture.Vertical,
		pointerRange(0, 0), pointerRange(-s.offset, 1<<20))
	s.offset += d
	s.gesture.Add(gtx.Ops)
	m := op.Record(gtx.Ops)
	content := gtx
	content.Constraints = layout.Constraints{Min: image.Pt(port.X, 0), Max: image.Pt(port.X, 1<<24)}
	dims := w(content)
	call := m.Stop()
	s.offset = max(0, min(s.offset, dims.Size.Y-port.Y))
	off := op.Offset(image.Pt(0, -s.offset)).Push(gtx.Ops)
	call.Add(gtx.Ops)
	off.Pop()
	return layout.Dimensions{Size: port}
}

func pointerRange(lo, hi int) pointer.ScrollRange { return pointer.ScrollRange{Min: lo, Max: hi} }
