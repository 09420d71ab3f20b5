package gio

import (
	"fmt"
	"time"

	"gioui.org/io/key"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
)

// Steps is the Run of most scenarios of a real program: N steps of one
// input over a fresh program, aimed at what is on screen, and a check
// afterwards that the input landed. Its Run method is a Scenario's Run:
//
//	Run: gio.Steps{Label: "click", N: 40, Open: open, At: "Click me!", Input: gio.Click,
//		Landed: func() error { return script.Want(clicks == 40, "%d clicks of 40", clicks) }}.Run
type Steps struct {
	// Label labels each step in the record.
	Label string
	// N is how many steps; at least one.
	N int
	// Open attaches a fresh program to the session: what the program's
	// main does before its window opens, then Attach.
	Open func(s *scenario.Session) *Subject
	// At is the label of the one target every step aims at, Match
	// picking it among those that share the label (script.Match.Find).
	// An empty At with a Match set aims at a target labelled "": an
	// editor with neither hint nor text.
	At    string
	Match script.Match
	// Tour, where neither At nor Match is set and Tour is not
	// script.Any, has step i aim at the i-th of the targets of that
	// role on screen, visited in turn (script.Tour, script.Each). With
	// none of the three, the steps aim at nothing (a resize) and Input's
	// target is the zero one.
	Tour script.Role
	// Input sends step i's input.
	Input Input
	// Wait is the virtual time let pass after the last step, labelled
	// "wait": the frames of an animation the steps started.
	Wait time.Duration
	// Landed, when not nil, says after the steps whether the input
	// landed (the button counted its clicks, the field holds the text):
	// its error makes the run Broken, since numbers measured over input
	// that reached nothing would pass every bound and prove nothing.
	Landed func() error
}

// Input sends one step's input to sub, t being the target the step aims
// at and i the step's index.
type Input func(sub *Subject, t script.Target, i int)

// Run opens the program, finds the steps' targets in its first frame (a
// target not on screen makes the run Broken, with an error naming what
// is), drives the N steps, waits and returns Landed's error. Steps with
// no N, Open or Input panic: they would measure nothing.
func (st Steps) Run(s *scenario.Session) error {
	if st.N < 1 || st.Open == nil || st.Input == nil {
		panic(fmt.Sprintf("gio: Steps{Label: %q, N: %d}: want at least one step, an Open and an Input", st.Label, st.N))
	}
	sub := st.Open(s)
	ts := []script.Target{{}}
	var err error
	switch {
	case st.At != "" || st.Match != (script.Match{}):
		ts[0], err = st.Match.Find(sub.Targets(), st.At)
	case st.Tour != script.Any:
		ts, err = script.Tour(sub.Targets(), st.Tour)
	}
	if err != nil {
		return err
	}
	s.Repeat(st.Label, st.N, func(i int) { st.Input(sub, script.Each(ts, i), i) })
	if st.Wait > 0 {
		s.Wait("wait", st.Wait)
	}
	if st.Landed != nil {
		return st.Landed()
	}
	return nil
}

// Click clicks the step's target.
func Click(sub *Subject, t script.Target, _ int) { sub.Click(t.Center()) }

// Hover moves the pointer onto the step's target, to one of eight points
// across the middle of its box, walked in turn (script.Bounce), so that
// steps over one target move the pointer as a hand over a widget does.
func Hover(sub *Subject, t script.Target, i int) {
	_, y := t.Center()
	sub.PointerMove(t.X+t.W*float32(1+script.Bounce(i, hoverPoints))/(hoverPoints+1), y)
}

// hoverPoints is how many points across a target Hover walks.
const hoverPoints = 8

// Typing is the Input of a click into an editor and keystrokes: step 0
// clicks the target, step i after it types the (i-1)-th rune of text,
// from its start again once it is spent, so N steps type N-1 runes. A
// '\b' presses Backspace (key.NameDeleteBackward), so "12\b\b" types
// two digits and deletes them. An empty text panics.
func Typing(text string) Input {
	rs := []rune(text)
	if len(rs) == 0 {
		panic("gio: Typing with no text")
	}
	return func(sub *Subject, t script.Target, i int) {
		switch r := rs[(i+len(rs)-1)%len(rs)]; {
		case i == 0:
			sub.Click(t.Center())
		case r == '\b':
			sub.Key(key.NameDeleteBackward)
		default:
			sub.Type(string(r))
		}
	}
}

// Wheel is the Input of a wheel turned by step pixels at the target's
// centre, script.Wheel's walk: down for script.WheelRun steps, then back.
func Wheel(step float32) Input {
	return func(sub *Subject, t script.Target, i int) {
		x, y := t.Center()
		sub.Wheel(x, y, script.Wheel(i, step))
	}
}

// Resize is the Input of a window narrowed by `by` pixels a step (widened,
// where by is positive), n sizes out from the one it opened at and back
// (script.Sweep): step i's width is Options.Width + by·(script.Bounce(i,
// n)+1), its height the one it opened at. The steps aim at nothing.
func Resize(n, by int) Input {
	return func(sub *Subject, _ script.Target, i int) {
		o := sub.Options
		sub.Resize(int(script.Sweep(i, n, float32(o.Width+by), float32(by))), o.Height)
	}
}
