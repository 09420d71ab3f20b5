package verify

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/window"
)

// RoutingPoints is how many points in the viewport, besides those the step
// aimed at or changed, a Checker hit-tests after every step.
const RoutingPoints = 4

// FarPoints are hit-tested after every step besides: points no pointer
// reaches — NaN, infinite, or past an int's range once divided into hit
// bands — which must land on nothing on either window, and one 3·10^9 px
// out, past any screen but where content of sizes a style saturates
// (style.MaxLength) can lie, which must land on the same element on both.
var FarPoints = []geom.Point{
	{X: 10, Y: float32(math.NaN())}, {X: float32(math.NaN()), Y: 10},
	{X: float32(math.Inf(1)), Y: float32(math.Inf(1))}, {X: 10, Y: float32(math.Inf(-1))},
	{X: 10, Y: 1e30}, {X: 1e30, Y: -1e30}, {X: 3e9, Y: 3e9},
}

// A Checker judges a driver's steps, one at a time, against windows
// rebuilt from nothing. After each step it requires that
//
//   - the live window draws what a window over a clone of its document,
//     in the same viewport and with the same handlers, draws (display
//     list, geometry, and pictures when the renderer draws them);
//   - every point the step aimed at or changed, and RoutingPoints more,
//     reaches the same element on both (input routing: the hit index is
//     what a rebuild's would be), and every one of FarPoints reaches
//     nothing on either;
//   - when the step was input only, the same input replayed on the window
//     rebuilt after the previous step leaves the same hovered and focused
//     element and the same element states and content as on the live one.
//
// Its zero value with Drv set is ready.
type Checker struct {
	Drv *monkey.Driver
	// Renderer, when set, makes each rebuilt window's renderer; when it
	// and the live window's draw pictures, they are compared exactly.
	Renderer func() (renderer.Renderer, error)
	// Points and Replays count the routing points hit-tested and the
	// steps replayed.
	Points, Replays int

	prev      *window.Window
	closePrev func()
	rnd       *rand.Rand
	live, reb []*document.Node // tree order, reused
}

// Close releases the window kept for the next step's replay.
func (c *Checker) Close() {
	if c.closePrev != nil {
		c.closePrev()
		c.prev, c.closePrev = nil, nil
	}
}

// Check judges the step the driver has just taken, and returns the first
// difference found.
func (c *Checker) Check() (Difference, bool, error) {
	live := c.Drv.W
	rend, closeR, err := openRenderer(c.Renderer)
	if err != nil {
		return Difference{}, false, err
	}
	size := live.Size()
	rebuilt := window.New(live.Document().Clone(), window.Options{Width: size.X, Height: size.Y, NoAnimation: true, Renderer: rend})
	if size == (geom.Point{}) {
		rebuilt.Resize(0, 0) // Options of no size are the default size
	}
	c.live = treeOrder(live.Document(), c.live)
	c.reb = treeOrder(rebuilt.Document(), c.reb)
	index := indexOf(c.live)
	c.Drv.Handlers(func(n *document.Node, h monkey.Handling) {
		m := c.reb[index[n]]
		rebuilt.Handle(m, h.Bind(rebuilt.Document(), m))
	})
	rebuilt.Quiet()
	keep := false
	defer func() {
		if !keep {
			closeR()
		}
	}()

	livePic, _ := live.Renderer().(renderer.Picture)
	rebuiltPic, _ := rend.(renderer.Picture)
	if livePic == nil || rebuiltPic == nil {
		livePic, rebuiltPic = nil, nil
	}
	a, err := CapturePicture(live, livePic)
	if err != nil {
		return Difference{}, false, err
	}
	b, err := CapturePicture(rebuilt, rebuiltPic)
	if err != nil {
		return Difference{}, false, err
	}
	if d, differ := Compare(a, b); differ {
		return d, true, nil
	}
	if d, differ := c.routing(live, rebuilt, index); differ {
		return d, true, nil
	}
	if d, differ := c.farRouting(live, rebuilt, index); differ {
		return d, true, nil
	}
	if c.prev != nil && !c.Drv.Mutated() && len(c.Drv.Inputs()) > 0 {
		for _, in := range c.Drv.Inputs() {
			in(c.prev)
		}
		c.prev.Quiet()
		c.Replays++
		if d, differ := SameStates(live.Document(), c.prev.Document()); differ {
			d.What = "replayed input: " + d.What
			return d, true, nil
		}
	}
	c.Close()
	c.prev, c.closePrev, keep = rebuilt, closeR, true
	return Difference{}, false, nil
}

// routing hit-tests the step's points and RoutingPoints random ones on
// both windows.
func (c *Checker) routing(live, rebuilt *window.Window, index map[*document.Node]int) (Difference, bool) {
	if c.rnd == nil {
		c.rnd = rand.New(rand.NewPCG(uint64(len(c.live)), 0x407e))
	}
	size := live.Size()
	pts := append([]geom.Point(nil), c.Drv.Touched()...)
	for range RoutingPoints {
		pts = append(pts, geom.Point{X: c.rnd.Float32() * size.X, Y: c.rnd.Float32() * size.Y})
	}
	rebIndex := indexOf(c.reb)
	for i, p := range pts {
		c.Points++
		a, b := live.HitTest(p.X, p.Y), rebuilt.HitTest(p.X, p.Y)
		ia, ib := -1, -1
		if a != nil {
			ia = index[a]
		}
		if b != nil {
			ib = rebIndex[b]
		}
		if ia != ib {
			return Difference{"routing", i, fmt.Sprintf("(%g, %g) reaches %s", p.X, p.Y, describe(a, ia)),
				fmt.Sprintf("%s", describe(b, ib))}, true
		}
	}
	return Difference{}, false
}

// farRouting hit-tests FarPoints on both windows: each must reach nothing
// or, within contentReach, the same element on both.
func (c *Checker) farRouting(live, rebuilt *window.Window, index map[*document.Node]int) (Difference, bool) {
	rebIndex := indexOf(c.reb)
	for i, p := range FarPoints {
		c.Points++
		a, b := live.HitTest(p.X, p.Y), rebuilt.HitTest(p.X, p.Y)
		if abs(p.X) < contentReach && abs(p.Y) < contentReach {
			ia, ib := -1, -1
			if a != nil {
				ia = index[a]
			}
			if b != nil {
				ib = rebIndex[b]
			}
			if ia != ib {
				return Difference{"far routing", i, fmt.Sprintf("(%g, %g) reaches %s", p.X, p.Y, describe(a, ia)), describe(b, ib)}, true
			}
			continue
		}
		if a != nil || b != nil {
			return Difference{"far routing", i, fmt.Sprintf("(%g, %g) reaches %v", p.X, p.Y, kindOf(a)), fmt.Sprint(kindOf(b))}, true
		}
	}
	return Difference{}, false
}

// contentReach bounds where content can lie: sizes saturate at
// style.MaxLength (10^9 px), so even 10^9 elements of them add up to
// 10^18 px; a point past it reaches nothing.
const contentReach = 1e20

func abs(v float32) float32 { return max(v, -v) }

func kindOf(n *document.Node) string {
	if n == nil {
		return "nothing"
	}
	return n.Kind().String()
}

func describe(n *document.Node, i int) string {
	if n == nil {
		return "nothing"
	}
	return fmt.Sprintf("%v, element %d in tree order", n.Kind(), i)
}

// SameStates compares two documents element by element in tree order:
// kind, states, content and scroll offset, and which element is hovered
// and focused. It returns the first difference.
func SameStates(a, b *document.Document) (Difference, bool) {
	na, nb := treeOrder(a, nil), treeOrder(b, nil)
	if len(na) != len(nb) {
		return Difference{"elements", min(len(na), len(nb)), fmt.Sprintf("%d elements", len(na)), fmt.Sprintf("%d elements", len(nb))}, true
	}
	ia, ib := indexOf(na), indexOf(nb)
	at := func(idx map[*document.Node]int, n *document.Node) int {
		if n == nil {
			return -1
		}
		return idx[n]
	}
	if x, y := at(ia, a.Hovered()), at(ib, b.Hovered()); x != y {
		return Difference{"hovered element", x, fmt.Sprint(x), fmt.Sprint(y)}, true
	}
	if x, y := at(ia, a.Focused()), at(ib, b.Focused()); x != y {
		return Difference{"focused element", x, fmt.Sprint(x), fmt.Sprint(y)}, true
	}
	for i := range na {
		if x, y := stateOf(na[i]), stateOf(nb[i]); x != y {
			return Difference{"element state", i, fmt.Sprintf("%+v", x), fmt.Sprintf("%+v", y)}, true
		}
	}
	return Difference{}, false
}

type elementState struct {
	Kind     document.Kind
	State    string
	Text     string
	Caret    int
	Value    float32
	ScrollY  float32
	Selected int
	Folded   bool
	Row      int
}

func stateOf(n *document.Node) elementState {
	return elementState{n.Kind(), n.State().String(), n.Text(), n.Caret(), n.Value(), n.ScrollY(), n.Selected(), n.Folded(), n.RowIndex()}
}

func treeOrder(d *document.Document, dst []*document.Node) []*document.Node {
	dst = dst[:0]
	document.Walk(d.Root(), func(n *document.Node) bool {
		dst = append(dst, n)
		return true
	})
	return dst
}

func indexOf(nodes []*document.Node) map[*document.Node]int {
	m := make(map[*document.Node]int, len(nodes))
	for i, n := range nodes {
		m[n] = i
	}
	return m
}
