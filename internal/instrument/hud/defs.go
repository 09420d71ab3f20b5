package hud

import "github.com/perfbench/perfbench/internal/instrument/registry"

// Def is one HUD reading's definition: a live metric in package registry's
// terms (ID, version, unit, model, what the number is) and the label the
// overlay shows it under. As with registry's Defs, any change to what a
// reading means — its window, its exclusions, its unit, what counts as a
// valid 0 — is a new Version.
type Def struct {
	registry.Def
	Name string // the row's label on the overlay
	// Clock is the clock the reading's time comes from.
	Clock Clock
}

// Clock says which clock a reading reads.
type Clock uint8

const (
	// NoClock: a count, no time in it (INV).
	NoClock Clock = iota
	// LoopClock: the window's scheduling clock, virtual or real, on which
	// frames and presents fall (FPS, INTERVAL). Under a virtual clock its
	// seconds are the scheduler's, not the wall's.
	LoopClock
	// ProcessClock: this process's real monotonic clock (frame costs,
	// CPU, memory), whatever clock the window runs on.
	ProcessClock
)

func def(id, name string, version int, unit string, model registry.Model, clk Clock, doc string) Def {
	return Def{registry.Def{ID: id, Version: version, Unit: unit, Model: model, Scope: registry.Live, Doc: doc}, name, clk}
}

// Defs is the one table of the HUD's readings, headline first, then the
// rows in the order the overlay shows them. doc.go lists the same table; a
// test keeps the two, and what Readings emits, in step.
//
// Version 2 of the frame readings: not-foreground while the window is
// hidden or in the background, and the return to the foreground a
// boundary; of CPU: not-applicable under a virtual clock. Version 3 adds
// HITCH.
var Defs = []Def{
	def("hud.fps.max", "MAX FPS", 2, "fps", registry.ModelDerived, ProcessClock, "1 / FRAME, capped at the refresh rate the display reports; uncapped where it reports none"),
	def("hud.fps", "FPS", 2, "fps", registry.ModelRollingCount, LoopClock, "application presents in the trailing 1 s of the window's clock (the HUD's own tick frames left out)"),
	def("hud.present.interval", "INTERVAL", 2, "ns", registry.ModelRollingMean, LoopClock, "mean interval between consecutive application presents on the window's clock, last Window intervals"),
	def("hud.frame.cost", "FRAME", 2, "ns", registry.ModelRollingMean, ProcessClock, "mean draw cost (FrameInfo.Cost) of the last Window measured frames"),
	def("hud.frame.cost.p95", "P95", 2, "ns", registry.ModelRollingPercentile, ProcessClock, "95th percentile draw cost of the same frames, nearest rank; warmup below 20"),
	def("hud.frame.drop", "DROP", 2, "share", registry.ModelRollingShare, ProcessClock, "share of the same frames whose cost is over the frame budget"),
	def("hud.hitch.ratio", "HITCH", 3, "ms/s", registry.ModelIntervalRate, LoopClock, "ms of hitch per second of animation over the same frames (metric.Display on the window's clock); graded good ≤ 5, warning 5–10, critical ≥ 10; not-applicable under a virtual clock or a renderer that does not present"),
	def("hud.frame.inv", "INV", 2, "invalidations/frame", registry.ModelRollingMean, NoClock, "requests merged into one frame, the HUD's own tick not counted"),
	def("hud.process.cpu", "CPU", 2, "%", registry.ModelCounterRate, ProcessClock, "this process's CPU time per real second, top's convention: 100 is one core; not-applicable under a virtual clock"),
	def("hud.process.mem", "MEM", 1, "bytes", registry.ModelGauge, ProcessClock, "this process's resident set"),
	def("hud.process.gpu", "GPU", 1, "%", registry.ModelGauge, ProcessClock, "GPU utilisation where a source exists; missing, never 0, where none does"),
}

// IDs of the readings, as in Defs.
const (
	IDMax      = "hud.fps.max"
	IDFPS      = "hud.fps"
	IDInterval = "hud.present.interval"
	IDFrame    = "hud.frame.cost"
	IDP95      = "hud.frame.cost.p95"
	IDDrop     = "hud.frame.drop"
	IDHitch    = "hud.hitch.ratio"
	IDInv      = "hud.frame.inv"
	IDCPU      = "hud.process.cpu"
	IDMem      = "hud.process.mem"
	IDGPU      = "hud.process.gpu"
)

// Lookup returns the definition of the reading id.
func Lookup(id string) (Def, bool) {
	for _, d := range Defs {
		if d.ID == id {
			return d, true
		}
	}
	return Def{}, false
}
