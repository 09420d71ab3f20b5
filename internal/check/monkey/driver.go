package monkey

import (
	"fmt"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/internal/check/monkey/docgen"

	"github.com/perfbench/perfbench/internal/instrument/clock"
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
	Move       Action = iota // the pointer moves over an element or anywhere
	Click                    // a click on an element, focusable ones preferred
	Wheel                    // the wheel over a scroller or anywhere
	Press                    // a key
	Type                     // typing into the focused field
	Resize                   // the viewport changes size
	Add                      // a generated subtree appended to a container
	Remove                   // a subtree removed
	Class                    // a class added or removed
	Text                     // a Text's or a TextField's text replaced
	State                    // a state turned on or off
	Value                    // a slider's value, an image's sprite or a caret set
	Select                   // a Tabs' panel selected
	NewScroll                // a new scroll container with content
	NewList                  // a new virtualised list
	NewTabs                  // a new Tabs element
	Insert                   // an element inserted before or after another
	ScrollTo                 // a scroller's offset set by the application
	Restyle                  // a class's rule redefined in the sheet
	HoverClass               // a class with a hover variant added to or removed from an element
	Variant                  // a class's hover variant added or dropped through Rule(c).On
	Hide                     // the root or an element hidden or shown again
	Handle                   // a click handler registered or removed on an open window
	SetList                  // a list given a new model on an open window
	Readd                    // a subtree removed and an equal one added in its place
	Hostile                  // input no platform sends, or far outside the window
	Misuse                   // a call the document or window must refuse, or clamp
	numActions
)

var actionNames = [numActions]string{"move", "click", "wheel", "key", "type", "resize", "add", "remove", "class", "text", "state", "value", "select", "new-scroll", "new-list", "new-tabs", "insert", "scroll-to", "restyle", "hover-class", "variant", "hide", "handle", "set-list", "readd", "hostile", "misuse"}

// Input reports whether the action is input through the window (which a
// checker can replay on another window), not a change to the document.
func (a Action) Input() bool { return a <= Resize || a == Hostile }

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
	Move: 9, Click: 14, Wheel: 10, Press: 6, Type: 6, Resize: 4,
	Add: 8, Remove: 6, Class: 10, Text: 5, State: 6, Value: 3, Select: 3,
	NewScroll: 2, NewList: 2, NewTabs: 2, Insert: 5, ScrollTo: 3, Restyle: 2,
	HoverClass: 4, Variant: 2, Hide: 2, Handle: 6, SetList: 2, Readd: 2,
	Hostile: 4, Misuse: 4,
}

// Driver performs random actions on a window over a document.
type Driver struct {
	W   *window.Window
	Clk *clock.Virtual
	Src docgen.Source
	// MaxViewport is the largest side a Resize gives the viewport;
	// DefaultMaxViewport when zero. A checker that draws pictures keeps
	// it small.
	MaxViewport float32

	gen   docgen.Generator
	nodes []*document.Node

	// The last step's record, for a checker (Touched, Inputs, Mutated).
	touched []geom.Point
	inputs  []func(*window.Window)
	mutated bool
	// handlers are the elements given a click handler, and what it does
	// (Handlers); dispatched is set when one changed the document while
	// the last step's input was dispatched (Dispatched).
	handlers   map[*document.Node]Handling
	dispatched bool
	hidden     string // the class that hides an element
	showRoot   bool   // the next Hide shows the root
	hot        []string
	// Misuses counts the Hostile and Misuse actions performed.
	Misuses int
	// Misuse's nodes: the last subtrees removed, and another document's.
	removed      []*document.Node
	foreign      *document.Document
	foreignNodes []*document.Node
}

// DefaultMaxViewport is the largest viewport side a driver gives by
// default: far past any screen, where a layout's numbers stop being small.
const DefaultMaxViewport = 100_000

// NewDriver returns a driver for w, whose clock must be clk. The classes
// it adds and removes, and gives the subtrees it adds, are the classes
// the document uses when the driver starts.
func NewDriver(w *window.Window, clk *clock.Virtual, src docgen.Source) *Driver {
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
	r := &Driver{W: w, Clk: clk, Src: src, gen: docgen.Generator{D: d, Src: src, Layout: names, Paint: names}, handlers: map[*document.Node]Handling{}}
	r.hidden = "hidden"
	if c, ok := d.Sheet.Lookup("hidden"); !ok || !hides(d.Sheet.Rule(c).Base()) {
		r.hidden = "monkey-hidden"
		d.Sheet.Define(r.hidden, style.Props{}.Hidden(true))
	}
	for _, n := range names {
		if c, ok := d.Sheet.Lookup(n); ok && d.Sheet.Has(c, style.Hover) {
			r.hot = append(r.hot, n)
		}
	}
	if len(r.hot) == 0 {
		r.hot = []string{"monkey-hot"}
		d.Sheet.Define("monkey-hot", style.Props{}).On(style.Hover, style.Props{}.Background(style.RGB(0xd0, 0xe0, 0xff)))
	}
	return r
}

func hides(p style.Props) bool {
	var c style.Computed = style.Initial
	s := &style.Sheet{}
	s.Define("x", p)
	s.Compute(&c, nil, []style.Class{s.Intern("x")}, 0, nil)
	return !c.Display
}

// Touched returns the points the last step aimed at or changed: its
// input's targets and the centres of the elements it changed, as shown
// before the change. A checker hit-tests them (and others).
func (r *Driver) Touched() []geom.Point { return r.touched }

// Inputs returns the last step's input, as calls a checker can replay on
// another window over an equal document.
func (r *Driver) Inputs() []func(*window.Window) { return r.inputs }

// Mutated reports whether the last step changed the document (or its
// sheet, or the window's handlers) as well as giving input, a handler's
// change while the input was dispatched among them (Dispatched): the
// hover that change moves follows the pointer's history, which a replay
// on another window has not seen.
func (r *Driver) Mutated() bool { return r.mutated }

// Dispatched reports whether a handler changed the document while the
// last step's input was dispatched.
func (r *Driver) Dispatched() bool { return r.dispatched }

// Handlers calls f for every element of the document that has a click
// handler, with what the handler does: a checker gives a rebuilt window
// the same ones (Handling.Bind).
func (r *Driver) Handlers(f func(n *document.Node, h Handling)) {
	d := r.W.Document()
	for n, h := range r.handlers {
		if d.Node(n.ID()) == n {
			f(n, h)
		} else {
			delete(r.handlers, n)
		}
	}
}

// handle registers h on n on the live window, noting when it changes the
// document (Dispatched).
func (r *Driver) handle(n *document.Node, h Handling) {
	r.handlers[n] = h
	d := r.W.Document()
	do := h.Bind(d, n)
	r.W.Handle(n, func(b window.Button) bool {
		edits := d.Edits()
		consumed := do(b)
		if d.Edits() != edits {
			r.dispatched, r.mutated = true, true
		}
		return consumed
	})
}

// inHandled reports whether n or an ancestor has a handler the driver
// registered that changes the document: a click on n is offered to it.
func (r *Driver) inHandled(n *document.Node) bool {
	for ; n != nil; n = n.Parent() {
		if h, ok := r.handlers[n]; ok && h.Does != Nothing {
			return true
		}
	}
	return false
}

// input performs one input on the window and records it for replay.
func (r *Driver) input(f func(*window.Window)) {
	r.inputs = append(r.inputs, f)
	f(r.W)
}

// touch records n's centre as shown now, if it is shown.
func (r *Driver) touch(n *document.Node) {
	if n != nil && r.W.Document().Node(n.ID()) == n && r.shown(n) {
		rc := r.W.Rect(n)
		r.touched = append(r.touched, geom.Point{X: rc.X + rc.W/2, Y: rc.Y + rc.H/2})
	}
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
	r.touched, r.inputs, r.mutated, r.dispatched = r.touched[:0], r.inputs[:0], false, false
	d := r.W.Document()
	if d.Root().Is(d.Sheet.Intern(r.hidden)) && r.Src.IntN(4) == 0 {
		// A hidden root is shown again soon: a run spends a few steps
		// on a document with nothing shown, not the rest of it.
		r.mutated = true
		r.showRoot = true
		out = append(out, r.Act(Hide))
		r.showRoot = false
	}
	for range n {
		a := r.draw()
		if !a.Input() {
			r.mutated = true
		}
		out = append(out, r.Act(a))
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
			r.touched = append(r.touched, p)
			return p, fmt.Sprintf("%s at (%g, %g)", name(n), p.X, p.Y)
		}
	}
	s := r.W.Size()
	p := geom.Point{X: float32(r.Src.IntN(int(min(s.X, 1e6)) + 1)), Y: float32(r.Src.IntN(int(min(s.Y, 1e6)) + 1))}
	return p, fmt.Sprintf("(%g, %g)", p.X, p.Y)
}

var (
	keys     = []window.Key{window.Tab, window.BackTab, window.Backspace, window.Delete, window.ArrowLeft, window.ArrowRight, window.Home, window.End, window.Enter, window.Space}
	keyNames = []string{"Tab", "BackTab", "Backspace", "Delete", "ArrowLeft", "ArrowRight", "Home", "End", "Enter", "Space"}
	typed    = []string{"a", "hello ", "é", "→", "数据", " and some more words to wrap", "x"}
	states   = []style.State{style.Hover, style.Focus, style.Pressed, style.Checked, style.Disabled}
)

// Act performs one action of kind a and says what it did: an input
// (send), a change of the tree (grow, prune), of an element's content
// (edit) or of its style (restyle), a click handler, or a misuse.
func (r *Driver) Act(a Action) string {
	for _, act := range []func(Action) (string, bool){r.send, r.grow, r.prune, r.edit, r.restyle} {
		if what, ok := act(a); ok {
			return what
		}
	}
	w := r.W
	d := r.W.Document()
	src := r.Src
	switch a {
	case Handle:
		// Mostly on an element shown, which a click can reach.
		n := r.any(func(n *document.Node) bool { return r.shown(n) || src.IntN(4) == 0 })
		if n == nil {
			n = d.Root()
		}
		r.touch(n)
		if _, ok := r.handlers[n]; ok && src.IntN(2) == 0 {
			delete(r.handlers, n)
			w.Handle(n, nil)
			return "remove the handler of " + name(n)
		}
		h := Handling{Consumes: src.IntN(2) == 0, Does: Effect(src.IntN(int(numEffects))), Class: docgen.Pick(src, r.gen.Layout)}
		if p := n.Parent(); p != nil && src.IntN(2) == 0 {
			// Every child of n's parent, as a list gives each row its
			// delete button: the rows are clicked away one by one.
			for _, c := range p.Children() {
				if takes(c, h.Does) {
					r.handle(c, h)
				}
			}
			return fmt.Sprintf("handle clicks on each child of %s: %v (consuming: %v)", name(p), h.Does, h.Consumes)
		}
		if !takes(n, h.Does) {
			h.Does = ToggleClass
		}
		r.handle(n, h)
		return fmt.Sprintf("handle clicks on %s: %v (consuming: %v)", name(n), h.Does, h.Consumes)
	case Hostile:
		r.Misuses++
		return r.hostile()
	case Misuse:
		r.Misuses++
		return r.misuse()
	}
	panic(fmt.Sprintf("monkey: unknown action %d", a))
}

// send sends the window one input of kind a, aimed where a person would
// aim it, and says what it did; ok is false for an action of another kind.
func (r *Driver) send(a Action) (what string, ok bool) {
	w := r.W
	src := r.Src
	switch a {
	case Move:
		p, what := r.target(nil)
		r.input(func(w *window.Window) { w.PointerMove(p.X, p.Y) })
		return "move to " + what, true
	case Click:
		keep := func(n *document.Node) bool { return n.Kind().Focusable() || src.IntN(4) == 0 }
		if len(r.handlers) > 0 && src.IntN(4) > 0 {
			// Most clicks land inside an element with a handler, which may
			// change the document while the click is dispatched: one whose
			// centre reaches such an element (not scrolled out of its port
			// or under another).
			keep = func(n *document.Node) bool {
				if !r.inHandled(n) || !r.shown(n) {
					return false
				}
				rc := w.Rect(n)
				return r.inHandled(w.HitTest(rc.X+rc.W/2, rc.Y+rc.H/2))
			}
		}
		p, what := r.target(keep)
		r.input(func(w *window.Window) { w.Click(p.X, p.Y, window.Left) })
		return "click " + what, true
	case Wheel:
		p, what := r.target(isScroller)
		dy := float32(src.IntN(601) - 300)
		r.input(func(w *window.Window) { w.Wheel(p.X, p.Y, dy) })
		return fmt.Sprintf("wheel %+g over %s", dy, what), true
	case Press:
		i := src.IntN(len(keys))
		r.input(func(w *window.Window) { w.Key(keys[i]) })
		return "key " + keyNames[i], true
	case Type:
		if w.Focus() == nil || w.Focus().Kind() != document.TextField || src.IntN(4) == 0 {
			if f := r.any(func(n *document.Node) bool { return n.Kind() == document.TextField && r.shown(n) }); f != nil {
				p := r.point(f)
				r.touched = append(r.touched, p)
				r.input(func(w *window.Window) { w.Click(p.X, p.Y, window.Left) })
			}
		}
		s := docgen.Pick(src, typed)
		r.input(func(w *window.Window) { w.Type(s) })
		return fmt.Sprintf("type %q into %s", s, focusName(w)), true
	case Resize:
		x, y := float32(240+src.IntN(1260)), float32(160+src.IntN(840))
		switch src.IntN(8) {
		case 0: // tiny: a side of 0 to 13 px
			x, y = float32(src.IntN(14)), float32(src.IntN(14)+src.IntN(2)*400)
		case 1: // huge: a side up to the driver's largest
			big := r.MaxViewport
			if big <= 0 {
				big = DefaultMaxViewport
			}
			if src.IntN(2) == 0 {
				x = float32(src.IntN(int(big)) + 1)
			} else {
				y = float32(src.IntN(int(big)) + 1)
			}
		}
		r.input(func(w *window.Window) { w.Resize(x, y) })
		return fmt.Sprintf("resize %g×%g", x, y), true
	}
	return "", false
}

// grow adds to the document's tree (a subtree, a scroll, list or tabs,
// one element, a list's model) and says what it did; ok is false for an
// action of another kind.
func (r *Driver) grow(a Action) (what string, ok bool) {
	d := r.W.Document()
	src := r.Src
	switch a {
	case Add:
		c := r.any(isContainer)
		if c == nil {
			return "add: no container", true
		}
		r.gen.Budget = 1 + src.IntN(12)
		r.gen.Container(c, c.Depth()+1)
		return "add a subtree to " + name(c), true
	case NewScroll, NewList, NewTabs:
		c := r.any(isContainer)
		if c == nil {
			return a.String() + ": no container", true
		}
		r.gen.Budget = 4 + src.IntN(20)
		switch a {
		case NewScroll:
			r.gen.Scroll(c, c.Depth()+1)
		case NewList:
			r.gen.List(c)
		default:
			r.gen.Tabs(c, c.Depth()+1)
		}
		return fmt.Sprintf("%v in %s", a, name(c)), true
	case Insert:
		ref := r.any(func(n *document.Node) bool { return n.Parent() != nil && isContainer(n.Parent()) })
		if ref == nil {
			return "insert: nowhere", true
		}
		k := docgen.Pick(src, []document.Kind{document.Box, document.Text, document.Button, document.Checkbox, document.TextField, document.Image})
		cls := r.gen.Classes(2, 1)
		var n *document.Node
		where := "before"
		if src.IntN(2) == 0 {
			n = d.InsertBefore(ref, k, cls)
		} else {
			n, where = d.InsertAfter(ref, k, cls), "after"
		}
		switch k {
		case document.Text, document.TextField:
			d.SetText(n, docgen.Words(src, 1+src.IntN(6)))
		case document.Button:
			d.SetText(d.Add(n, document.Text), docgen.Words(src, 1))
		case document.Box:
			d.SetText(d.Add(n, document.Text), docgen.Words(src, 1+src.IntN(3)))
		}
		return fmt.Sprintf("insert %s %q %s %s", name(n), cls, where, name(ref)), true
	case SetList:
		n := r.any(func(n *document.Node) bool { return n.Kind() == document.List })
		if n == nil {
			return "set-list: no list", true
		}
		r.touch(n)
		m := &document.ListModel{
			Rows:      src.IntN(500),
			RowHeight: float32(8 + src.IntN(30)),
			Overscan:  src.IntN(4),
			Label:     docgen.ListLabel,
			RowClass:  docgen.Pick(src, []string{"lrow", "lrow-alt hot", ""}),
		}
		d.SetList(n, m)
		return fmt.Sprintf("give %s a model of %d rows of %g px", name(n), m.Rows, m.RowHeight), true
	}
	return "", false
}

// prune removes a subtree from the document, or removes it and puts an
// equal one back, and says what it did; ok is false for an action of
// another kind.
func (r *Driver) prune(a Action) (what string, ok bool) {
	d := r.W.Document()
	src := r.Src
	switch a {
	case Remove:
		n := r.any(func(n *document.Node) bool { return n.Parent() != nil })
		if n == nil {
			return "remove: nothing left", true
		}
		all := len(r.nodes)
		if size := subtreeSize(n); size > all/3 && src.IntN(4) > 0 {
			return fmt.Sprintf("remove: spared %s (%d of %d nodes)", name(n), size, all), true
		}
		r.touch(n)
		d.Remove(n)
		r.forget(n)
		return "remove " + name(n), true
	case Readd:
		n := r.any(func(n *document.Node) bool { return n.Parent() != nil && n.Parent().Kind() != document.List })
		if n == nil {
			return "readd: nothing", true
		}
		if size := subtreeSize(n); size > len(r.nodes)/3 {
			return fmt.Sprintf("readd: spared %s (%d of %d nodes)", name(n), size, len(r.nodes)), true
		}
		r.touch(n)
		p := n.Parent()
		at := slices.Index(p.Children(), n)
		d.Remove(n)
		r.forget(n)
		m := copyInto(d, p, at, n)
		if p.Kind() == document.Tabs {
			d.Select(p, p.Selected()) // a panel put back is folded as it was
		}
		return fmt.Sprintf("remove %s and add an equal %s in its place", name(n), name(m)), true
	}
	return "", false
}

// edit changes an element's content (its text, value, selected panel or
// scroll offset) and says what it did; ok is false for an action of
// another kind.
func (r *Driver) edit(a Action) (what string, ok bool) {
	d := r.W.Document()
	src := r.Src
	switch a {
	case Text:
		n := r.any(func(n *document.Node) bool { return n.Kind() == document.Text || n.Kind() == document.TextField })
		if n == nil {
			return "text: no text", true
		}
		s := docgen.Words(src, src.IntN(16))
		d.SetText(n, s)
		return fmt.Sprintf("set text of %s to %q", name(n), s), true
	case Value:
		n := r.any(func(n *document.Node) bool {
			k := n.Kind()
			return k == document.Slider || k == document.Image || k == document.TextField
		})
		if n == nil {
			return "value: no slider, image or field", true
		}
		switch n.Kind() {
		case document.Slider:
			v := float32(src.IntN(11)) / 10
			d.SetValue(n, v)
			return fmt.Sprintf("set value of %s to %g", name(n), v), true
		case document.Image:
			s := src.IntN(8)
			d.SetSprite(n, s)
			return fmt.Sprintf("set sprite of %s to %d", name(n), s), true
		}
		c := src.IntN(len(n.Text()) + 1)
		d.SetCaret(n, c)
		return fmt.Sprintf("set caret of %s to %d", name(n), c), true
	case Select:
		n := r.any(func(n *document.Node) bool { return n.Kind() == document.Tabs && len(n.Children()) > 0 })
		if n == nil {
			return "select: no tabs", true
		}
		i := src.IntN(len(n.Children()))
		d.Select(n, i)
		return fmt.Sprintf("select panel %d of %s", i, name(n)), true
	case ScrollTo:
		n := r.any(isScroller)
		if n == nil {
			return "scroll-to: no scroller", true
		}
		// Past both ends too: below 0 is 0, past the content is clamped.
		// Content pulled up by negative margins has a height below 0, and
		// one of sizes past the range up to 10^18 px: an int takes both.
		y := float32(src.IntN(int(max(0, min(r.W.Box(n).ContentH, 1e15)))+600) - 100)
		r.touch(n)
		d.SetScrollY(n, y)
		return fmt.Sprintf("scroll %s to %g", name(n), y), true
	}
	return "", false
}

// restyle changes what styles an element (its classes, its state, a
// class's rule, or whether it is shown) and says what it did; ok is false
// for an action of another kind.
func (r *Driver) restyle(a Action) (what string, ok bool) {
	d := r.W.Document()
	src := r.Src
	switch a {
	case Class:
		n := r.any(func(*document.Node) bool { return true })
		r.touch(n)
		if cs := n.Classes(); len(cs) > 0 && src.IntN(2) == 0 {
			c := d.Sheet.Name(cs[src.IntN(len(cs))])
			d.RemoveClass(n, c)
			return fmt.Sprintf("remove class %q from %s", c, name(n)), true
		}
		c := docgen.Pick(src, r.gen.Layout)
		if src.IntN(2) == 0 {
			c = docgen.Pick(src, r.gen.Paint)
		}
		d.AddClass(n, c)
		return fmt.Sprintf("add class %q to %s", c, name(n)), true
	case State:
		n := r.any(func(*document.Node) bool { return true })
		r.touch(n)
		st, on := docgen.Pick(src, states), src.IntN(2) == 0
		d.SetState(n, st, on)
		return fmt.Sprintf("set %v %v on %s", st, on, name(n)), true
	case Restyle:
		c := docgen.Pick(src, r.gen.Layout)
		if src.IntN(2) == 0 {
			c = docgen.Pick(src, r.gen.Paint)
		}
		p := docgen.Pick(src, restyles)
		if src.IntN(8) == 0 {
			p = docgen.Pick(src, extremes)
		}
		d.Sheet.Define(c, p.props)
		return fmt.Sprintf("redefine class %q as %s", c, p.what), true
	case HoverClass:
		n := r.any(func(*document.Node) bool { return true })
		r.touch(n)
		c := docgen.Pick(src, r.hot)
		if n.Is(d.Sheet.Intern(c)) {
			d.RemoveClass(n, c)
			return fmt.Sprintf("remove hover class %q from %s", c, name(n)), true
		}
		d.AddClass(n, c)
		return fmt.Sprintf("add hover class %q to %s", c, name(n)), true
	case Variant:
		c := docgen.Pick(src, r.gen.Paint)
		if src.IntN(2) == 0 {
			c = docgen.Pick(src, r.hot)
		}
		cls := d.Sheet.Intern(c)
		if n := r.any(func(n *document.Node) bool { return n.Is(cls) }); n != nil {
			r.touch(n)
		}
		rule := d.Sheet.Rule(cls)
		if d.Sheet.Has(cls, style.Hover) {
			rule.On(style.Hover, style.Props{})
			return fmt.Sprintf("drop the hover variant of %q", c), true
		}
		rule.On(style.Hover, style.Props{}.Background(style.RGB(0xcc, 0xee, 0xcc)))
		return fmt.Sprintf("give %q a hover variant", c), true
	case Hide:
		n := d.Root()
		if !r.showRoot && src.IntN(2) == 0 {
			n = r.any(func(*document.Node) bool { return true })
		}
		r.touch(n)
		if n.Is(d.Sheet.Intern(r.hidden)) {
			d.RemoveClass(n, r.hidden)
			return "show " + name(n), true
		}
		d.AddClass(n, r.hidden)
		return "hide " + name(n), true
	}
	return "", false
}

// A rule is a class's properties, and what they are in words.
type rule struct {
	what  string
	props style.Props
}

// restyles are the rules the Restyle action gives a class, and one time
// in eight a size past the range (extremes), which once drawn sends most
// of a document a billion pixels away.
var restyles = []rule{
	{"a row with a gap", style.Props{}.Direction(style.Row).Gap(5)},
	{"padded and tinted", style.Props{}.Padding(geom.All(7)).Background(style.RGB(0xee, 0xdd, 0xcc))},
	{"120 px wide", style.Props{}.Width(style.PxLen(120))},
	{"growing", style.Props{}.Grow(1)},
	{"hidden", style.Props{}.Hidden(true)},
	{"large bold text", style.Props{}.FontSize(18).Bold(true)},
	{"bordered", style.Props{}.Border(2, style.RGB(0x40, 0x40, 0x40)).Radius(3)},
	{"nothing", style.Props{}},
}

// copyInto adds to parent, at child index at, an element equal to n
// (kind, classes, state, content, scroll offset, list model and rows),
// with equal children, through the document's public API.
func copyInto(d *document.Document, parent *document.Node, at int, n *document.Node) *document.Node {
	names := make([]string, len(n.Classes()))
	for i, c := range n.Classes() {
		names[i] = d.Sheet.Name(c)
	}
	cls := strings.Join(names, " ")
	var m *document.Node
	switch kids := parent.Children(); {
	case n.RowIndex() >= 0 && parent.Kind() == document.List:
		return d.AddRow(parent, n.RowIndex())
	case at < len(kids):
		m = d.InsertBefore(kids[at], n.Kind(), cls)
	default:
		m = d.Add(parent, n.Kind(), cls)
	}
	d.SetText(m, n.Text())
	d.SetValue(m, n.Value())
	d.SetCaret(m, n.Caret())
	d.SetSprite(m, n.Sprite())
	d.SetGroup(m, n.Group())
	d.SetAnimated(m, n.Animated())
	d.SetState(m, n.State(), true)
	if l := n.ListModel(); l != nil {
		d.SetList(m, l)
	}
	for i, c := range n.Children() {
		copyInto(d, m, i, c)
	}
	if k := n.Kind(); k == document.Scroll || k == document.List {
		d.SetScrollY(m, n.ScrollY())
	}
	if n.Kind() == document.Tabs && len(n.Children()) > 0 {
		d.Select(m, n.Selected())
	}
	return m
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
