package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	"github.com/perfbench/perfbench/subject/gio"
)

// The program's scenarios, registered from init so that the runner's
// child (this same binary, started once per scenario) has them too. The
// frames are the design's claim, one per input; every other count's
// ceiling is recorded by perf in baselines.yaml and lowered by it when
// the program does less.
func init() { scenario.Register(scenarios...) }

// open opens a fresh program headless in the default 1280×800 window.
func open(s *scenario.Session) (*app, *gio.Subject) {
	a := newApp()
	return a, gio.Attach(s, a.Layout, gio.DefaultOptions)
}

// rows are the list's rows on screen: each is a clickable, so a button.
func rows(sub *gio.Subject) []script.Target { return script.Only(sub.Targets(), script.Button) }

const (
	crossings  = 120
	scrolls    = 80
	keystrokes = 40
	widths     = 20
)

var scenarios = []scenario.Scenario{
	{
		Name: "gio-hover",
		Help: "the pointer crosses the list's rows 120 times, down the rows on screen and back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			inView := rows(sub)
			s.Repeat("cross", crossings, func(i int) { sub.PointerMove(script.Each(inView, i).Center()) })
			row := script.Each(inView, crossings-1)
			if k := a.list.Position.First + script.Bounce(crossings-1, len(inView)); !a.rows[k].Hovered() {
				return fmt.Errorf("%s is not hovered after the pointer crossed onto it: the pointer never reached the rows", row.Label)
			}
			return nil
		},
		// One frame per crossing: a hover changes the row's tint.
		Numbers: gio.Numbers(gio.Bounds{Frames: crossings}),
	},
	{
		Name: "gio-scroll",
		Help: "the wheel scrolls the list 7 px a step, 40 steps down and 40 back up",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			x, y := rows(sub)[10].Center()
			deepest := 0
			s.Repeat("wheel", scrolls, func(i int) { deepest = max(deepest, a.list.Position.First); sub.Wheel(x, y, script.Wheel(i, 7)) })
			if deepest == 0 {
				return errors.New("the wheel never moved the list")
			}
			return nil
		},
		// The wheel moves the pointer onto the list first, as a mouse
		// does, so the row under it hovers and changes as the list
		// scrolls.
		Numbers: gio.Numbers(gio.Bounds{Frames: scrolls}),
	},
	{
		Name: "gio-type",
		Help: "a click into the search field, then 40 keystrokes",
		Run: func(s *scenario.Session) error {
			a, sub := open(s)
			field, err := script.Match{Role: script.Editor}.Find(sub.Targets(), "Search")
			if err != nil {
				return err
			}
			s.Drive("focus", func() { sub.Click(field.Center()) })
			s.Repeat("type", keystrokes, func(i int) { sub.Type(string(rune('a' + i%26))) })
			if got := a.field.Text(); got != strings.Repeat("abcdefghijklmnopqrstuvwxyz", 2)[:keystrokes] {
				return fmt.Errorf("the field holds %q after %d keystrokes: typing did not reach it", got, keystrokes)
			}
			return nil
		},
		// The click and every keystroke each draw one frame.
		Numbers: gio.Numbers(gio.Bounds{Frames: keystrokes + 1}),
	},
	{
		Name: "gio-resize",
		Help: "the window narrows and widens in 16 px steps, 20 steps",
		Run: gio.Steps{Label: "resize", N: widths, Open: func(s *scenario.Session) *gio.Subject {
			_, sub := open(s)
			return sub
		}, Input: gio.Resize(widths/2, -16)}.Run,
		Numbers: gio.Numbers(gio.Bounds{Frames: widths}),
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
		// nothing.
		Numbers: gio.Idle(),
	},
}
