// Package document is the engine's element tree: kinds, classes, states
// and content, and the record of what changed since the last frame.
//
// A Document owns its nodes. Every node has a dense ID, never reused, that
// the frame stages (style, layout, paint, hit) use to index their own
// per-node tables, so no stage stores its state on the node and the tree
// knows nothing of them.
//
// Mutations go through Document methods, which queue the node for the
// stage that must redo work: a class or state change queues a restyle, a
// text or child-list change queues a box rebuild, a value, caret or
// animation-phase change queues a repaint. Nothing else is ever walked: a
// frame starts from these queues, which is what keeps a one-control update
// O(depth) in a ten-thousand-control document.
//
// # Misuse
//
// A call that cannot mean anything is programmer misuse and panics with a
// "document: …" message saying what was wrong, before it changes
// anything:
//   - every mutation (Add, InsertBefore, InsertAfter, Remove, SetState,
//     AddClass, RemoveClass, SetText, SetCaret, SetValue, SetPhase,
//     SetAnimated, SetSprite, SetGroup, Select, SetScrollY, SetList,
//     AddRow, Rebind) of a nil node, of a removed one — a second Remove
//     of the same node among them — or of another document's;
//   - removing the root;
//   - AddRow on anything but a List, on a List before SetList, or of a
//     row outside its model; Rebind of anything but a list's row, or to a
//     row outside its model;
//   - SetList on anything but a List, or with a model of no row height
//     (or one past style.MaxLength), a negative overscan or no Label;
//   - Select on anything but a Tabs; SetScrollY on anything but a Scroll
//     or a List;
//   - a number that is not one: SetScrollY or SetPhase not finite,
//     SetValue NaN; SetSprite negative.
//
// What a user would expect to work, works: at most one element is
// hovered and one focused, so SetState with Hover or Focus on moves the
// state from the element that had it (Hovered, Focused); SetScrollY below
// 0 is 0, and the window clamps an offset past the end of the content
// once the frame has laid the content out; SetValue is clamped to [0, 1];
// a caret (SetCaret, or SetText moving it) is clamped to the text and
// moved to the start of a character it would fall inside; Select past
// either end selects that end's panel; SetList on a list a window shows
// rebinds its rows and asks for a frame, and the window mounts the rows a
// taller port needs, at most MaxMounted.
package document

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/ui/style"
)

// ID identifies a node within its document.
type ID int32

// None is no node.
const None ID = -1

// Kind is an element kind.
type Kind uint8

const (
	Box Kind = iota
	Text
	Button
	Checkbox
	Radio
	Slider
	TextField
	Tabs
	Progress // indeterminate, animated
	Image
	Scroll
	Table
	List // virtualised
	numKinds
)

var kindNames = [numKinds]string{"box", "text", "button", "checkbox", "radio", "slider", "textfield", "tabs", "progress", "image", "scroll", "table", "list"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Kinds returns every element kind.
func Kinds() []Kind {
	out := make([]Kind, numKinds)
	for i := range out {
		out[i] = Kind(i)
	}
	return out
}

// Focusable reports whether Tab can move focus to elements of the kind.
func (k Kind) Focusable() bool {
	switch k {
	case Button, Checkbox, Radio, Slider, TextField, Tabs:
		return true
	}
	return false
}

// Dirty is what a node owes the next frame.
type Dirty uint8

const (
	// NeedsStyle: class or state changed.
	NeedsStyle Dirty = 1 << iota
	// NeedsBoxes: text, children or bound model row changed.
	NeedsBoxes
	// NeedsPaint: a painted value changed (slider value, caret, animation phase).
	NeedsPaint
)

// Node is one element.
type Node struct {
	id       ID
	kind     Kind
	depth    int32
	parent   *Node
	children []*Node
	classes  []style.Class
	state    style.State
	queued   Dirty

	// Content.
	text     string  // Text, Button (none: label is a child), TextField value
	value    float32 // Slider 0..1
	caret    int     // TextField: byte offset
	selected int     // Tabs: selected panel
	sprite   int     // Image: sprite number
	group    string  // Radio: group name
	scrollY  float32 // Scroll, List: content offset
	list     *ListModel
	rowIndex int // a List's row: the model row it shows (-1 when not a row)
	phase    float32
	animated bool // Progress: animates while mounted
	folded   bool // a Tabs panel not selected: not displayed, whatever its classes say
}

// ID returns the node's ID.
func (n *Node) ID() ID { return n.id }

// Kind returns the element kind.
func (n *Node) Kind() Kind { return n.kind }

// Depth returns the number of ancestors.
func (n *Node) Depth() int { return int(n.depth) }

// Parent returns the parent, or nil for the root.
func (n *Node) Parent() *Node { return n.parent }

// Children returns the children; the caller must not modify the slice.
func (n *Node) Children() []*Node { return n.children }

// Classes returns the classes; the caller must not modify the slice.
func (n *Node) Classes() []style.Class { return n.classes }

// State returns the element's state.
func (n *Node) State() style.State { return n.state }

// Text returns a Text element's text or a TextField's value.
func (n *Node) Text() string { return n.text }

// Value returns a Slider's value in [0, 1].
func (n *Node) Value() float32 { return n.value }

// Caret returns a TextField's caret byte offset.
func (n *Node) Caret() int { return n.caret }

// Selected returns a Tabs element's selected panel.
func (n *Node) Selected() int { return n.selected }

// Sprite returns an Image's sprite number.
func (n *Node) Sprite() int { return n.sprite }

// Group returns a Radio's group.
func (n *Node) Group() string { return n.group }

// ScrollY returns a Scroll or List element's scroll offset.
func (n *Node) ScrollY() float32 { return n.scrollY }

// ListModel returns a List's model, or nil.
func (n *Node) ListModel() *ListModel { return n.list }

// RowIndex returns the model row a List row shows, or -1.
func (n *Node) RowIndex() int { return n.rowIndex }

// Phase returns a Progress element's animation phase in [0, 1).
func (n *Node) Phase() float32 { return n.phase }

// Animated reports whether the element animates (a Progress that runs).
func (n *Node) Animated() bool { return n.animated }

// Folded reports whether the element is a Tabs panel that is not selected:
// it is not displayed, whatever its classes say.
func (n *Node) Folded() bool { return n.folded }

// Is reports whether the node has the class.
func (n *Node) Is(c style.Class) bool { return slices.Contains(n.classes, c) }

// ListModel is a virtualised list's data: Rows model rows of RowHeight
// pixels, only those in or near the port mounted as children.
type ListModel struct {
	Rows      int
	RowHeight float32
	Overscan  int                // rows mounted beyond the port, above it once scrolled past them
	Label     func(i int) string // the text of model row i; must be deterministic
	RowClass  string             // the class (or classes) of every row
}

// MaxMounted is the most rows a list mounts (Mounted): 4 096 of the
// gallery's 20 px rows fill 81 920 px, 19 times an 8K display's height.
// Without a bound a port of 10^9 px — a class that makes the list that
// tall — mounted the rows it could show of a 10^8-row model, every one
// of them, and the frame never ended; so did a huge overscan or a row a
// thousandth of a pixel high. A port taller than its mounted rows shows
// nothing below them.
const MaxMounted = 4096

// Mounted returns how many rows a port of height px needs mounted: the
// rows it can show, plus the overscan, at most the model's rows and at
// most MaxMounted. A port shows one row more than fit in it whenever its
// offset is part of a row down (a part of a row at each end), so that
// row is always mounted.
func (m *ListModel) Mounted(port float32) int {
	if !(m.RowHeight > 0) {
		return 0
	}
	// In float64, where a huge port or overscan cannot overflow an int.
	n := math.Ceil(float64(port/m.RowHeight)) + 1 + float64(m.Overscan)
	if !(n > 0) { // NaN or none
		return 0
	}
	return int(min(n, float64(m.Rows), MaxMounted))
}

// First returns the model row the first of mounted rows is bound to at
// offset scrollY: the row the offset shows first, less the overscan, and
// no later than leaves the mounted rows inside the model.
func (m *ListModel) First(scrollY float32, mounted int) int {
	return max(0, min(int(scrollY/m.RowHeight)-m.Overscan, m.Rows-mounted))
}

// Document is an element tree with its stylesheet and change queues.
type Document struct {
	Sheet *style.Sheet
	root  *Node
	nodes []*Node // by ID; nil once removed

	styleQ, boxQ, paintQ []ID
	scrollQ              []ID    // scroll offsets set since the last frame
	removed              []*Node // roots of subtrees removed since the last frame
	structural           bool    // children added or removed since the last frame
	anim                 []*Node // mounted animated elements
	hover, focus         *Node   // the one element in each state, or nil
	edits                uint64  // changes made so far (Edits)

	// Notify, if set, is called whenever a change newly queues work for the
	// next frame: the window sets it to ask for that frame (or to join the
	// one already asked for, and note who asked).
	Notify func()
}

// New returns a document whose root is a Box with the given classes.
func New(sheet *style.Sheet, rootClasses ...string) *Document {
	d := &Document{Sheet: sheet}
	d.root = d.newNode(Box, rootClasses)
	d.queue(d.root, NeedsStyle|NeedsBoxes)
	return d
}

// Root returns the root element.
func (d *Document) Root() *Node { return d.root }

// Node returns the node with the ID, or nil if it was removed.
func (d *Document) Node(id ID) *Node {
	if id < 0 || int(id) >= len(d.nodes) {
		return nil
	}
	return d.nodes[id]
}

// Cap returns one more than the largest ID ever given: the size a stage's
// per-node table must have.
func (d *Document) Cap() int { return len(d.nodes) }

// Animated returns the number of mounted animated elements.
func (d *Document) Animated() int { return len(d.anim) }

// AnimatedNodes returns the mounted animated elements; the caller must not
// modify the slice.
func (d *Document) AnimatedNodes() []*Node { return d.anim }

func (d *Document) startAnim(n *Node) { d.anim = append(d.anim, n) }

func (d *Document) stopAnim(n *Node) {
	if i := slices.Index(d.anim, n); i >= 0 {
		d.anim = slices.Delete(d.anim, i, i+1)
	}
}

func (d *Document) newNode(k Kind, classes []string) *Node {
	n := &Node{id: ID(len(d.nodes)), kind: k, rowIndex: -1}
	for _, c := range classes {
		for _, f := range strings.Fields(c) {
			n.classes = append(n.classes, d.Sheet.Intern(f))
		}
	}
	d.nodes = append(d.nodes, n)
	return n
}

// Add creates an element of kind k with the classes (space-separated names
// allowed) and appends it to parent, which must be in the document.
func (d *Document) Add(parent *Node, k Kind, classes ...string) *Node {
	d.mustHave(parent, "Add under")
	n := d.newNode(k, classes)
	d.attach(parent, n, len(parent.children))
	return n
}

// InsertBefore creates an element like Add and places it just before the
// sibling ref.
func (d *Document) InsertBefore(ref *Node, k Kind, classes ...string) *Node {
	return d.insertAt(ref, 0, k, classes)
}

// InsertAfter creates an element like Add and places it just after the
// sibling ref.
func (d *Document) InsertAfter(ref *Node, k Kind, classes ...string) *Node {
	return d.insertAt(ref, 1, k, classes)
}

func (d *Document) insertAt(ref *Node, after int, k Kind, classes []string) *Node {
	d.mustHave(ref, "insert beside")
	p := ref.parent
	if p == nil {
		panic("document: insert beside the root")
	}
	n := d.newNode(k, classes)
	d.attach(p, n, slices.Index(p.children, ref)+after)
	return n
}

func (d *Document) attach(parent, n *Node, at int) {
	n.parent = parent
	parent.children = slices.Insert(parent.children, at, n)
	d.mount(n, parent.depth+1)
	d.structural = true
	d.queue(parent, NeedsBoxes)
}

func (d *Document) mount(n *Node, depth int32) {
	n.depth = depth
	d.queue(n, NeedsStyle|NeedsBoxes)
	if n.animated {
		d.startAnim(n)
	}
	for _, c := range n.children {
		d.mount(c, depth+1)
	}
}

// Remove detaches n and its subtree from the document; their IDs are never
// reused.
func (d *Document) Remove(n *Node) {
	d.mustHave(n, "Remove of")
	p := n.parent
	if p == nil {
		panic("document: Remove of the root")
	}
	i := slices.Index(p.children, n)
	p.children = slices.Delete(p.children, i, i+1)
	n.parent = nil
	d.unmount(n)
	d.removed = append(d.removed, n)
	d.structural = true
	d.queue(p, NeedsBoxes)
}

func (d *Document) unmount(n *Node) {
	if n.animated {
		d.stopAnim(n)
	}
	if d.hover == n {
		d.hover = nil
	}
	if d.focus == n {
		d.focus = nil
	}
	d.nodes[n.id] = nil
	for _, c := range n.children {
		d.unmount(c)
	}
}

// Removed reports whether the ID belonged to a node that is gone.
func (d *Document) Removed(id ID) bool { return int(id) < len(d.nodes) && d.nodes[id] == nil }

// has reports whether n is a node of d that is still in the tree.
func (d *Document) has(n *Node) bool {
	return n != nil && int(n.id) < len(d.nodes) && d.nodes[n.id] == n
}

// mustHave panics when n is not a node in d: what names the call. Every
// mutation calls it first, so its test is three comparisons, inlined;
// the message is built only on the way out.
func (d *Document) mustHave(n *Node, what string) {
	if !d.has(n) {
		refuse(n, what)
	}
}

func refuse(n *Node, what string) {
	if n == nil {
		panic("document: " + what + " a nil node")
	}
	panic(fmt.Sprintf("document: %s %v#%d, which is removed or of another document", what, n.kind, n.id))
}

func (d *Document) queue(n *Node, what Dirty) {
	d.edits++
	add := what &^ n.queued
	if add == 0 {
		return
	}
	if d.Notify != nil {
		defer d.Notify()
	}
	n.queued |= add
	if add&NeedsStyle != 0 {
		d.styleQ = append(d.styleQ, n.id)
	}
	if add&NeedsBoxes != 0 {
		d.boxQ = append(d.boxQ, n.id)
	}
	if add&NeedsPaint != 0 {
		d.paintQ = append(d.paintQ, n.id)
	}
}

// Edits returns how many changes the document has taken since it was
// made. It only grows, by one or more for every call that changes
// something (a call that changes nothing, such as AddClass of a class the
// element has, adds none), so two readings tell whether anything changed
// between them: the window reads it around the handlers it calls.
func (d *Document) Edits() uint64 { return d.edits }

// Pending reports whether any change awaits a frame.
func (d *Document) Pending() bool {
	return len(d.styleQ) > 0 || len(d.boxQ) > 0 || len(d.paintQ) > 0 || len(d.scrollQ) > 0
}

// TakeScrolled appends the scroll containers whose offset was set since
// the last call (each once, removed ones left out) to dst and forgets them.
// The window takes them before the frame's other changes, so that a
// virtualised list can rebind its rows to the new offset in the same frame.
func (d *Document) TakeScrolled(dst []*Node) []*Node {
	for _, id := range d.scrollQ {
		if n := d.nodes[id]; n != nil && !slices.Contains(dst, n) {
			dst = append(dst, n)
		}
	}
	d.scrollQ = d.scrollQ[:0]
	return dst
}

// Changes is what the document owes the next frame, each list in tree
// depth order (parents before children). The slices are only valid until
// the next call to TakeChanges.
type Changes struct {
	Style, Boxes, Paint []*Node
	// Removed are the roots of subtrees removed since the last frame; their
	// nodes are detached and their IDs dead.
	Removed    []*Node
	Structural bool
}

// TakeChanges empties the change queues into ch, dropping removed nodes.
// It reuses ch's slices, so a steady frame loop does not allocate.
func (d *Document) TakeChanges(ch *Changes) {
	ch.Style = d.drain(ch.Style[:0], &d.styleQ, NeedsStyle)
	ch.Boxes = d.drain(ch.Boxes[:0], &d.boxQ, NeedsBoxes)
	ch.Paint = d.drain(ch.Paint[:0], &d.paintQ, NeedsPaint)
	ch.Removed = append(ch.Removed[:0], d.removed...)
	clear(d.removed)
	d.removed = d.removed[:0]
	ch.Structural = d.structural
	d.structural = false
}

func (d *Document) drain(out []*Node, q *[]ID, bit Dirty) []*Node {
	for _, id := range *q {
		if n := d.nodes[id]; n != nil {
			n.queued &^= bit
			out = append(out, n)
		}
	}
	*q = (*q)[:0]
	slices.SortFunc(out, byDepth)
	return out
}

func byDepth(a, b *Node) int {
	if a.depth != b.depth {
		return int(a.depth - b.depth)
	}
	return int(a.id - b.id)
}

// Walk calls f for n and its descendants in tree (draw) order until f
// returns false for a node, which skips that node's subtree.
func Walk(n *Node, f func(*Node) bool) {
	if !f(n) {
		return
	}
	for _, c := range n.children {
		Walk(c, f)
	}
}
