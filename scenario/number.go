package scenario

import (
	"math"
	"slices"
	"time"

	"github.com/perfbench/perfbench/band"
)

// Number is one number a scenario reports: its declaration (name, unit,
// band, budget), written in source beside the scenario, and how its
// samples are read off the run's [Record].
type Number struct {
	band.Spec
	// Value returns the number's samples: one per frame, in µs, for a
	// time; exactly one value for a count. Nil means the number is
	// missing, which judges Broken: a maximum over no frames, a median of
	// no frames.
	Value func(r *Record) []float64
	// Reads names the count (Counts.Get) Value reads, where it reads one
	// alone: `perfbench skips` uses it to say which scenario numbers
	// notice an engine's skip counter staying at zero. Package
	// subject/engine's Avoided and Done set it.
	Reads string `json:"-"`
	// Wall, for a time gated on the thread-CPU clock, returns the same
	// frames' wall-clock costs, reported beside it and not gated. Nil for
	// a count and for a time gated on wall time already.
	Wall func(r *Record) []float64
	// Varies marks a count that depends on the Go runtime as well as on
	// the code, so two processes of one build may report it a little
	// apart: allocations, which the runtime's per-map hash seed moves by a
	// few objects when a map grows. The runner reports the median of the
	// processes' values, judged against the ceiling, instead of calling
	// the difference Broken.
	Varies bool
	// NoFrames, for a number read off frames, is what the run's Broken
	// line says when the run drew none, so the number has no samples: the
	// numbers a subject offers for input that draws nothing (package
	// subject/gio's Idle). Empty: the number reads missing, unexplained.
	NoFrames string `json:"-"`
	// Renderers, when set, names the renderers the number is read under
	// (Options.Renderer; "" is the subject's default): a count of a
	// renderer's own work has one ceiling per renderer, and a run drawn
	// by any other leaves the number out. Two numbers may share a name
	// and unit when no renderer reads both. Nil: every run reads it.
	Renderers []string
}

// ReadUnder reports whether a run drawn by renderer reads n.
func (n *Number) ReadUnder(renderer string) bool {
	return n.Renderers == nil || slices.Contains(n.Renderers, renderer)
}

// FrameTolerance is the band of the frame time every subject's default
// numbers report (package subject/gio's and subject/fyne's Numbers): a
// median up to 2.75 times the machine's baseline passes. That wide
// because frames of about a millisecond on a shared two-core machine,
// another build running beside them, read up to 2.7 times the quiet run
// the ratchet lowers a baseline to; the counts are the sharp gates, and a
// pull request's times are judged by the paired run, not by this band.
const FrameTolerance = 1.75

// FrameTime declares the frame time every subject's default numbers
// report: "frame", in µs per frame on the drawing thread's CPU clock
// ([CPUFrameTime] over every step), within tolerance of the machine's
// baseline, against the 60 Hz frame budget.
func FrameTime(tolerance float64) Number {
	return CPUFrameTime(band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(tolerance), Budget: band.FrameBudget(60)}, nil)
}

// CPUFrameTime declares a time gated on thread CPU time: one sample per
// thread-CPU timing (a step, or a batch of steps; see Scenario.Batch)
// whose steps keep selects, its CPU time divided by the frames those
// steps drew, in µs per frame. The window's wall-clock cost of the same
// frames is reported beside it.
//
// Why this clock for frames of more than a few µs: under load the
// scheduler hands the core to other processes in the middle of a frame,
// and the frame's wall time grows by however long they ran; the drawing
// thread's CPU time does not. On a two-core machine under four busy
// processes a resize frame read 9–16 ms wall against 3.6–4.5 ms CPU.
func CPUFrameTime(spec band.Spec, keep func(Step) bool) Number {
	return Number{Spec: spec, Value: CPUFrameTimes(keep), Wall: FrameTimes(keep)}
}

// CPUFrameTimes returns the thread-CPU time per frame, in µs, of every
// timing whose steps keep selects (nil: every step) and drew at least one
// frame. A timing that spans a step keep rejects is not used. No timing
// at all is a missing number.
func CPUFrameTimes(keepStep func(Step) bool) func(*Record) []float64 {
	return func(r *Record) []float64 {
		var out []float64
	timings:
		for _, t := range r.Timings {
			frames := 0
			for _, s := range r.Steps[t.First : t.Last+1] {
				if !keep(keepStep, s) {
					continue timings
				}
				frames += s.Frames()
			}
			if frames > 0 {
				out = append(out, float64(t.CPU)/float64(time.Microsecond)/float64(frames))
			}
		}
		return out
	}
}

// AllocsPerFrame returns the heap allocations (objects) the run's steps
// made, divided by the frames they drew, to two decimals. Counted exactly
// in the process, but the runtime allocates a few objects more or less from
// one process to the next (a map that grows with its hash seed, a type
// assertion's cache that grows on a random miss, see gio.Median), so
// declare it Varies. No frame at all is a missing number.
func AllocsPerFrame(r *Record) []float64 { return perFrame(r, r.Allocs) }

// AllocBytesPerFrame returns the bytes the run's steps allocated divided
// by the frames they drew.
func AllocBytesPerFrame(r *Record) []float64 { return perFrame(r, r.AllocBytes) }

func perFrame(r *Record, v uint64) []float64 {
	frames := 0
	for _, s := range r.Steps {
		frames += s.Frames()
	}
	if frames == 0 {
		return nil
	}
	return []float64{math.Round(float64(v)/float64(frames)*100) / 100}
}

// MedianCount returns the median of a count over a subject's frames: the
// lower middle of an even number, so that it is always a count some frame
// had, or 0 for no frames. A toolkit subject (packages subject/gio and
// subject/fyne) reports a frame's allocations this way, because the Go
// runtime moves single frames' counts by one or two between processes
// (see gio.Median) where the median frame stays put.
func MedianCount[F any](frames []F, count func(F) uint64) uint64 {
	if len(frames) == 0 {
		return 0
	}
	v := make([]uint64, len(frames))
	for i, f := range frames {
		v[i] = count(f)
	}
	slices.Sort(v)
	return v[(len(v)-1)/2]
}

// Drew keeps the steps that drew at least one frame.
func Drew(s Step) bool { return s.Frames() > 0 }

// Labelled keeps the steps with one of the labels.
func Labelled(labels ...string) func(Step) bool {
	return func(s Step) bool {
		for _, l := range labels {
			if s.Label == l {
				return true
			}
		}
		return false
	}
}

// keep reports whether keep selects s; a nil keep selects every step.
func keep(keep func(Step) bool, s Step) bool { return keep == nil || keep(s) }

// FrameTimes returns the cost in µs of every frame drawn by the steps keep
// selects (nil: every step), one sample per frame. No frame at all is a
// missing number.
func FrameTimes(keepStep func(Step) bool) func(*Record) []float64 {
	return func(r *Record) []float64 {
		var out []float64
		for _, s := range r.Steps {
			if keep(keepStep, s) {
				for _, c := range s.Costs {
					out = append(out, float64(c)/float64(time.Microsecond))
				}
			}
		}
		return out
	}
}

// FrameCount returns how many frames the steps keep selects drew (nil:
// every step).
func FrameCount(keepStep func(Step) bool) func(*Record) []float64 {
	return func(r *Record) []float64 {
		n := 0
		for _, s := range r.Steps {
			if keep(keepStep, s) {
				n += s.Frames()
			}
		}
		return []float64{float64(n)}
	}
}

// StepCount returns how many steps keep selects.
func StepCount(keepStep func(Step) bool) func(*Record) []float64 {
	return func(r *Record) []float64 {
		n := 0
		for _, s := range r.Steps {
			if keep(keepStep, s) {
				n++
			}
		}
		return []float64{float64(n)}
	}
}
