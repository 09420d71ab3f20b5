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
	// Wakeups is the most frames after which the program asked for
	// another (an animation, an invalidation, a caret's blink).
	Wakeups float64
}

// Numbers returns the numbers a Gio scenario that draws reports, in
// report order: its frame time ("frame", scenario.FrameTime), the frames
// it drew ("frames"), the median frame's allocations ("allocs", which
// Varies: see Median) and op-list bytes ("ops"), and the frames after
// which the program asked for another ("wakeups": a change that starts an
// animation fails it), each within its bound, written or recorded (see
// Bounds). A scenario adds its own after them. A run that draws no frame
// is Broken, saying to report Idle.
func Numbers(b Bounds) []scenario.Number {
	if b.Time == 0 {
		b.Time = scenario.FrameTolerance
	}
	frame := scenario.FrameTime(b.Time)
	frame.NoFrames = noFrames
	return []scenario.Number{
		frame,
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: ceiling(b.Frames)}, Value: scenario.FrameCount(nil)},
		{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: ceiling(b.Allocs)}, Value: Allocs, Varies: true, NoFrames: noFrames},
		{Spec: band.Spec{Name: "ops", Unit: "ops-bytes/frame", Band: ceiling(b.Ops)}, Value: OpsBytes, NoFrames: noFrames},
		{Spec: band.Spec{Name: "wakeups", Unit: "wakeups/run", Band: ceiling(b.Wakeups)}, Value: Wakeups},
	}
}

// noFrames is what a run of Numbers that drew no frame says: a frame's
// time, allocations and op bytes mean nothing over none, and Idle is the
// claim such a scenario makes.
const noFrames = "a scenario whose input draws nothing (a move over widgets with no hover, " +
	"a program left alone) reports gio.Idle(), which claims zero frames and wakeups, in place of gio.Numbers"

// ceiling is the band of a count Bounds gives: bound as written, or
// recorded by the ratchet when zero.
func ceiling(bound float64) band.Band {
	if bound == 0 {
		return band.Record(band.AtMost)
	}
	return band.Count(bound)
}

// Idle returns the numbers of a scenario whose input draws nothing: an
// untouched program with nothing animating, or input that changes
// nothing on screen (a pointer moved over widgets with no hover). The
// design's claim is zero frames drawn ("frames") and none asked for
// ("wakeups"), each a budget as well as a bound. It reads no frame time
// or allocations, which a run that drew no frame has none of: Numbers
// would read them missing, so Broken, and says to use Idle.
func Idle() []scenario.Number {
	return []scenario.Number{
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0), Budget: band.Max(0, "input that changes nothing draws no frames")},
			Value: scenario.FrameCount(nil)},
		{Spec: band.Spec{Name: "wakeups", Unit: "wakeups/run", Band: band.Count(0), Budget: band.Max(0, "input that changes nothing asks for no frames")},
			Value: Wakeups},
	}
}

// InstructionsTolerance is the tolerance of a Gio scenario's
// instructions: Gio's input router keeps maps whose probes follow the
// process's hash seed, which moves a Gio program's instructions by up to
// 0.8% between processes.
func (*Subject) InstructionsTolerance() float64 { return 0.01 }

var _ scenario.InstructionsTolerant = (*Subject)(nil)
