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
