// Package nonvacuity makes counters of work avoided mean something, and
// finds the ones that nobody has made mean something yet.
//
// A counter of work performed is falsifiable alone: it reads zero when the
// stage did nothing and a number when it did something. A counter of work
// avoided (a counter.Skip counter: LayoutsHeld, ChunksTranslated, …) is not.
// It reads zero when the stage is perfect, zero when the stage has been
// deleted, and zero when nobody ever wired it up, so a ceiling on it is
// green from the day it is written whatever happens underneath.
//
// # Asserting
//
// Assert (and Check, its form for code that is not a test) drives two
// scenarios and requires three things of a skip counter:
//
//   - in moves, a scenario where the work must be done, the counter of
//     that work (the skip's Group().Done) moves;
//   - in moves the skip counter stays zero;
//   - in fires, a scenario where the skip must fire, the skip counter is
//     non-zero.
//
// Each scenario runs while Assert holds counter.Exclusive, so no other
// test's work lands in its numbers; a scenario must therefore not take
// counter.Exclusive itself.
//
// # Scanning
//
// Scan parses every _test.go file of a module (go/parser, not text
// matching) and reports, for each skip counter of the counter table, the
// calls to Assert that name it; [Report.Floor] adds the scenario numbers
// with a floor on it, which fail perfbench scenarios when the skip stops
// firing. `perfbench skips` runs it as a standing gate: a skip counter that
// neither an Assert call nor a scenario floor covers fails, and so does a
// call whose
// counter argument the scanner cannot read as counter.Name (a variable, a
// conversion, a counter that is not a skip), because such a call proves
// nothing the scanner can see. Write the counter out by name.
//
// A call that is not a check of the engine (the tests of Assert itself,
// which drive counters by hand) carries IgnoreDirective with a reason; it
// then counts for nothing, and the report lists it. ScanOptions points the
// scan at another module's import paths and skip counters.
package nonvacuity
