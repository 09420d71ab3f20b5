// Package script holds what a scenario's interaction needs whatever the
// subject it drives: the walks its steps follow (a pointer down a list
// and back, a wheel turned one way and then the other, a window
// narrowed and widened again, a tour of every labelled thing on screen
// or of some, by name) and how it names what to aim at when a label
// alone is ambiguous. It imports no toolkit and no engine: package
// subject/gio and package subject/fyne answer in its terms, so a scenario
// reads the same over either.
//
// # Walks
//
// A walk is a pure function of the step's index, so a scenario's input is
// the same in every process and its counts are exact. [Bounce] walks
// indices 0…n-1 down and back up, never staying on one index two steps
// running, so every step of a hover crosses onto something new.
// [Wheel] turns a wheel one way for [WheelRun] steps, then back, so a
// scroll returns to where it began. [Sweep] walks a value (a window's
// width, a scroll position) out and back by a step. [Each] walks a
// subject's [Target]s the way Bounce walks indices: those of one role
// ([Tour]) or those named ([Named]).
//
// # Aiming
//
// A subject finds what to aim at by its label (Find, Center), the first
// match in the window's tree order winning. Two widgets can share a label
// (two editors with the hint "Hint"); a [Match] picks the n-th of them, or
// only those of one [Role]:
//
//	x, y, ok := sub.Center("Hint", script.Match{Nth: 1})           // the second
//	at, ok := sub.Center("OK", script.Match{Role: script.Button})  // a button, not a label
//
// [Match.Find] picks from a subject's Targets and, where nothing matches,
// returns an error naming what is on screen, for a Run to return:
//
//	t, err := script.Match{Role: script.Button}.Find(sub.Targets(), "OK")
//
// A subject's Targets lists every labelled thing on screen, in tree
// order, each once, with its role and bounds: what a tour of a program
// whose layout the scenario did not write aims at. [Only] keeps one role
// of them (a list's rows, not the field above it):
//
//	rows := script.Only(sub.Targets(), script.Button)
//	for i := range 120 {
//		row := script.Each(rows, i)
//		s.Drive("cross", func() { sub.PointerMove(row.Center()) })
//	}
//
// A target's Center is in the subject's window units, so a Fyne scenario
// aims at it with fyne.NewPos(t.Center()), and a Gio one with
// sub.Click(t.Center()).
package script
