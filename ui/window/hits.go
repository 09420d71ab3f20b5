package window

import (
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// hittable reports whether the pointer can land on n: focusable controls,
// scroll containers, and anything whose style reacts to hover.
func (w *Window) hittable(n *document.Node) bool {
	k := n.Kind()
	if k.Focusable() || k == document.Scroll || k == document.List {
		return true
	}
	if w.handlers[n.ID()] != nil {
		return true
	}
	for _, c := range n.Classes() {
		if w.doc.Sheet.Has(c, style.Hover) {
			return true
		}
	}
	return false
}
