package fyne

import (
	"math"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// Bounds are the bounds of a Fyne scenario's default numbers ([Numbers]),
// a property of the program and of Fyne, the same on every machine. A
// count left zero has its ceiling recorded by perfbench perf from the
// first run and lowered by it when the program does less (band.Record),
// a varying one's from the spread of its processes: nothing is copied
// into source. A count written here is a design claim and wins over a
// recorded one.
type Bounds struct {
	// Time is the frame time's tolerance; zero is
	// scenario.FrameTolerance.
	Time float64
	// Frames is the most frames the run may draw.
	Frames float64
	// Allocs, when written, is the median frame's heap allocations, to
	// which the ceiling adds AllocSlack: the runtime's type-switch caches
	// add an allocation or two to a third of Fyne's frames at random (see
	// the package doc), so the median frame moves by one between
	// processes. Recorded (zero), the margin comes from the processes'
	// spread instead.
	Allocs float64
	// Refreshes is the most object refreshes over the run; Appeared the
	// most objects that appear in view over it; Painted the most objects
	// the median frame paints.
	Refreshes, Appeared, Painted float64
	// RefreshesVary declares the refreshes Varies, for a program with a
	// widget.Table: a table puts the cells that left view back in its
	// pool in the order it ranges over a map (widget/table.go), which Go
	// randomizes at every range, so which cell comes back for which row,
	// and what its update refreshes, differs between processes (the
	// demo's Table page over 80 wheel steps: 12 049–12 054). No P or
	// clock of the subject's decides it, so it cannot be made exact.
	RefreshesVary bool
}

// AllocSlack is the fraction of a frame's allocations its ceiling allows
// above today's, rounded up to a whole allocation: the median frame of
// fyne-type read 7 710 and 7 711 in two runs of five processes each, and
// a tenth of a percent covers that on frames of 6 000 to 13 000
// allocations.
const AllocSlack = 0.001

// Numbers returns the numbers a Fyne scenario that draws reports, in
// report order: its frame time ("frame", scenario.FrameTime), the frames
// it drew ("frames"), the median frame's allocations ("allocs", which
// Varies), the object refreshes ("refreshes"), the objects that appeared
// ("appeared") and the median frame's painted objects ("painted"), each
// within its bound, written or recorded (see Bounds). A scenario adds its own after them.
func Numbers(b Bounds) []scenario.Number {
	if b.Time == 0 {
		b.Time = scenario.FrameTolerance
	}
	count := func(name, unit string, bound float64, value func(*scenario.Record) []float64) scenario.Number {
		bb := band.Record(band.AtMost)
		if bound != 0 {
			bb = band.Count(bound)
		}
		return scenario.Number{Spec: band.Spec{Name: name, Unit: unit, Band: bb}, Value: value}
	}
	allocs := count("allocs", "allocs/frame", b.Allocs+math.Ceil(b.Allocs*AllocSlack), Allocs)
	allocs.Varies = true
	refreshes := count("refreshes", "refreshes/run", b.Refreshes, Refreshes)
	refreshes.Varies = b.RefreshesVary
	return []scenario.Number{
		scenario.FrameTime(b.Time),
		count("frames", "frames/run", b.Frames, scenario.FrameCount(nil)),
		allocs,
		refreshes,
		count("appeared", "objects/run", b.Appeared, Appeared),
		count("painted", "objects/frame", b.Painted, Painted),
	}
}

// Idle returns the numbers of a scenario over an untouched program, the
// design's claim for one with nothing animating: zero frames drawn
// ("frames"), zero objects refreshed ("refreshes") and zero animation
// ticks ("ticks"), each a budget as well as a bound. It reads no frame
// time, allocations, appeared or painted objects, which a run that drew
// no frame has none of: they would read missing, so Broken.
func Idle() []scenario.Number {
	return []scenario.Number{
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0), Budget: band.Max(0, "an idle program draws no frames")},
			Value: scenario.FrameCount(nil)},
		{Spec: band.Spec{Name: "refreshes", Unit: "refreshes/run", Band: band.Count(0), Budget: band.Max(0, "an idle program refreshes nothing")},
			Value: Refreshes},
		{Spec: band.Spec{Name: "ticks", Unit: "ticks/run", Band: band.Count(0), Budget: band.Max(0, "an idle program animates nothing")},
			Value: Ticks},
	}
}

// InstructionsTolerance is the tolerance of a Fyne scenario's
// instructions: Fyne's widgets assert interface types in their hot paths
// (cache.CachedRenderer, BaseWidget.Theme, driver.IsClip), and Go fills
// each assertion site's cache on a random one in about a thousand misses,
// drawn anew in each process; Fyne's async.Map wraps sync.Map, whose hash
// seed is per process too. A Fyne program's instructions a step moved by
// up to 1.8% between three processes of examples/fyneapp, and by 3.45%
// between two of fyne-io/calculator (its taps step: 926 694 and 958 667),
// which failed a no-op pull request at 2%.
func (*Subject) InstructionsTolerance() float64 { return 0.04 }

var _ scenario.InstructionsTolerant = (*Subject)(nil)
