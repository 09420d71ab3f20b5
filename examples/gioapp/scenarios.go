package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/gio"
)

// The program's scenarios, registered from init so that the runner's
// child (this same binary, started once per scenario) has them too.
// Each counts its instructions at a 1% tolerance: Gio's input router
// keeps maps whose probes follow the process's hash seed, which moves a
// Gio program's instructions by up to 0.8% between processes.
func init() {
	for _, sc := range scenarios {
		sc.InstructionsTolerance = 0.01
		scenario.Register(sc)
	}
}

// names are the program's own scenarios, in report order: what
// `gioapp scenarios` runs when none are named.
func names() []string {
	out := make([]string, len(scenarios))
	for i, sc := range scenarios {
		out[i] = sc.Name
	}
	return out
}

// timeTolerance is the band of every time below: a median up to 2.75
// times this machine's baseline passes. Why that wide: these are frames
// of about a millisecond on a shared two-core machine, where another build
// running at the same time made their wall time up to 2.7 times the quiet
// run the ratchet lowers a baseline to. They are now taken on the drawing
// thread's CPU clock, which the scheduler's other work does not inflate;
// the band stays as wide until its spread on that clock is measured. The
// counts are the sharp gates, and a pull request's times are judged by
// the paired run (scenarios --base), not by this band.
const timeTolerance = 1.75

// frame is the thread-CPU time per frame of every step that drew, with
// the frames' wall time beside it, against the 60 Hz frame budget.
func frame() scenario.Number {
	return scenario.CPUFrameTime(band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(timeTolerance), Budget: band.FrameBudget(60)}, nil)
}

// allocs is the median heap allocations of a frame. The ceiling is what
// the program measures today (a property of the program and of Gio, the
// same on every machine): allocating more per frame is a regression to
// explain, allocating less lowers the ceiling in the same change. It
// Varies: the runtime allocates now and then beside the program, so the
// runner judges the median of its processes.
func allocs(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(ceiling)}, Value: gio.Allocs, Varies: true}
}

// ops is the median size of a frame's op list; its ceiling is today's
// value, like allocs'.
func ops(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "ops", Unit: "ops-bytes/frame", Band: band.Count(ceiling)}, Value: gio.OpsBytes}
}

// frames is the number of frames the run drew; the ceiling is one per
// input.
func frames(ceiling float64) scenario.Number {
	return scenario.Number{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(ceiling)}, Value: scenario.FrameCount(nil)}
}

// open opens a fresh program headless in the default 1280×800 window.
func open(s *scenario.Session) (*app, *gio.Subject) {
	a := newApp()
	return a, gio.Attach(s, a.Layout, gio.DefaultOptions)
}

// listX is where the pointer stands over the list; rowY the middle of
// the k-th row in view.
const listX = 200

func rowY(k int) float32 { return fieldHeight + float32(k*rowHeight+rowHeight/2) }

// bounce returns step i of a walk down 0…n-1 and back up, never staying
// on one index two steps running.
func bounce(i, n int) int {
	j := i % (2 * (n - 1))
	if j >= n {
		j = 2*(n-1) - j
	}
	return j
}

// wheelStep is the wheel's delta at step i: step px down for 40 steps,
// then back up for 40.
func wheelStep(i int, step float32) float32 {
	if (i/40)%2 == 0 {
		return step
	}
	return -step
}

const (
	crossings  = 120
	scrolls    = 80
	keystrokes = 40
	widths     = 20
)

var scenarios = []scenario.Scenario{
	{
		Name: "gio-hover",
		Help: "the pointer crosses the list's rows 120 times, down the rows in view and back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			inView := (sub.Size().Y - fieldHeight) / rowHeight
			k := 0
			for i := range crossings {
				k = bounce(i, inView)
				s.Drive("cross", func() { sub.PointerMove(listX, rowY(k)) })
			}
			if !a.rows[k].Hovered() {
				return fmt.Errorf("row %d is not hovered after the pointer crossed onto it: the pointer never reached the rows", k)
			}
			return nil
		},
		// One frame per crossing: a hover changes the row's tint.
		Numbers: []scenario.Number{frame(), frames(crossings), allocs(42), ops(11316)},
	},
	{
		Name: "gio-scroll",
		Help: "the wheel scrolls the list 7 px a step, 40 steps down and 40 back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			x, y := float32(listX), rowY(10)
			deepest := 0
			for i := range scrolls {
				s.Drive("wheel", func() { sub.Wheel(x, y, wheelStep(i, 7)) })
				deepest = max(deepest, a.list.Position.First)
			}
			if deepest == 0 {
				return errors.New("the wheel never moved the list")
			}
			return nil
		},
		// The wheel moves the pointer onto the list first, as a mouse
		// does, so the row under it hovers and changes as the list
		// scrolls: 44 allocations and 11942 op bytes a frame, against
		// 40 and 11916 when the wheel scrolled from a point the pointer
		// never reached.
		Numbers: []scenario.Number{frame(), frames(scrolls), allocs(44), ops(11942)},
	},
	{
		Name: "gio-type",
		Help: "a click into the search field, then 40 keystrokes",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			s.Drive("focus", func() { sub.Click(listX, fieldHeight/2) })
			for i := range keystrokes {
				s.Drive("type", func() { sub.Type(string(rune('a' + i%26))) })
			}
			if got := a.field.Text(); got != strings.Repeat("abcdefghijklmnopqrstuvwxyz", 2)[:keystrokes] {
				return fmt.Errorf("the field holds %q after %d keystrokes: typing did not reach it", got, keystrokes)
			}
			return nil
		},
		// The click and every keystroke each draw one frame. A keystroke
		// frame allocates several times what a hover frame does: the
		// editor reshapes its text and reports its selection and snippet.
		Numbers: []scenario.Number{frame(), frames(keystrokes + 1), allocs(282), ops(11523)},
	},
	{
		Name: "gio-resize",
		Help: "the window narrows and widens in 16 px steps, 20 steps",
		Run: func(s *scenario.Session) error {
			_, sub := open(s)
			for i := range widths {
				w := gio.DefaultOptions.Width - 16*(bounce(i, widths/2)+1)
				s.Drive("resize", func() { sub.Resize(w, gio.DefaultOptions.Height) })
			}
			return nil
		},
		Numbers: []scenario.Number{frame(), frames(widths), allocs(41), ops(11290)},
	},
	{
		Name: "gio-idle",
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
			{Spec: band.Spec{Name: "wakeups", Unit: "wakeups/run", Band: band.Count(0), Budget: band.Max(0, "an idle program asks for no frames")},
				Value: gio.Wakeups},
		},
	},
}
