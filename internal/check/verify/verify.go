package verify

import (
	"fmt"
	"image"
	"image/color"
	"time"

	"github.com/perfbench/perfbench/internal/check/gates"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/renderer/null"
	"github.com/perfbench/perfbench/renderer/raster"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/window"
)

// VerifyOptions configure the verify gate. DefaultVerify is what
// `perfbench verify` runs.
type VerifyOptions struct {
	// Size is the gallery's size.
	Size gallery.Size
	// Renderer, when set, makes the renderer each window draws with: the
	// live one, and a fresh one for every rebuild. When it draws pictures
	// (renderer.Picture) the gate also compares pixels: the live window's
	// picture, redrawn frame by frame from its damage, must equal the
	// rebuild's, drawn whole, within PixelTolerance.
	Renderer func() (renderer.Renderer, error)
	// PixelTolerance is the largest per-channel difference (0…255) two
	// pictures may have. Zero, the default, is exact, and what the cpu and
	// gpu renderers meet: both windows draw the same items with the same
	// formulas in the same order, so any difference is a wrong picture
	// (damage that missed a change, a stale texture), not rounding.
	PixelTolerance int
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
	// Picture is what the window's renderer drew, when it draws pictures.
	Picture *image.RGBA
}

// Capture returns what w shows.
func Capture(w *window.Window) Frame {
	return Frame{Display: w.DisplayList(nil), Geometry: w.Geometry(nil)}
}

// CapturePicture returns what w shows and, when pic is not nil (w's
// renderer), the picture it drew.
func CapturePicture(w *window.Window, pic renderer.Picture) (Frame, error) {
	f := Frame{Display: w.DisplayList(nil), Geometry: w.Geometry(nil)}
	if pic != nil {
		img, err := pic.Image()
		if err != nil {
			return f, err
		}
		f.Picture = img
	}
	return f, nil
}

// VerifyStep is one step of the script and the two frames it is judged
// by: the live window's after the step's frame, and that of a window
// rebuilt from nothing over doc.Clone() in the same viewport.
type VerifyStep struct {
	Index   int
	Name    string
	Live    Frame
	Rebuilt Frame
	// Tolerance is the pixel tolerance the pictures are compared with.
	Tolerance int
}

// MeasureVerify runs the script over the idle gallery (an animation would
// give the rebuilt window another phase) and captures both frames after
// every step. It calls each as it is captured, so that a caller can judge
// as it goes and keep nothing; it stops early when each returns false.
func MeasureVerify(o VerifyOptions, each func(VerifyStep) bool) error {
	release := counter.Exclusive()
	defer release()
	live, closeLive, err := openRenderer(o.Renderer)
	if err != nil {
		return err
	}
	defer closeLive()
	d := phase.Open(&phase.Phase{Name: "verify"}, o.Size, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: live}})
	for i, s := range Script() {
		s.Do(d)
		d.Refresh()
		step, err := captureStep(o, d, i, s.Name, live)
		if err != nil {
			return err
		}
		if !each(step) {
			return nil
		}
	}
	return nil
}

// captureStep captures the live window and a rebuild of it, each with its
// own renderer.
func captureStep(o VerifyOptions, d *phase.Driver, i int, name string, live renderer.Renderer) (VerifyStep, error) {
	r, closeR, err := openRenderer(o.Renderer)
	if err != nil {
		return VerifyStep{}, err
	}
	defer closeR()
	size := d.W.Size()
	rebuilt := window.New(d.G.Doc.Clone(), window.Options{Clock: &clock.Virtual{}, Width: size.X, Height: size.Y, Renderer: r})
	rebuilt.Quiet()
	step := VerifyStep{Index: i, Name: name}
	livePic, _ := live.(renderer.Picture)
	rebuiltPic, _ := r.(renderer.Picture)
	if step.Live, err = CapturePicture(d.W, livePic); err != nil {
		return step, err
	}
	if step.Rebuilt, err = CapturePicture(rebuilt, rebuiltPic); err != nil {
		return step, err
	}
	step.Tolerance = o.PixelTolerance
	return step, nil
}

// openRenderer makes a renderer from f (nil: the null renderer) and the
// function that releases it.
func openRenderer(f func() (renderer.Renderer, error)) (renderer.Renderer, func(), error) {
	if f == nil {
		return &null.Renderer{}, func() {}, nil
	}
	r, err := f()
	if err != nil {
		return nil, nil, err
	}
	if c, ok := r.(renderer.Closer); ok {
		return r, func() { c.Close() }, nil
	}
	return r, func() {}, nil
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
// Pictures, when both frames have one, are compared last and exactly.
func Compare(live, rebuilt Frame) (Difference, bool) { return CompareWithin(live, rebuilt, 0) }

// CompareWithin is Compare with pictures compared channel by channel within
// tol: the difference names the first pixel off (Index is its offset in
// row order) and how many are.
func CompareWithin(live, rebuilt Frame, tol int) (Difference, bool) {
	if i, ok := firstDiff(live.Display, rebuilt.Display); ok {
		return Difference{"display list", i, at(live.Display, i), at(rebuilt.Display, i)}, true
	}
	if i, ok := firstDiff(live.Geometry, rebuilt.Geometry); ok {
		return Difference{"geometry", i, at(live.Geometry, i), at(rebuilt.Geometry, i)}, true
	}
	if live.Picture != nil && rebuilt.Picture != nil {
		if d := raster.Diff(live.Picture, rebuilt.Picture, tol); d.Pixels > 0 {
			p := d.First
			return Difference{"picture", p.Y*live.Picture.Rect.Dx() + p.X,
				fmt.Sprintf("%v at %v (%d pixels off by more than %d, at most %d)", pixel(live.Picture, p), p, d.Pixels, tol, d.Max),
				fmt.Sprintf("%v", pixel(rebuilt.Picture, p))}, true
		}
	}
	return Difference{}, false
}

func pixel(img *image.RGBA, p image.Point) color.RGBA {
	if !p.In(img.Rect) {
		return color.RGBA{}
	}
	return img.RGBAAt(p.X, p.Y)
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
	steps    int
	failed   []gates.Check
	prims    int
	pictures int
}

// Add judges one step and reports whether it matched.
func (j *VerifyJudge) Add(s VerifyStep) bool {
	j.steps++
	j.prims = max(j.prims, len(s.Live.Display))
	if len(s.Rebuilt.Display) == 0 {
		j.failed = append(j.failed, gates.Broken(fmt.Sprintf("step %d (%s)", s.Index, s.Name), "the rebuilt window drew nothing: nothing to compare against"))
		return false
	}
	if s.Live.Picture != nil {
		j.pictures++
	}
	if d, differ := CompareWithin(s.Live, s.Rebuilt, s.Tolerance); differ {
		j.failed = append(j.failed, gates.Claim(fmt.Sprintf("step %d (%s)", s.Index, s.Name), false, "%v", d))
		return false
	}
	return true
}

// Report returns the verdict over the steps added: Fail at the first step
// whose frames differ, Broken when fewer than want steps were judged.
func (j *VerifyJudge) Report(want int) gates.Report {
	name := fmt.Sprintf("live window equals a rebuild after each of %d steps", want)
	switch {
	case len(j.failed) > 0:
		return gates.Of("verify", j.failed)
	case j.steps < want:
		return gates.Of("verify", []gates.Check{gates.Broken(name, "only %d of %d steps ran", j.steps, want)})
	}
	what := "display lists of up to %d primitives and geometry of every element equal at every step"
	if j.pictures == j.steps {
		what = "display lists of up to %d primitives, geometry of every element and the rendered pictures equal at every step"
	}
	return gates.Of("verify", []gates.Check{gates.Claim(name, true, what, j.prims)})
}

// JudgeVerify judges captured steps: the first whose live frame differs
// from its rebuild fails the gate, and fewer than ScriptLength steps is
// Broken.
func JudgeVerify(steps []VerifyStep) gates.Report {
	var j VerifyJudge
	for _, s := range steps {
		if !j.Add(s) {
			break
		}
	}
	return j.Report(ScriptLength)
}

// Verify runs the verify gate, stopping at the first step that differs.
func Verify(o VerifyOptions) gates.Report {
	start := time.Now()
	var j VerifyJudge
	if err := MeasureVerify(o, j.Add); err != nil {
		return gates.Of("verify", []gates.Check{gates.Broken("verify", "renderer: %v", err)})
	}
	r := j.Report(ScriptLength)
	r.Seconds = time.Since(start).Seconds()
	return r
}
