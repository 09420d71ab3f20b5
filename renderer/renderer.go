// Package renderer is the seam between the engine and whatever draws its
// display list. A window hands its renderer one paint.Frame per frame: a
// read-only view of the display list as it stands (paint.List, never the
// painter behind it), the chunks that changed or were translated since the
// last frame (already culled against their clips), the damage and the
// viewport. A renderer reads the frame and must not keep its slices. A
// renderer states what it is and can do (Caps), and the registry states it
// before one is made (Describe), so a process that only names a renderer
// opens no device.
package renderer

import "github.com/perfbench/perfbench/ui/paint"

// Renderer draws frames, and states what it is and can do.
type Renderer interface {
	// Frame draws and presents one frame. The frame is the renderer's to
	// read during the call, never to keep or change.
	Frame(f *paint.Frame) error
	// Caps states what the renderer is and can do.
	Caps() Caps
}

// Caps is what a renderer states of itself: what a report names it by, the
// device it draws on, and what its frames are good for. The registry holds
// each registered renderer's before one is made (Describe).
type Caps struct {
	// Name says which renderer this is, for reports ("null", "gpu").
	Name string
	// Device names the graphics device the renderer draws on, with its
	// vendor and driver version ("llvmpipe (LLVM 15.0.6, 256 bits)
	// (Mesa, OpenGL ES 3.2 Mesa 22.3.6)"); "" for one that draws on none.
	// A machine key names it, so that one device's baselines never mix
	// with another's.
	Device string
	// Presents says Frame presents — puts the frame on a display or a
	// surface someone reads — rather than discarding it. A latency trace
	// declares it in its header, because a presentation rate means
	// something only when frames were presented.
	Presents bool
	// ReadsBack says the frames can be read back as an image: the
	// renderer is a Picture.
	ReadsBack bool
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
