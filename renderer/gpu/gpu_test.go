//go:build gpu && cgo

package gpu_test

import (
	"image"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/check/verify"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/renderer/gpu"
	"github.com/perfbench/perfbench/renderer/raster"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/window"
)

// open makes a GPU renderer or skips the test, saying what is missing.
func open(t *testing.T) *gpu.Renderer {
	t.Helper()
	r, err := gpu.New()
	if err != nil {
		t.Skipf("no GPU renderer here: %v", err)
	}
	t.Cleanup(func() { r.Close() })
	t.Logf("GL renderer: %s", r.Caps().Device)
	return r
}

// The registry names the device a renderer draws on without making one,
// the same device a renderer states.
func TestDescribeNamesTheRenderersDevice(t *testing.T) {
	r := open(t)
	caps, err := renderer.Describe("gpu")
	require.NoError(t, err)
	assert.Equal(t, r.Caps(), caps)
	assert.NotEmpty(t, caps.Device)
	dev, err := gpu.Device()
	require.NoError(t, err)
	assert.Equal(t, caps.Device, dev)
}

// Tolerance is how far a GPU pixel may be from the CPU rasteriser's, per
// channel, out of 255. Both evaluate the same formulas in float32; they
// differ only in the last bits of a distance (a square root, a division)
// and in where the GPU rounds a blended value to 8 bits, which moves an
// edge pixel's coverage by a step or two. Glyphs and sprites are texel
// copies and agree exactly.
const Tolerance = 2

// steps drives the gallery at size through hovers, clicks, wheels and a
// resize, calling each after every frame.
func steps(t *testing.T, size gallery.Size, opts window.Options, each func(name string, d *phase.Driver)) {
	t.Helper()
	d := phase.Open(&phase.Phase{Name: "gpu"}, size, phase.Options{Gallery: &gallery.Options{}, Window: opts})
	each("first frame", d)
	for _, s := range d.Tour() {
		s.Do()
		d.Refresh()
		each(s.Name, d)
	}
}

// At s1, s13 and s26, after every step: the frames redraw only their
// damage, from the chunks the painter's index finds under it, so a chunk
// the index missed would leave a stale pixel behind.
func TestGPUPictureMatchesTheCPURasteriser(t *testing.T) {
	open(t)
	defer counter.Exclusive()()
	for _, size := range []gallery.Size{gallery.S1, gallery.Shipped, gallery.S26} {
		g := open(t)
		drawn := map[string]*image.RGBA{}
		steps(t, size, window.Options{Renderer: g}, func(name string, d *phase.Driver) {
			img, err := g.Image()
			require.NoError(t, err)
			drawn[name] = img
		})
		c := &raster.Renderer{}
		steps(t, size, window.Options{Renderer: c}, func(name string, d *phase.Driver) {
			want, err := c.Image()
			require.NoError(t, err)
			got := drawn[name]
			require.Equal(t, want.Rect, got.Rect, name)
			diff := raster.Diff(got, want, Tolerance)
			t.Logf("%v %s: largest channel difference %d/255", size, name, diff.Max)
			assert.Zero(t, diff.Pixels, "%v %s: %d pixels differ by more than %d, the first at %v", size, name, diff.Pixels, Tolerance, diff.First)
		})
	}
}

func TestAtlasIsUploadedOnlyWhenItChanged(t *testing.T) {
	g := open(t)
	defer counter.Exclusive()()
	before := counter.Take()
	p, err := phase.Lookup("hover")
	require.NoError(t, err)
	d := phase.Open(p, gallery.Shipped, phase.Options{Window: window.Options{Renderer: g}})
	first := before.Delta(counter.Take())
	assert.GreaterOrEqual(t, first.TextureUploads, uint64(2), "the sprite sheet and the atlas's first page")
	assert.Greater(t, first.TextureBytes, uint64(1<<20), "a whole atlas page is 1 MiB")
	for i := range 6 {
		x, y := d.W.Rect(d.G.TableRows[i%3]).X+5, d.W.Rect(d.G.TableRows[i%3]).Y+5
		before := counter.Take()
		d.W.PointerMove(x, y)
		d.Refresh()
		step := before.Delta(counter.Take())
		assert.Equal(t, uint64(1), step.Presents, "step %d", i)
		assert.Equal(t, uint64(1), step.DrawCalls, "step %d: one instanced draw, every glyph on one atlas page", i)
		assert.Zero(t, step.TextureUploads, "step %d: hovering a row rasterises no glyph, so nothing is uploaded", i)
		assert.Positive(t, step.InstancesWritten, "step %d", i)
		assert.Equal(t, 22*4*step.InstancesWritten, step.BufferBytes, "step %d: the frame's instances and nothing else are uploaded", i)
		assert.Less(t, step.SceneChunksVisited, uint64(200), "step %d: the scene examines the chunks under two rows, not the display list", i)
	}
	waits, waited := g.FenceWaits()
	t.Logf("frames that waited for their instance buffer: %d, %v in all", waits, waited)
	gpuTime, ok, why := g.GPUTime()
	if !ok && strings.Contains(why, "has no") {
		t.Logf("no GPU time: %s", why)
		return
	}
	require.True(t, ok, why)
	assert.Positive(t, gpuTime)
	t.Logf("GPU time of the last frame read: %v", gpuTime)
}

// The renderer's counts, like the engine's, are the same on every run.
func TestCountsAreIdenticalAcrossRuns(t *testing.T) {
	g := open(t)
	p, err := phase.Lookup("scroll")
	require.NoError(t, err)
	var totals []counter.Snapshot
	for range 3 {
		r, err := gpu.New()
		require.NoError(t, err)
		totals = append(totals, phase.Run(p, gallery.Shipped, 24, phase.Options{Window: window.Options{Renderer: r}}).Total)
		r.Close()
	}
	assert.Equal(t, totals[0], totals[1])
	assert.Equal(t, totals[0], totals[2])
	assert.NotZero(t, totals[0].DrawCalls)
	assert.Zero(t, g.Frames, "the renderer that only proved a device exists drew nothing")
}

// A frame's latency marks include the renderer's stages, in the order
// docs/perf/endtoend.md lists them.
func TestFrameMarksTheRendererStages(t *testing.T) {
	g := open(t)
	defer counter.Exclusive()()
	d := phase.Open(&phase.Phase{Name: "marks"}, gallery.S1, phase.Options{Gallery: &gallery.Options{}, Window: window.Options{Renderer: g}})
	latency.Retain(64)
	defer latency.Retain(0)
	b := d.W.Rect(d.G.TableRows[2])
	d.W.PointerMove(b.X+b.W/2, b.Y+b.H/2)
	d.Refresh()
	var got []string
	for _, r := range latency.Recent() {
		got = append(got, r.Stage)
	}
	assert.Equal(t, []string{"evt.in", "f.begin", "b.why", "f.restyle", "f.boxes", "f.layout", "f.fragments",
		"p.emit", "p.draw", "r.tables", "r.plan", "r.encoder", "r.buffers", "r.record", "pres.out", "f.end"}, got)
}

// dropOne draws on the GPU but leaves the first primitive of the first
// changed chunk out of frame number at; the display list is untouched.
type dropOne struct {
	*gpu.Renderer
	at, n int
}

func (d *dropOne) Frame(f *paint.Frame) error {
	d.n++
	if d.n != d.at || len(f.Changed) == 0 {
		return d.Renderer.Frame(f)
	}
	c := f.Changed[0]
	saved := c.Prims
	c.Prims = saved[1:]
	defer func() { c.Prims = saved }()
	return d.Renderer.Frame(f)
}

// verify on the GPU compares pictures exactly, and a picture one
// primitive off fails it.
func TestPixelVerifyOnTheGPU(t *testing.T) {
	open(t)
	factory := func(planted bool) func() (renderer.Renderer, error) {
		first := true
		return func() (renderer.Renderer, error) {
			r, err := gpu.New()
			if err != nil || !first || !planted {
				return r, err
			}
			first = false
			return &dropOne{Renderer: r, at: 4}, nil
		}
	}
	r := verify.Verify(verify.VerifyOptions{Size: gallery.S0, Renderer: factory(false)})
	require.Equal(t, band.Pass, r.Verdict, "%+v", r.Checks)
	r = verify.Verify(verify.VerifyOptions{Size: gallery.S0, Renderer: factory(true)})
	require.Equal(t, band.Fail, r.Verdict, "%+v", r.Checks)
	assert.Contains(t, r.Checks[0].Detail, "picture differs at ")
	t.Log(r.Checks[0].Detail)
}
