package chart

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/perfbench/perfbench/band"
)

// Kind says how a baseline came to be set. The strings are the ones the
// ratchet's history file uses.
type Kind string

const (
	// Recorded is a machine's first baseline for a number.
	Recorded Kind = "recorded"
	// Lowered is a baseline the ratchet moved down by itself, because a
	// run's median was significantly lower.
	Lowered Kind = "lowered"
	// Rebaselined is a baseline set by name (--rebaseline NAME --why …):
	// the only way one moves up, so a rise here is a decision, not a
	// regression.
	Rebaselined Kind = "rebaselined"
)

// Baseline is one baseline a time number had: when it was set, its median
// and the median's 95% confidence interval, how it was set, the commit the
// measured binary was built from ("" unknown; a "-dirty" suffix when the
// tree had uncommitted changes) and, for a rebaseline, why.
type Baseline struct {
	Set            time.Time
	Median, Lo, Hi float64
	Kind           Kind
	Commit         string
	Why            string
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
	// Rebaselines are the bound's moves by name, oldest first (Median
	// the bound each set): the notes below the counts say each one's
	// reason.
	Rebaselines []Baseline
}

// Colours, shared by every scenario chart. Each kind of point and each
// direction of bound has its own colour and its own shape, so the chart
// reads in grey too.
var (
	bandColour        = color.NRGBA{R: 0x30, G: 0x70, B: 0xd0, A: 0x40}
	bandEdgeColour    = color.NRGBA{R: 0x30, G: 0x70, B: 0xd0, A: 0xc0}
	recordedColour    = color.RGBA{R: 0x40, G: 0x40, B: 0x40, A: 0xff}
	loweredColour     = color.RGBA{R: 0x1a, G: 0x8a, B: 0x3a, A: 0xff}
	rebaselinedColour = color.RGBA{R: 0xd0, G: 0x70, B: 0x00, A: 0xff}
	pastColour        = color.NRGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0x30}
	ceilingColour     = color.RGBA{R: 0x30, G: 0x70, B: 0xd0, A: 0xff}
	floorColour       = color.RGBA{R: 0x1a, G: 0x8a, B: 0x3a, A: 0xff}
	exactColour       = color.RGBA{R: 0x70, G: 0x40, B: 0xa0, A: 0xff}
)

// Size of a scenario chart: each panel's height, and the width.
const (
	historyWidth     = 8 * vg.Inch
	timePanelHeight  = 2.4 * vg.Inch
	titleHeight      = 0.5 * vg.Inch
	legendLineHeight = 0.2 * vg.Inch
	countRowHeight   = 0.26 * vg.Inch
	countPanelMargin = 1.0 * vg.Inch
)

// Formats a scenario chart is written in, by the extension without its
// dot.
const (
	SVG = "svg"
	PNG = "png"
)

// Scenario writes one scenario's chart to w in format (SVG or PNG): a
// panel per time number, then a legend, then a panel of its counts.
//
// The time panels share one x axis: the order in which the scenario's
// baselines were set, each recording labelled with its commit and date —
// not a calendar, on which a day's recordings would stack into one smear.
// Each panel shades its band (from the baseline to the limit it admits,
// held until the next baseline replaces it) and marks each baseline's
// median with its 95% interval, by how it was set: recorded, lowered by
// the ratchet, or rebaselined by name, whose reasons the legend lists.
//
// The counts panel shows each count's room to its bound in the bound's
// own direction, as a share of the bound: right of zero is inside, left is
// past it (a failure). A count at its bound is a marker on zero, not a
// full bar.
//
// The same arguments always give the same bytes: the chart holds no
// clock, and times and counts come from the caller.
func Scenario(w io.Writer, format, title string, times []TimeHistory, counts []Count) error {
	if format != SVG && format != PNG {
		panic("chart: Scenario format " + format + ": want chart.SVG or chart.PNG")
	}
	h, err := newHistory(title, times, counts)
	if err != nil {
		return err
	}
	return h.draw(w, format, title)
}

// history is a scenario chart's parts before they are laid out: a panel
// for each time with a history, the legend and the notes under them, and
// the counts' panel.
type history struct {
	panels    []TimeHistory
	timePlots [][]*plot.Plot
	legend    plot.Legend
	notes     []string
	counts    []Count
	countPlot *plot.Plot
}

// newHistory makes the panels and notes of a scenario's chart: a time
// with no baseline, and an exact number with one, is a line of the notes.
func newHistory(title string, times []TimeHistory, counts []Count) (*history, error) {
	var panels []TimeHistory
	var unset []string  // times with no baseline yet: told once, below
	var single []string // exact numbers with one baseline: a line each, below
	for _, th := range times {
		switch {
		case len(th.Baselines) == 0:
			unset = append(unset, th.Name)
		case len(th.Baselines) == 1 && exact(th.Baselines[0]):
			single = append(single, singleLine(th))
		default:
			panels = append(panels, th)
		}
	}
	if len(panels) == 0 && len(counts) == 0 && len(unset) == 0 && len(single) == 0 {
		return nil, fmt.Errorf("chart: %s: nothing to plot", title)
	}
	x := newOrder(panels)
	var timePlots [][]*plot.Plot
	for _, th := range panels {
		p, err := timePanel(th, x)
		if err != nil {
			return nil, err
		}
		timePlots = append(timePlots, []*plot.Plot{p})
	}
	legend, notes := historyLegend(panels, x)
	// An exact number's first baseline is one point with no interval: a
	// panel would be an empty plot with a dot at its edge, so it is a line
	// until its baseline moves.
	for _, l := range single {
		notes = append(notes, wrap(l, 100)...)
	}
	if len(unset) > 0 {
		// One line for all of them, rather than an empty panel each.
		notes = append(notes, wrap("no baseline recorded yet on this machine, so no history to draw: "+strings.Join(unset, ", "), 100)...)
	}
	for _, c := range counts {
		for _, b := range c.Rebaselines {
			notes = append(notes, wrap(fmt.Sprintf("%s's bound rebaselined to %s %s at %s, %s: %s", c.Name, c.Symbol+" "+band.Format(b.Median), c.Unit,
				shortCommit(b.Commit), b.Set.UTC().Format("2006-01-02 15:04"), b.Why), 100)...)
		}
	}
	var countPlot *plot.Plot
	if len(counts) > 0 {
		var err error
		if countPlot, err = countPanel(counts); err != nil {
			return nil, err
		}
	}
	return &history{panels: panels, timePlots: timePlots, legend: legend, notes: notes, counts: counts, countPlot: countPlot}, nil

}

// draw lays the chart out, its height the sum of its parts', and writes it
// in format.
func (h *history) draw(w io.Writer, format, title string) error {
	sty := plot.New().Title.TextStyle
	title = fit(title, sty, titleWidth)
	titleLines := strings.Count(title, "\n") + 1
	heights := struct{ title, times, legend, counts, countLegend vg.Length }{
		title: titleHeight * vg.Length(titleLines) / 2,
		times: timePanelHeight * vg.Length(len(h.timePlots)),
	}
	switch {
	case len(h.panels) > 0:
		heights.legend = legendLineHeight * vg.Length(legendRows(h.legend)+len(h.notes)+1)
	case len(h.notes) > 0:
		heights.legend = legendLineHeight * vg.Length(len(h.notes)+1)
	}
	cl := countLegend()
	if h.countPlot != nil {
		heights.counts = countPanelMargin + vg.Length(len(h.counts))*countRowHeight
		heights.countLegend = legendLineHeight * vg.Length(legendRows(cl)+1)
	}
	total := heights.title + heights.times + heights.legend + heights.counts + heights.countLegend

	var c vg.CanvasWriterTo
	if format == SVG {
		c = vgsvg.New(historyWidth, total)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(historyWidth, total), vgimg.UseDPI(96))}
	}
	dc := draw.New(c)
	if format == PNG {
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
	}
	top := dc.Max.Y
	slice := func(h vg.Length) draw.Canvas {
		sub := dc
		sub.Max.Y, sub.Min.Y = top, top-h
		top -= h
		return sub
	}

	titleArea := slice(heights.title)
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
	dc.FillText(sty, vg.Point{X: (titleArea.Min.X + titleArea.Max.X) / 2, Y: titleArea.Max.Y - vg.Points(4)}, title)

	if len(h.timePlots) > 0 {
		area := slice(heights.times)
		area.Min.X += vg.Points(4)
		tiles := draw.Tiles{Rows: len(h.timePlots), Cols: 1, PadY: vg.Points(2)}
		for i, row := range plot.Align(h.timePlots, tiles, area) {
			h.timePlots[i][0].Draw(row[0])
		}
	}
	if heights.legend > 0 {
		area := slice(heights.legend)
		area.Min.X += vg.Points(60)
		y := area.Max.Y - vg.Points(4)
		if len(h.timePlots) > 0 {
			h.legend.Draw(area)
			y -= legendLineHeight * vg.Length(legendRows(h.legend))
		}
		sty := h.legend.TextStyle
		sty.YAlign = draw.YTop
		for _, n := range h.notes {
			dc.FillText(sty, vg.Point{X: area.Min.X, Y: y}, n)
			y -= legendLineHeight
		}
	}
	if h.countPlot != nil {
		area := slice(heights.counts)
		area.Min.X += vg.Points(4)
		h.countPlot.Draw(area)
		area = slice(heights.countLegend)
		area.Min.X += vg.Points(60)
		area.Max.Y -= vg.Points(4)
		cl.Draw(area)
	}
	_, err := c.WriteTo(w)
	return err
}

// exact reports whether b is an exact number's baseline (instructions):
// a value with no interval around it.
func exact(b Baseline) bool { return b.Lo == b.Median && b.Hi == b.Median }

// singleLine says what an exact number's one baseline is, as the chart
// writes it in place of a panel: "tab-instructions: 427736
// instructions/tab-step, recorded at 39c8675 on 2026-12-02".
func singleLine(th TimeHistory) string {
	b := th.Baselines[0]
	return fmt.Sprintf("%s: %s %s, %s at %s on %s",
		th.Name, band.Format(b.Median), th.Unit, b.Kind, shortCommit(b.Commit), b.Set.UTC().Format("2006-01-02"))
}

// order is the x axis of a scenario's time panels: every moment any of
// its numbers got a baseline, in order, with the commit of that
// recording. Numbers of one scenario are recorded together, so one
// recording is one x position in every panel.
type order struct {
	sets    []time.Time
	commits []string
}

func newOrder(ths []TimeHistory) order {
	var o order
	commit := map[time.Time]string{}
	for _, th := range ths {
		for _, b := range th.Baselines {
			if _, ok := commit[b.Set]; !ok {
				o.sets = append(o.sets, b.Set)
			}
			if b.Commit != "" {
				commit[b.Set] = b.Commit
			} else if _, ok := commit[b.Set]; !ok {
				commit[b.Set] = ""
			}
		}
	}
	slices.SortFunc(o.sets, time.Time.Compare)
	o.sets = slices.CompactFunc(o.sets, time.Time.Equal)
	for _, s := range o.sets {
		o.commits = append(o.commits, commit[s])
	}
	return o
}

// at returns the x position of a baseline set at t.
func (o order) at(t time.Time) float64 {
	i, _ := slices.BinarySearchFunc(o.sets, t, time.Time.Compare)
	return float64(i)
}

// maxTickLabels is how many recordings the x axis labels at most: a
// label's date with its year ("2026-11-30") is about 0.7 inch at 8 points,
// and ten of them would touch across the chart's width.
const maxTickLabels = 8

// ticks labels each recording with its commit (a dirty one with a star),
// its date with the year and its time, or every few, the newest among
// them, when there are too many to read.
func (o order) ticks() plot.ConstantTicks {
	every := max(1, (len(o.sets)+maxTickLabels-1)/maxTickLabels)
	var ts plot.ConstantTicks
	for i, s := range o.sets {
		t := plot.Tick{Value: float64(i)}
		// Counted back from the newest, which is always labelled, so that
		// no two labels come closer than every recordings.
		if (len(o.sets)-1-i)%every == 0 {
			t.Label = shortCommit(o.commits[i]) + "\n" + s.UTC().Format(time.DateOnly) + "\n" + s.UTC().Format("15:04")
		}
		ts = append(ts, t)
	}
	return ts
}

// dirty reports whether any recording was built from a dirty tree.
func (o order) dirty() bool {
	return slices.ContainsFunc(o.commits, func(c string) bool { return strings.HasSuffix(c, "-dirty") })
}

// unnamed reports whether any recording names no commit.
func (o order) unnamed() bool { return slices.Contains(o.commits, "") }

// noCommit is what a tick prints for a recording that names no commit; a
// note below the panels says why there is none.
const noCommit = "no commit"

// shortCommit is a commit as a tick prints it: seven hex digits, a star
// for uncommitted changes, noCommit when the recording names none.
func shortCommit(c string) string {
	if c == "" {
		return noCommit
	}
	rev, dirty := strings.CutSuffix(c, "-dirty")
	if len(rev) > 7 {
		rev = rev[:7]
	}
	if dirty {
		rev += "*"
	}
	return rev
}

// kindStyle is how a point of each kind is drawn.
func kindStyle(k Kind) draw.GlyphStyle {
	switch k {
	case Lowered:
		return draw.GlyphStyle{Color: loweredColour, Radius: vg.Points(4), Shape: downGlyph{}}
	case Rebaselined:
		return draw.GlyphStyle{Color: rebaselinedColour, Radius: vg.Points(3.5), Shape: draw.BoxGlyph{}}
	default:
		return draw.GlyphStyle{Color: recordedColour, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
	}
}

var kinds = []Kind{Recorded, Lowered, Rebaselined}

// kindLegend is each kind's legend text.
var kindLegend = map[Kind]string{
	Recorded:    "recorded: first baseline on this machine",
	Lowered:     "lowered: significantly faster, moved down by the ratchet",
	Rebaselined: "rebaselined by name (why below)",
}

// timePanel plots one time number's baselines in recording order: the
// band shaded, each median with its interval, marked by kind.
func timePanel(th TimeHistory, x order) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: baseline median, 95%% interval, band to +%s%%", th.Name, band.Format(th.Tolerance*100))
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.Y.Label.Text = th.Unit
	p.X.Tick.Marker = x.ticks()
	p.X.Tick.Label.Font.Size = vg.Points(8)
	last := float64(len(x.sets)) - 0.5
	hi := 0.0
	p.Add(plotter.NewGrid())
	for i, b := range th.Baselines {
		from := x.at(b.Set)
		to := last
		if i+1 < len(th.Baselines) {
			to = x.at(th.Baselines[i+1].Set)
		}
		limit := b.Median * (1 + th.Tolerance)
		shade, err := plotter.NewPolygon(plotter.XYs{{X: from, Y: b.Median}, {X: to, Y: b.Median}, {X: to, Y: limit}, {X: from, Y: limit}})
		if err != nil {
			return nil, err
		}
		shade.Color = bandColour
		shade.LineStyle.Width = 0
		edges, err := plotter.NewLine(plotter.XYs{{X: from, Y: limit}, {X: to, Y: limit}})
		if err != nil {
			return nil, err
		}
		edges.Color = bandEdgeColour
		edges.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
		p.Add(shade, edges)
		hi = max(hi, limit, finiteOr(b.Hi, b.Median))
	}
	for _, k := range kinds {
		var pts plotter.XYs
		var errs plotter.YErrors
		for _, b := range th.Baselines {
			if kindOf(b.Kind) != k {
				continue
			}
			pts = append(pts, plotter.XY{X: x.at(b.Set), Y: b.Median})
			errs = append(errs, struct{ Low, High float64 }{b.Median - finiteOr(b.Lo, b.Median), finiteOr(b.Hi, b.Median) - b.Median})
		}
		if len(pts) == 0 {
			continue
		}
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return nil, err
		}
		st := kindStyle(k)
		bars.Color = st.Color
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = st
		p.Add(bars, s)
	}
	p.X.Min, p.X.Max = -0.5, last
	p.Y.Min, p.Y.Max = 0, niceCeil(hi*1.1)
	p.Y.Tick.Marker = niceTicks{}
	return p, nil
}

// kindOf reads an unknown kind as Recorded, the plainest mark.
func kindOf(k Kind) Kind {
	if k == Lowered || k == Rebaselined {
		return k
	}
	return Recorded
}

// historyLegend is one legend for every time panel, drawn below them so
// it covers no point: the band, each kind that appears, and notes — every
// rebaseline once (a recording rebaselines all its times for one reason),
// with its reason or why it has none, what a starred commit means, and
// why a recording names no commit.
func historyLegend(ths []TimeHistory, x order) (plot.Legend, []string) {
	l := plot.NewLegend()
	l.Left = true
	l.Top = true
	l.TextStyle.Font.Size = vg.Points(9)
	shade, _ := plotter.NewPolygon(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}})
	shade.Color = bandColour
	shade.LineStyle.Width = 0
	l.Add("band: baseline to the limit a median may reach (until the next baseline)", shade)
	seen := map[Kind]bool{}
	var rebaselines []Baseline
	for _, th := range ths {
		for _, b := range th.Baselines {
			seen[kindOf(b.Kind)] = true
			if kindOf(b.Kind) == Rebaselined && !slices.ContainsFunc(rebaselines, func(r Baseline) bool { return r.Set.Equal(b.Set) && r.Why == b.Why }) {
				rebaselines = append(rebaselines, b)
			}
		}
	}
	slices.SortStableFunc(rebaselines, func(a, b Baseline) int { return a.Set.Compare(b.Set) })
	var notes []string
	for _, b := range rebaselines {
		why := b.Why
		if why == "" {
			why = "no reason recorded (the history kept none then)"
		}
		notes = append(notes, wrap(fmt.Sprintf("rebaselined at %s, %s: %s", shortCommit(b.Commit), b.Set.UTC().Format("2006-01-02 15:04"), why), 100)...)
	}
	for _, k := range kinds {
		if !seen[k] {
			continue
		}
		s, _ := plotter.NewScatter(plotter.XYs{{}})
		s.GlyphStyle = kindStyle(k)
		l.Add(kindLegend[k], s)
	}
	if x.dirty() {
		notes = append(notes, "* the measured binary was built from a tree with uncommitted changes")
	}
	if x.unnamed() {
		notes = append(notes, wrap(noCommit+": the recording names none — its binary carried no VCS stamp (go run builds none), or its baseline was set before the history was kept", 100)...)
	}
	return l, notes
}

// legendRows is how many lines a legend takes.
func legendRows(l plot.Legend) int {
	r := l.Rectangle(draw.Canvas{})
	return int(math.Ceil(float64(r.Max.Y-r.Min.Y) / float64(legendLineHeight)))
}

// titleWidth is how wide a line of a chart's title may be as measured in
// its own font (Liberation Serif): two thirds of the chart, since a
// viewer without that font draws the SVG's text in another, as much as a
// third wider (DejaVu Serif), and the line must still fit.
const titleWidth = historyWidth * 2 / 3

// fit breaks each line of s wider than width, as sty draws it, at spaces:
// a title names the renderer by its driver's own description, which for
// Mesa's llvmpipe is wider than the chart.
func fit(s string, sty text.Style, width vg.Length) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		lines = append(lines, breakLines(l, "", func(line string) bool { return sty.Width(line) <= width })...)
	}
	return strings.Join(lines, "\n")
}

// wrap breaks s into lines of at most about n runes at spaces, the lines
// after the first indented.
func wrap(s string, n int) []string {
	return breakLines(s, "    ", func(line string) bool { return len([]rune(line)) <= n })
}

// breakLines breaks s at spaces into lines that fits accepts (a word too
// long for a line of its own stands alone), the lines after the first
// starting with indent.
func breakLines(s, indent string, fits func(string) bool) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "" || line == indent:
			line += w
		case fits(line + " " + w):
			line += " " + w
		default:
			lines = append(lines, line)
			line = indent + w
		}
	}
	return append(lines, line)
}

// Room is a count's distance from its bound in the bound's own direction,
// as a share of the bound: positive inside (below a ceiling, above a
// floor), zero at the bound, negative past it. A zero bound has no scale:
// a value at it is 0, one past it −1, one inside a zero floor +1. An exact
// count is 0 or past. The chart clamps it to [−1, 1].
func Room(c Count) float64 {
	var r float64
	switch {
	case c.Symbol == "=":
		if c.Value == c.Bound {
			return 0
		}
		r = -1
		if c.Bound != 0 {
			r = -math.Abs(c.Value-c.Bound) / c.Bound
		}
	case c.Bound == 0:
		switch {
		case c.Value == 0:
			return 0
		case c.Symbol == "≥":
			return 1
		}
		return -1
	case c.Symbol == "≥":
		r = (c.Value - c.Bound) / c.Bound
	default:
		r = (c.Bound - c.Value) / c.Bound
	}
	return max(-1, min(1, r))
}

// countPanel plots each count's Room, one row a count in the order given:
// a bar from the bound to the value where there is room or excess, and a
// marker whose shape and colour say the bound's direction.
func countPanel(counts []Count) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "counts: room to each bound in its own direction (exact, the same on every machine)"
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.X.Label.Text = "share of the bound left before it fails (left of 0: past the bound, fails)"
	p.X.Label.TextStyle.Font.Size = vg.Points(9)
	labels := make([]string, len(counts))
	past, err := plotter.NewPolygon(plotter.XYs{{X: -1.1, Y: -0.5}, {X: 0, Y: -0.5}, {X: 0, Y: float64(len(counts)) - 0.5}, {X: -1.1, Y: float64(len(counts)) - 0.5}})
	if err != nil {
		return nil, err
	}
	past.Color = pastColour
	past.LineStyle.Width = 0
	p.Add(past, plotter.NewGrid())
	for i, c := range counts {
		y := float64(len(counts) - 1 - i)
		r := Room(c)
		note := ""
		switch {
		case r == 0 && c.Bound == 0:
			note = " (zero bound)"
		case r == 0:
			note = " (at bound)"
		case r < 0:
			note = " (PAST)"
		}
		labels[len(counts)-1-i] = fmt.Sprintf("%s %s %s %s%s", c.Name, band.Format(c.Value), c.Symbol, band.Format(c.Bound), note)
		st := countStyle(c)
		if r != 0 {
			bar, err := plotter.NewLine(plotter.XYs{{X: 0, Y: y}, {X: r, Y: y}})
			if err != nil {
				return nil, err
			}
			bar.Color = st.Color
			bar.Width = countRowHeight * 0.35
			p.Add(bar)
		}
		s, err := plotter.NewScatter(plotter.XYs{{X: r, Y: y}})
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = st
		p.Add(s)
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(counts)) - 0.5}})
	if err != nil {
		return nil, err
	}
	zero.Color = color.Black
	p.Add(zero)
	p.NominalY(labels...)
	p.Y.Tick.Label.Font.Size = vg.Points(9)
	p.X.Min, p.X.Max = -1.1, 1.1
	p.X.Tick.Marker = plot.ConstantTicks{
		{Value: -1, Label: "−100%"}, {Value: -0.5, Label: "−50%"}, {Value: 0, Label: "at bound"},
		{Value: 0.5, Label: "50%"}, {Value: 1, Label: "100%"},
	}
	return p, nil
}

// countLegend explains the counts panel's markers, drawn below it.
func countLegend() plot.Legend {
	l := plot.NewLegend()
	l.Left, l.Top = true, true
	l.TextStyle.Font.Size = vg.Points(9)
	l.Add("ceiling ≤ (work done: fewer is better)", glyphThumb(countStyle(Count{Symbol: "≤", Bound: 1})))
	l.Add("floor ≥ (work avoided: a lost skip falls below it)", glyphThumb(countStyle(Count{Symbol: "≥", Bound: 1})))
	l.Add("exact = (more and fewer are both wrong)", glyphThumb(countStyle(Count{Symbol: "=", Bound: 1})))
	l.Add("zero bound (no scale: on 0 when met)", glyphThumb(countStyle(Count{Symbol: "≤"})))
	return l
}

// countStyle gives ceilings, floors and exact counts their own shape and
// colour, and a zero bound a hollow marker: it has no scale to draw.
func countStyle(c Count) draw.GlyphStyle {
	st := draw.GlyphStyle{Color: ceilingColour, Radius: vg.Points(4), Shape: downGlyph{}}
	switch c.Symbol {
	case "≥":
		st.Color, st.Shape = floorColour, draw.PyramidGlyph{}
	case "=":
		st.Color, st.Shape = exactColour, diamondGlyph{}
	}
	if c.Bound == 0 {
		st.Shape = draw.RingGlyph{}
	}
	return st
}

type glyphThumb draw.GlyphStyle

func (g glyphThumb) Thumbnail(c *draw.Canvas) {
	c.DrawGlyph(draw.GlyphStyle(g), c.Center())
}

// downGlyph is a filled triangle pointing down: a ceiling, or a baseline
// moved down.
type downGlyph struct{}

func (downGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetColor(sty.Color)
	r := sty.Radius
	var p vg.Path
	p.Move(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r*0.87, Y: pt.Y + r*0.5})
	p.Line(vg.Point{X: pt.X + r*0.87, Y: pt.Y + r*0.5})
	p.Close()
	c.Fill(p)
}

// diamondGlyph is a filled diamond: an exact count.
type diamondGlyph struct{}

func (diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetColor(sty.Color)
	r := sty.Radius
	var p vg.Path
	p.Move(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r, Y: pt.Y})
	p.Line(vg.Point{X: pt.X, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Close()
	c.Fill(p)
}

func finiteOr(v, def float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return def
	}
	return v
}

// niceTicks marks 4 to 8 round values (1, 2 or 5 × a power of ten) and
// labels them with as many decimals as the step needs, no more: 0, 0.5,
// 1, 1.5 rather than 0 and 2.5, or 5000.00.
type niceTicks struct{}

func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	step := niceStep((hi - lo) / 5)
	if step <= 0 || math.IsInf(step, 0) || math.IsNaN(step) {
		return []plot.Tick{{Value: lo, Label: band.Format(lo)}}
	}
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	var ts []plot.Tick
	for v := math.Ceil(lo/step-1e-9) * step; v <= hi+step*1e-9; v += step {
		v += 0 // −0 prints as "-0"
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ts = append(ts, plot.Tick{Value: v, Label: fmt.Sprintf("%.*f", decimals, v)})
		for m := v + step/2; m < hi && m < v+step; m += step {
			ts = append(ts, plot.Tick{Value: m})
		}
	}
	return ts
}

// niceStep rounds s up to 1, 2 or 5 times a power of ten.
func niceStep(s float64) float64 {
	if s <= 0 {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(s)))
	for _, m := range []float64{1, 2, 5, 10} {
		if s <= m*p*(1+1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// niceCeil rounds v up to a whole number of its nice tick step, so the
// axis ends on a labelled tick.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	step := niceStep(v / 5)
	return math.Ceil(v/step-1e-9) * step
}
