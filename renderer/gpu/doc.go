// Package gpu is the renderer that draws the display list offscreen
// through the machine's graphics device: EGL for a context with no window,
// OpenGL ES 3 for the drawing, through cgo. It is in a build only with the
// tag gpu (and cgo): `go build -tags gpu ./cmd/perfbench`. Without the
// tag this package is empty and the default build needs no cgo.
//
// On a machine with no GPU, Mesa's software rasteriser (llvmpipe) stands
// in; the GL renderer string says which one drew (Renderer.Device).
//
// # What a frame does
//
// It draws what a renderer.Scene lists, as renderer/raster does, and with
// the same formulas in its fragment shader, so the two pictures agree
// within a tested tolerance. Only the frame's damage is redrawn: each
// damaged region is cleared and the items meeting it drawn again into a
// framebuffer kept from frame to frame. The items come from the scene's
// query of the painter's chunk index, so a frame examines the chunks
// under its damage, not the whole display list. They go in one instance
// buffer, written in place over the range the frame's instances cover
// (glBufferSubData), and are drawn with one instanced draw call per run
// of items on the same glyph-atlas page (usually one per frame). An atlas
// page is uploaded only when its version changed since its last upload;
// the sprite sheet once.
//
// A frame ends with a fence and a flush, not a wait: the renderer cycles
// through three instance buffers, and a frame waits only when the buffer
// it is about to write is still read by a frame the GPU has not finished,
// three frames back (FenceWaits counts those waits and their time). On a
// real device the driver spins on a fence, so a wait per frame cost the
// drawing thread the GPU's whole latency in CPU time. A frame's time is
// what the CPU spends submitting it; the GPU's own time is GPUTime.
//
// Counters (renderer group): DrawCalls (instanced draws submitted to GL),
// InstancesWritten and BufferBytes (instance data and the view uniform
// uploaded), TextureUploads and TextureBytes, SceneChunksVisited (and
// SceneChunksSkipped, the chunks the index let the scene leave alone),
// Presents, and what every renderer counts of the frame it was handed.
//
// # Threads
//
// A GL context is current on one OS thread at a time. Every call that
// touches GL locks its goroutine to its thread, makes the context current,
// and lets go of it before returning, so a renderer may be called from any
// goroutine (one at a time) and a frame allocates nothing on the Go heap.
package gpu
