// Package monkey checks the engine on documents nobody wrote by hand.
//
// Generate builds a random document from a grammar of the element kinds,
// classes and nesting the engine supports, through the document's public
// API only. A Driver performs random actions on a window over any
// document, with the whole vocabulary an application and its user have:
// pointer moves, clicks, the wheel, keys, typing and resizes through the
// window; adding, inserting and removing subtrees, classes, text, states,
// values, tab selections, scroll offsets (past both ends too), new scroll
// containers, lists and tabs, list models set on an open window, subtrees
// removed and added again equal, hover classes added and removed and the
// root or any element hidden through the document; rules redefined and
// hover variants given and dropped through its sheet, sizes past the
// range among them (3.4·10^38 px wide, a gap of 10^38), which the style
// saturates; click handlers registered and removed on the open window,
// on one element or on each child of one, that change the document
// while the click is dispatched (Handling: remove their element or its
// parent, insert before it, toggle a class, change its text, scroll its
// container), with most clicks aimed inside them; viewports from 0 to
// 100 000 px; and what no caller should pass (Hostile, Misuse): input
// with a coordinate, delta, button, key or text no platform sends, which
// the window must drop and count, points and deltas far outside it,
// content far down or very tall (a list of up to 10^8 rows scrolled to
// its end, a class 2·10^6 to 10^9 px tall), which must work, and
// calls on another document's node (one with the ID of a node here), on a
// removed node or on nil, with numbers that are not finite or out of
// range, on kinds or rows that do not take them, and style rules with a
// property that is not a number, each of which must be refused with a
// "document: …", "window: …" or "style: …" panic that changed
// nothing, or clamped. Every choice comes from a Source, so a seed (or a fuzzer's
// bytes) replays a run exactly. After each step the driver says what it
// touched (Touched), what input it gave (Inputs, replayable on another
// window), whether it changed the document too (Mutated), and whether a
// handler did so while the input was dispatched (Dispatched).
//
// The verify gate (verify.VerifyRandom, `perfbench verify --doc random`)
// and FuzzLiveEqualsRebuild drive windows with it and judge each step with
// a verify.Checker: the frame against a window rebuilt from nothing, input
// routing at the points the step touched and more, and the step's input
// replayed on the previous step's rebuild.
package monkey
