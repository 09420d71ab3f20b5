package gallery

import (
	"image/color"

	"github.com/perfbench/perfbench/ui/style"
)

// Class is what one of the sheet's class names says about layout and
// hover, for a peer of the gallery written with another toolkit (packages
// subject/gio/peer and subject/fyne/peer). A peer reads the document's
// class names, not the sheet, so the sheet's sizes are written out once
// here, beside the sheet; a test holds them to it.
type Class struct {
	// Row says the class lays its element's children out in a row.
	Row bool
	// Height and Width are the class's fixed size in px, zero for none.
	Height, Width int
	// Weight is the class's width as a percentage of its row's, zero for
	// none.
	Weight float32
	// Hover says the class gives an element that is not a control a
	// hover background (a peer's control widget draws its own hover).
	Hover bool
}

// ClassOf returns what the class name says; the zero Class for a name
// that says none of it.
func ClassOf(name string) Class {
	return Class{Row: rowClasses[name], Height: heights[name], Width: widths[name], Weight: weights[name], Hover: hoverRows[name]}
}

// Colors are the sheet's colours a peer paints with.
type Colors struct {
	Ink, Paper, Panel, Line, Hover, Stripe color.NRGBA
}

// Palette is the sheet's own colours, as image/color values for a peer.
var Palette = Colors{nrgba(ink), nrgba(paper), nrgba(panel), nrgba(line), nrgba(hover), nrgba(stripe)}

func nrgba(c style.Color) color.NRGBA {
	r, g, b, a := c.RGBA()
	return color.NRGBA{r, g, b, a}
}

var (
	rowClasses = map[string]bool{
		"header": true, "toolbar": true, "labelled": true, "panes": true, "table-head": true,
		"table-row": true, "tab-strip": true, "section-head": true, "button-row": true, "grid": true,
		"control-row": true, "sprite-row": true, "mini-head": true, "mini-row": true, "rigid-row": true,
	}
	heights = map[string]int{
		"table-scroll": TableHeight, "list": ListHeight, "rigid": RigidHeight,
		"table-head": TableRowHeight + 2, "table-row": TableRowHeight, "rigid-row": RigidRowHeight,
		"list-row": ListRowHeight, "mini-head": 18, "mini-row": 18, "log": 80, "log-line": 16,
		"mini-list": 96, "mini-list-row": 16, "icon": 24,
	}
	widths  = map[string]int{"field": 220, "slider": 140, "progress": 160, "icon": 24, "row-label": 80, "value": 40}
	weights = map[string]float32{
		"table-scroll": 52, "list": 22, "rigid": 22,
		"col-0": 10, "col-1": 34, "col-2": 18, "col-3": 18, "col-4": 20,
		"mcol-0": 25, "mcol-1": 25, "mcol-2": 25, "mcol-3": 25,
	}
	hoverRows = map[string]bool{"table-row": true, "list-row": true, "rigid-row": true, "mini-row": true, "mini-list-row": true}
)
