// Package trace summarizes a latency trace (package latency's JSONL) into
// the Session metrics of package metric, each under its definition and
// with its quality.
//
// Summarize turns a latency trace (package latency) into the Session
// metrics: frames are f.begin … f.end, pres.out is the present instant, a
// change of base_unix_ns is a new epoch. A malformed line is counted with its
// line number and skipped, never silently dropped; an empty trace or one
// without a complete frame is an error.
//
// Each epoch's header declares its source: what scheduled its frames
// (virtual or real timing) and whether its renderer presented them. A
// metric is derived only from the epochs whose source can carry it — a
// Condition, as in the conditional model: frame costs from any epoch;
// frame intervals, input latency and the loop's waits from real timing;
// presentation rates and intervals from real timing with a renderer that
// presents. Any other reading is NotApplicable, or Missing where the
// trace has no header (source unknown), and Reading.Why says which and
// why; a reading computed from some epochs says how many were left out.
// Frames drawn while the window was in the background (a win.fg mark
// noted "background", until one noted "foreground") are nobody's to
// report: they enter frame costs only, the change is a boundary, and a
// window never in the foreground reads NotForeground.
// On a virtual clock frames run back to back, and a rate computed from
// them — a present interval of 5 µs, 130 000 fps — is arithmetically
// possible and physically never happened.
//
// The display metrics (set 3) need, besides presentations on a real
// clock, the schedule a frame's f.begin carries (aim, sim; the header's
// "schedules"). A frame presented without one cannot be placed and breaks
// the chain. On a virtual clock they are not-applicable, and say what
// they would mean there: the scheduler draws every frame at the refresh
// it aimed at and its present takes no virtual time, so every frame would
// read shown on time — a figure the scheduler made. A trace from before
// frames carried their schedule reads Missing, never a number.
package trace
