package gio

import (
	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// Bounds are the bounds of a Gio scenario's default numbers ([Numbers]), a
// property of the program and of Gio, the same on every machine. A count
// left zero has its ceiling recorded by perfbench perf from the first run
// and lowered by it when the program does less (band.Record): nothing is
// copied into source. A count written here is a design claim (one frame
// per input) and wins over a recorded one.
type Bounds struct {
	// Time is the frame time's tolerance; zero is
	// scenario.FrameTolerance.
	Time float64
	// Frames is the most frames the run may draw (one per input, for a
	// program that redraws once for each).
	Frames float64
	// Allocs is the most heap allocations of the median frame.
	Allocs float64
	// Ops is the most bytes of the median frame's op list.
	Ops float64
}

// Numbers returns the numbers a Gio scenario that draws reports, in
// report order: its frame time ("frame", scenario.FrameTime), the frames
// it drew ("frames"), the median frame's allocations ("allocs", which
// Varies: see Median) and op-list bytes ("ops"), each within its bound,
// written or recorded (see Bounds).
// A scenario adds its own after them.
func Numbers(b Bounds) []scenario.Number {
	if b.Time == 0 {
		b.Time = scenario.FrameTolerance
	}
	return []scenario.Number{
		scenario.FrameTime(b.Time),
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: ceiling(b.Frames)}, Value: scenario.FrameCount(nil)},
		{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: ceiling(b.Allocs)}, Value: Allocs, Varies: true},
		{Spec: band.Spec{Name: "ops", Unit: "ops-bytes/frame", Band: ceiling(b.Ops)}, Value: OpsBytes},
	}
}

// ceiling is the band of a count Bounds gives: bound as written, or
// recorded by the ratchet when zero.
func ceiling(bound float64) band.Band {
	if bound == 0 {
		return band.Record(band.AtMost)
	}
	return band.Count(bound)
}

// Idle returns the numbers of a scenario over an untouched program, the
// design's claim for one with nothing animating: zero frames drawn
// ("frames") and none asked for ("wakeups"), each a budget as well as a
// bound. It reads no frame time or allocations, which a run that drew no
// frame has none of: they would read missing, so Broken.
func Idle() []scenario.Number {
	return []scenario.Number{
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0), Budget: band.Max(0, "an idle program draws no frames")},
			Value: scenario.FrameCount(nil)},
		{Spec: band.Spec{Name: "wakeups", Unit: "wakeups/run", Band: band.Count(0), Budget: band.Max(0, "an idle program asks for no frames")},
			Value: Wakeups},
	}
}

// InstructionsTolerance is the tolerance of a Gio scenario's
// instructions: Gio's input router keeps maps whose probes follow the
// process's hash seed, which moves a Gio program's instructions by up to
// 0.8% between processes.
func (*Subject) InstructionsTolerance() float64 { return 0.01 }

var _ scenario.InstructionsTolerant = (*Subject)(nil)
