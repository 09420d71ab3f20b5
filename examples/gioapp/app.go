package main

import (
	"fmt"
	"image"
	"image/color"

	"gioui.org/font/gofont"
	"gioui.org/layout"
	"gioui.org/op/clip"
	"gioui.org/op/paint"
	"gioui.org/text"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// The program under measurement: a search field above a list of rows, the
// shape of many real Gio programs. Nothing in it knows about perfbench.

const (
	rowCount    = 1000
	rowHeight   = 24 // px
	fieldHeight = 40 // px, the search field's strip
)

// app is the program's state: Gio widgets keep their own, the program
// keeps the rest, and Layout draws it all every frame.
type app struct {
	th     *material.Theme
	field  widget.Editor
	list   widget.List
	rows   [rowCount]widget.Clickable
	labels [rowCount]string
	picked int
}

// rowHook, when set, is called for every row laid out in a frame. Only
// tests set it, to plant a regression (work per row per frame) without
// editing the program.
var rowHook func(i int)

func newApp() *app {
	a := &app{picked: -1}
	a.th = material.NewTheme()
	// The Go fonts only: no system fonts, so every machine shapes the same
	// glyphs and the counts are the same everywhere.
	a.th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	a.th.TextSize = 14
	a.field.SingleLine = true
	a.list.Axis = layout.Vertical
	for i := range a.labels {
		a.labels[i] = fmt.Sprintf("Row %04d", i+1)
	}
	return a
}

var (
	hoverBg  = color.NRGBA{R: 0xe3, G: 0xee, B: 0xfb, A: 0xff}
	pickedBg = color.NRGBA{R: 0xc8, G: 0xdc, B: 0xf5, A: 0xff}
)

// Layout is the program's frame function.
func (a *app) Layout(gtx layout.Context) layout.Dimensions {
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(func(gtx layout.Context) layout.Dimensions {
			gtx.Constraints = layout.Exact(image.Pt(gtx.Constraints.Max.X, fieldHeight))
			return layout.UniformInset(unit.Dp(8)).Layout(gtx, material.Editor(a.th, &a.field, "Search").Layout)
		}),
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return material.List(a.th, &a.list).Layout(gtx, rowCount, a.row)
		}),
	)
}

// row lays out row i: a clickable strip, tinted while hovered or picked.
func (a *app) row(gtx layout.Context, i int) layout.Dimensions {
	if rowHook != nil {
		rowHook(i)
	}
	c := &a.rows[i]
	if c.Clicked(gtx) {
		a.picked = i
	}
	gtx.Constraints = layout.Exact(image.Pt(gtx.Constraints.Max.X, rowHeight))
	return c.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
		switch {
		case i == a.picked:
			paint.FillShape(gtx.Ops, pickedBg, clip.Rect{Max: gtx.Constraints.Min}.Op())
		case c.Hovered():
			paint.FillShape(gtx.Ops, hoverBg, clip.Rect{Max: gtx.Constraints.Min}.Op())
		}
		return layout.Inset{Left: 8, Top: 4}.Layout(gtx, material.Body2(a.th, a.labels[i]).Layout)
	})
}
