// Package renderer is the seam between the engine and whatever draws its
// display list. A window hands its renderer one paint.Frame per frame: the
// display list as it stands, the chunks that changed or were translated
// since the last frame (already culled against their clips), and the
// damage. A renderer reads the frame and must not keep its slices.
package renderer

import "github.com/perfbench/perfbench/ui/paint"

// Renderer draws frames.
type Renderer interface {
	// Frame draws and presents one frame.
	Frame(f *paint.Frame) error
	// Name says which renderer this is, for reports ("null", "gpu").
	Name() string
}

// Presenter is implemented by a renderer that can say whether its Frame
// presents — puts the frame on a display or a surface someone reads — or
// discards it. A latency trace declares it in its header, because a
// presentation rate means something only when frames were presented.
type Presenter interface {
	Presents() bool
}

// Presents reports whether r presents its frames: false for a renderer
// that does not say.
func Presents(r Renderer) bool {
	p, ok := r.(Presenter)
	return ok && p.Presents()
}

// Marks a renderer may emit, in this order, between the window's p.draw
// and pres.out (package latency): each is the instant a stage of the
// renderer begins, so the gap after it is that stage. A renderer emits
// those it has; every renderer emits RecordMark, the instant its commands
// for the frame are recorded and it submits them. docs/perf/endtoend.md
// lists them with the engine's.
const (
	TablesMark  = "r.tables"  // resource tables (atlases, sprites) brought up to date
	VectorsMark = "r.vectors" // vector paths tessellated
	PlanMark    = "r.plan"    // the frame's passes and batches planned
	EncoderMark = "r.encoder" // command encoding begins
	BuffersMark = "r.buffers" // vertex and uniform buffers uploaded
	RecordMark  = "r.record"  // commands recorded; submission and present follow
)
