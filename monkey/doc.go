// Package monkey checks the engine on documents nobody wrote by hand.
//
// Generate builds a random document from a grammar of the element kinds,
// classes and nesting the engine supports, through the document's public
// API only. A Driver performs random actions on a window over any
// document, with the whole vocabulary an application and its user have:
// pointer moves, clicks, the wheel, keys, typing and resizes through the
// window; adding, inserting and removing subtrees, classes, text, states,
// values, tab selections, scroll offsets, new scroll containers, lists and
// tabs through the document, and rules redefined in its sheet. Every choice comes from a Source, so a seed (or a fuzzer's
// bytes) replays a run exactly.
//
// The verify gate (gates.VerifyRandom, `perfbench verify --doc random`)
// and FuzzLiveEqualsRebuild drive windows with it and compare each step's
// frame with a window rebuilt from nothing.
package monkey
