package hud

// Def is one HUD reading's definition: what the number is, in which unit,
// by which model. As with package metric's Defs, any change to what a
// reading means — its window, its exclusions, its unit, what counts as a
// valid 0 — is a new Version.
type Def struct {
	ID      string
	Name    string // the row's label on the overlay
	Version int
	Unit    string
	// Model names the computation: package metric's model names, plus
	// rolling-mean and rolling-share, which metric does not define yet.
	Model string
	Doc   string // one line: what the number is
}

// Defs is the one table of the HUD's readings, headline first, then the
// rows in the order the overlay shows them. doc.go lists the same table; a
// test keeps the two, and what Readings emits, in step.
var Defs = []Def{
	{"hud.fps.max", "MAX FPS", 1, "fps", "derived", "1 / FRAME, capped at the refresh rate the display reports; uncapped where it reports none"},
	{"hud.fps", "FPS", 1, "fps", "rolling-count", "application presents in the trailing 1 s (the HUD's own tick frames left out)"},
	{"hud.present.interval", "INTERVAL", 1, "ns", "rolling-mean", "mean interval between consecutive application presents, last Window intervals"},
	{"hud.frame.cost", "FRAME", 1, "ns", "rolling-mean", "mean draw cost (FrameInfo.Cost) of the last Window measured frames"},
	{"hud.frame.cost.p95", "P95", 1, "ns", "rolling-percentile", "95th percentile draw cost of the same frames, nearest rank; warmup below 20"},
	{"hud.frame.drop", "DROP", 1, "share", "rolling-share", "share of the same frames whose cost is over the frame budget"},
	{"hud.frame.inv", "INV", 1, "invalidations/frame", "rolling-mean", "requests merged into one frame, the HUD's own tick not counted"},
	{"hud.process.cpu", "CPU", 1, "%", "counter-rate", "this process's CPU time per real second, top's convention: 100 is one core"},
	{"hud.process.mem", "MEM", 1, "bytes", "gauge", "this process's resident set"},
	{"hud.process.gpu", "GPU", 1, "%", "gauge", "GPU utilisation where a source exists; missing, never 0, where none does"},
}

// IDs of the readings, as in Defs.
const (
	IDMax      = "hud.fps.max"
	IDFPS      = "hud.fps"
	IDInterval = "hud.present.interval"
	IDFrame    = "hud.frame.cost"
	IDP95      = "hud.frame.cost.p95"
	IDDrop     = "hud.frame.drop"
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
