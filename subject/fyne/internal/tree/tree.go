// Package tree reads a Fyne window's canvas objects as Fyne's own driver
// does (internal/driver): their children, a walk with positions and clips,
// the object a pointer lands on, and what a person would call an
// object's text. It holds no state of the subject's.
package tree

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	fcanvas "fyne.io/fyne/v2/canvas"

	"github.com/perfbench/perfbench/script"
)

// Children returns an object's children as Fyne's own tree walk
// (internal/driver) finds them: a container's objects, a widget's
// renderer's objects (creating the renderer if it has none yet, as a
// window that draws the widget does).
func Children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch c := o.(type) {
	case *fyne.Container:
		return c.Objects
	case fyne.Widget:
		return test.WidgetRenderer(c).Objects()
	}
	return nil
}

// Walk visits every visible object under o, parents before children, with
// its absolute position and the clip it is drawn in (a scrollable clips
// its content, as Fyne's tree walk does); visit returning true stops the
// walk.
func Walk(o fyne.CanvasObject, at fyne.Position, clip Rect, visit func(o fyne.CanvasObject, at fyne.Position, clip Rect) bool) bool {
	if o == nil || !o.Visible() {
		return false
	}
	at = at.Add(o.Position())
	if _, ok := o.(fyne.Scrollable); ok {
		clip = clip.Intersect(Rect{at, o.Size()})
	}
	if visit(o, at, clip) {
		return true
	}
	for _, c := range Children(o) {
		if Walk(c, at, clip, visit) {
			return true
		}
	}
	return false
}

// Rect is an area of the window.
type Rect struct {
	At   fyne.Position
	Size fyne.Size
}

// Everywhere is the clip of a tree's root.
var Everywhere = Rect{Size: fyne.NewSquareSize(1 << 30)}

func (r Rect) Intersect(o Rect) Rect {
	x0, y0 := max(r.At.X, o.At.X), max(r.At.Y, o.At.Y)
	x1 := min(r.At.X+r.Size.Width, o.At.X+o.Size.Width)
	y1 := min(r.At.Y+r.Size.Height, o.At.Y+o.Size.Height)
	return Rect{fyne.NewPos(x0, y0), fyne.NewSize(max(0, x1-x0), max(0, y1-y0))}
}

func (r Rect) Contains(p fyne.Position) bool {
	return p.X >= r.At.X && p.Y >= r.At.Y && p.X < r.At.X+r.Size.Width && p.Y < r.At.Y+r.Size.Height
}

func (r Rect) Empty() bool { return r.Size.Width <= 0 || r.Size.Height <= 0 }

// ObjectAt returns the object Fyne's driver would send a pointer event at
// p to (internal/driver FindObjectAtPositionMatching): the last visible
// object, in tree order, that matches and contains p inside its clip,
// searching the top overlay alone when there is one; and p relative to it.
func ObjectAt(c fyne.Canvas, p fyne.Position, matches func(fyne.CanvasObject) bool) (fyne.CanvasObject, fyne.Position) {
	var found fyne.CanvasObject
	var rel fyne.Position
	trees := []fyne.CanvasObject{c.Content()}
	if top := c.Overlays().Top(); top != nil {
		trees = []fyne.CanvasObject{top}
	}
	for _, root := range trees {
		Walk(root, fyne.Position{}, Everywhere, func(o fyne.CanvasObject, at fyne.Position, clip Rect) bool {
			if clip.Contains(p) && (Rect{at, o.Size()}).Contains(p) && matches(o) {
				found, rel = o, p.Subtract(at)
			}
			return false
		})
	}
	return found, rel
}

// Roots are the canvas's trees, content first, then its overlays (pop-ups,
// menus) from the bottom up.
func Roots(c fyne.Canvas) []fyne.CanvasObject {
	return append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...)
}

// Primitive reports whether o is something the software painter draws:
// an object that is neither a container nor a widget.
func Primitive(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *fyne.Container, fyne.Widget:
		return false
	}
	return true
}

// TextOf is what a person reading the window would call an object's text,
// and what the object is: a label's or a canvas text's (script.Label), a
// button's or a hyperlink's (script.Button), a check's (script.CheckBox),
// an entry's content, or its placeholder while empty (script.Editor).
// Fyne v2.7 has no accessibility label to read instead.
func TextOf(o fyne.CanvasObject) (string, script.Role, bool) {
	switch w := o.(type) {
	case *widget.Label:
		return w.Text, script.Label, true
	case *widget.Button:
		return w.Text, script.Button, true
	case *widget.Check:
		return w.Text, script.CheckBox, true
	case *widget.Hyperlink:
		return w.Text, script.Button, true
	case *widget.Entry:
		if w.Text == "" {
			return w.PlaceHolder, script.Editor, true
		}
		return w.Text, script.Editor, true
	case *fcanvas.Text:
		return w.Text, script.Label, true
	}
	return "", script.Any, false
}
