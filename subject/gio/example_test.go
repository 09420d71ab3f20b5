package gio_test

import (
	"errors"
	"fmt"
	"time"

	"gioui.org/layout"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	"github.com/perfbench/perfbench/subject/gio"
)

// A Gio program registers a scenario over its own UI: gio.Attach opens the
// program headless and hands it to the session, the scenario aims by
// label and drives it with the Subject's input methods inside
// Session.Drive, and gio.Numbers gives the default numbers, each with its
// bound. A real program registers from init and calls harness.Main from
// main (see examples/gioapp).
func ExampleAttach() {
	var button widget.Clickable
	presses := 0
	th := newRows().th // a theme with the Go fonts only
	ui := func(gtx layout.Context) layout.Dimensions {
		for button.Clicked(gtx) {
			presses++
		}
		return material.Button(th, &button, "Press").Layout(gtx)
	}
	scenario.Register(scenario.Scenario{
		Name: "gio-press",
		Help: "press a Gio button 30 times",
		Run: func(s *scenario.Session) error {
			sub := gio.Attach(s, ui, gio.DefaultOptions)
			x, y, ok := sub.Center("Press", script.Match{Role: script.Button})
			if !ok {
				return errors.New("no button labelled Press")
			}
			for range 30 {
				s.Drive("press", func() { sub.Click(x, y) })
			}
			s.Wait("rest", time.Second)
			if presses != 30 {
				return fmt.Errorf("the button saw %d presses of 30", presses)
			}
			return nil
		},
		// One frame per press; the last press's ink ripple then animates
		// for 28 more frames (under half a second) and stops. The
		// allocations and op bytes are a sketch's: a real program's are
		// what it measures today.
		// Every frame but the last asked for the next: the ripple.
		Numbers: gio.Numbers(gio.Bounds{Frames: 58, Allocs: 1000, Ops: 10000, Wakeups: 57}),
	})

	sc, _ := scenario.Lookup("gio-press")
	res := sc.Measure() // the runner would do this in a child process
	for _, m := range res.Numbers {
		if m.Band.Kind == band.KindCount {
			fmt.Println(m.Name, band.Judge(m).BandVerdict)
		}
	}
	// Output:
	// frames pass
	// allocs pass
	// ops pass
	// wakeups pass
}

// Most scenarios of a real program are n steps of one input, aimed at
// what is on screen, then a check that the input landed: gio.Steps is
// that Run. A target that is not on screen makes the run Broken, naming
// what is.
func ExampleSteps() {
	var button widget.Clickable
	presses := 0
	th := newRows().th // a theme with the Go fonts only
	open := func(s *scenario.Session) *gio.Subject {
		presses = 0
		return gio.Attach(s, func(gtx layout.Context) layout.Dimensions {
			for button.Clicked(gtx) {
				presses++
			}
			return material.Button(th, &button, "Press").Layout(gtx)
		}, gio.Options{Width: 400, Height: 300})
	}
	landed := func() error { return script.Want(presses == 30, "%d presses of 30", presses) }
	scenario.Register(
		scenario.Scenario{Name: "gio-steps-press", Help: "press a Gio button 30 times",
			Run:     gio.Steps{Label: "press", N: 30, Open: open, At: "Press", Input: gio.Click, Landed: landed}.Run,
			Numbers: gio.Numbers(gio.Bounds{})},
		scenario.Scenario{Name: "gio-steps-missing", Help: "press a button the program does not have",
			Run:     gio.Steps{Label: "press", N: 30, Open: open, At: "Send", Input: gio.Click, Landed: landed}.Run,
			Numbers: gio.Numbers(gio.Bounds{})},
	)
	for _, name := range []string{"gio-steps-press", "gio-steps-missing"} {
		sc, _ := scenario.Lookup(name)
		res := sc.Measure() // the runner would do this in a child process
		fmt.Printf("%s: %d presses, broken: %q\n", name, presses, res.Broken)
	}
	// Output:
	// gio-steps-press: 30 presses, broken: ""
	// gio-steps-missing: 0 presses, broken: "no \"Send\" on screen; on screen: \"Press\" (button)"
}
