package phase

import (
	"image"
	"image/png"
	"os"
	"path/filepath"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/hud"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// ShotOptions are a screenshot's: a HUD mounted, the real clock.
type ShotOptions struct{ HUD, Real bool }

// Screenshot runs steps of p over the gallery at size, drawn by r (the
// renderer named rendName), and returns its picture.
func Screenshot(r renderer.Renderer, rendName string, p *Phase, size gallery.Size, steps int, o ShotOptions) (*image.RGBA, error) {
	pic, ok := r.(renderer.Picture)
	if !ok {
		return nil, harness.Usagef("renderer %q draws no picture (use cpu or gpu)", rendName)
	}
	opts := Options{Window: window.Options{Renderer: r}, Real: o.Real}
	if o.HUD {
		// Mounted at the first step's end, on the window's own goroutine
		// (a real run's loop): the steps after it are what it reads.
		var h *hud.HUD
		opts.OnStep = func(d *Driver, _ Step) {
			if h == nil {
				h = hud.Mount(d.W, d.G.Doc.Root(), hud.DefaultOptions)
			}
		}
		if steps == 0 {
			// No step to mount it at: the gallery as it opened, with the
			// HUD's first frame.
			d := Open(p, size, opts)
			hud.Mount(d.W, d.G.Doc.Root(), hud.DefaultOptions)
			d.Refresh()
			return pic.Image()
		}
	}
	Run(p, size, steps, opts)
	return pic.Image()
}

// WritePNG writes img to path through a temporary file in the same
// directory, so that a failed write leaves path as it was.
func WritePNG(path string, img image.Image) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".screenshot-*.png")
	if err != nil {
		return harness.UsageError{Err: err}
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := png.Encode(tmp, img); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
