package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// The program's scenarios, registered from init so that the runner's
// child (this same binary, started once per scenario) has them too. The
// frames are the design's claim, one per input; every other count's
// ceiling is recorded by perf in baselines.yaml and lowered by it when
// the program does less.
func init() { scenario.Register(scenarios...) }

// options are the window every scenario opens: 320×240 (the software
// painter repaints every pixel every frame, so its frame grows with the
// window's area: 8.7 ms of CPU at 480×360 on a shared two-core machine),
// and a still cursor, as a user's "no animations" setting gives, so that
// fyne-type counts the keystrokes' work without the blink's (see
// subject/fyne's Options.StillCursor).
var options = subject.Options{Width: 320, Height: 240, Refresh: time.Second / 60, StillCursor: true}

// open opens a fresh program headless.
func open(s *scenario.Session) (*app, *subject.Subject) {
	a := newApp()
	return a, subject.Attach(s, func(fyne.Window) fyne.CanvasObject { return a.content }, options)
}

// rows are the list's rows in view: the labels that name a row.
func rows(sub *subject.Subject) []script.Target {
	var out []script.Target
	for _, t := range script.Only(sub.Targets(), script.Label) {
		if strings.HasPrefix(t.Label, "Row ") {
			out = append(out, t)
		}
	}
	return out
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
			inView := rows(sub)
			s.Repeat("cross", crossings, func(i int) { sub.MouseMove(fyne.NewPos(script.Each(inView, i).Center())) })
			row := script.Each(inView, crossings-1)
			if a.hovered < 0 || a.labels[a.hovered] != row.Label {
				return fmt.Errorf("%s is not hovered after the pointer crossed onto it (hovered: %d): the pointer never reached the rows", row.Label, a.hovered)
			}
			return nil
		},
		// One frame per crossing. A crossing refreshes the background of
		// the row left and of the row entered, and the status line twice
		// (MouseOut clears it, MouseIn names the new row). Nothing
		// appears: the hover restyles what is there.
		Numbers: subject.Numbers(subject.Bounds{Frames: crossings}),
	},
	{
		Name: "fyne-scroll",
		Help: "the wheel scrolls the list 7 px a step, 40 steps down and 40 back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			at := fyne.NewPos(rows(sub)[0].Center())
			deepest := float32(0)
			s.Repeat("wheel", scrolls, func(i int) { deepest = max(deepest, a.list.GetScrollOffset()); sub.Scroll(at, 0, -script.Wheel(i, 7)) })
			if deepest == 0 {
				return errors.New("the wheel never moved the list")
			}
			return nil
		},
		// One frame per wheel step. The list brings rows into view by
		// showing rows it keeps and updates each one that moves to
		// another index (Label.SetText).
		Numbers: subject.Numbers(subject.Bounds{Frames: scrolls}),
	},
	{
		Name: "fyne-type",
		Help: "a click into the search field, then 40 keystrokes",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			field, err := script.Match{Role: script.Editor}.Find(sub.Targets(), "Search")
			if err != nil {
				return err
			}
			s.Drive("focus", func() { sub.Tap(fyne.NewPos(field.Center())) })
			s.Repeat("type", keystrokes, func(i int) { sub.Type(string(rune('a' + i%26))) })
			if got := a.field.Text; got != strings.Repeat("abcdefghijklmnopqrstuvwxyz", 2)[:keystrokes] {
				return fmt.Errorf("the field holds %q after %d keystrokes: typing did not reach it", got, keystrokes)
			}
			return nil
		},
		// The tap and every keystroke each draw one frame; the tap shows
		// the entry's cursor. A keystroke refreshes the entry, its text
		// and placeholder, the cursor and the selection.
		Numbers: subject.Numbers(subject.Bounds{Frames: keystrokes + 1}),
	},
	{
		Name: "fyne-resize",
		Help: "the window narrows and widens in 16 px steps, 20 steps",
		Run: func(s *scenario.Session) error {
			_, sub := open(s)
			width := func(i int) float32 { return script.Sweep(i, widths/2, options.Width-16, -16) }
			s.Repeat("resize", widths, func(i int) { sub.Resize(width(i), options.Height) })
			if got, w := sub.Size().Width, width(widths-1); got != w {
				return fmt.Errorf("the window is %v wide after the resizes, not %v: the size never reached it", got, w)
			}
			return nil
		},
		// One frame per resize, whose layout (the window's content laid
		// out at its new size) is in the frame.
		Numbers: subject.Numbers(subject.Bounds{Frames: widths}),
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
		// nothing.
		Numbers: subject.Idle(),
	},
}
