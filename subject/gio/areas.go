package gio

import (
	"image"
	"reflect"
	"unsafe"

	"gioui.org/f32"
	"gioui.org/io/event"
	"gioui.org/io/input"
	"gioui.org/widget"
)

// area is one clip area of the last frame, as the router's pointer queue
// keeps it: every clip.Op the frame pushed, a glyph outline's among them.
type area struct {
	parent int // index of the enclosing area, -1 for the root
	bounds image.Rectangle
	sem    input.SemanticID // 0 for an area with no semantic node
}

// frameAreas is what Targets reads of the router beyond its semantic
// tree, which says where a widget's clip area is but not what it drew
// inside: widget.Label clips its text to its constraints, so a label's
// node runs to its parent's edge, and its own box is that of the glyph
// outlines it pushed under it; and the node of a widget.Editor or a
// widget.Selectable carries no text. Gio keeps both in unexported fields of input.Router (its pointer
// queue's areas, its handlers' areas), the same from v0.8 to v0.10; they
// are read by reflection, and a test fails if a Gio release moves them.
type frameAreas struct {
	areas []area
	// texts maps an area to the widget holding text whose handler it
	// holds: a widget.Editor, or a widget.Selectable (a material label
	// with a State), which puts no label in the semantic tree.
	texts map[int]texter
}

// texter is a Gio widget that holds text: *widget.Editor and
// *widget.Selectable.
type texter interface{ Text() string }

var (
	_ texter = (*widget.Editor)(nil)
	_ texter = (*widget.Selectable)(nil)
)

// readAreas reads r's areas; AppendSemantics must have run since the
// frame, which gives the areas their semantic IDs.
func readAreas(r *input.Router) frameAreas {
	rv := reflect.ValueOf(r).Elem()
	queue := open(open(rv, "pointer"), "queue")
	as := open(queue, "areas")
	out := frameAreas{areas: make([]area, as.Len())}
	for i := range as.Len() {
		a := as.Index(i)
		trans := open(a, "trans").Interface().(f32.Affine2D)
		rect := open(open(a, "area"), "rect").Interface().(image.Rectangle)
		// As input.Router's own bounds of an area: both corners
		// transformed, then rounded.
		lo := trans.Transform(f32.Pt(float32(rect.Min.X), float32(rect.Min.Y)))
		hi := trans.Transform(f32.Pt(float32(rect.Max.X), float32(rect.Max.Y)))
		out.areas[i] = area{
			parent: int(open(a, "parent").Int()),
			bounds: image.Rectangle{Min: lo.Round(), Max: hi.Round()}.Canon(),
			sem:    open(open(a, "semantic"), "id").Interface().(input.SemanticID),
		}
	}
	hs := open(rv, "handlers")
	for it := hs.MapRange(); it.Next(); {
		var t texter
		switch w := it.Key().Interface().(event.Tag).(type) {
		case *widget.Editor:
			t = w
		case *widget.Selectable:
			t = w
		default:
			continue
		}
		at := int(open(open(it.Value().Elem(), "pointer"), "areaPlusOne").Int()) - 1
		if at < 0 || at >= len(out.areas) {
			continue
		}
		if out.texts == nil {
			out.texts = make(map[int]texter)
		}
		out.texts[at] = t
	}
	return out
}

// open returns v's field name, readable: reflection marks a field reached
// through an unexported one read-only, so the field is taken again at its
// address. A missing field panics, naming it: the Gio release moved what
// perfbench reads.
func open(v reflect.Value, name string) reflect.Value {
	f := v.FieldByName(name)
	if !f.IsValid() {
		panic("gio: " + v.Type().String() + " has no field " + name + "; this Gio release moved what Targets reads")
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// drawn returns, for each node, the box of what its area drew under it
// that no node of its own names: a label's glyph outlines, so the box of
// its text.
func (fa frameAreas) drawn() map[input.SemanticID]image.Rectangle {
	out := make(map[input.SemanticID]image.Rectangle)
	for _, a := range fa.areas {
		if a.sem != 0 || a.bounds.Empty() {
			continue
		}
		// The nearest enclosing area with a node is the one that names a.
		p := a.parent
		for p >= 0 && fa.areas[p].sem == 0 {
			p = fa.areas[p].parent
		}
		if p >= 0 {
			sem := fa.areas[p].sem
			out[sem] = out[sem].Union(a.bounds)
		}
	}
	return out
}

// text returns the text of the widget whose area carries sem (an
// editor's, a selectable label's), or "".
func (fa frameAreas) text(sem input.SemanticID) string {
	for i, t := range fa.texts {
		if fa.areas[i].sem == sem {
			return t.Text()
		}
	}
	return ""
}
