// Package null is the renderer that draws nothing: it counts what it is
// given (RendererFrames, RendererChunks, RendererPrimitives, DrawCalls,
// Presents) and discards it. Scenarios run on it so that what they time
// is the engine's work, not a graphics driver's.
package null

import (
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/paint"
)

func init() {
	renderer.Register("null", renderer.Kind{Caps: caps, New: func() (renderer.Renderer, error) { return &Renderer{}, nil }})
}

// Renderer counts frames and discards them. The zero value is ready.
type Renderer struct {
	// Frames is the number of frames handed to this renderer.
	Frames int
}

var _ renderer.Renderer = (*Renderer)(nil)

// Caps names it "null", on no device: it presents nothing, so a latency
// trace recorded through it has no presentations to time, and keeps no
// picture to read back.
func (*Renderer) Caps() renderer.Caps { return caps }

var caps = renderer.Caps{Name: "null"}

// Frame counts the frame's changed and translated chunks and the
// primitives that survived culling; one draw call per chunk with anything
// visible.
func (r *Renderer) Frame(f *paint.Frame) error {
	r.Frames++
	renderer.CountHanded(f)
	for _, set := range [2][]*paint.Chunk{f.Changed, f.Translated} {
		for _, c := range set {
			if c.Submitted > 0 {
				counter.Inc(counter.DrawCalls)
			}
		}
	}
	// Its only stage: the frame's commands (the counts above) are
	// recorded; there is nothing to submit.
	latency.Mark(renderer.RecordMark)
	counter.Inc(counter.Presents)
	return nil
}
