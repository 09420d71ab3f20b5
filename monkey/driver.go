package monkey

import (
	"fmt"
	"slices"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// Action is one kind of thing the driver does to a window or its document.
type Action uint8

// The driver's vocabulary: input through the window, and changes to the
// document through its public API, as an application makes them.
const (
	Move      Action = iota // the pointer moves over an element or anywhere
	Click                   // a click on an element, focusable ones preferred
	Wheel                   // the wheel over a scroller or anywhere
	Press                   // a key
	Type                    // typing into the focused field
	Resize                  // the viewport changes size
	Add                     // a generated subtree appended to a container
	Remove                  // a subtree removed
	Class                   // a class added or removed
	Text                    // a Text's or a TextField's text replaced
	State                   // a state turned on or off
	Value                   // a slider's value, an image's sprite or a caret set
	Select                  // a Tabs' panel selected
	NewScroll               // a new scroll container with content
	NewList                 // a new virtualised list
	NewTabs                 // a new Tabs element
	Insert                  // an element inserted before or after another
	ScrollTo                // a scroller's offset set by the application
	Restyle                 // a class's rule redefined in the sheet
	numActions
)

var actionNames = [numActions]string{"move", "click", "wheel", "key", "type", "resize", "add", "remove", "class", "text", "state", "value", "select", "new-scroll", "new-list", "new-tabs", "insert", "scroll-to", "restyle"}

func (a Action) String() string {
	if a < numActions {
		return actionNames[a]
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// weights is how often each action is drawn, out of their sum: input
// dominates, as in use, and every mutation stays frequent enough that 200
// steps see each of them several times.
var weights = [numActions]int{
	Move: 14, Click: 12, Wheel: 10, Press: 6, Type: 6, Resize: 4,
	Add: 8, Remove: 6, Class: 10, Text: 5, State: 6, Value: 3, Select: 3,
	NewScroll: 2, NewList: 2, NewTabs: 2, Insert: 5, ScrollTo: 3, Restyle: 2,
}

// Driver performs random actions on a window over a document.
type Driver struct {
	W   *window.Window
	Clk *clock.Virtual
	Src Source

	gen   generator
	nodes []*document.Node
}

// NewDriver returns a driver for w, whose clock must be clk. The classes
// it adds and removes, and gives the subtrees it adds, are the classes
// the document uses when the driver starts.
func NewDriver(w *window.Window, clk *clock.Virtual, src Source) *Driver {
	d := w.Document()
	seen := map[style.Class]bool{}
	var names []string
	document.Walk(d.Root(), func(n *document.Node) bool {
		for _, c := range n.Classes() {
			if !seen[c] {
				seen[c] = true
				names = append(names, d.Sheet.Name(c))
			}
		}
		return true
	})
	slices.Sort(names)
	if len(names) == 0 {
		names = []string{""}
	}
	return &Driver{W: w, Clk: clk, Src: src, gen: generator{d: d, src: src, layout: names, paint: names}}
}

// Step performs one action, or two or three one time in five, and lets
// the clock reach the next refresh, so that they are drawn in one frame.
// It returns what it did.
func (r *Driver) Step() []string {
	n := 1
	if r.Src.IntN(5) == 0 {
		n = 2 + r.Src.IntN(2)
	}
	out := make([]string, 0, n)
	for range n {
		out = append(out, r.Act(r.draw()))
	}
	r.Clk.AdvanceTo(r.W.NextRefresh())
	return out
}

func (r *Driver) draw() Action {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := r.Src.IntN(total)
	for a, w := range weights {
		if x < w {
			return Action(a)
		}
		x -= w
	}
	return Move
}

// collect lists the document's nodes in tree order.
func (r *Driver) collect() []*document.Node {
	r.nodes = r.nodes[:0]
	document.Walk(r.W.Document().Root(), func(n *document.Node) bool {
		r.nodes = append(r.nodes, n)
		return true
	})
	return r.nodes
}

// any returns a random node that satisfies keep, or nil.
func (r *Driver) any(keep func(*document.Node) bool) *document.Node {
	var c []*document.Node
	for _, n := range r.collect() {
		if keep(n) {
			c = append(c, n)
		}
	}
	if len(c) == 0 {
		return nil
	}
	return c[r.Src.IntN(len(c))]
}

func (r *Driver) shown(n *document.Node) bool { return !r.W.Rect(n).Empty() }

func isScroller(n *document.Node) bool {
	return n.Kind() == document.Scroll || n.Kind() == document.List
}

// isContainer reports whether generated content may be added to n.
func isContainer(n *document.Node) bool {
	switch n.Kind() {
	case document.Box, document.Scroll, document.Table:
		return n.Parent() == nil || n.Parent().Kind() != document.List
	}
	return false
}

func name(n *document.Node) string { return fmt.Sprintf("%v#%d", n.Kind(), n.ID()) }

// point returns the centre of n as shown, or a random point inside it.
func (r *Driver) point(n *document.Node) geom.Point {
	rc := r.W.Rect(n)
	if r.Src.IntN(3) == 0 {
		return geom.Point{X: rc.X + rc.W*float32(r.Src.IntN(11))/10, Y: rc.Y + rc.H*float32(r.Src.IntN(11))/10}
	}
	return geom.Point{X: rc.X + rc.W/2, Y: rc.Y + rc.H/2}
}

// target returns a shown element (kind filter optional) and a point on it,
// or a random point in the viewport when there is none or the dice say so.
func (r *Driver) target(keep func(*document.Node) bool) (geom.Point, string) {
	if r.Src.IntN(8) > 0 {
		if n := r.any(func(n *document.Node) bool { return r.shown(n) && (keep == nil || keep(n)) }); n != nil {
			p := r.point(n)
			return p, fmt.Sprintf("%s at (%g, %g)", name(n), p.X, p.Y)
		}
	}
	s := r.W.Size()
	p := geom.Point{X: float32(r.Src.IntN(int(s.X) + 1)), Y: float32(r.Src.IntN(int(s.Y) + 1))}
	return p, fmt.Sprintf("(%g, %g)", p.X, p.Y)
}

var (
	keys     = []window.Key{window.Tab, window.BackTab, window.Backspace, window.Delete, window.ArrowLeft, window.ArrowRight, window.Home, window.End, window.Enter, window.Space}
	keyNames = []string{"Tab", "BackTab", "Backspace", "Delete", "ArrowLeft", "ArrowRight", "Home", "End", "Enter", "Space"}
	typed    = []string{"a", "hello ", "é", "→", "数据", " and some more words to wrap", "x"}
	states   = []style.State{style.Hover, style.Focus, style.Pressed, style.Checked, style.Disabled}
)

// Act performs one action of kind a and says what it did.
func (r *Driver) Act(a Action) string {
	w, d := r.W, r.W.Document()
	src := r.Src
	switch a {
	case Move:
		p, what := r.target(nil)
		w.PointerMove(p.X, p.Y)
		return "move to " + what
	case Click:
		p, what := r.target(func(n *document.Node) bool { return n.Kind().Focusable() || src.IntN(4) == 0 })
		w.Click(p.X, p.Y, window.Left)
		return "click " + what
	case Wheel:
		p, what := r.target(isScroller)
		dy := float32(src.IntN(601) - 300)
		w.Wheel(p.X, p.Y, dy)
		return fmt.Sprintf("wheel %+g over %s", dy, what)
	case Press:
		i := src.IntN(len(keys))
		w.Key(keys[i])
		return "key " + keyNames[i]
	case Type:
		if w.Focus() == nil || w.Focus().Kind() != document.TextField || src.IntN(4) == 0 {
			if f := r.any(func(n *document.Node) bool { return n.Kind() == document.TextField && r.shown(n) }); f != nil {
				p := r.point(f)
				w.Click(p.X, p.Y, window.Left)
			}
		}
		s := pick(src, typed)
		w.Type(s)
		return fmt.Sprintf("type %q into %s", s, focusName(w))
	case Resize:
		x, y := float32(240+src.IntN(1260)), float32(160+src.IntN(840))
		w.Resize(x, y)
		return fmt.Sprintf("resize %g×%g", x, y)
	case Add:
		c := r.any(isContainer)
		if c == nil {
			return "add: no container"
		}
		r.gen.budget = 1 + src.IntN(12)
		r.gen.container(c, c.Depth()+1)
		return "add a subtree to " + name(c)
	case Remove:
		n := r.any(func(n *document.Node) bool { return n.Parent() != nil })
		if n == nil {
			return "remove: nothing left"
		}
		all := len(r.nodes)
		if size := subtreeSize(n); size > all/3 && src.IntN(4) > 0 {
			return fmt.Sprintf("remove: spared %s (%d of %d nodes)", name(n), size, all)
		}
		d.Remove(n)
		return "remove " + name(n)
	case Class:
		n := r.any(func(*document.Node) bool { return true })
		if cs := n.Classes(); len(cs) > 0 && src.IntN(2) == 0 {
			c := d.Sheet.Name(cs[src.IntN(len(cs))])
			d.RemoveClass(n, c)
			return fmt.Sprintf("remove class %q from %s", c, name(n))
		}
		c := pick(src, r.gen.layout)
		if src.IntN(2) == 0 {
			c = pick(src, r.gen.paint)
		}
		d.AddClass(n, c)
		return fmt.Sprintf("add class %q to %s", c, name(n))
	case Text:
		n := r.any(func(n *document.Node) bool { return n.Kind() == document.Text || n.Kind() == document.TextField })
		if n == nil {
			return "text: no text"
		}
		s := Words(src, src.IntN(16))
		d.SetText(n, s)
		return fmt.Sprintf("set text of %s to %q", name(n), s)
	case State:
		n := r.any(func(*document.Node) bool { return true })
		st, on := pick(src, states), src.IntN(2) == 0
		d.SetState(n, st, on)
		return fmt.Sprintf("set %v %v on %s", st, on, name(n))
	case Value:
		n := r.any(func(n *document.Node) bool {
			k := n.Kind()
			return k == document.Slider || k == document.Image || k == document.TextField
		})
		if n == nil {
			return "value: no slider, image or field"
		}
		switch n.Kind() {
		case document.Slider:
			v := float32(src.IntN(11)) / 10
			d.SetValue(n, v)
			return fmt.Sprintf("set value of %s to %g", name(n), v)
		case document.Image:
			s := src.IntN(8)
			d.SetSprite(n, s)
			return fmt.Sprintf("set sprite of %s to %d", name(n), s)
		}
		c := src.IntN(len(n.Text()) + 1)
		d.SetCaret(n, c)
		return fmt.Sprintf("set caret of %s to %d", name(n), c)
	case Select:
		n := r.any(func(n *document.Node) bool { return n.Kind() == document.Tabs && len(n.Children()) > 0 })
		if n == nil {
			return "select: no tabs"
		}
		i := src.IntN(len(n.Children()))
		d.Select(n, i)
		return fmt.Sprintf("select panel %d of %s", i, name(n))
	case NewScroll, NewList, NewTabs:
		c := r.any(isContainer)
		if c == nil {
			return a.String() + ": no container"
		}
		r.gen.budget = 4 + src.IntN(20)
		switch a {
		case NewScroll:
			r.gen.scroll(c, c.Depth()+1)
		case NewList:
			r.gen.list(c)
		default:
			r.gen.tabs(c, c.Depth()+1)
		}
		return fmt.Sprintf("%v in %s", a, name(c))
	case Insert:
		ref := r.any(func(n *document.Node) bool { return n.Parent() != nil && isContainer(n.Parent()) })
		if ref == nil {
			return "insert: nowhere"
		}
		k := pick(src, []document.Kind{document.Box, document.Text, document.Button, document.Checkbox, document.TextField, document.Image})
		cls := r.gen.classes(2, 1)
		var n *document.Node
		where := "before"
		if src.IntN(2) == 0 {
			n = d.InsertBefore(ref, k, cls)
		} else {
			n, where = d.InsertAfter(ref, k, cls), "after"
		}
		switch k {
		case document.Text, document.TextField:
			d.SetText(n, Words(src, 1+src.IntN(6)))
		case document.Button:
			d.SetText(d.Add(n, document.Text), Words(src, 1))
		case document.Box:
			d.SetText(d.Add(n, document.Text), Words(src, 1+src.IntN(3)))
		}
		return fmt.Sprintf("insert %s %q %s %s", name(n), cls, where, name(ref))
	case ScrollTo:
		n := r.any(isScroller)
		if n == nil {
			return "scroll-to: no scroller"
		}
		y := float32(src.IntN(int(r.W.Box(n).ContentH) + 50))
		d.SetScrollY(n, y)
		return fmt.Sprintf("scroll %s to %g", name(n), y)
	case Restyle:
		c := pick(src, r.gen.layout)
		if src.IntN(2) == 0 {
			c = pick(src, r.gen.paint)
		}
		p := pick(src, restyles)
		d.Sheet.Define(c, p.props)
		return fmt.Sprintf("redefine class %q as %s", c, p.what)
	}
	panic(fmt.Sprintf("monkey: unknown action %d", a))
}

// restyles are the rules the Restyle action gives a class.
var restyles = []struct {
	what  string
	props style.Props
}{
	{"a row with a gap", style.Props{}.Direction(style.Row).Gap(5)},
	{"padded and tinted", style.Props{}.Padding(geom.All(7)).Background(style.RGB(0xee, 0xdd, 0xcc))},
	{"120 px wide", style.Props{}.Width(style.PxLen(120))},
	{"growing", style.Props{}.Grow(1)},
	{"hidden", style.Props{}.Hidden(true)},
	{"large bold text", style.Props{}.FontSize(18).Bold(true)},
	{"bordered", style.Props{}.Border(2, style.RGB(0x40, 0x40, 0x40)).Radius(3)},
	{"nothing", style.Props{}},
}

func focusName(w *window.Window) string {
	if f := w.Focus(); f != nil {
		return name(f)
	}
	return "nothing"
}

func subtreeSize(n *document.Node) int {
	k := 0
	document.Walk(n, func(*document.Node) bool { k++; return true })
	return k
}
