// Package docgen makes the random documents the monkey drives: elements
// of every kind in rows and columns, with the classes of a sheet of its
// own (NewSheet), through the document's public API only, every choice
// drawn from a Source so that a seed or a fuzzer's bytes replays it.
package docgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// Source is where the Generator and the driver draw their choices: a
// seeded Generator (Seeded) for the verify gate, a fuzzer's bytes (Bytes)
// for FuzzLiveEqualsRebuild.
type Source interface {
	// IntN returns a number in [0, n); n > 0.
	IntN(n int) int
}

// Seeded returns the source of a seed: the same seed, the same choices.
func Seeded(seed uint64) Source { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// Bytes is a source that reads its choices from a byte string, one byte
// each, and reads zeros once the bytes run out.
type Bytes struct {
	B []byte
	i int
}

// IntN returns the next byte modulo n.
func (b *Bytes) IntN(n int) int {
	if b.i >= len(b.B) {
		return 0
	}
	v := int(b.B[b.i])
	b.i++
	return v % n
}

// Exhausted reports whether every byte has been read.
func (b *Bytes) Exhausted() bool { return b.i >= len(b.B) }

// MaxDepth is how deep a generated document nests containers.
const MaxDepth = 7

// Generate builds a random document of about nodes elements through the
// document's public API only: boxes in rows and columns with every layout
// class of the sheet, text that wraps and text that does not, buttons,
// checkboxes, radios, sliders, text fields, progress bars, images, scroll
// containers, tables, tabs and virtualised lists, nested up to MaxDepth.
func Generate(src Source, nodes int) *document.Document {
	d := document.New(NewSheet(), "doc")
	g := &Generator{D: d, Src: src, Budget: nodes, Layout: LayoutClasses, Paint: PaintClasses}
	for g.Budget > 0 {
		g.Container(d.Root(), 1)
	}
	return d
}

// Generator is one document's generation in progress.
type Generator struct {
	D             *document.Document
	Src           Source
	Budget        int
	Layout, Paint []string // the classes drawn from
}

func (g *Generator) chance(percent int) bool { return g.Src.IntN(100) < percent }

func Pick[T any](src Source, xs []T) T { return xs[src.IntN(len(xs))] }

// classes returns a random class list: a direction, some layout classes
// and some paint classes.
func (g *Generator) Classes(layout, paint int) string {
	var cs []string
	for range g.Src.IntN(layout + 1) {
		c := Pick(g.Src, g.Layout)
		if c == "hidden" && !g.chance(25) {
			continue // hidden subtrees check less; keep them rarer
		}
		cs = append(cs, c)
	}
	for range g.Src.IntN(paint + 1) {
		cs = append(cs, Pick(g.Src, g.Paint))
	}
	return strings.Join(cs, " ")
}

var words = strings.Fields("the quick brown fox jumps over a lazy dog while seven wizards quietly judge box fly vex ärger naïve → 数据 ok")

// Words returns n words of text drawn from src.
func Words(src Source, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = Pick(src, words)
	}
	return strings.Join(ws, " ")
}

// add adds an element and spends one from the budget.
func (g *Generator) add(parent *document.Node, k document.Kind, classes string) *document.Node {
	g.Budget--
	return g.D.Add(parent, k, classes)
}

// container adds one element to parent: a container while depth allows
// and the dice say so, otherwise a leaf.
func (g *Generator) Container(parent *document.Node, depth int) {
	if depth >= MaxDepth || g.Budget < 4 || g.chance(45) {
		g.leaf(parent)
		return
	}
	switch g.Src.IntN(10) {
	case 0:
		g.Scroll(parent, depth)
	case 1:
		g.table(parent)
	case 2:
		g.Tabs(parent, depth)
	case 3:
		g.List(parent)
	default:
		dir := Pick(g.Src, []string{"row", "col"})
		b := g.add(parent, document.Box, dir+" "+g.Classes(3, 2))
		for range 1 + g.Src.IntN(5) {
			if g.Budget <= 0 {
				break
			}
			g.Container(b, depth+1)
		}
	}
}

// Leaf kinds, each with its content.
func (g *Generator) leaf(parent *document.Node) {
	d := g.D
	cls := g.Classes(2, 2)
	switch g.Src.IntN(9) {
	case 0, 1:
		t := g.add(parent, document.Text, cls)
		d.SetText(t, Words(g.Src, 1+g.Src.IntN(14)))
	case 2:
		b := g.add(parent, document.Button, cls)
		d.SetText(g.add(b, document.Text, ""), Words(g.Src, 1+g.Src.IntN(2)))
	case 3:
		c := g.add(parent, document.Checkbox, cls)
		d.SetState(c, style.Checked, g.chance(50))
	case 4:
		r := g.add(parent, document.Radio, cls)
		d.SetGroup(r, fmt.Sprint("g", g.Src.IntN(2)))
	case 5:
		s := g.add(parent, document.Slider, cls)
		d.SetValue(s, float32(g.Src.IntN(11))/10)
	case 6:
		f := g.add(parent, document.TextField, cls)
		d.SetText(f, Words(g.Src, g.Src.IntN(3)))
	case 7:
		g.add(parent, document.Progress, cls)
	case 8:
		im := g.add(parent, document.Image, cls)
		d.SetSprite(im, g.Src.IntN(8))
	}
}

// scroll adds a scroll container of rows, some of them nested containers.
func (g *Generator) Scroll(parent *document.Node, depth int) {
	s := g.add(parent, document.Scroll, g.Classes(2, 1))
	for range 2 + g.Src.IntN(14) {
		if g.Budget <= 0 {
			return
		}
		if g.chance(30) {
			g.Container(s, depth+1)
			continue
		}
		row := g.add(s, document.Box, "row gap "+g.Classes(1, 1))
		g.D.SetText(g.add(row, document.Text, ""), Words(g.Src, 1+g.Src.IntN(4)))
	}
}

// table adds a table: rows of text cells.
func (g *Generator) table(parent *document.Node) {
	t := g.add(parent, document.Table, g.Classes(1, 1))
	cols := 1 + g.Src.IntN(4)
	for range 1 + g.Src.IntN(10) {
		if g.Budget <= 0 {
			return
		}
		row := g.add(t, document.Box, "row "+g.Classes(1, 2))
		for range cols {
			g.D.SetText(g.add(row, document.Text, Pick(g.Src, []string{"grow", "w120", "", "nowrap"})), Words(g.Src, 1+g.Src.IntN(3)))
		}
	}
}

// Tabs adds a Tabs element in the structure document.Select expects: a
// strip of tab buttons, then one panel per tab.
func (g *Generator) Tabs(parent *document.Node, depth int) {
	t := g.add(parent, document.Tabs, g.Classes(1, 1))
	strip := g.add(t, document.Box, "row gap")
	n := 2 + g.Src.IntN(2)
	for range n {
		b := g.add(strip, document.Button, "hot")
		g.D.SetText(g.add(b, document.Text, ""), Words(g.Src, 1))
	}
	for range n {
		p := g.add(t, document.Box, "col "+g.Classes(1, 1))
		for range 1 + g.Src.IntN(3) {
			g.Container(p, depth+1)
		}
	}
	g.D.Select(t, g.Src.IntN(n))
}

// list adds a virtualised list with the rows its port shows mounted.
func (g *Generator) List(parent *document.Node) {
	l := g.add(parent, document.List, g.Classes(1, 1))
	m := &document.ListModel{
		Rows:      g.Src.IntN(400),
		RowHeight: float32(16 + g.Src.IntN(10)),
		Overscan:  g.Src.IntN(4),
		Label:     ListLabel,
		RowClass:  Pick(g.Src, []string{"lrow", "lrow-alt hot"}),
	}
	g.D.SetList(l, m)
	for i := range m.Mounted(240) {
		g.D.AddRow(l, i)
		g.Budget--
	}
}

func ListLabel(i int) string { return fmt.Sprintf("model row %d", i) }
