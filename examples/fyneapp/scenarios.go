package main

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// The program's scenarios, registered from init so that the runner's
// child (this same binary, started once per scenario) has them too.
func init() {
	for _, sc := range scenarios {
		scenario.Register(sc)
	}
}

// names are the program's own scenarios, in report order: what
// `fyneapp scenarios` runs when none are named.
func names() []string {
	out := make([]string, len(scenarios))
	for i, sc := range scenarios {
		out[i] = sc.Name
	}
	return out
}

// timeTolerance is the band of every time below: a median up to 2.75
// times this machine's baseline passes, for the reason examples/gioapp
// gives (a shared two-core machine makes a frame up to 2.7 times slower
// than the quiet run the ratchet lowers a baseline to). The counts are the
// sharp gates; the paired mode judges times against a base build.
const timeTolerance = 1.75

// frame is the thread-CPU time per frame of every step that drew, against
// the 60 Hz frame budget.
func frame() scenario.Number {
	return scenario.CPUFrameTime(band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(timeTolerance), Budget: band.FrameBudget(60)}, nil)
}

// frames is the number of frames the run drew; each scenario's ceiling
// says why it is what it is.
func frames(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(ceiling)}, Value: scenario.FrameCount(nil)}
}

// allocs is the median heap allocations of a frame, against today's
// value (a property of the program and of Fyne, the same on every
// machine) and a slack of one in a thousand: allocating more per frame is
// a regression to explain, allocating less lowers the ceiling in the same
// change. The slack is there because the runtime's type-switch caches add
// an allocation or two to a third of Fyne's frames at random (see
// subject/fyne), so the median frame moves by one between processes
// (fyne-type read 7 710 and 7 711 in two runs of five processes each); it
// Varies, so the runner judges the median of its processes.
func allocs(today float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(today + math.Ceil(today/1000))}, Value: subject.Allocs, Varies: true}
}

// refreshes is the object refreshes (canvas.Refresh through the driver)
// over the run: what the program itself said changed.
func refreshes(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "refreshes", Unit: "refreshes/run", Band: band.Count(ceiling)}, Value: subject.Refreshes}
}

// appeared is the objects that appeared in the visible tree over the run:
// new objects, or hidden ones shown.
func appeared(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "appeared", Unit: "objects/run", Band: band.Count(ceiling)}, Value: subject.Appeared}
}

// painted is the median objects the software painter drew in a frame: the
// whole window's, every frame.
func painted(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "painted", Unit: "objects/frame", Band: band.Count(ceiling)}, Value: subject.Painted}
}

// options are the window every scenario opens: 320×240 (the software
// painter repaints every pixel every frame, so its frame grows with the
// window's area: 8.7 ms of CPU at 480×360 on a shared two-core machine), and a still cursor, whose blink would otherwise depend
// on the wall clock (see subject/fyne's Options.StillCursor).
var options = subject.Options{Width: 320, Height: 240, Refresh: time.Second / 60, StillCursor: true}

// open opens a fresh program headless.
func open(s *scenario.Session) (*app, *subject.Subject) {
	a := newApp()
	return a, subject.Attach(s, a.content, options)
}

// inView returns where the rows in view are: the middle of the first and
// the distance from one row to the next, found by their labels, and how
// many rows are wholly in view.
func inView(sub *subject.Subject) (first fyne.Position, pitch float32, n int) {
	first = sub.Center("Row 0001")
	pitch = sub.Center("Row 0002").Y - first.Y
	for n = 1; n < rowCount; n++ {
		if _, _, ok := sub.Find(fmt.Sprintf("Row %04d", n+1)); !ok {
			break
		}
	}
	return first, pitch, n - 1
}

const (
	crossings  = 120
	scrolls    = 80
	keystrokes = 40
	widths     = 20
)

var scenarios = []scenario.Scenario{
	{
		Name: "fyne-hover",
		Help: "the pointer crosses the list's rows 120 times, down the rows in view and back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			first, pitch, n := inView(sub)
			k := 0
			for i := range crossings {
				k = script.Bounce(i, n)
				at := first.AddXY(0, pitch*float32(k))
				s.Drive("cross", func() { sub.MouseMove(at) })
			}
			if a.hovered != k {
				return fmt.Errorf("row %d is not hovered after the pointer crossed onto it (hovered: %d): the pointer never reached the rows", k, a.hovered)
			}
			return nil
		},
		// One frame per crossing. A crossing refreshes 12 times: the
		// background of the row left and of the row entered, and the
		// status line twice (MouseOut clears it, MouseIn names the new
		// row), each Label.SetText refreshing the label's rich text and
		// its text five times in all (Fyne v2.7.1); the first crossing
		// leaves no row, so 119×12 + 6. Nothing appears: the hover
		// restyles what is there. The painter draws the window's 22
		// primitives every frame, hovered or not.
		Numbers: []scenario.Number{frame(), frames(crossings), allocs(7837), refreshes(1434), appeared(0), painted(22)},
	},
	{
		Name: "fyne-scroll",
		Help: "the wheel scrolls the list 7 px a step, 40 steps down and 40 back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			first, _, _ := inView(sub)
			deepest := float32(0)
			for i := range scrolls {
				s.Drive("wheel", func() { sub.Scroll(first, 0, -script.Wheel(i, 7)) })
				deepest = max(deepest, a.list.GetScrollOffset())
			}
			if deepest == 0 {
				return errors.New("the wheel never moved the list")
			}
			return nil
		},
		// One frame per wheel step. The list brings rows into view by
		// showing rows it keeps (100 over the run) and updates each one
		// that moves to another index (Label.SetText); a frame allocates
		// more than a hover's, for the list's layout of its rows.
		Numbers: []scenario.Number{frame(), frames(scrolls), allocs(12817), refreshes(1260), appeared(100), painted(23)},
	},
	{
		Name: "fyne-type",
		Help: "a click into the search field, then 40 keystrokes",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			at := sub.Center("Search")
			s.Drive("focus", func() { sub.Tap(at) })
			for i := range keystrokes {
				s.Drive("type", func() { sub.Type(string(rune('a' + i%26))) })
			}
			if got := a.field.Text; got != strings.Repeat("abcdefghijklmnopqrstuvwxyz", 2)[:keystrokes] {
				return fmt.Errorf("the field holds %q after %d keystrokes: typing did not reach it", got, keystrokes)
			}
			return nil
		},
		// The tap and every keystroke each draw one frame; the tap shows
		// the entry's cursor (the one object that appears). A keystroke
		// refreshes about 25 times: the entry, its text and placeholder,
		// the cursor and the selection.
		Numbers: []scenario.Number{frame(), frames(keystrokes + 1), allocs(7710), refreshes(1039), appeared(1), painted(22)},
	},
	{
		Name: "fyne-resize",
		Help: "the window narrows and widens in 16 px steps, 20 steps",
		Run: func(s *scenario.Session) error {
			_, sub := open(s)
			var w float32
			for i := range widths {
				w = options.Width - 16*float32(script.Bounce(i, widths/2)+1)
				s.Drive("resize", func() { sub.Resize(w, options.Height) })
			}
			if got := sub.Size().Width; got != w {
				return fmt.Errorf("the window is %v wide after the resizes, not %v: the size never reached it", got, w)
			}
			return nil
		},
		// One frame per resize, whose layout (the window's content laid
		// out at its new size) is in the frame; laying out again
		// refreshes about 35 objects a resize.
		Numbers: []scenario.Number{frame(), frames(widths), allocs(6563), refreshes(709), appeared(0), painted(22)},
	},
	{
		Name: "fyne-idle",
		Help: "the program untouched for 30 s of virtual time: zero frames",
		Run: func(s *scenario.Session) error {
			open(s)
			for range 30 {
				s.Wait("second", time.Second)
			}
			return nil
		},
		// The design's claim, as for perfbench's own idle: an untouched
		// program with nothing animating draws nothing and asks for
		// nothing. No time: with no frames there is nothing to time.
		Numbers: []scenario.Number{
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0), Budget: band.Max(0, "an idle program draws no frames")},
				Value: scenario.FrameCount(nil)},
			{Spec: band.Spec{Name: "refreshes", Unit: "refreshes/run", Band: band.Count(0), Budget: band.Max(0, "an idle program refreshes nothing")},
				Value: subject.Refreshes},
			{Spec: band.Spec{Name: "ticks", Unit: "ticks/run", Band: band.Count(0), Budget: band.Max(0, "an idle program animates nothing")},
				Value: subject.Ticks},
		},
	},
}
