// Package fyne runs a Fyne program (fyne.io/fyne/v2) headless as a
// subject that perfbench measures: a fyne.CanvasObject (or a func that
// builds one with the app at hand) in a window of Fyne's test driver,
// drawn by Fyne's software painter, with input delivered through Fyne's
// own event paths, frame by frame on a virtual clock.
//
// It is the only part of perfbench that imports Fyne: the harness
// (scenario, band, ratchet, the CLI's core) imports none of it, and a test
// checks the import graph.
//
// # One frame
//
// Fyne's test driver has no frame loop and its canvas ignores Refresh, so
// the subject puts its own driver in front of the test driver (the app's
// Driver answers with it): every canvas.Refresh of an object, the way a
// Fyne object asks to be drawn again, is counted there and asks for a
// frame, and every fyne.Animation runs on the subject's virtual clock
// instead of jumping to its end. A frame is then what Fyne's desktop
// driver does for a dirty window: the minimum-size pass over the trees
// (an object whose minimum size changed has its parent laid out again),
// and a paint of the whole window by the software painter. Its cost is
// the drawing thread's CPU time of those (thread.CPU), with the
// layout and the paint timed apart.
//
// Input goes where the desktop driver sends it: a mouse move to the
// hoverable under the pointer (MouseIn, MouseMoved, MouseOut), a tap to
// the tappable (which takes the focus), a scroll to the scrollable, a
// drag to the draggable, typed runes and keys to the focused object, Tab
// to the focus chain.
//
// # Aiming
//
// An object is found by its text (Find, Center; Fyne v2.7 has no
// accessibility label), which answer ok, false where nothing in view has
// it. Targets lists every object with a text in view, each once, in tree
// order, with its role (package script): a label or a canvas text is a
// script.Label, a button or a hyperlink a script.Button, a check a
// script.CheckBox, an entry a script.Editor (found by its content, or its
// placeholder while empty); the objects such an object is drawn with (a
// label's rich text, a button's text) are its parts, not targets of their
// own. A radio group's items are unexported in Fyne v2.7 and Fyne has no
// switch, so script.RadioButton and script.Switch match nothing here.
// Where texts repeat a script.Match picks the n-th, or a role:
//
//	at, ok := sub.Center("Go", script.Match{Role: script.Button})
//
// # Idle
//
// Fyne does not say whether it asked for a frame; a window is dirty when
// one of its objects was refreshed through the driver, the canvas was
// repainted, or the window resized, and a frame is drawn at a refresh only
// then. An untouched window with nothing animating draws zero frames; a
// running animation ticks at every refresh and draws whenever its tick
// refreshes something. A focused entry's cursor blinks forever (an
// animation that repeats for ever), so a window with a focused entry is
// never idle unless the cursor is still (Options.StillCursor).
//
// # Counts
//
// Every frame reports exact counts: heap allocations and bytes of the
// whole step (runtime.ReadMemStats from the first input since the frame
// before, so input handlers count: a list's UpdateItem during a scroll),
// the Refresh calls and distinct
// objects refreshed that asked for it, the animations ticked, the
// containers and widgets laid out again, the visible objects, those the
// painter draws (every visible primitive, every frame: the software
// painter paints the whole window and has no damage tracking) and those
// that appeared since the frame before. Not observable from outside, so
// not reported: Fyne's caches (renderers, canvases, font metrics, SVGs
// are unexported in internal/cache and keep no statistics), textures (the
// software painter makes none: it rasterises every object into one new
// image a frame, which shows in the frame's bytes), and GPU work (there is
// none).
//
// Counts are a property of the program and the input: two runs of one
// script report the same counts (a test holds that), with a frame's
// allocations reported as the median per frame for the reason Median
// gives. Fyne's caches run on the virtual clock: the cleaner the painter
// runs acts at most once per 10 s of it and destroys what was unused for
// a minute of it, however long the process takes (a counted run under
// Valgrind takes minutes), and so does an entry cursor's pause in its
// blink after each keystroke (see clock.go).
//
// A program's goroutines hand their results to the window with fyne.Do,
// which queues them, as the desktop driver's event loop does, for the
// subject's goroutine to run at its next refresh. Before each refresh the
// subject lets every goroutine that can run do so until it blocks, so the
// work an input starts on a goroutine (a search, a decode) lands in the
// frame after the input in every process, as on a machine fast enough to
// finish it within a refresh. A goroutine that waits on the wall clock
// (time.Sleep, a time.Ticker, time.AfterFunc) wakes when the wall clock
// says, which depends on how fast the process runs: its refreshes land
// in different frames in different processes, and the runner says which
// frame and which objects differ: the subject keeps a trace of what each
// frame laid out, refreshed and saw appear, by type, text and position
// (FrameTrace), recorded after the frame's allocations are read, and a
// count that differs between processes is Broken with the first frame
// whose trace differs and the lines only one process has.
// A third source of difference is Go's: a list, table, tree or grid
// recycles its rows through a sync.Pool, whose caches are per P, so
// which recycled row comes back depends on the P the thread held; Attach
// runs the scenario's process on one P so that it does not. A table's
// refreshes still vary by a few: it pools the cells that left view in
// map order, which Go randomizes at every range (see
// Bounds.RefreshesVary).
//
// # Scenarios
//
// A Subject is a scenario.Subject: Attach opens what a program's build
// returns (given the subject's window) and hands it to a scenario
// session, the scenario drives it with the Subject's input methods inside
// Session.Drive, and Numbers gives its default numbers (the frame time,
// frames, the median frame's allocations, refreshes, appeared and painted
// objects, each within the Bounds the scenario writes, the allocations
// with AllocSlack, or recorded by perf where it writes none), Idle the numbers of an untouched program (zero
// frames, refreshes and ticks: nothing that reads missing over a run with
// no frames). The Values of this package read its counts for a
// scenario's own.
package fyne
