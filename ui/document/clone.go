package document

import "slices"

// Clone returns a document with the same elements, classes, states and
// content as d and none of its history: every node is new and queued for
// a first frame, as if the document had just been built. The verify gate
// compares a live window against a window over a clone.
func (d *Document) Clone() *Document {
	c := &Document{Sheet: d.Sheet}
	c.root = d.cloneNode(c, d.root, nil, 0)
	c.structural = true
	return c
}

func (d *Document) cloneNode(c *Document, n, parent *Node, depth int32) *Node {
	m := &Node{
		id: ID(len(c.nodes)), kind: n.kind, depth: depth, parent: parent,
		classes: slices.Clone(n.classes), state: n.state,
		text: n.text, value: n.value, caret: n.caret, selected: n.selected,
		sprite: n.sprite, group: n.group, scrollY: n.scrollY, list: n.list,
		rowIndex: n.rowIndex, phase: n.phase, animated: n.animated, folded: n.folded,
	}
	c.nodes = append(c.nodes, m)
	if n == d.hover {
		c.hover = m
	}
	if n == d.focus {
		c.focus = m
	}
	if m.animated {
		c.startAnim(m)
	}
	c.queue(m, NeedsStyle|NeedsBoxes)
	m.children = make([]*Node, len(n.children))
	for i, ch := range n.children {
		m.children[i] = d.cloneNode(c, ch, m, depth+1)
	}
	return m
}
