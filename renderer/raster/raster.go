// Package raster is a renderer that draws the display list into an image on
// the CPU, in pure Go: the engine's pictures where no graphics device is at
// hand (`perfbench screenshot`), and the reference the GPU renderer's
// pictures are compared with.
//
// It draws exactly what a renderer.Scene lists. Boxes (rect, rounded rect,
// border, the radio dot) are filled by their signed distance: a pixel's
// coverage is clamp(0.5 − d, 0, 1) where d is the distance from its centre
// to the shape's edge, the same formula the GPU renderer's fragment shader
// evaluates. Glyphs are the engine's own atlas masks, placed at whole
// pixels; sprites are the sprite sheet's nearest texels. Blending is
// premultiplied source-over in 8-bit sRGB values, as a GL framebuffer
// blends with (ONE, ONE_MINUS_SRC_ALPHA).
//
// Only the frame's damage is redrawn: each damaged region is cleared and
// every item meeting it drawn again, so the picture of a live window
// equals a full redraw of the same display list when the damage is right
// (verify.Verify checks this on every step).
package raster

import (
	"image"
	"math"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/text"
)

func init() {
	renderer.Register("cpu", renderer.Kind{Caps: caps, New: func() (renderer.Renderer, error) { return &Renderer{}, nil }})
}

// Renderer rasterises frames into an image. The zero value is ready.
type Renderer struct {
	// Frames is the number of frames drawn.
	Frames int
	scene  renderer.Scene
	img    *image.RGBA
	atlas  *text.Atlas
	// picture is what img points at once a frame was drawn; pix is its
	// pixels' storage, kept across resizes so that a resized frame
	// allocates nothing unless the window outgrew every size before.
	picture image.RGBA
	pix     []uint8
}

var _ renderer.Picture = (*Renderer)(nil)

// Caps names it "cpu", on no device: its frames are drawn into an image
// that Image reads back, and reach no display.
func (*Renderer) Caps() renderer.Caps { return caps }

var caps = renderer.Caps{Name: "cpu", ReadsBack: true}

// Frame redraws the frame's damage (everything on the first frame or after
// a resize).
func (r *Renderer) Frame(f *paint.Frame) error {
	r.Frames++
	renderer.CountHanded(f)
	latency.Mark(renderer.PlanMark)
	r.scene.Build(f, r.img == nil)
	if size := r.scene.Size(); r.img == nil || r.img.Rect.Size() != size {
		n := 4 * size.X * size.Y
		if cap(r.pix) < n {
			r.pix = make([]uint8, n+n/4) // room for a window that grows a little
		}
		// The scene redraws the whole picture after a resize, so the
		// stale pixels left in the storage are all painted over.
		r.picture = image.RGBA{Pix: r.pix[:n], Stride: 4 * size.X, Rect: image.Rectangle{Max: size}}
		r.img = &r.picture
	}
	r.atlas = nil
	if src, ok := f.List.Text().(renderer.GlyphSource); ok {
		_, r.atlas = src.Caches()
	}
	bg := renderer.Premul(renderer.Background)
	for _, reg := range r.scene.Regions {
		fill(r.img, reg, bg)
	}
	for i := range r.scene.Items {
		r.draw(&r.scene.Items[i])
	}
	counter.Add(counter.DrawCalls, uint64(len(r.scene.Items)))
	counter.Add(counter.InstancesWritten, uint64(len(r.scene.Items)))
	latency.Mark(renderer.RecordMark) // drawn: nothing is submitted or presented
	counter.Inc(counter.Presents)
	return nil
}

// Missing returns the glyphs the last frame could not draw because the
// engine's caches no longer held them.
func (r *Renderer) Missing() int { return r.scene.Missing }

// Image returns a copy of the picture as it stands.
func (r *Renderer) Image() (*image.RGBA, error) {
	if r.img == nil {
		return image.NewRGBA(image.Rectangle{}), nil
	}
	out := image.NewRGBA(r.img.Rect)
	copy(out.Pix, r.img.Pix)
	return out, nil
}

func (r *Renderer) draw(it *renderer.Item) {
	switch it.Kind {
	case paint.GlyphRun:
		r.glyph(it)
	case paint.Sprite:
		sprite(r.img, it)
	default:
		box(r.img, it)
	}
}

func fill(img *image.RGBA, reg image.Rectangle, c [4]float32) {
	px := [4]uint8{}
	for i := range px {
		px[i] = quant(c[i])
	}
	for y := reg.Min.Y; y < reg.Max.Y; y++ {
		row := img.Pix[img.PixOffset(reg.Min.X, y):img.PixOffset(reg.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			copy(row[i:i+4], px[:])
		}
	}
}

// box fills a rect, rounded rect or border by its signed distance.
func box(img *image.RGBA, it *renderer.Item) {
	for y := it.Clip.Min.Y; y < it.Clip.Max.Y; y++ {
		for x := it.Clip.Min.X; x < it.Clip.Max.X; x++ {
			outer, inner := Coverage(it, float32(x)+0.5, float32(y)+0.5)
			if outer <= 0 {
				continue
			}
			var src [4]float32
			for i := range src {
				src[i] = it.Fill[i]*inner + it.Stroke[i]*(outer-inner)
			}
			blend(img, x, y, src)
		}
	}
}

// Coverage returns how much of the pixel centred at (px, py) a box item
// covers (outer) and how much of that lies inside its border (inner; equal
// to outer when it has none). The fill is drawn with inner, the border with
// outer − inner. The GPU renderer's shader computes the same.
func Coverage(it *renderer.Item, px, py float32) (outer, inner float32) {
	hw, hh := it.Rect.W/2, it.Rect.H/2
	cx, cy := it.Rect.X+hw, it.Rect.Y+hh
	rad := min(it.Radius, hw, hh)
	rad = max(rad, 0)
	d := sdRoundBox(px-cx, py-cy, hw, hh, rad)
	outer = clamp01(0.5 - d)
	inner = outer
	if it.StrokeWidth > 0 {
		inner = clamp01(0.5 - (d + it.StrokeWidth))
	}
	return outer, inner
}

// sdRoundBox is the signed distance from (x, y) to a box of half-size
// (hw, hh) centred at the origin with corners of radius r.
func sdRoundBox(x, y, hw, hh, r float32) float32 {
	qx := abs(x) - hw + r
	qy := abs(y) - hh + r
	ox, oy := max(qx, 0), max(qy, 0)
	return float32(math.Sqrt(float64(ox*ox+oy*oy))) + min(max(qx, qy), 0) - r
}

func (r *Renderer) glyph(it *renderer.Item) {
	if r.atlas == nil || it.Page >= r.atlas.Pages() {
		return
	}
	mask, _ := r.atlas.Page(it.Page)
	d := it.Dst.Intersect(it.Clip)
	for y := d.Min.Y; y < d.Max.Y; y++ {
		for x := d.Min.X; x < d.Max.X; x++ {
			m := mask.Pix[mask.PixOffset(it.MaskPos.X+x-it.Dst.Min.X, it.MaskPos.Y+y-it.Dst.Min.Y)]
			if m == 0 {
				continue
			}
			a := float32(m) / 255
			blend(r.img, x, y, [4]float32{it.Fill[0] * a, it.Fill[1] * a, it.Fill[2] * a, it.Fill[3] * a})
		}
	}
}

// sprite draws the sheet's sprite scaled to the item's rect, each pixel
// the texel under its centre.
func sprite(img *image.RGBA, it *renderer.Item) {
	sheet := renderer.SpriteSheet()
	k := it.Sprite % renderer.Sprites
	if k < 0 {
		k += renderer.Sprites
	}
	for y := it.Clip.Min.Y; y < it.Clip.Max.Y; y++ {
		for x := it.Clip.Min.X; x < it.Clip.Max.X; x++ {
			tx, ty := renderer.SpriteTexel(it, float32(x)+0.5, float32(y)+0.5)
			c := sheet.RGBAAt(k*renderer.SpriteSize+tx, ty)
			blend(img, x, y, [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255})
		}
	}
}

// blend composites a premultiplied colour over the pixel at (x, y).
func blend(img *image.RGBA, x, y int, src [4]float32) {
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	k := 1 - src[3]
	for c := range 4 {
		p[c] = quant(src[c] + float32(p[c])/255*k)
	}
}

// quant converts 0…1 to 8 bits, rounding to nearest as GL's conversion to
// a normalised framebuffer does.
func quant(v float32) uint8 {
	return uint8(clamp01(v)*255 + 0.5)
}

func clamp01(v float32) float32 { return min(max(v, 0), 1) }

func abs(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
