// Package worklog is a window's record of why it queued each element, kept
// only while the window hands its work to Options.Work: what each element
// was when last styled, and this frame's reason for each element queued,
// so that each restyle, relayout and emission is counted to an element
// and a reason ("hover", "class", "sheet", "text", …).
package worklog

import (
	"strconv"
	"strings"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// snap is what an element's restyle is compared against to say why it
// was queued: its state, classes and text when it was last styled, and
// the sheet's generation then.
type snap struct {
	state   style.State
	classes string
	text    string
	sheet   uint64
}

// Log is the record of one window's document. The zero Log records
// nothing; New makes one that does.
type Log struct {
	doc   *document.Document
	snaps map[document.ID]snap
	why   map[document.ID]string
}

// New returns the log of doc's elements, with nothing styled yet.
func New(doc *document.Document) Log {
	return Log{doc: doc, snaps: map[document.ID]snap{}, why: map[document.ID]string{}}
}

// Element names n as Work.Element does: its kind, its ID and its classes,
// "box#42.row".
func (l *Log) Element(n *document.Node) string {
	var b strings.Builder
	b.WriteString(n.Kind().String())
	b.WriteByte('#')
	b.WriteString(strconv.Itoa(int(n.ID())))
	for _, c := range n.Classes() {
		b.WriteByte('.')
		b.WriteString(l.doc.Sheet.Name(c))
	}
	return b.String()
}

// snapOf returns n as a restyle compares it.
func (l *Log) snapOf(n *document.Node) snap {
	var classes strings.Builder
	for _, c := range n.Classes() {
		classes.WriteString(l.doc.Sheet.Name(c) + " ")
	}
	return snap{state: n.State(), classes: classes.String(), text: n.Text(), sheet: l.doc.Sheet.Generation()}
}

// RestyleWhy says why n was queued for a restyle, from what changed
// since it was last styled.
func (l *Log) RestyleWhy(n *document.Node) string {
	old, ok := l.snaps[n.ID()]
	now := l.snapOf(n)
	switch changed := old.state ^ now.state; {
	case !ok:
		return "new"
	case changed&style.Hover != 0:
		return "hover"
	case changed&style.Focus != 0:
		return "focus"
	case changed != 0:
		return "state"
	case old.classes != now.classes:
		return "class"
	case old.text != now.text:
		return "text"
	case old.sheet != now.sheet:
		return "sheet"
	}
	return "queued"
}

// Restyled hands report the restyles of this pass, read from
// the elements it stamped: each counted to the element it was queued
// for (an element the document queued, or one its nearest such ancestor
// passed an inherited property to), with why that one was queued; an
// element no queued one reached was restyled for a change of the sheet.
// It runs once a pass, in place, so that a frame without Options.Work
// pays nothing for it; a frame of two passes (layOut) counts the second.
func (l *Log) Restyled(changes *document.Changes, restamp []uint64, pass uint64, report func(root *document.Node, why string, n uint64)) {
	queued := map[document.ID]bool{}
	for _, n := range changes.Style {
		queued[n.ID()] = true
		l.why[n.ID()] = l.RestyleWhy(n)
	}
	per := map[*document.Node]uint64{}
	var order []*document.Node
	for id, stamp := range restamp {
		n := l.doc.Node(document.ID(id))
		if stamp != pass || n == nil {
			continue
		}
		root := n
		for !queued[root.ID()] {
			p := root.Parent()
			if p == nil || restamp[p.ID()] != pass {
				break
			}
			root = p
		}
		if per[root] == 0 {
			order = append(order, root)
		}
		per[root]++
	}
	for _, root := range order {
		why, ok := l.why[root.ID()]
		if !ok {
			why = "sheet"
		}
		report(root, why, per[root])
	}
	for id := range restamp {
		if restamp[id] == pass {
			if n := l.doc.Node(document.ID(id)); n != nil {
				l.snaps[n.ID()] = l.snapOf(n)
			}
		}
	}
	for _, n := range changes.Boxes {
		l.why[n.ID()] = "text"
	}
	for _, n := range changes.Paint {
		l.why[n.ID()] = "paint"
	}
}

// Queued is why n was queued this frame, where a restyle or a
// document change said so, or dflt.
func (l *Log) Queued(n *document.Node, dflt string) string {
	if why, ok := l.why[n.ID()]; ok {
		return why
	}
	return dflt
}

// Forget forgets this frame's reasons, once its work is handed on.
func (l *Log) Forget() { clear(l.why) }
