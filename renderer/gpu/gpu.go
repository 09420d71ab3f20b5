//go:build gpu && cgo

package gpu

/*
#cgo LDFLAGS: -lEGL -lGLESv2
#include "egl.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"runtime"
	"time"
	"unsafe"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/text"
)

func init() {
	renderer.Register("gpu", renderer.Kind{
		Caps:   renderer.Caps{Name: "gpu", Presents: true, ReadsBack: true},
		Device: Device,
		New:    func() (renderer.Renderer, error) { return New() },
	})
}

// floats is the size of one instance: rect, clip, fill, stroke, param (4
// each) and the glyph mask's position (2).
const floats = 22

// Renderer draws frames through EGL and OpenGL ES. Make one with New and
// Close it.
type Renderer struct {
	// Frames is the number of frames drawn.
	Frames int
	g      *C.pbgl
	// device is the GL renderer string, vendor and version.
	device  string
	timer   bool
	scene   renderer.Scene
	inst    []float32
	batches []batch
	pages   []page
	sprites bool
	size    image.Point
	gpuTime time.Duration
	gpuOK   bool
	gpuBusy time.Duration
	closed  bool
}

type batch struct {
	tex          C.GLuint
	first, count int
}

// page is one atlas page's texture and the version last uploaded.
type page struct {
	tex      C.GLuint
	version  uint64
	uploaded bool
}

var (
	_ renderer.Picture = (*Renderer)(nil)
	_ renderer.Closer  = (*Renderer)(nil)
)

// New makes a context. Where EGL or OpenGL ES 3 cannot start, the error
// says what is missing in one line.
func New() (*Renderer, error) {
	r := &Renderer{g: (*C.pbgl)(C.calloc(1, C.size_t(unsafe.Sizeof(C.pbgl{}))))}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var msg [256]C.char
	if C.pb_init(r.g, &msg[0], C.int(len(msg))) == 0 {
		err := errors.New("gpu: " + C.GoString(&msg[0]))
		if C.GoString(&msg[0]) == "" {
			err = errors.New("gpu: OpenGL ES setup failed")
		}
		C.pb_destroy(r.g)
		C.free(unsafe.Pointer(r.g))
		return nil, err
	}
	r.device = device()
	r.timer = C.pb_timer(r.g) != 0
	C.pb_release(r.g)
	return r, nil
}

// Device names the device a Renderer would draw on here, as its Caps do,
// by making a context current just long enough to ask: no shader, buffer
// or framebuffer is made, and nothing is left behind. Where EGL or OpenGL
// ES 3 cannot start, the error says what is missing in one line, as New's.
func Device() (string, error) {
	g := (*C.pbgl)(C.calloc(1, C.size_t(unsafe.Sizeof(C.pbgl{}))))
	defer C.free(unsafe.Pointer(g))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var msg [256]C.char
	ok := C.pb_context(g, &msg[0], C.int(len(msg))) != 0
	defer C.pb_destroy(g)
	if !ok {
		if C.GoString(&msg[0]) == "" {
			return "", errors.New("gpu: OpenGL ES setup failed")
		}
		return "", errors.New("gpu: " + C.GoString(&msg[0]))
	}
	return device(), nil
}

// device is the current context's GL renderer string, vendor and version.
func device() string {
	return fmt.Sprintf("%s (%s, %s)", C.GoString(C.pb_string(C.GL_RENDERER)), C.GoString(C.pb_string(C.GL_VENDOR)), C.GoString(C.pb_string(C.GL_VERSION)))
}

// enter makes the context current on this goroutine's thread, locked to
// it until leave, which lets go of the context again: a context is current
// on one thread at a time, and the next call may come from another. Doing
// it per call rather than handing work to a GL goroutine keeps a frame off
// the Go heap (a channel handoff allocates the runtime's wait records).
func (r *Renderer) enter() error {
	runtime.LockOSThread()
	if C.pb_acquire(r.g) == 0 {
		runtime.UnlockOSThread()
		return errors.New("gpu: the context cannot be made current")
	}
	return nil
}

func (r *Renderer) leave() {
	C.pb_release(r.g)
	runtime.UnlockOSThread()
}

// Caps names it "gpu" on its device (the GL renderer string, with vendor
// and GL version: "llvmpipe (LLVM 15.0.6, 256 bits) (Mesa, OpenGL ES 3.2
// Mesa 22.3.6)" on a machine drawing in software). Every frame is drawn
// into the framebuffer that Image reads back, once the GPU has finished
// it: it presents, and reads back.
func (r *Renderer) Caps() renderer.Caps {
	return renderer.Caps{Name: "gpu", Device: r.device, Presents: true, ReadsBack: true}
}

// Frame draws the frame's damage and submits it without waiting for the
// GPU to finish (see FenceWaits), marking r.tables, r.plan, r.encoder,
// r.buffers and r.record in order.
func (r *Renderer) Frame(f *paint.Frame) error {
	if r.closed {
		panic("gpu: Frame after Close")
	}
	r.Frames++
	renderer.CountHanded(f)
	var atlas *text.Atlas
	if src, ok := f.List.Text().(renderer.GlyphSource); ok {
		_, atlas = src.Caches()
	}
	if err := r.enter(); err != nil {
		return err
	}
	defer r.leave()
	return r.frame(f, atlas)
}

// encode writes the scene's items as instances, in draw order, and splits
// them into batches where the glyph page changes.
func (r *Renderer) encode() {
	r.inst, r.batches = r.inst[:0], r.batches[:0]
	if need := len(r.scene.Items) * floats; cap(r.inst) < need {
		r.inst = make([]float32, 0, 2*need) // room to grow, as the scene's items have
	}
	curPage := -1
	for i := range r.scene.Items {
		it := &r.scene.Items[i]
		var mode float32
		rect, clip := it.Rect, it.Clip
		rx, ry, rw, rh := rect.X, rect.Y, rect.W, rect.H
		switch it.Kind {
		case paint.GlyphRun:
			mode = 1
			clip = it.Dst.Intersect(it.Clip)
			rx, ry = float32(it.Dst.Min.X), float32(it.Dst.Min.Y)
			rw, rh = float32(it.Dst.Dx()), float32(it.Dst.Dy())
			if clip.Empty() {
				continue
			}
		case paint.Sprite:
			mode = 2
		}
		page := -1
		if it.Kind == paint.GlyphRun {
			page = it.Page
		}
		n := len(r.inst) / floats
		if len(r.batches) == 0 || (page >= 0 && page != curPage && curPage >= 0) {
			r.batches = append(r.batches, batch{first: n})
		}
		if page >= 0 {
			curPage = page
			r.batches[len(r.batches)-1].tex = C.GLuint(page + 1) // resolved to a texture on the GL thread
		}
		r.batches[len(r.batches)-1].count++
		sprite := it.Sprite % renderer.Sprites
		if sprite < 0 {
			sprite += renderer.Sprites
		}
		r.inst = append(r.inst,
			rx, ry, rw, rh,
			float32(clip.Min.X), float32(clip.Min.Y), float32(clip.Max.X), float32(clip.Max.Y),
			it.Fill[0], it.Fill[1], it.Fill[2], it.Fill[3],
			it.Stroke[0], it.Stroke[1], it.Stroke[2], it.Stroke[3],
			mode, it.Radius, it.StrokeWidth, float32(sprite),
			float32(it.MaskPos.X), float32(it.MaskPos.Y))
	}
}

// frame runs with the context current: uploads what changed, builds and encodes
// the scene, clears the regions, draws the batches, and fences and
// flushes the frame.
func (r *Renderer) frame(f *paint.Frame, atlas *text.Atlas) error {
	g := r.g
	latency.Mark(renderer.TablesMark)
	if !r.sprites {
		s := renderer.SpriteSheet()
		C.pb_upload_sprites(g, C.int(s.Rect.Dx()), C.int(s.Rect.Dy()), unsafe.Pointer(&s.Pix[0]))
		r.uploaded(len(s.Pix))
		r.sprites = true
	}
	if atlas != nil {
		for i := range atlas.Pages() {
			mask, v := atlas.Page(i)
			if i >= len(r.pages) {
				r.pages = append(r.pages, page{tex: C.pb_new_texture()})
			}
			p := &r.pages[i]
			if p.uploaded && p.version == v {
				continue
			}
			C.pb_upload_atlas(g, p.tex, C.int(mask.Rect.Dx()), C.int(mask.Rect.Dy()), unsafe.Pointer(&mask.Pix[0]))
			p.version, p.uploaded = v, true
			r.uploaded(len(mask.Pix))
		}
	}
	latency.Mark(renderer.PlanMark)
	r.scene.Build(f, r.size == image.Point{})
	if size := r.scene.Size(); size != r.size {
		if C.pb_resize(g, C.int(size.X), C.int(size.Y)) == 0 {
			return fmt.Errorf("gpu: no %d×%d framebuffer", size.X, size.Y)
		}
		r.size = size
		counter.Add(counter.BufferBytes, 8) // the view's size, the one uniform
	}
	latency.Mark(renderer.EncoderMark)
	r.encode()
	latency.Mark(renderer.BuffersMark)
	if C.pb_begin(g) == 0 {
		return errors.New("gpu: the fence of the frame that last used this frame's instance buffer did not signal")
	}
	bg := renderer.Premul(renderer.Background)
	for _, reg := range r.scene.Regions {
		C.pb_clear(g, C.int(reg.Min.X), C.int(reg.Min.Y), C.int(reg.Max.X), C.int(reg.Max.Y),
			C.float(bg[0]), C.float(bg[1]), C.float(bg[2]), C.float(bg[3]))
	}
	if len(r.inst) > 0 {
		C.pb_instances(g, (*C.float)(unsafe.Pointer(&r.inst[0])), C.size_t(len(r.inst)*4))
		counter.Add(counter.InstancesWritten, uint64(len(r.inst)/floats))
		counter.Add(counter.BufferBytes, uint64(len(r.inst)*4))
	}
	latency.Mark(renderer.RecordMark)
	if len(r.inst) > 0 {
		for _, b := range r.batches {
			var tex C.GLuint
			if b.tex > 0 && int(b.tex) <= len(r.pages) {
				tex = r.pages[b.tex-1].tex
			}
			C.pb_draw(g, tex, C.int(b.first), C.int(b.count))
			counter.Inc(counter.DrawCalls)
		}
	}
	C.pb_present(g)
	counter.Inc(counter.Presents)
	switch C.pb_gpu_time(g) {
	case 1:
		r.gpuTime, r.gpuOK = time.Duration(g.queryNs), true
		r.gpuBusy += r.gpuTime
	case -1:
		r.gpuOK = false
	}
	if e := C.pb_error(); e != 0 {
		return fmt.Errorf("gpu: GL error 0x%x", int(e))
	}
	return nil
}

func (r *Renderer) uploaded(bytes int) {
	counter.Inc(counter.TextureUploads)
	counter.Add(counter.TextureBytes, uint64(bytes))
}

// FenceWaits returns how many frames found the instance buffer they were
// to write still in use by a frame the GPU had not finished, and the wall
// time they waited for it, in all: the only waits a frame makes.
func (r *Renderer) FenceWaits() (int, time.Duration) {
	return int(r.g.waits), time.Duration(r.g.waitNs)
}

// GPUTime returns the GPU's time for the last frame whose timer query has
// a result, from GL_EXT_disjoint_timer_query. Without the extension it
// returns false and why.
func (r *Renderer) GPUTime() (time.Duration, bool, string) {
	if !r.timer {
		return 0, false, "the GL driver has no GL_EXT_disjoint_timer_query"
	}
	if !r.gpuOK {
		return 0, false, "no timer query result yet (or the GPU timer was disjoint)"
	}
	return r.gpuTime, true, ""
}

// GPUBusy returns the GPU time of every frame whose timer query had a
// result, summed: over a stretch of real time, its growth is how busy the
// renderer kept the GPU (the HUD's GPU row). Without timer queries it
// returns false and why.
func (r *Renderer) GPUBusy() (time.Duration, bool, string) {
	if !r.timer {
		return 0, false, "the GL driver has no GL_EXT_disjoint_timer_query"
	}
	return r.gpuBusy, true, ""
}

// Image reads the framebuffer back, top row first.
func (r *Renderer) Image() (*image.RGBA, error) {
	img := image.NewRGBA(image.Rectangle{Max: r.size})
	if r.size.X == 0 || r.size.Y == 0 {
		return img, nil
	}
	if err := r.enter(); err != nil {
		return nil, err
	}
	C.pb_read(r.g, unsafe.Pointer(&img.Pix[0]))
	var err error
	if e := C.pb_error(); e != 0 {
		err = fmt.Errorf("gpu: reading the picture back: GL error 0x%x", int(e))
	}
	r.leave()
	// GL's rows run bottom up.
	stride := img.Stride
	row := make([]byte, stride)
	for y := 0; y < r.size.Y/2; y++ {
		a := img.Pix[y*stride : (y+1)*stride]
		b := img.Pix[(r.size.Y-1-y)*stride : (r.size.Y-y)*stride]
		copy(row, a)
		copy(a, b)
		copy(b, row)
	}
	return img, err
}

// Close releases the context and ends the GL thread.
func (r *Renderer) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	C.pb_destroy(r.g)
	C.free(unsafe.Pointer(r.g))
	return nil
}
