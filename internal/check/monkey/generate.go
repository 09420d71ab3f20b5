package monkey

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// Source is where the generator and the driver draw their choices: a
// seeded generator (Seeded) for the verify gate, a fuzzer's bytes (Bytes)
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
	g := &generator{d: d, src: src, budget: nodes, layout: layoutClasses, paint: paintClasses}
	for g.budget > 0 {
		g.container(d.Root(), 1)
	}
	return d
}

// generator is one document's generation in progress.
type generator struct {
	d             *document.Document
	src           Source
	budget        int
	layout, paint []string // the classes drawn from
}

func (g *generator) chance(percent int) bool { return g.src.IntN(100) < percent }

func pick[T any](src Source, xs []T) T { return xs[src.IntN(len(xs))] }

// classes returns a random class list: a direction, some layout classes
// and some paint classes.
func (g *generator) classes(layout, paint int) string {
	var cs []string
	for range g.src.IntN(layout + 1) {
		c := pick(g.src, g.layout)
		if c == "hidden" && !g.chance(25) {
			continue // hidden subtrees check less; keep them rarer
		}
		cs = append(cs, c)
	}
	for range g.src.IntN(paint + 1) {
		cs = append(cs, pick(g.src, g.paint))
	}
	return strings.Join(cs, " ")
}

var words = strings.Fields("the quick brown fox jumps over a lazy dog while seven wizards quietly judge box fly vex ärger naïve → 数据 ok")

// Words returns n words of text drawn from src.
func Words(src Source, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = pick(src, words)
	}
	return strings.Join(ws, " ")
}

// add adds an element and spends one from the budget.
func (g *generator) add(parent *document.Node, k document.Kind, classes string) *document.Node {
	g.budget--
	return g.d.Add(parent, k, classes)
}

// container adds one element to parent: a container while depth allows
// and the dice say so, otherwise a leaf.
func (g *generator) container(parent *document.Node, depth int) {
	if depth >= MaxDepth || g.budget < 4 || g.chance(45) {
		g.leaf(parent)
		return
	}
	switch g.src.IntN(10) {
	case 0:
		g.scroll(parent, depth)
	case 1:
		g.table(parent)
	case 2:
		g.tabs(parent, depth)
	case 3:
		g.list(parent)
	default:
		dir := pick(g.src, []string{"row", "col"})
		b := g.add(parent, document.Box, dir+" "+g.classes(3, 2))
		for range 1 + g.src.IntN(5) {
			if g.budget <= 0 {
				break
			}
			g.container(b, depth+1)
		}
	}
}

// Leaf kinds, each with its content.
func (g *generator) leaf(parent *document.Node) {
	d := g.d
	cls := g.classes(2, 2)
	switch g.src.IntN(9) {
	case 0, 1:
		t := g.add(parent, document.Text, cls)
		d.SetText(t, Words(g.src, 1+g.src.IntN(14)))
	case 2:
		b := g.add(parent, document.Button, cls)
		d.SetText(g.add(b, document.Text, ""), Words(g.src, 1+g.src.IntN(2)))
	case 3:
		c := g.add(parent, document.Checkbox, cls)
		d.SetState(c, style.Checked, g.chance(50))
	case 4:
		r := g.add(parent, document.Radio, cls)
		d.SetGroup(r, fmt.Sprint("g", g.src.IntN(2)))
	case 5:
		s := g.add(parent, document.Slider, cls)
		d.SetValue(s, float32(g.src.IntN(11))/10)
	case 6:
		f := g.add(parent, document.TextField, cls)
		d.SetText(f, Words(g.src, g.src.IntN(3)))
	case 7:
		g.add(parent, document.Progress, cls)
	case 8:
		im := g.add(parent, document.Image, cls)
		d.SetSprite(im, g.src.IntN(8))
	}
}

// scroll adds a scroll container of rows, some of them nested containers.
func (g *generator) scroll(parent *document.Node, depth int) {
	s := g.add(parent, document.Scroll, g.classes(2, 1))
	for range 2 + g.src.IntN(14) {
		if g.budget <= 0 {
			return
		}
		if g.chance(30) {
			g.container(s, depth+1)
			continue
		}
		row := g.add(s, document.Box, "row gap "+g.classes(1, 1))
		g.d.SetText(g.add(row, document.Text, ""), Words(g.src, 1+g.src.IntN(4)))
	}
}

// table adds a table: rows of text cells.
func (g *generator) table(parent *document.Node) {
	t := g.add(parent, document.Table, g.classes(1, 1))
	cols := 1 + g.src.IntN(4)
	for range 1 + g.src.IntN(10) {
		if g.budget <= 0 {
			return
		}
		row := g.add(t, document.Box, "row "+g.classes(1, 2))
		for range cols {
			g.d.SetText(g.add(row, document.Text, pick(g.src, []string{"grow", "w120", "", "nowrap"})), Words(g.src, 1+g.src.IntN(3)))
		}
	}
}

// Tabs adds a Tabs element in the structure document.Select expects: a
// strip of tab buttons, then one panel per tab.
func (g *generator) tabs(parent *document.Node, depth int) {
	t := g.add(parent, document.Tabs, g.classes(1, 1))
	strip := g.add(t, document.Box, "row gap")
	n := 2 + g.src.IntN(2)
	for range n {
		b := g.add(strip, document.Button, "hot")
		g.d.SetText(g.add(b, document.Text, ""), Words(g.src, 1))
	}
	for range n {
		p := g.add(t, document.Box, "col "+g.classes(1, 1))
		for range 1 + g.src.IntN(3) {
			g.container(p, depth+1)
		}
	}
	g.d.Select(t, g.src.IntN(n))
}

// list adds a virtualised list with the rows its port shows mounted.
func (g *generator) list(parent *document.Node) {
	l := g.add(parent, document.List, g.classes(1, 1))
	m := &document.ListModel{
		Rows:      g.src.IntN(400),
		RowHeight: float32(16 + g.src.IntN(10)),
		Overscan:  g.src.IntN(4),
		Label:     listLabel,
		RowClass:  pick(g.src, []string{"lrow", "lrow-alt hot"}),
	}
	g.d.SetList(l, m)
	for i := range m.Mounted(240) {
		g.d.AddRow(l, i)
		g.budget--
	}
}

func listLabel(i int) string { return fmt.Sprintf("model row %d", i) }
