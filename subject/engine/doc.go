// Package engine is perfbench's own retained-mode window as a subject that
// scenarios drive: [Open] opens a document headless on the session's
// virtual clock, settles it and attaches it, and the scenario drives the
// window's own input methods inside Session.Drive, as a Gio scenario
// drives package subject/gio's.
//
// Its values read what only the engine keeps: the process-wide work
// counters (package counter) through [Done], [Avoided], [MaxPerStep],
// [Total], [TotalOf] and [Work], and the bounded caches' sizes through
// [PeakCache]. Over a run that drove another subject each is missing, so
// a number declared with one judges Broken rather than passing its ceiling
// at zero.
//
// # Renderer
//
// The window draws with the renderer the session names
// (scenario.Session.Renderer, which the runner's child takes from its
// --renderer flag), looked up in package renderer's registry: the null
// renderer when it names none. The program that runs the child registers
// the renderers it offers (perfbench's command imports renderer/null,
// renderer/raster and, with the gpu tag, renderer/gpu).
package engine
