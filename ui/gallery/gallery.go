package gallery

import (
	"fmt"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// Options are the choices a workload makes about a gallery. The zero value
// is the idle variant at the default row counts: no animation, TableRows
// and ListRows taking their defaults.
type Options struct {
	// Animate runs the header's indeterminate progress bar. Without it the
	// bar is still there, and painted, but nothing in the document
	// animates, so an untouched window owes no frames: the idle variant.
	Animate bool

	// TableRows is the number of body rows of the big table; 0 means
	// DefaultOptions.TableRows.
	TableRows int

	// ListRows is the number of model rows of the virtualised list; 0
	// means DefaultOptions.ListRows. The list-slope workload builds one
	// gallery at the default and one at 8×; the mounted rows, and so the
	// element count, are the same for both.
	ListRows int

	// RigidRows is the number of content rows of the rigid scroll, every
	// one of them mounted; 0 means DefaultOptions.RigidRows. The
	// rigid-scroll-slope workload builds one gallery at the default and
	// one at 10×.
	RigidRows int
}

// DefaultOptions is the shipped gallery: animated, 240 table rows, a
// 1000-row list model.
var DefaultOptions = Options{Animate: true, TableRows: 240, ListRows: 1000, RigidRows: 100}

// Gallery is a built gallery document and handles to the parts that
// scenarios drive. The handles are nodes of Doc; they stay valid as long as
// the caller does not remove them (List rows are rebound, never replaced,
// while the list scrolls).
type Gallery struct {
	Doc     *document.Document
	Size    Size
	Options Options // as given to Build, with defaults filled in

	// Header.
	Title    *document.Node   // the Text heading
	Field    *document.Node   // the search TextField: the first focusable element in tree order
	Buttons  []*document.Node // the header's Buttons (each with one child Text label)
	Progress *document.Node   // the indeterminate progress bar; animated when Options.Animate

	// Toolbar.
	Check  *document.Node   // a Checkbox to toggle for a one-control update
	Radios []*document.Node // a group of two Radios, the first checked
	Slider *document.Node   // a Slider at 0.5
	Filter *document.Node   // the toolbar's TextField
	Fields []*document.Node // every TextField of the fixed part, in tree order: Field, Filter

	// The big table, in a Scroll of TableHeight px.
	TableScroll *document.Node   // the Scroll around the table
	Table       *document.Node   // the Table: a heading row, then TableRows
	TableRows   []*document.Node // body rows (Box, TableRowHeight px, five Text cells each)

	// The virtualised list.
	List      *document.Node // the List, ListHeight px
	ListModel *document.ListModel

	// The rigid scroll: every content row exists, none is virtualised.
	Rigid     *document.Node   // the Scroll, RigidHeight px
	RigidRows []*document.Node // its content rows (Box, RigidRowHeight px)

	Tabs      *document.Node   // Tabs with three panels, the first selected
	Paragraph *document.Node   // a Text of several sentences that wraps at its width
	Sections  []*document.Node // the Size repeated sections, in order
}

// Build returns a gallery of the given size. It builds a fresh document
// with its own stylesheet (NewSheet) each time; the result depends on
// nothing but size and opts.
func Build(size Size, opts Options) *Gallery {
	if size < 0 {
		panic(fmt.Sprintf("gallery: Build of negative size %d", int(size)))
	}
	if opts.TableRows < 0 || opts.ListRows < 0 || opts.RigidRows < 0 {
		panic(fmt.Sprintf("gallery: negative row count in %+v", opts))
	}
	if opts.TableRows == 0 {
		opts.TableRows = DefaultOptions.TableRows
	}
	if opts.ListRows == 0 {
		opts.ListRows = DefaultOptions.ListRows
	}
	if opts.RigidRows == 0 {
		opts.RigidRows = DefaultOptions.RigidRows
	}
	d := document.New(NewSheet(), "gallery")
	g := &Gallery{Doc: d, Size: size, Options: opts}
	b := builder{d: d}
	root := d.Root()

	// Header: the title, then the search field before any other focusable
	// element, so that Tab from the top of the document lands in it.
	header := d.Add(root, document.Box, "header")
	g.Title = b.text(header, "perfbench gallery", "title")
	g.Field = d.Add(header, document.TextField, "field")
	d.SetText(g.Field, "search")
	for i, l := range [...]string{"New", "Open", "Save"} {
		cls := "button"
		if i == 2 {
			cls = "button primary"
		}
		g.Buttons = append(g.Buttons, b.button(header, l, cls))
	}
	g.Progress = d.Add(header, document.Progress, "progress")
	d.SetAnimated(g.Progress, opts.Animate)

	// Toolbar: one of each small control.
	bar := d.Add(root, document.Box, "toolbar")
	g.Check = b.labelled(bar, document.Checkbox, "check", "Wrap lines")
	for i, l := range [...]string{"Compact", "Roomy"} {
		r := b.labelled(bar, document.Radio, "radio", l)
		d.SetGroup(r, "density")
		d.SetState(r, style.Checked, i == 0)
		g.Radios = append(g.Radios, r)
	}
	g.Slider = b.labelled(bar, document.Slider, "slider", "Zoom")
	d.SetValue(g.Slider, 0.5)
	g.Filter = b.labelled(bar, document.TextField, "field", "Filter")
	d.SetText(g.Filter, "all")
	g.Fields = []*document.Node{g.Field, g.Filter}
	icon := d.Add(bar, document.Image, "icon")
	d.SetSprite(icon, 1)

	// Panes: the table, the virtualised list and the rigid scroll side by
	// side, so all three are in view near the top of the window.
	panes := d.Add(root, document.Box, "panes")
	g.TableScroll = d.Add(panes, document.Scroll, "table-scroll")
	g.Table = d.Add(g.TableScroll, document.Table, "table")
	head := d.Add(g.Table, document.Box, "table-head")
	for c, h := range tableHeads {
		b.text(head, h, "cell", colClass[c])
	}
	for r := range opts.TableRows {
		stripe := "row-even"
		if r%2 == 1 {
			stripe = "row-odd"
		}
		row := d.Add(g.Table, document.Box, stripe, "table-row")
		for c := range tableColumns {
			b.text(row, tableCell(r, c), "cell", colClass[c])
		}
		g.TableRows = append(g.TableRows, row)
	}

	g.List = d.Add(panes, document.List, "list")
	g.ListModel = &document.ListModel{
		Rows:      opts.ListRows,
		RowHeight: ListRowHeight,
		Overscan:  ListOverscan,
		Label:     ListLabel,
		RowClass:  "list-row",
	}
	d.SetList(g.List, g.ListModel)
	mountRows(d, g.List, ListHeight)

	g.Rigid = d.Add(panes, document.Scroll, "rigid")
	for i := range opts.RigidRows {
		row := d.Add(g.Rigid, document.Box, "rigid-row")
		b.text(row, fmt.Sprintf("%03d", i+1), "value")
		b.text(row, sentence(i, 3), "label")
		g.RigidRows = append(g.RigidRows, row)
	}

	// Tabs with three panels.
	g.Tabs = b.tabs(root, [3]string{"Overview", "Details", "Settings"}, func(i int, p *document.Node) {
		switch i {
		case 0:
			b.text(p, sentence(1, 12), "paragraph")
			row := d.Add(p, document.Box, "button-row")
			b.button(row, "Apply", "button primary")
			b.button(row, "Reset", "button")
		case 1:
			b.text(p, sentence(2, 10), "paragraph")
			row := d.Add(p, document.Box, "sprite-row")
			for k := range 4 {
				d.SetSprite(d.Add(row, document.Image, "icon"), k+2)
			}
		case 2:
			c := b.labelled(p, document.Checkbox, "check", "Autosave")
			d.SetState(c, style.Checked, true)
			d.SetValue(b.labelled(p, document.Slider, "slider", "Volume"), 0.25)
		}
	})

	g.Paragraph = b.text(root, Paragraph, "paragraph")

	sections := d.Add(root, document.Box, "sections")
	for i := range int(size) {
		g.Sections = append(g.Sections, b.section(sections, i))
	}
	return g
}

// mountRows mounts the rows a List needs at offset 0 in a port of height
// px: rows 0 … ListModel.Mounted(height)−1.
func mountRows(d *document.Document, list *document.Node, height float32) {
	for i := range list.ListModel().Mounted(height) {
		d.AddRow(list, i)
	}
}

// Controls returns the number of elements in the document: every node
// under and including the root.
func (g *Gallery) Controls() int {
	n := 0
	document.Walk(g.Doc.Root(), func(*document.Node) bool { n++; return true })
	return n
}

// builder adds the gallery's recurring compositions to a document.
type builder struct{ d *document.Document }

// text adds a Text element.
func (b builder) text(parent *document.Node, s string, classes ...string) *document.Node {
	t := b.d.Add(parent, document.Text, classes...)
	b.d.SetText(t, s)
	return t
}

// button adds a Button with its label as a child Text.
func (b builder) button(parent *document.Node, label, classes string) *document.Node {
	btn := b.d.Add(parent, document.Button, classes)
	b.text(btn, label, "label")
	return btn
}

// labelled adds a row of a control of kind k followed by a Text label, and
// returns the control. A TextField or Slider takes its label first.
func (b builder) labelled(parent *document.Node, k document.Kind, class, label string) *document.Node {
	row := b.d.Add(parent, document.Box, "labelled")
	if k == document.TextField || k == document.Slider {
		b.text(row, label, "label")
		return b.d.Add(row, k, class)
	}
	c := b.d.Add(row, k, class)
	b.text(row, label, "label")
	return c
}

// tabs adds a Tabs element in the structure document.Select expects: a
// strip of tab Buttons, then one panel per tab, filled by fill. The first
// tab is selected.
func (b builder) tabs(parent *document.Node, labels [3]string, fill func(i int, panel *document.Node)) *document.Node {
	t := b.d.Add(parent, document.Tabs, "tabs")
	strip := b.d.Add(t, document.Box, "tab-strip")
	for _, l := range labels {
		b.button(strip, l, "tab")
	}
	for i := range labels {
		fill(i, b.d.Add(t, document.Box, "tab-panel"))
	}
	b.d.Select(t, 0)
	return t
}
