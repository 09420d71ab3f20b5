package main

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// The program under measurement: a search field above a list of rows and
// a status line naming the row under the pointer, the shape of many real
// Fyne programs. Nothing in it knows about perfbench.

const rowCount = 1000

// app is the program's state: Fyne's widgets keep their own, the program
// keeps the rest.
type app struct {
	field   *widget.Entry
	list    *widget.List
	status  *widget.Label
	labels  [rowCount]string
	hovered int // the row under the pointer, or -1
	content fyne.CanvasObject
}

// hoverHook, when set, is called with the app after a row took the
// pointer. Only tests set it, to plant a regression (work per hover)
// without editing the program.
var hoverHook func(a *app)

func newApp() *app {
	a := &app{hovered: -1}
	for i := range a.labels {
		a.labels[i] = fmt.Sprintf("Row %04d", i+1)
	}
	a.field = widget.NewEntry()
	a.field.SetPlaceHolder("Search")
	a.status = widget.NewLabel("No row under the pointer")
	a.list = widget.NewList(
		func() int { return rowCount },
		func() fyne.CanvasObject { return newRow(a) },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*row).show(i) },
	)
	a.content = container.NewBorder(a.field, a.status, nil, nil, a.list)
	return a
}

var hoverBg = color.NRGBA{R: 0xe3, G: 0xee, B: 0xfb, A: 0xff}

// row is one list row: a label over a background that is tinted while the
// pointer is over it. The list makes a few and reuses them as it scrolls.
type row struct {
	widget.BaseWidget
	a     *app
	i     int
	bg    *canvas.Rectangle
	label *widget.Label
}

var _ desktop.Hoverable = (*row)(nil)

func newRow(a *app) *row {
	r := &row{a: a, i: -1, bg: canvas.NewRectangle(color.Transparent), label: widget.NewLabel("Row 0000")}
	r.ExtendBaseWidget(r)
	return r
}

func (r *row) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(r.bg, r.label))
}

// show makes the row show row i.
func (r *row) show(i int) {
	r.i = i
	r.label.SetText(r.a.labels[i])
	r.tint()
}

func (r *row) tint() {
	c := color.Color(color.Transparent)
	if r.i == r.a.hovered {
		c = hoverBg
	}
	if r.bg.FillColor != c {
		r.bg.FillColor = c
		r.bg.Refresh()
	}
}

func (r *row) MouseIn(*desktop.MouseEvent) {
	r.a.hover(r)
}

func (r *row) MouseMoved(*desktop.MouseEvent) {}

func (r *row) MouseOut() {
	if r.a.hovered == r.i {
		r.a.hovered = -1
		r.tint()
		r.a.status.SetText("No row under the pointer")
	}
}

// hover makes r the row under the pointer: it tints, and the status line
// names it.
func (a *app) hover(r *row) {
	a.hovered = r.i
	r.tint()
	a.status.SetText(a.labels[r.i] + " under the pointer")
	if hoverHook != nil {
		hoverHook(a)
	}
}
