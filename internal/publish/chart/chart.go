// Package chart draws the plots perfbench writes where a reader would
// rather look than read: a frame-time trace against its frame budget, and
// a cost-against-size scatter with its fitted line. Charts are written
// with gonum/plot; the format follows the file's extension (.png, .svg,
// .pdf).
package chart

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Frame is one frame of a trace: its index in the run and its cost; a step
// that drew no frame is left out by the caller.
type Frame struct {
	Index int
	Cost  time.Duration
}

// FrameTimes writes a chart of per-frame cost (µs) with the frame budget
// drawn as a line, to path.
func FrameTimes(path, title string, frames []Frame, budget time.Duration) error {
	if len(frames) == 0 {
		return fmt.Errorf("chart: %s: no frames to plot", path)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "step"
	p.Y.Label.Text = "frame cost (µs)"
	pts := make(plotter.XYs, len(frames))
	top := 0.0
	for i, f := range frames {
		pts[i].X = float64(f.Index)
		pts[i].Y = float64(f.Cost) / float64(time.Microsecond)
		top = max(top, pts[i].Y)
	}
	bars, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	bars.GlyphStyle.Radius = vg.Points(1.5)
	bars.GlyphStyle.Color = color.RGBA{R: 0x30, G: 0x70, B: 0xd0, A: 0xff}
	p.Add(bars, plotter.NewGrid())
	p.Legend.Add("frame", bars)
	if budget > 0 {
		b := float64(budget) / float64(time.Microsecond)
		line, err := plotter.NewLine(plotter.XYs{{X: pts[0].X, Y: b}, {X: pts[len(pts)-1].X, Y: b}})
		if err != nil {
			return err
		}
		line.Color = color.RGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0xff}
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("budget %.0f µs", b), line)
		// Keep the budget in view only when frames come near it; a budget
		// a hundred times above every frame would flatten the trace.
		if top < b/4 {
			p.Legend.Add("(budget off scale)")
			p.Y.Max = top * 1.1
		}
	}
	p.Legend.Top = true
	p.Y.Min = 0
	return save(p, path)
}

// Point is one measurement of a cost against a size.
type Point struct {
	Size float64
	Cost float64
}

// Slope writes a scatter of cost against size with the fitted line
// cost = Intercept + Slope×size, to path.
func Slope(path, title, xLabel, yLabel string, pts []Point, intercept, slope float64) error {
	if len(pts) == 0 {
		return fmt.Errorf("chart: %s: no points to plot", path)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	xys := make(plotter.XYs, len(pts))
	lo, hi := pts[0].Size, pts[0].Size
	for i, q := range pts {
		xys[i] = plotter.XY{X: q.Size, Y: q.Cost}
		lo, hi = min(lo, q.Size), max(hi, q.Size)
	}
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return err
	}
	fit, err := plotter.NewLine(plotter.XYs{{X: lo, Y: intercept + slope*lo}, {X: hi, Y: intercept + slope*hi}})
	if err != nil {
		return err
	}
	fit.Color = color.RGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0xff}
	p.Add(s, fit, plotter.NewGrid())
	p.Legend.Add("measured", s)
	p.Legend.Add(fmt.Sprintf("fit: %.3g + %.3g × size", intercept, slope), fit)
	p.Legend.Top = true
	return save(p, path)
}

// Formats are the file extensions a chart can be written as.
var Formats = []string{".png", ".svg", ".pdf"}

// CheckPath returns an error naming the formats when path's extension is
// not one of them, so that a caller can refuse a bad path before doing any
// work, and before any file is touched.
func CheckPath(path string) error {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range Formats {
		if ext == f {
			return nil
		}
	}
	return fmt.Errorf("chart: %s: unknown format %q; name a file ending in %s", path, ext, strings.Join(Formats, ", "))
}

// save renders p in the format path's extension names and replaces path
// with it atomically: the format is checked and the chart rendered before
// the file is touched, then written to a temporary file beside it and
// renamed over it, so a bad name or a failed write never truncates what
// was there.
func save(p *plot.Plot, path string) (err error) {
	if err := CheckPath(path); err != nil {
		return err
	}
	w, err := p.WriterTo(8*vg.Inch, 4*vg.Inch, strings.ToLower(strings.TrimPrefix(filepath.Ext(path), ".")))
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = w.WriteTo(f); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
