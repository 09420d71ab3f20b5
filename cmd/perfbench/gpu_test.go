//go:build gpu && cgo

package main

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/renderer/gpu"
	"github.com/perfbench/perfbench/renderer/raster"
)

// The gpu screenshot of the gallery after a hover is the CPU rasteriser's
// within the GPU tests' tolerance (2/255 per channel).
func TestScreenshotOnTheGPU(t *testing.T) {
	r, err := gpu.New()
	if err != nil {
		t.Skipf("no GPU renderer here: %v", err)
	}
	r.Close()
	dir := t.TempDir()
	read := func(name string) *image.RGBA {
		f, err := os.Open(filepath.Join(dir, name))
		require.NoError(t, err)
		defer f.Close()
		img, err := png.Decode(f)
		require.NoError(t, err)
		out := image.NewRGBA(img.Bounds())
		draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
		return out
	}
	for _, rend := range []string{"gpu", "cpu"} {
		code, stdout, stderr := perfbench(t, "screenshot", "--size", "s1", "--phase", "hover", "--steps", "3", "--renderer", rend, filepath.Join(dir, rend+".png"))
		require.Equal(t, harness.ExitPass, code, stderr)
		assert.Contains(t, stdout, rend+" renderer")
	}
	d := raster.Diff(read("gpu.png"), read("cpu.png"), 2)
	assert.Zero(t, d.Pixels, "first at %v", d.First)
}

func TestVerifyComparesGPUPictures(t *testing.T) {
	r, err := gpu.New()
	if err != nil {
		t.Skipf("no GPU renderer here: %v", err)
	}
	r.Close()
	code, stdout, stderr := perfbench(t, "verify", "--renderer", "gpu", "--size", "s0")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "rendered pictures equal at every step")
}
