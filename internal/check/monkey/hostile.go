package monkey

import (
	"fmt"
	"math"
	"strings"

	"github.com/perfbench/perfbench/internal/check/monkey/docgen"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// The arguments no caller should pass, which the engine must answer as
// its package docs say: input the window drops (and counts), points far
// outside it that land on nothing, and calls the document or the window
// refuse with a "document: …" or "window: …" panic before they change
// anything.
var (
	nonFinite = []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))}
	badHz     = []float64{math.NaN(), math.Inf(1), 1e300, 2e9, -60}
	far       = []float32{1e30, -1e30, 3e9, -3e9}
	notUTF8   = []string{"\xff", "a\xc3", "\xe6\x95", "ok\x80"}
)

// hostile gives the window one input no platform sends, or one far
// outside it: the first kind must be dropped (Window.Dropped counts one
// more), the second must work, and neither may make a later event panic.
// Now and then the window moves to a display reporting a rate out of
// range, which it must take as none, or the document gets content far
// down or very tall (farContent), or sizes past the range (extreme),
// which must work.
func (r *Driver) hostile() string {
	src := r.Src
	switch src.IntN(16) {
	case 1, 2:
		return r.farContent()
	case 15:
		return r.extreme()
	case 0:
		hz := docgen.Pick(src, badHz)
		r.W.MoveToDisplay(window.Display{ID: 9, RefreshHz: hz})
		if got := r.W.RefreshHz(); got != window.FallbackHz {
			panic(fmt.Sprintf("monkey: a display at %g Hz schedules frames at %g Hz, not the fallback's", hz, got))
		}
		return fmt.Sprintf("hostile display at %g Hz: %g Hz", hz, r.W.RefreshHz())
	}
	p, what := r.target(nil)
	bad := docgen.Pick(src, nonFinite)
	x, y := p.X, p.Y
	if src.IntN(2) == 0 {
		x = bad
	} else {
		y = bad
	}
	dropped := func(what string, f func(*window.Window)) string {
		before := r.W.Dropped()
		r.input(f)
		if r.W.Dropped() != before+1 {
			panic(fmt.Sprintf("monkey: %s was not dropped (Dropped %d, then %d)", what, before, r.W.Dropped()))
		}
		return "hostile " + what + ": dropped"
	}
	switch src.IntN(8) {
	case 0:
		return dropped(fmt.Sprintf("move to (%g, %g)", x, y), func(w *window.Window) { w.PointerMove(x, y) })
	case 1:
		return dropped(fmt.Sprintf("click (%g, %g)", x, y), func(w *window.Window) { w.Click(x, y, window.Left) })
	case 2:
		b := window.Button(2 + src.IntN(254))
		return dropped(fmt.Sprintf("click %s with button %d", what, b), func(w *window.Window) { w.Click(p.X, p.Y, b) })
	case 3:
		if src.IntN(2) == 0 {
			return dropped(fmt.Sprintf("wheel %g over %s", bad, what), func(w *window.Window) { w.Wheel(p.X, p.Y, bad) })
		}
		return dropped(fmt.Sprintf("wheel +40 at (%g, %g)", x, y), func(w *window.Window) { w.Wheel(x, y, 40) })
	case 4:
		k := window.Key(10 + src.IntN(246))
		return dropped(fmt.Sprintf("key %d", k), func(w *window.Window) { w.Key(k) })
	case 5:
		s := docgen.Pick(src, notUTF8)
		return dropped(fmt.Sprintf("type %q into %s", s, focusName(r.W)), func(w *window.Window) { w.Type(s) })
	case 6:
		fx, fy := docgen.Pick(src, far), docgen.Pick(src, far)
		if src.IntN(2) == 0 {
			r.input(func(w *window.Window) { w.PointerMove(fx, fy) })
			return fmt.Sprintf("hostile move to (%g, %g), far outside", fx, fy)
		}
		r.input(func(w *window.Window) { w.Click(fx, fy, window.Left) })
		return fmt.Sprintf("hostile click (%g, %g), far outside", fx, fy)
	}
	p, what = r.target(isScroller)
	dy := docgen.Pick(src, far)
	r.input(func(w *window.Window) { w.Wheel(p.X, p.Y, dy) })
	return fmt.Sprintf("hostile wheel %g over %s", dy, what)
}

// farRows and farHeights are content far down the page: models of
// rows a list scrolls to the end of, and heights a class is given, from
// past the bands the engine indexes apart (2^20 px) to where a float32
// pixel is 64 px.
var (
	farRows    = []int{100_000, 800_000, 100_000_000}
	farHeights = []float32{2e6, 1e7, 1e9}
)

// extremes are finite sizes past what float32 holds the sums of, which a
// style saturates (style.MaxLength): a class redefined with one must lay
// out to finite geometry, equal to a rebuild's. The Restyle action draws
// one now and then, and the Hostile action (extreme) besides.
var extremes = []rule{
	{"3.4e38 px wide, past the range", style.Props{}.Width(style.PxLen(math.MaxFloat32))},
	{"1e30 px tall, past the range", style.Props{}.Height(style.PxLen(1e30))},
	{"a row with a gap of 1e38 px, past the range", style.Props{}.Direction(style.Row).Gap(1e38)},
	{"padded 3.4e38 px, past the range", style.Props{}.Padding(geom.All(math.MaxFloat32))},
	{"a margin of -3.4e38 px, past the range", style.Props{}.Margin(geom.All(-math.MaxFloat32))},
	{"1e30% wide and growing 3.4e38, past the range", style.Props{}.Width(style.Pct(1e30)).Grow(math.MaxFloat32)},
	{"3.4e38 px at least, bordered 1e38, past the range", style.Props{}.MinWidth(math.MaxFloat32).MinHeight(math.MaxFloat32).Border(1e38, style.RGB(9, 9, 9))},
	{"shrinking 3.4e38 of 2e9 px, past the range", style.Props{}.Shrink(math.MaxFloat32).Width(style.PxLen(2 * style.MaxLength))},
}

// extreme redefines one of the document's classes with a size past the
// range (extremes), which must lay out to finite geometry that routes and
// draws as a rebuild's does.
func (r *Driver) extreme() string {
	r.mutated = true // the document, not input a replay could give
	c, e := docgen.Pick(r.Src, r.gen.Layout), docgen.Pick(r.Src, extremes)
	r.W.Document().Sheet.Define(c, e.props)
	return fmt.Sprintf("hostile: redefine class %q as %s", c, e.what)
}

// farContent gives a list a model of up to 10^8 rows and scrolls it to
// the end (past it by a port, which the frame clamps), or redefines one
// of the document's classes as 2·10^6 to 10^9 px tall: content whose
// cost must be what is in view, and which must route and draw as a
// rebuild does.
func (r *Driver) farContent() string {
	src := r.Src
	d := r.W.Document()
	r.mutated = true // the document, not input a replay could give
	if src.IntN(2) == 0 {
		if n := r.any(func(n *document.Node) bool { return n.Kind() == document.List }); n != nil {
			r.touch(n)
			m := &document.ListModel{Rows: docgen.Pick(src, farRows), RowHeight: float32(8 + src.IntN(30)), Overscan: src.IntN(4),
				Label: docgen.ListLabel, RowClass: docgen.Pick(src, []string{"lrow", "lrow-alt hot", ""})}
			d.SetList(n, m)
			d.SetScrollY(n, float32(m.Rows)*m.RowHeight)
			return fmt.Sprintf("hostile: give %s %d rows of %g px and scroll to the end", name(n), m.Rows, m.RowHeight)
		}
	}
	c, h := docgen.Pick(src, r.gen.Layout), docgen.Pick(src, farHeights)
	d.Sheet.Define(c, style.Props{}.Height(style.PxLen(h)))
	return fmt.Sprintf("hostile: redefine class %q as %g px tall", c, h)
}

// misuse makes one call the document or the window must refuse, or one
// out of range that it must clamp: a mutation of another document's node
// (one with the same ID as a node here), of a removed node or of nil; a
// number that is not one; a kind or row a call does not take. A refusal
// must be a "document: …" or "window: …" panic that left the node as it
// was; anything else fails the run.
func (r *Driver) misuse() string {
	src := r.Src
	d := r.W.Document()
	if src.IntN(4) == 0 {
		return r.clamped()
	}
	switch src.IntN(4) {
	case 0: // another document's node
		n := r.foreignNode()
		m := docgen.Pick(src, mutations)
		return r.refused(fmt.Sprintf("%s another document's %s", m.name, name(n)), n, func() { m.do(r, n) })
	case 1: // a removed node, or nil
		m := docgen.Pick(src, mutations)
		if len(r.removed) == 0 || src.IntN(4) == 0 {
			return r.refused(m.name+" nil", nil, func() { m.do(r, nil) })
		}
		n := docgen.Pick(src, r.removed)
		return r.refused(fmt.Sprintf("%s removed %s", m.name, name(n)), n, func() { m.do(r, n) })
	case 2: // a number that is not one
		bad := docgen.Pick(src, nonFinite)
		switch src.IntN(6) {
		case 0:
			if n := r.any(isScroller); n != nil {
				return r.refused(fmt.Sprintf("SetScrollY of %s to %g", name(n), bad), n, func() { d.SetScrollY(n, bad) })
			}
		case 1:
			if n := r.any(func(n *document.Node) bool { return n.Kind() == document.Slider }); n != nil {
				nan := nonFinite[0]
				return r.refused(fmt.Sprintf("SetValue of %s to NaN", name(n)), n, func() { d.SetValue(n, nan) })
			}
		case 2:
			if n := r.any(func(n *document.Node) bool { return n.Kind() == document.Progress }); n != nil {
				return r.refused(fmt.Sprintf("SetPhase of %s to %g", name(n), bad), n, func() { d.SetPhase(n, bad) })
			}
		case 3:
			if n := r.any(func(n *document.Node) bool { return n.Kind() == document.List }); n != nil {
				m := &document.ListModel{Rows: 10, RowHeight: bad, Label: docgen.ListLabel}
				switch src.IntN(3) {
				case 0:
					m.RowHeight, m.Overscan = 20, -1-src.IntN(5)
				case 1: // finite, but past a style's largest length
					m.RowHeight = docgen.Pick(src, []float32{2 * style.MaxLength, math.MaxFloat32})
				}
				return r.refused(fmt.Sprintf("SetList of %s with %d rows of %g px, overscan %d", name(n), m.Rows, m.RowHeight, m.Overscan), n, func() { d.SetList(n, m) })
			}
		case 4:
			c := docgen.Pick(src, r.gen.Layout)
			st := docgen.Pick(src, badProps)
			return r.refused(fmt.Sprintf("redefine class %q with %s %g", c, st.name, bad), nil, func() { d.Sheet.Define(c, st.set(bad)) })
		}
		w, h := bad, r.W.Size().Y
		if src.IntN(2) == 0 {
			w, h = r.W.Size().X, -1-float32(src.IntN(100))
		}
		return r.refused(fmt.Sprintf("resize %g×%g", w, h), nil, func() { r.W.Resize(w, h) })
	}
	// A kind or row a call does not take.
	switch src.IntN(4) {
	case 0:
		if n := r.any(func(n *document.Node) bool { return n.Kind() != document.Tabs }); n != nil {
			return r.refused("Select on "+name(n), n, func() { d.Select(n, src.IntN(3)) })
		}
	case 1:
		if n := r.any(func(n *document.Node) bool { return n.RowIndex() < 0 }); n != nil {
			return r.refused("Rebind of "+name(n), n, func() { d.Rebind(n, 0) })
		}
	case 2:
		if n := r.any(func(n *document.Node) bool { return n.RowIndex() >= 0 }); n != nil {
			i := n.Parent().ListModel().Rows + src.IntN(10)
			if src.IntN(2) == 0 {
				i = -1 - src.IntN(10)
			}
			return r.refused(fmt.Sprintf("Rebind of %s to row %d", name(n), i), n, func() { d.Rebind(n, i) })
		}
	}
	return r.refused("Handle on nil", nil, func() { r.W.Handle(nil, Handling{Consumes: true}.Bind(r.W.Document(), nil)) })
}

// clamped makes a call with an argument out of range that the document
// clamps, as its package doc says: a caret anywhere, inside a character
// too; a slider's value infinite or far out; a tab far past either end;
// an offset far past either end.
func (r *Driver) clamped() string {
	src := r.Src
	d := r.W.Document()
	switch src.IntN(4) {
	case 0:
		if n := r.any(func(n *document.Node) bool { return n.Kind() == document.TextField }); n != nil {
			at := src.IntN(len(n.Text())+21) - 10
			d.SetCaret(n, at)
			return fmt.Sprintf("misuse SetCaret of %s to %d: at %d", name(n), at, n.Caret())
		}
	case 1:
		if n := r.any(func(n *document.Node) bool { return n.Kind() == document.Slider }); n != nil {
			v := docgen.Pick(src, append([]float32{nonFinite[1], nonFinite[2]}, far...))
			r.touch(n)
			d.SetValue(n, v)
			return fmt.Sprintf("misuse SetValue of %s to %g: %g", name(n), v, n.Value())
		}
	case 2:
		if n := r.any(func(n *document.Node) bool { return n.Kind() == document.Tabs && len(n.Children()) > 0 }); n != nil {
			i := []int{-1 << 40, -7, 1 << 40, len(n.Children()) + 3}[src.IntN(4)]
			r.touch(n)
			d.Select(n, i)
			return fmt.Sprintf("misuse Select panel %d of %s: %d", i, name(n), n.Selected())
		}
	}
	if n := r.any(isScroller); n != nil {
		y := docgen.Pick(src, far)
		r.touch(n)
		d.SetScrollY(n, y)
		return fmt.Sprintf("misuse SetScrollY of %s to %g", name(n), y)
	}
	return "misuse: nothing to clamp"
}

// badProps are the style properties a rule refuses a value that is not
// a number for.
var badProps = []struct {
	name string
	set  func(v float32) style.Props
}{
	{"height", func(v float32) style.Props { return style.Props{}.Height(style.PxLen(v)) }},
	{"width %", func(v float32) style.Props { return style.Props{}.Width(style.Pct(v)) }},
	{"padding", func(v float32) style.Props { return style.Props{}.Padding(geom.Sym(v, 2)) }},
	{"margin", func(v float32) style.Props { return style.Props{}.Margin(geom.All(v)) }},
	{"gap", func(v float32) style.Props { return style.Props{}.Gap(v) }},
	{"grow", func(v float32) style.Props { return style.Props{}.Grow(v) }},
	{"font size", func(v float32) style.Props { return style.Props{}.FontSize(v) }},
	{"border", func(v float32) style.Props { return style.Props{}.Border(v, 0) }},
}

// refused calls f, which must panic with a "document: …", "window: …" or
// "style: …" message and leave n (when not nil), the window's size and
// the sheet as they were.
// Any other panic is passed on; no panic at all is a failure.
func (r *Driver) refused(what string, n *document.Node, f func()) (out string) {
	before, size, gen := fingerprint(n), r.W.Size(), r.W.Document().Sheet.Generation()
	defer func() {
		p := recover()
		msg, ok := p.(string)
		switch {
		case p == nil:
			panic(fmt.Sprintf("monkey: %s was not refused", what))
		case !ok || !(strings.HasPrefix(msg, "document: ") || strings.HasPrefix(msg, "window: ") || strings.HasPrefix(msg, "style: ")):
			panic(p)
		case fingerprint(n) != before || r.W.Size() != size || r.W.Document().Sheet.Generation() != gen:
			panic(fmt.Sprintf("monkey: %s was refused (%s) but changed %s", what, msg, fingerprint(n)))
		case r.foreign != nil && r.foreign.Pending():
			panic(fmt.Sprintf("monkey: %s was refused (%s) but queued work in the other document", what, msg))
		}
		out = fmt.Sprintf("misuse %s: refused (%s)", what, msg)
	}()
	f()
	return ""
}

// fingerprint is what a refused call must not change on n.
func fingerprint(n *document.Node) string {
	if n == nil {
		return ""
	}
	return fmt.Sprintf("%v %v %q %d %g %d %q %g %v %p %d %v %d", n.Classes(), n.State(), n.Text(), n.Caret(), n.Value(),
		n.Sprite(), n.Group(), n.ScrollY(), n.Animated(), n.ListModel(), n.RowIndex(), n.Folded(), len(n.Children()))
}

// foreignNode returns a node of another document with the ID of a node
// of this one: a clone of this document as the driver found it, whose
// changes are taken so that a mutation the engine let through would
// show.
func (r *Driver) foreignNode() *document.Node {
	if r.foreign == nil {
		r.foreign = r.W.Document().Clone()
		var ch document.Changes
		r.foreign.TakeChanges(&ch)
		document.Walk(r.foreign.Root(), func(n *document.Node) bool {
			r.foreignNodes = append(r.foreignNodes, n)
			return true
		})
	}
	return docgen.Pick(r.Src, r.foreignNodes)
}

// forget records a removed subtree's root for the misuse of removed nodes,
// keeping the last few.
func (r *Driver) forget(n *document.Node) {
	if len(r.removed) == 8 {
		r.removed = append(r.removed[:0], r.removed[1:]...)
	}
	r.removed = append(r.removed, n)
}

// mutations are the calls that take a node, with arguments any node of
// the right kind would take: misuse gives them nodes they must refuse.
var mutations = []struct {
	name string
	do   func(r *Driver, n *document.Node)
}{
	{"SetState on", func(r *Driver, n *document.Node) { r.W.Document().SetState(n, style.Hover, true) }},
	{"AddClass on", func(r *Driver, n *document.Node) { r.W.Document().AddClass(n, r.hidden) }},
	{"RemoveClass on", func(r *Driver, n *document.Node) { r.W.Document().RemoveClass(n, r.hidden) }},
	{"SetText on", func(r *Driver, n *document.Node) { r.W.Document().SetText(n, "foreign") }},
	{"SetCaret on", func(r *Driver, n *document.Node) { r.W.Document().SetCaret(n, 0) }},
	{"SetValue on", func(r *Driver, n *document.Node) { r.W.Document().SetValue(n, 0.5) }},
	{"SetPhase on", func(r *Driver, n *document.Node) { r.W.Document().SetPhase(n, 0.5) }},
	{"SetAnimated on", func(r *Driver, n *document.Node) { r.W.Document().SetAnimated(n, true) }},
	{"SetSprite on", func(r *Driver, n *document.Node) { r.W.Document().SetSprite(n, 3) }},
	{"SetGroup on", func(r *Driver, n *document.Node) { r.W.Document().SetGroup(n, "g") }},
	{"Select on", func(r *Driver, n *document.Node) { r.W.Document().Select(n, 0) }},
	{"SetScrollY on", func(r *Driver, n *document.Node) { r.W.Document().SetScrollY(n, 10) }},
	{"SetList on", func(r *Driver, n *document.Node) { r.W.Document().SetList(n, nil) }},
	{"AddRow on", func(r *Driver, n *document.Node) { r.W.Document().AddRow(n, 0) }},
	{"Rebind of", func(r *Driver, n *document.Node) { r.W.Document().Rebind(n, 0) }},
	{"Add under", func(r *Driver, n *document.Node) { r.W.Document().Add(n, document.Box) }},
	{"InsertAfter", func(r *Driver, n *document.Node) { r.W.Document().InsertAfter(n, document.Box) }},
	{"Remove of", func(r *Driver, n *document.Node) { r.W.Document().Remove(n) }},
	{"Handle on", func(r *Driver, n *document.Node) { r.W.Handle(n, Handling{Consumes: true}.Bind(r.W.Document(), n)) }},
}
