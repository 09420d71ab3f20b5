package chart

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/perfbench/perfbench/band"
)

// Baseline is one baseline a time number had: when it was set, its median
// and the median's 95% confidence interval.
type Baseline struct {
	Set            time.Time
	Median, Lo, Hi float64
}

// TimeHistory is one time number's baselines, oldest first, and the
// tolerance of its band: each baseline admitted medians up to
// Median×(1+Tolerance).
type TimeHistory struct {
	Name, Unit string
	Tolerance  float64
	Baselines  []Baseline
}

// Count is one count and its bound: Symbol is "≤" for a ceiling, "≥" for a
// floor, "=" for an exact value.
type Count struct {
	Name, Unit string
	Value      float64
	Symbol     string
	Bound      float64
}

// Colours, shared by every scenario chart.
var (
	medianColour = color.RGBA{R: 0x30, G: 0x70, B: 0xd0, A: 0xff}
	limitColour  = color.RGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0xff}
	countColour  = color.RGBA{R: 0x50, G: 0x90, B: 0x60, A: 0xff}
)

// Size of a scenario chart: each panel's height, and the width.
const (
	historyWidth     = 7 * vg.Inch
	timePanelHeight  = 2.6 * vg.Inch
	countRowHeight   = 0.28 * vg.Inch
	countPanelMargin = 1.1 * vg.Inch
)

// Scenario writes one scenario's chart as SVG to w: a panel per time
// number (its baselines over time, each with its 95% interval, and the
// band's limit above them, dashed), then a panel of its counts, each as a
// share of its bound. The same arguments always give the same bytes: the
// chart holds no clock, and times and counts come from the caller.
func Scenario(w io.Writer, title string, times []TimeHistory, counts []Count) error {
	var plots []*plot.Plot
	var heights []vg.Length
	for _, th := range times {
		if len(th.Baselines) == 0 {
			continue
		}
		p, err := timePanel(th)
		if err != nil {
			return err
		}
		plots = append(plots, p)
		heights = append(heights, timePanelHeight)
	}
	if len(counts) > 0 {
		p, err := countPanel(counts)
		if err != nil {
			return err
		}
		plots = append(plots, p)
		heights = append(heights, countPanelMargin+vg.Length(len(counts))*countRowHeight)
	}
	if len(plots) == 0 {
		return fmt.Errorf("chart: %s: nothing to plot", title)
	}
	plots[0].Title.Text = title + "\n" + plots[0].Title.Text

	var total vg.Length
	for _, h := range heights {
		total += h
	}
	c := vgsvg.New(historyWidth, total)
	dc := draw.New(c)
	top := dc.Max.Y
	for i, p := range plots {
		sub := dc
		sub.Max.Y = top
		sub.Min.Y = top - heights[i]
		top = sub.Min.Y
		p.Draw(sub)
	}
	_, err := c.WriteTo(w)
	return err
}

// timePanel plots one time number's baselines against the date they were
// set.
func timePanel(th TimeHistory) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: baseline median and 95%% interval; band limit +%s%%", th.Name, band.Format(th.Tolerance*100))
	p.Y.Label.Text = th.Unit
	p.X.Tick.Marker = dayTicks{}
	medians := make(plotter.XYs, len(th.Baselines))
	limits := make(plotter.XYs, 0, 2*len(th.Baselines))
	errs := make(plotter.YErrors, len(th.Baselines))
	hi := 0.0
	for i, b := range th.Baselines {
		x := float64(b.Set.Unix())
		medians[i] = plotter.XY{X: x, Y: b.Median}
		errs[i].Low, errs[i].High = b.Median-finiteOr(b.Lo, b.Median), finiteOr(b.Hi, b.Median)-b.Median
		limit := b.Median * (1 + th.Tolerance)
		if i > 0 {
			// The limit holds until the next baseline replaces it: a step.
			limits = append(limits, plotter.XY{X: x, Y: limits[len(limits)-1].Y})
		}
		limits = append(limits, plotter.XY{X: x, Y: limit})
		hi = max(hi, limit, finiteOr(b.Hi, b.Median))
	}
	// Whole days, with at least half a day either side of the first and
	// last baselines, so no point sits on the frame.
	const day = 86400
	first := math.Floor((medians[0].X-day/2)/day) * day
	last := math.Ceil((medians[len(medians)-1].X+day/2)/day) * day
	limits = append(limits, plotter.XY{X: last, Y: limits[len(limits)-1].Y})

	line, points, err := plotter.NewLinePoints(medians)
	if err != nil {
		return nil, err
	}
	line.Color, points.Color = medianColour, medianColour
	points.Shape = draw.CircleGlyph{}
	bars, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{medians, errs})
	if err != nil {
		return nil, err
	}
	bars.Color = medianColour
	lim, err := plotter.NewLine(limits)
	if err != nil {
		return nil, err
	}
	lim.Color = limitColour
	lim.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(plotter.NewGrid(), lim, line, points, bars)
	p.Legend.Add("baseline (median, 95% CI)", line, points)
	p.Legend.Add("band limit", lim)
	p.Legend.Top = true
	p.Legend.Left = true
	p.X.Min, p.X.Max = first, last
	p.Y.Min, p.Y.Max = 0, hi*1.25
	return p, nil
}

// countPanel plots each count as a share of its bound, one bar a count,
// labelled with the value and the bound.
func countPanel(counts []Count) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "counts against their bounds (exact, the same on every machine)"
	p.X.Label.Text = "value ÷ bound"
	shares := make(plotter.Values, len(counts))
	labels := make([]string, len(counts))
	top := 1.0
	for i, c := range counts {
		// Listed top to bottom in the order given.
		j := len(counts) - 1 - i
		shares[j] = share(c.Value, c.Bound)
		labels[j] = fmt.Sprintf("%s %s %s %s", c.Name, band.Format(c.Value), c.Symbol, band.Format(c.Bound))
		top = max(top, shares[j])
	}
	bars, err := plotter.NewBarChart(shares, countRowHeight*0.6)
	if err != nil {
		return nil, err
	}
	bars.Horizontal = true
	bars.Color = countColour
	bars.LineStyle.Width = 0
	bound, err := plotter.NewLine(plotter.XYs{{X: 1, Y: -0.5}, {X: 1, Y: float64(len(counts)) - 0.5}})
	if err != nil {
		return nil, err
	}
	bound.Color = limitColour
	bound.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(bars, bound)
	p.NominalY(labels...)
	p.X.Min, p.X.Max = 0, top*1.1
	return p, nil
}

// share is value ÷ bound; a zero bound reads as 1 when the value is zero
// too (at the bound) and 2 otherwise (past it, by more than the chart can
// say).
func share(value, bound float64) float64 {
	if bound == 0 {
		if value == 0 {
			return 1
		}
		return 2
	}
	return value / bound
}

func finiteOr(v, def float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return def
	}
	return v
}

// dayTicks marks whole days (UTC) on an axis of Unix seconds, at most
// about six labelled, so a history of a few days does not print one date
// twice and one of a year does not print 365.
type dayTicks struct{}

func (dayTicks) Ticks(lo, hi float64) []plot.Tick {
	const day = 86400
	span := math.Max(hi-lo, day)
	step := math.Ceil(span/day/6) * day
	var ticks []plot.Tick
	for x := math.Ceil(lo/day) * day; x <= hi; x += day {
		t := plot.Tick{Value: x}
		if math.Mod(x-math.Ceil(lo/day)*day, step) == 0 {
			t.Label = time.Unix(int64(x), 0).UTC().Format(time.DateOnly)
		}
		ticks = append(ticks, t)
	}
	return ticks
}
