package monkey

import (
	"fmt"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window"
)

// Effect is what a click handler the driver registers does to the
// document while the click is dispatched: what a list's delete button, a
// "show more" link or a toggle does.
type Effect uint8

const (
	Nothing      Effect = iota // changes nothing
	RemoveSelf                 // removes its element
	RemoveParent               // removes its element's parent, and the element with it
	InsertBefore               // inserts a labelled box just before its element
	ToggleClass                // adds Handling.Class to its element, or removes it
	ChangeText                 // appends to its element's text, or its first child's
	ScrollUp                   // scrolls the nearest scroll container around it 60 px on
	numEffects
)

var effectNames = [numEffects]string{"nothing", "remove itself", "remove its parent", "insert before itself", "toggle a class", "change its text", "scroll its container"}

func (e Effect) String() string {
	if e < numEffects {
		return effectNames[e]
	}
	return fmt.Sprintf("Effect(%d)", int(e))
}

// A Handling is a click handler the driver registers: whether it
// consumes the click, and what it does to the document meanwhile.
type Handling struct {
	Consumes bool
	Does     Effect
	Class    string // the class ToggleClass toggles
}

// Bind returns the handler h registers on n, an element of d. What it
// does is a function of the document as the click finds it, so bound to
// the equal element of an equal document (a rebuild's) it changes that
// document the same way: a checker gives a rebuilt window the handlers
// of the live one. An element never changes parents, so an effect that
// suited n when the driver chose it (takes tells) suits it at every click.
func (h Handling) Bind(d *document.Document, n *document.Node) func(window.Button) bool {
	return func(window.Button) bool {
		switch h.Does {
		case RemoveSelf:
			d.Remove(n)
		case RemoveParent:
			d.Remove(n.Parent())
		case InsertBefore:
			d.SetText(d.Add(d.InsertBefore(n, document.Box), document.Text), "inserted by a click")
		case ToggleClass:
			if n.Is(d.Sheet.Intern(h.Class)) {
				d.RemoveClass(n, h.Class)
			} else {
				d.AddClass(n, h.Class)
			}
		case ChangeText:
			if t := textOf(n); t != nil {
				d.SetText(t, t.Text()+" clicked")
			}
		case ScrollUp:
			for p := n.Parent(); p != nil; p = p.Parent() {
				if isScroller(p) {
					d.SetScrollY(p, p.ScrollY()+60)
					break
				}
			}
		}
		return h.Consumes
	}
}

// takes reports whether effect e can act on n: an element without a
// parent cannot be removed or have a sibling, and one without a
// grandparent cannot lose its parent (the root is never removed).
func takes(n *document.Node, e Effect) bool {
	p := n.Parent()
	switch e {
	case RemoveSelf:
		return p != nil
	case RemoveParent:
		return p != nil && p.Parent() != nil
	case InsertBefore:
		return p != nil && isContainer(p)
	}
	return true
}

// textOf returns n when it holds text, or its first child that does.
func textOf(n *document.Node) *document.Node {
	if k := n.Kind(); k == document.Text || k == document.TextField {
		return n
	}
	for _, c := range n.Children() {
		if c.Kind() == document.Text {
			return c
		}
	}
	return nil
}
