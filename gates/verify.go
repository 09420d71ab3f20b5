package gates

import (
	"fmt"
	"time"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/phase"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/window"
)

// VerifyOptions configure the verify gate. DefaultVerify is what
// `perfbench verify` runs.
type VerifyOptions struct {
	// Size is the gallery's size.
	Size gallery.Size
}

// DefaultVerify runs the script over the shipped gallery.
var DefaultVerify = VerifyOptions{Size: gallery.Shipped}

// Step is one step of the verify script: one input, after which the
// window draws its frame.
type Step struct {
	Name string
	Do   func(d *phase.Driver)
}

// ScriptLength is the number of steps in the verify script.
const ScriptLength = 42

// Script returns the verify script: 42 interactions of every kind the
// gallery answers — hover, clicks on the checkbox, radios, slider, tabs and
// buttons, the wheel over the list, the rigid scroll and the table, Tab,
// typing, backspace and the caret keys in the fields, and resizes — in an
// order fixed here, so that every run drives the same document through
// the same states. Every step changes what the window shows. A step finds
// its target where the window shows it at that moment.
func Script() []Step {
	click := func(name string, n func(g *gallery.Gallery) *document.Node) Step {
		return Step{"click " + name, func(d *phase.Driver) {
			x, y := center(d.W.Rect(n(d.G)))
			d.W.Click(x, y, window.Left)
		}}
	}
	clickAt := func(name string, n func(g *gallery.Gallery) *document.Node, fx float32) Step {
		return Step{"click " + name, func(d *phase.Driver) {
			r := d.W.Rect(n(d.G))
			d.W.Click(r.X+r.W*fx, r.Y+r.H/2, window.Left)
		}}
	}
	hover := func(name string, n func(g *gallery.Gallery) *document.Node) Step {
		return Step{"hover " + name, func(d *phase.Driver) {
			x, y := center(d.W.Rect(n(d.G)))
			d.W.PointerMove(x, y)
		}}
	}
	wheel := func(name string, n func(g *gallery.Gallery) *document.Node, dy float32) Step {
		return Step{fmt.Sprintf("wheel %s %+g", name, dy), func(d *phase.Driver) {
			x, y := center(d.W.Rect(n(d.G)))
			d.W.Wheel(x, y, dy)
		}}
	}
	key := func(name string, k window.Key) Step {
		return Step{"key " + name, func(d *phase.Driver) { d.W.Key(k) }}
	}
	typ := func(s string) Step {
		return Step{fmt.Sprintf("type %q", s), func(d *phase.Driver) { d.W.Type(s) }}
	}
	resize := func(w, h float32) Step {
		return Step{fmt.Sprintf("resize %g×%g", w, h), func(d *phase.Driver) { d.W.Resize(w, h) }}
	}
	row := func(i int) func(g *gallery.Gallery) *document.Node {
		return func(g *gallery.Gallery) *document.Node { return g.TableRows[i] }
	}
	tab := func(i int) func(g *gallery.Gallery) *document.Node {
		return func(g *gallery.Gallery) *document.Node { return g.Tabs.Children()[0].Children()[i] }
	}
	button := func(i int) func(g *gallery.Gallery) *document.Node {
		return func(g *gallery.Gallery) *document.Node { return g.Buttons[i] }
	}
	radio := func(i int) func(g *gallery.Gallery) *document.Node {
		return func(g *gallery.Gallery) *document.Node { return g.Radios[i] }
	}
	check := func(g *gallery.Gallery) *document.Node { return g.Check }
	slider := func(g *gallery.Gallery) *document.Node { return g.Slider }
	list := func(g *gallery.Gallery) *document.Node { return g.List }
	rigid := func(g *gallery.Gallery) *document.Node { return g.Rigid }
	table := func(g *gallery.Gallery) *document.Node { return g.TableScroll }
	field := func(g *gallery.Gallery) *document.Node { return g.Field }
	filter := func(g *gallery.Gallery) *document.Node { return g.Filter }

	return []Step{
		hover("table row 2", row(2)),
		click("checkbox", check),
		click("radio 2", radio(1)),
		clickAt("slider at 30%", slider, 0.3),
		hover("table row 5", row(5)),
		wheel("list", list, 45),
		wheel("rigid scroll", rigid, 60),
		wheel("table", table, 90),
		click("tab 2", tab(1)),
		hover("button 1", button(0)),
		click("filter field", filter),
		typ("hello"),
		key("Backspace", window.Backspace),
		resize(1100, 800),
		wheel("list", list, 300),
		click("tab 3", tab(2)),
		click("tab 2, right after tab 3", tab(1)),
		click("button 2", button(1)),
		key("Tab", window.Tab),
		key("Tab", window.Tab),
		key("Space", window.Space),
		wheel("rigid scroll", rigid, -30),
		click("tab 1", tab(0)),
		resize(900, 700),
		hover("table row 1", row(1)),
		click("search field", field),
		typ("wörld"),
		key("ArrowLeft", window.ArrowLeft),
		key("Delete", window.Delete),
		typ("→ "),
		wheel("list", list, -120),
		click("radio 1", radio(0)),
		click("checkbox", check),
		wheel("table", table, -40),
		resize(1280, 800),
		hover("button 3", button(2)),
		clickAt("slider at 90%", slider, 0.9),
		wheel("list", list, 2000),
		key("BackTab", window.BackTab),
		click("tab 2", tab(1)),
		wheel("rigid scroll", rigid, 500),
		resize(1024, 768),
	}
}

func center(r geom.Rect) (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

// Frame is what a window shows: its display list as drawn (window
// coordinates, draw order, culled primitives left out) and the resolved
// geometry of every displayed element.
type Frame struct {
	Display  []paint.Primitive
	Geometry []window.NodeGeometry
}

// Capture returns what w shows.
func Capture(w *window.Window) Frame {
	return Frame{Display: w.DisplayList(nil), Geometry: w.Geometry(nil)}
}

// VerifyStep is one step of the script and the two frames it is judged
// by: the live window's after the step's frame, and that of a window
// rebuilt from nothing over doc.Clone() in the same viewport.
type VerifyStep struct {
	Index   int
	Name    string
	Live    Frame
	Rebuilt Frame
}

// MeasureVerify runs the script over the idle gallery (an animation would
// give the rebuilt window another phase) and captures both frames after
// every step. It calls each as it is captured, so that a caller can judge
// as it goes and keep nothing; it stops early when each returns false.
func MeasureVerify(o VerifyOptions, each func(VerifyStep) bool) {
	release := counter.Exclusive()
	defer release()
	d := phase.Open(&phase.Phase{Name: "verify"}, o.Size, phase.Options{Gallery: &gallery.Options{}})
	for i, s := range Script() {
		s.Do(d)
		d.Refresh()
		size := d.W.Size()
		rebuilt := window.New(d.G.Doc.Clone(), window.Options{Clock: &clock.Virtual{}, Width: size.X, Height: size.Y})
		rebuilt.Quiet()
		if !each(VerifyStep{Index: i, Name: s.Name, Live: Capture(d.W), Rebuilt: Capture(rebuilt)}) {
			return
		}
	}
}

// Difference is the first place two frames disagree.
type Difference struct {
	// What is "display list" or "geometry".
	What string
	// Index is the primitive's or element's index in draw or tree order.
	Index int
	// Live and Rebuilt print the two sides at Index ("—" past the end).
	Live, Rebuilt string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s differs at %d: live %s, rebuilt %s", d.What, d.Index, d.Live, d.Rebuilt)
}

// Compare returns the first difference between two frames, the display
// list first, and false when they are equal. Primitives and geometry are
// compared exactly: a window that got to a state by a different path must
// draw the same thing, not something close.
func Compare(live, rebuilt Frame) (Difference, bool) {
	if i, ok := firstDiff(live.Display, rebuilt.Display); ok {
		return Difference{"display list", i, at(live.Display, i), at(rebuilt.Display, i)}, true
	}
	if i, ok := firstDiff(live.Geometry, rebuilt.Geometry); ok {
		return Difference{"geometry", i, at(live.Geometry, i), at(rebuilt.Geometry, i)}, true
	}
	return Difference{}, false
}

func firstDiff[T comparable](a, b []T) (int, bool) {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i, true
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b)), true
	}
	return 0, false
}

func at[T any](s []T, i int) string {
	if i >= len(s) {
		return fmt.Sprintf("— (%d in all)", len(s))
	}
	return fmt.Sprintf("%+v", s[i])
}

// VerifyJudge judges verify steps one at a time; its zero value is ready.
type VerifyJudge struct {
	steps  int
	failed []Check
	prims  int
}

// Add judges one step and reports whether it matched.
func (j *VerifyJudge) Add(s VerifyStep) bool {
	j.steps++
	j.prims = max(j.prims, len(s.Live.Display))
	if len(s.Rebuilt.Display) == 0 {
		j.failed = append(j.failed, broken(fmt.Sprintf("step %d (%s)", s.Index, s.Name), "the rebuilt window drew nothing: nothing to compare against"))
		return false
	}
	if d, differ := Compare(s.Live, s.Rebuilt); differ {
		j.failed = append(j.failed, check(fmt.Sprintf("step %d (%s)", s.Index, s.Name), false, "%v", d))
		return false
	}
	return true
}

// Report returns the verdict over the steps added: Fail at the first step
// whose frames differ, Broken when fewer than want steps were judged.
func (j *VerifyJudge) Report(want int) Report {
	name := fmt.Sprintf("live window equals a rebuild after each of %d steps", want)
	switch {
	case len(j.failed) > 0:
		return report("verify", j.failed)
	case j.steps < want:
		return report("verify", []Check{broken(name, "only %d of %d steps ran", j.steps, want)})
	}
	return report("verify", []Check{check(name, true, "display lists of up to %d primitives and geometry of every element equal at every step", j.prims)})
}

// JudgeVerify judges captured steps: the first whose live frame differs
// from its rebuild fails the gate, and fewer than ScriptLength steps is
// Broken.
func JudgeVerify(steps []VerifyStep) Report {
	var j VerifyJudge
	for _, s := range steps {
		if !j.Add(s) {
			break
		}
	}
	return j.Report(ScriptLength)
}

// Verify runs the verify gate, stopping at the first step that differs.
func Verify(o VerifyOptions) Report {
	start := time.Now()
	var j VerifyJudge
	MeasureVerify(o, j.Add)
	r := j.Report(ScriptLength)
	r.Seconds = time.Since(start).Seconds()
	return r
}
