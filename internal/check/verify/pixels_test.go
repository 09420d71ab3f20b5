package verify

import (
	"image"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/renderer/raster"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/paint"
)

// dropOne rasterises frames like the CPU renderer but leaves one
// primitive out of the picture of one frame: the first primitive of the
// first changed chunk of frame number at. The display list itself is
// untouched, so only the pixels can tell.
type dropOne struct {
	raster.Renderer
	at, n   int
	dropped paint.Primitive
}

func (d *dropOne) Frame(f *paint.Frame) error {
	d.n++
	if d.n != d.at || len(f.Changed) == 0 {
		return d.Renderer.Frame(f)
	}
	c := f.Changed[0]
	saved := c.Prims
	d.dropped = saved[0]
	c.Prims = saved[1:]
	defer func() { c.Prims = saved }()
	return d.Renderer.Frame(f)
}

// pixelVerify returns verify options drawing every window with the CPU
// rasteriser, the live one with live.
func pixelVerify(size gallery.Size, live renderer.Renderer) VerifyOptions {
	first := true
	return VerifyOptions{Size: size, Renderer: func() (renderer.Renderer, error) {
		if first {
			first = false
			return live, nil
		}
		return &raster.Renderer{}, nil
	}}
}

func TestPixelVerifyPassesOnTheGallery(t *testing.T) {
	slow.Test(t, "the verify script drawn by the CPU rasteriser")
	r := Verify(pixelVerify(gallery.S0, &raster.Renderer{}))
	require.Equal(t, band.Pass, r.Verdict, "%+v", r.Checks)
	assert.Contains(t, r.Checks[0].Detail, "rendered pictures equal")
}

func TestPixelVerifyFailsOnAPictureOnePrimitiveOff(t *testing.T) {
	d := &dropOne{at: 4}
	r := Verify(pixelVerify(gallery.S1, d))
	require.Equal(t, band.Fail, r.Verdict, "%+v", r.Checks)
	require.NotEqual(t, paint.Primitive{}, d.dropped, "a primitive was left out")
	detail := r.Checks[0].Detail
	assert.True(t, strings.HasPrefix(detail, "picture differs at "), detail)
	t.Logf("dropped %+v: %s", d.dropped, detail)
}

func TestComparePicturesWithinATolerance(t *testing.T) {
	a, b := frame(), frame()
	a.Picture, b.Picture = solid(10), solid(12)
	_, differ := CompareWithin(a, b, 2)
	assert.False(t, differ, "2 levels apart, within 2")
	d, differ := CompareWithin(a, b, 1)
	require.True(t, differ)
	assert.Equal(t, "picture", d.What)
}

func solid(v uint8) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range img.Pix {
		img.Pix[i] = v
	}
	return img
}
