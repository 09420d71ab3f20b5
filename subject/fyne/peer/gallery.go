// Package peer is perfbench's gallery written as a Fyne program, for
// `perfbench peers`.
//
// [Build] reads perfbench's own gallery document at a size (so every
// section, string and control is the same, and in the same order) and
// makes a Fyne program of it the way a Fyne programmer would write it: a
// widget.Label per text, a widget.Button per button, a widget.Check per
// checkbox, a one-option widget.RadioGroup per radio button, a
// widget.Slider, a widget.Entry, a widget.ProgressBar, a rounded
// canvas.Rectangle per sprite, a container.AppTabs per tab set, and a
// widget.List over the virtualised list's model. Every element is built
// once, as a Fyne program builds its objects; what scrolls is virtualised
// the way a Fyne programmer does it, with a widget.List, since Fyne's
// container.Scroll is not: the page is a widget.List whose items are the
// fixed part's pieces and then each section, and every scroll port (the
// table, the rigid scroll, each section's log) is a widget.List over its
// rows, so a frame walks and paints only what is in view. (Fyne's software
// painter rasterises every text in the tree, clipped away or not: with
// the ports as container.Scroll, an s0 frame took 0.3 s of CPU and an s13
// window 60 s to open.) A row with a hover style is a small widget that
// tints its background on MouseIn.
package peer

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/style"
)

// Gallery is the Fyne peer of a perfbench gallery.
type Gallery struct {
	Size gallery.Size
	// Content is the program: what its window shows.
	Content fyne.CanvasObject
	// Table is the big table's scroll port, and TableRows its body rows
	// (the heading row excluded), in order; the port shows the ones in
	// view.
	Table     *widget.List
	TableRows []fyne.CanvasObject
	// List is the virtualised list's port.
	List *widget.List
	// Kinds counts the document's elements per kind that the peer
	// converted (or, for a list's mounted rows and a tab strip, stood in
	// for): equal to the document's count of that kind (a test holds it).
	Kinds map[document.Kind]int
}

// Build returns the peer of gallery.Build(size, opts). The result depends
// on nothing but its arguments.
func Build(size gallery.Size, opts gallery.Options) *Gallery {
	g := gallery.Build(size, opts)
	p := &Gallery{Size: size, Kinds: map[document.Kind]int{}}
	b := builder{p: p, sheet: g.Doc.Sheet, groups: map[string]*widget.RadioGroup{}}
	b.p.Kinds[document.Box]++ // the root, whose children are the page's items
	var items []fyne.CanvasObject
	for _, c := range g.Doc.Root().Children() {
		if c.Kind() == document.Box && classesOf(b.sheet, c).is("sections") {
			b.p.Kinds[document.Box]++
			for _, sec := range c.Children() {
				o, _ := b.convert(sec)
				items = append(items, o)
			}
			continue
		}
		o, _ := b.convert(c)
		items = append(items, o)
	}
	p.Content = container.NewStack(canvas.NewRectangle(paper),
		container.New(layout.NewCustomPaddedLayout(12, 12, 12, 12), column(items, 12)))
	return p
}

// The sheet's colours.
var (
	paper  = gallery.Palette.Paper
	panel  = gallery.Palette.Panel
	line   = gallery.Palette.Line
	hover  = gallery.Palette.Hover
	stripe = gallery.Palette.Stripe
)

type builder struct {
	p      *Gallery
	sheet  *style.Sheet
	groups map[string]*widget.RadioGroup
}

// classes are an element's class names.
type classes []string

func classesOf(sheet *style.Sheet, d *document.Node) classes {
	var cs classes
	for _, c := range d.Classes() {
		cs = append(cs, sheet.Name(c))
	}
	return cs
}

func (c classes) is(name string) bool {
	for _, n := range c {
		if n == name {
			return true
		}
	}
	return false
}

// convert makes the Fyne object of d and its subtree, and returns the
// weight it takes in a row (0: its own width).
func (b *builder) convert(d *document.Node) (fyne.CanvasObject, float32) {
	b.p.Kinds[d.Kind()]++
	var cs classes
	var w, h, weight float32
	horizontal, hovers := false, false
	for _, c := range d.Classes() {
		name := b.sheet.Name(c)
		cs = append(cs, name)
		l := gallery.ClassOf(name)
		horizontal = horizontal || l.Row
		if l.Height != 0 {
			h = float32(l.Height)
		}
		if l.Width != 0 {
			w = float32(l.Width)
		}
		if l.Weight != 0 {
			weight = l.Weight
		}
		hovers = hovers || l.Hover
	}
	disabled := d.State()&style.Disabled != 0
	var o fyne.CanvasObject
	switch d.Kind() {
	case document.Text:
		l := widget.NewLabel(d.Text())
		switch {
		case cs.is("title"):
			l.SizeName, l.TextStyle.Bold = theme.SizeNameHeadingText, true
		case cs.is("section-title"):
			l.SizeName, l.TextStyle.Bold = theme.SizeNameSubHeadingText, true
		case cs.is("note"), cs.is("log-line"), cs.is("mini-list-row"):
			l.SizeName = theme.SizeNameCaptionText
		}
		if cs.is("paragraph") || cs.is("note") {
			l.Wrapping = fyne.TextWrapWord
		} else {
			l.Truncation = fyne.TextTruncateEllipsis
		}
		l.TextStyle.Monospace = cs.is("value") || cs.is("log-line")
		o = l
	case document.Button:
		label := ""
		for _, c := range d.Children() {
			b.p.Kinds[c.Kind()]++
			label = c.Text()
		}
		btn := widget.NewButton(label, nil)
		if cs.is("tab") {
			btn.Importance = widget.LowImportance
		}
		if disabled {
			btn.Disable()
		}
		o = btn
	case document.Checkbox:
		c := widget.NewCheck("", nil)
		c.Checked = d.State()&style.Checked != 0
		if disabled {
			c.Disable()
		}
		o = c
	case document.Radio:
		// One option, labelled with a space: Fyne's "nothing selected"
		// is the empty option.
		r := widget.NewRadioGroup([]string{" "}, nil)
		if d.State()&style.Checked != 0 {
			r.Selected = " "
		}
		o = r
	case document.Slider:
		s := widget.NewSlider(0, 1)
		s.Step = 0.01
		s.Value = float64(d.Value())
		o = s
	case document.TextField:
		e := widget.NewEntry()
		e.SetText(d.Text())
		o = e
	case document.Progress:
		o = widget.NewProgressBar()
	case document.Image:
		n := d.Sprite()
		r := canvas.NewRectangle(color.NRGBA{uint8(40 + 13*n), uint8(90 + 7*n), 0xc0, 0xff})
		r.CornerRadius = 4
		r.SetMinSize(fyne.NewSquareSize(24))
		o = r
	case document.Tabs:
		o = b.tabs(d)
	case document.Scroll:
		o = b.port(d, cs)
	case document.List:
		o = b.virtual(d)
	default: // Box, Table
		o = b.box(d, cs, horizontal, hovers)
	}
	if w > 0 || h > 0 {
		o = container.New(fixed{w, h}, o)
	}
	return o, weight
}

// children converts d's children; table says d is the big Table, whose
// children after the first (the heading) are the peer's TableRows.
func (b *builder) children(d *document.Node, table bool) ([]fyne.CanvasObject, []float32) {
	var objs []fyne.CanvasObject
	var ws []float32
	for i, c := range d.Children() {
		o, w := b.convert(c)
		objs, ws = append(objs, o), append(ws, w)
		if table && i > 0 {
			b.p.TableRows = append(b.p.TableRows, o)
		}
	}
	return objs, ws
}

// box lays out a Box (or a Table): its children in a row or a column,
// framed, on a background, or as a row the pointer tints.
func (b *builder) box(d *document.Node, cs classes, horizontal, hovers bool) fyne.CanvasObject {
	objs, ws := b.children(d, false)
	var o fyne.CanvasObject
	if horizontal {
		o = container.New(&row{weights: ws, gap: 6}, objs...)
	} else {
		o = container.NewVBox(objs...)
	}
	switch {
	case cs.is("section"), cs.is("tab-panel"), cs.is("mini-table"):
		border := canvas.NewRectangle(color.Transparent)
		border.StrokeColor, border.StrokeWidth, border.CornerRadius = line, 1, 4
		return container.NewStack(border, container.New(layout.NewCustomPaddedLayout(8, 8, 8, 8), o))
	case hovers:
		bg := color.Color(color.Transparent)
		if cs.is("row-odd") {
			bg = stripe
		}
		return newHoverRow(o, bg)
	case cs.is("header"), cs.is("table-head"):
		return container.NewStack(canvas.NewRectangle(panel), o)
	case cs.is("row-odd"):
		return container.NewStack(canvas.NewRectangle(stripe), o)
	}
	return o
}

// tabs makes an AppTabs of the strip's tab labels and the panels.
func (b *builder) tabs(d *document.Node) fyne.CanvasObject {
	kids := d.Children()
	strip := kids[0]
	b.count(strip)
	var items []*container.TabItem
	for i, panel := range kids[1:] {
		label := ""
		if i < len(strip.Children()) {
			for _, c := range strip.Children()[i].Children() {
				label = c.Text()
			}
		}
		o, _ := b.convert(panel)
		items = append(items, container.NewTabItem(label, o))
	}
	t := container.NewAppTabs(items...)
	t.SelectIndex(d.Selected())
	return t
}

// port makes a Scroll's rows (a table's heading and rows, or its
// children) into a column in a container.Scroll; the big table's is the
// peer's Table.
func (b *builder) port(d *document.Node, cs classes) fyne.CanvasObject {
	kids := d.Children()
	var objs []fyne.CanvasObject
	if len(kids) == 1 && kids[0].Kind() == document.Table {
		b.p.Kinds[document.Table]++
		objs, _ = b.children(kids[0], true)
	} else {
		objs, _ = b.children(d, false)
	}
	l := column(objs, 0)
	if cs.is("table-scroll") {
		b.p.Table = l
	}
	return framed(l)
}

// column is a widget.List that shows the objects, built once, one an
// item, gap apart: what scrolls, virtualised.
func column(objs []fyne.CanvasObject, gap float32) *widget.List {
	l := widget.NewList(
		func() int { return len(objs) },
		func() fyne.CanvasObject { return container.NewStack() },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if c := o.(*fyne.Container); len(c.Objects) != 1 || c.Objects[0] != objs[i] {
				c.Objects = []fyne.CanvasObject{objs[i]}
				c.Refresh()
			}
		},
	)
	l.HideSeparators = true
	for i, o := range objs {
		l.SetItemHeight(i, o.MinSize().Height+gap)
	}
	return l
}

// virtual makes a widget.List over the model's rows; the engine's mounted
// rows are its window onto the model, which the List keeps itself, so
// they are counted, not converted.
func (b *builder) virtual(d *document.Node) fyne.CanvasObject {
	for _, c := range d.Children() {
		b.count(c)
	}
	m := d.ListModel()
	size := theme.SizeNameText
	if m.RowClass == "mini-list-row" {
		size = theme.SizeNameCaptionText
	}
	l := widget.NewList(
		func() int { return m.Rows },
		func() fyne.CanvasObject {
			label := widget.NewLabel("")
			label.SizeName, label.Truncation = size, fyne.TextTruncateEllipsis
			return container.New(fixed{h: m.RowHeight}, newHoverRow(label, color.Transparent))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*fyne.Container).Objects[0].(*hoverRow).content.(*widget.Label).SetText(m.Label(i))
		},
	)
	if m.RowClass == "list-row" {
		b.p.List = l
	}
	return framed(l)
}

// count adds d's subtree to Kinds without converting it.
func (b *builder) count(d *document.Node) {
	document.Walk(d, func(n *document.Node) bool { b.p.Kinds[n.Kind()]++; return true })
}

// framed draws a 1 px line around o.
func framed(o fyne.CanvasObject) fyne.CanvasObject {
	border := canvas.NewRectangle(color.Transparent)
	border.StrokeColor, border.StrokeWidth = line, 1
	return container.NewStack(border, container.New(layout.NewCustomPaddedLayout(1, 1, 1, 1), o))
}

// hoverRow is a row with a hover style: its background is tinted while
// the pointer is over it, as the gallery's rows are.
type hoverRow struct {
	widget.BaseWidget
	content fyne.CanvasObject
	bg      *canvas.Rectangle
	rest    color.Color
}

var _ desktop.Hoverable = (*hoverRow)(nil)

func newHoverRow(content fyne.CanvasObject, rest color.Color) *hoverRow {
	r := &hoverRow{content: content, bg: canvas.NewRectangle(rest), rest: rest}
	r.ExtendBaseWidget(r)
	return r
}

func (r *hoverRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(r.bg, r.content))
}

func (r *hoverRow) MouseIn(*desktop.MouseEvent)    { r.tint(hover) }
func (r *hoverRow) MouseMoved(*desktop.MouseEvent) {}
func (r *hoverRow) MouseOut()                      { r.tint(r.rest) }

func (r *hoverRow) tint(c color.Color) {
	r.bg.FillColor = c
	r.bg.Refresh()
}

// fixed is a layout of one object at a fixed width, height or both (0:
// the object's own minimum).
type fixed struct{ w, h float32 }

func (f fixed) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := objs[0].MinSize()
	if f.w > 0 {
		s.Width = f.w
	}
	if f.h > 0 {
		s.Height = f.h
	}
	return s
}

func (f fixed) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.Position{})
	objs[0].Resize(size)
}

// row lays its objects out left to right, gap apart, at the row's
// height: an object with a weight shares the width the others leave, in
// proportion to its weight; the others get their minimum width.
type row struct {
	weights []float32
	gap     float32
}

func (r *row) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objs {
		m := o.MinSize()
		s.Width += m.Width
		if i > 0 {
			s.Width += r.gap
		}
		s.Height = max(s.Height, m.Height)
	}
	return s
}

func (r *row) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	free, total := size.Width-r.gap*float32(max(0, len(objs)-1)), float32(0)
	for i, o := range objs {
		if r.weights[i] > 0 {
			total += r.weights[i]
		} else {
			free -= o.MinSize().Width
		}
	}
	x := float32(0)
	for i, o := range objs {
		w := o.MinSize().Width
		if r.weights[i] > 0 {
			w = max(0, free) * r.weights[i] / total
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + r.gap
	}
}
