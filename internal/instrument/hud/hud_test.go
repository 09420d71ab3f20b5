package hud_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/hud"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/metric"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// open builds the idle gallery (nothing animates) at size and settles a
// window over it on a virtual clock, on display d.
func open(t testing.TB, size gallery.Size, d window.Display) (*gallery.Gallery, *window.Window, *clock.Virtual) {
	t.Helper()
	g := gallery.Build(size, gallery.Options{})
	clk := &clock.Virtual{}
	w := window.New(g.Doc, window.Options{Clock: clk, Display: d})
	w.Quiet()
	require.False(t, w.FramePending())
	return g, w, clk
}

// growing is a resource probe whose resident set grows a MiB per sample,
// so that every tick changes the MEM row and draws a frame.
type growing struct{ rss uint64 }

func (g *growing) Sample() hud.Resources {
	g.rss += 1 << 20
	return hud.Resources{At: clock.MonoNow(), PID: 1, RSS: g.rss, RSSOK: true}
}

// refresh lets the clock reach the window's next refresh, where a
// requested frame is drawn.
func refresh(w *window.Window, clk *clock.Virtual) { clk.AdvanceTo(w.NextRefresh()) }

// The first frames after mounting are not in FRAME; frames answering the
// HUD's clock are not in FRAME unless the application invalidated too;
// hidden for two ticks the HUD stops its clock and its probe.
func TestMountedHUDMeasuresOnlyTheApplication(t *testing.T) {
	g, w, clk := open(t, gallery.S0, window.Display{ID: 1, RefreshHz: 60})
	drawn := w.Frames()
	h := hud.Mount(w, g.Doc.Root(), hud.Options{Resources: &growing{}})
	refresh(w, clk) // the mount: a frame the application asked for
	require.Equal(t, drawn+1, w.Frames())
	assert.Equal(t, window.ByApp, w.LastFrame().Reasons)
	for range 5 {
		w.Invalidate()
		refresh(w, clk)
	}
	st := h.Readings().Stats
	assert.Equal(t, hud.Stats{Frames: 6, Skipped: hud.DefaultSkip, Measured: 3}, st,
		"the mount and the two frames after it are not measured")
	assert.Equal(t, 3, h.Readings().Frame.N)

	// The HUD's clock: four ticks, four frames, none of them measured.
	drawn = w.Frames()
	clk.Advance(2 * time.Second)
	assert.Equal(t, uint64(4), h.Ticks())
	assert.Equal(t, drawn+4, w.Frames(), "each tick changed the MEM row")
	assert.Equal(t, window.ByTick, w.LastFrame().Reasons)
	st = h.Readings().Stats
	assert.Equal(t, 4, st.TickOnly)
	assert.Equal(t, 3, st.Measured)

	// The application asks for the frame the tick asked for: measured,
	// and INV does not count the HUD's request.
	next, ok := clk.NextDue()
	require.True(t, ok)
	clk.AdvanceTo(next) // the tick at 2.5 s
	require.Equal(t, uint64(5), h.Ticks())
	w.Invalidate()
	refresh(w, clk)
	assert.Equal(t, window.ByTick|window.ByApp, w.LastFrame().Reasons)
	assert.Equal(t, 2, w.LastFrame().Invalidations)
	r := h.Readings()
	assert.Equal(t, 4, r.Stats.Measured)
	assert.Equal(t, 1.0, value(t, r.Inv))

	// Hidden: two more ticks, then the clock and the probe stop.
	h.Hide()
	refresh(w, clk)
	ticks, probes := h.Ticks(), h.Probes()
	clk.Advance(time.Second)
	assert.Equal(t, ticks+hud.HiddenTicks, h.Ticks())
	assert.False(t, h.Running())
	assert.Nil(t, w.Probe(), "the window's probe is what it was before the HUD")
	probes = h.Probes()
	for range 10 {
		clk.Advance(500 * time.Millisecond)
		w.Invalidate()
		refresh(w, clk)
	}
	assert.Equal(t, ticks+hud.HiddenTicks, h.Ticks(), "no more ticks")
	assert.Equal(t, probes, h.Probes(), "no more probes")
	assert.Zero(t, clk.Pending(), "nothing of the HUD's is left on the clock")

	// Shown again: an empty sampler, the clock and the probe back.
	h.Show()
	refresh(w, clk)
	r = h.Readings()
	assert.True(t, h.Running())
	assert.Equal(t, hud.Stats{Frames: 1, Skipped: 1}, r.Stats)
	assert.Equal(t, metric.Warmup, r.Frame.Value.Quality())
	clk.Advance(time.Second)
	assert.Equal(t, ticks+hud.HiddenTicks+2, h.Ticks())
}

// The HUD chains after an application's probe and gives it back.
func TestHUDSharesTheProbe(t *testing.T) {
	g, w, clk := open(t, gallery.S0, window.Display{})
	app := &countingProbe{}
	w.SetProbe(app)
	h := hud.Mount(w, g.Doc.Root(), hud.Options{Resources: &growing{}})
	refresh(w, clk)
	assert.Equal(t, 1, app.n)
	assert.Equal(t, uint64(1), h.Probes())
	h.Hide()
	clk.Advance(2 * time.Second)
	assert.False(t, h.Running())
	assert.Same(t, app, w.Probe())
	w.Invalidate()
	refresh(w, clk)
	assert.Equal(t, 3, app.n, "mount, hide, invalidate: hidden ticks draw nothing")
}

type countingProbe struct{ n int }

func (p *countingProbe) FrameEnded(*window.Window) { p.n++ }

func TestChain(t *testing.T) {
	a, b := &countingProbe{}, &countingProbe{}
	assert.Nil(t, hud.Chain())
	assert.Nil(t, hud.Chain(nil, nil))
	assert.Same(t, a, hud.Chain(nil, a))
	hud.Chain(a, nil, b).FrameEnded(nil)
	assert.Equal(t, 1, a.n)
	assert.Equal(t, 1, b.n)
}

// Moving the window to a display with another ID re-asks the rate, and
// nothing else does.
func TestMovingToAnotherDisplayReasksTheRate(t *testing.T) {
	g, w, clk := open(t, gallery.S0, window.Display{ID: 1, RefreshHz: 60})
	h := hud.Mount(w, g.Doc.Root(), hud.Options{Resources: &growing{}})
	frames := func(n int) {
		for range n {
			w.Invalidate()
			refresh(w, clk)
		}
	}
	frames(5)
	clk.Advance(time.Second)
	assert.Equal(t, 1, h.Asked())
	r := h.Readings()
	assert.Equal(t, 60.0, r.Refresh)
	assert.Equal(t, time.Duration(16666667), r.Budget)

	w.MoveToDisplay(window.Display{ID: 1, RefreshHz: 144}) // same display, a new mode: not asked
	frames(3)
	assert.Equal(t, 1, h.Asked())
	assert.Equal(t, 60.0, h.Readings().Refresh)

	w.MoveToDisplay(window.Display{ID: 2, RefreshHz: 144})
	frames(3)
	assert.Equal(t, 2, h.Asked())
	r = h.Readings()
	assert.Equal(t, 144.0, r.Refresh)
	assert.Equal(t, time.Duration(6944444), r.Budget)
	if m, ok := r.Max.Value.Get(); assert.True(t, ok) {
		assert.LessOrEqual(t, m, 144.0, "capped at the new display's rate")
	}

	w.MoveToDisplay(window.Display{ID: 3}) // reports no rate
	frames(3)
	assert.Equal(t, 3, h.Asked())
	r = h.Readings()
	assert.Zero(t, r.Refresh)
	assert.Equal(t, time.Duration(16666667), r.Budget, "60 Hz where none is reported")

	h.FrameBudget(8 * time.Millisecond)
	w.MoveToDisplay(window.Display{ID: 4, RefreshHz: 240})
	frames(1)
	assert.Equal(t, 4, h.Asked())
	assert.Equal(t, 8*time.Millisecond, h.Readings().Budget, "a pinned budget is not replaced")
}

// CPU and MEM read real values from gopsutil; GPU has no source and reads
// missing, never 0. Under a virtual clock CPU is not-applicable: its ticks'
// real span is the harness's. Every row names its clock.
func TestResourceRowsReadThisProcess(t *testing.T) {
	g, w, clk := open(t, gallery.S0, window.Display{ID: 1, RefreshHz: 60})
	// A CPU span of 1 ns: the two ticks are microseconds apart in real
	// time, and the test wants the reading's quality, not its precision.
	h := hud.Mount(w, g.Doc.Root(), hud.Options{CPUSpan: time.Nanosecond})
	clk.Advance(time.Second)
	require.Equal(t, uint64(2), h.Ticks())
	r := h.Readings()
	assert.Equal(t, metric.NotApplicable, r.CPU.Value.Quality(), "a virtual clock")
	assert.Positive(t, value(t, r.Mem))
	assert.Equal(t, metric.Missing, r.GPU.Value.Quality())
	assert.Equal(t, "virtual", r.FPS.Clock)
	assert.Equal(t, "virtual", r.Interval.Clock)
	assert.Equal(t, "real", r.Frame.Clock)
	assert.Equal(t, "real", r.CPU.Clock)
	assert.Equal(t, "", r.Inv.Clock)
	assert.Equal(t, 2, r.CPU.Version)

	// On a real clock CPU is a rate.
	s := hud.Sampler{Timing: latency.Real, CPUSpan: time.Nanosecond}
	var p hud.Process
	s.Start(window.Display{ID: 1}, clock.At[clock.Sched](0))
	s.Sample(p.Sample())
	for start := time.Now(); time.Since(start) < 20*time.Millisecond; {
	}
	s.Sample(p.Sample())
	r = s.Read(clock.At[clock.Sched](0))
	assert.GreaterOrEqual(t, value(t, r.CPU), 0.0)
	assert.Equal(t, "real", r.FPS.Clock)
	t.Logf("CPU %s, MEM %s, GPU %s", r.CPU.Text(), r.Mem.Text(), r.GPU.Text())
}

// Hidden or in the background, the window's frames are nobody's: the
// frame readings are not-foreground, and coming back is a boundary.
func TestNotForeground(t *testing.T) {
	g, w, clk := open(t, gallery.S1, window.Display{ID: 1, RefreshHz: 60})
	h := hud.Mount(w, g.Doc.Root(), hud.Options{})
	x, y := float32(600), float32(400)
	frames := func(n int) {
		for i := range n {
			w.PointerMove(x, y+float32(i%2)*30)
			clk.AdvanceTo(w.NextRefresh())
		}
	}
	frames(30)
	r := h.Readings()
	require.True(t, r.Frame.Value.OK(), "measured in the foreground: %v", r.Frame.Value)

	w.SetForeground(false)
	frames(10)
	r = h.Readings()
	for _, x := range []hud.Reading{r.Max, r.FPS, r.Interval, r.Frame, r.P95, r.Drop, r.Inv} {
		assert.Equal(t, metric.NotForeground, x.Value.Quality(), x.ID)
	}
	assert.Positive(t, value(t, r.Mem), "the process's rows are still the process's")
	assert.Equal(t, 10, r.Stats.Background)

	w.SetForeground(true)
	r = h.Readings()
	assert.Equal(t, metric.Discontinuity, r.Frame.Value.Quality(), "back: the windows start over")
	assert.Equal(t, metric.Discontinuity, r.FPS.Value.Quality())
	frames(3)
	assert.True(t, h.Readings().Frame.Value.OK())
}

// A left click collapses the HUD to a tag and back; a right click toggles
// the headline. Clicks reach it through the window's hit index.
func TestClicks(t *testing.T) {
	g, w, clk := open(t, gallery.S1, window.Display{ID: 1, RefreshHz: 120})
	h := hud.Mount(w, g.Doc.Root(), hud.DefaultOptions)
	refresh(w, clk)
	full := w.Rect(h.Element())
	assert.Equal(t, float32(8), full.X, "8 px into the gallery root's padding box")
	click := func(b window.Button) {
		r := w.Rect(h.Element())
		w.Click(r.X+4, r.Y+4, b)
		refresh(w, clk)
	}

	click(window.Left)
	assert.True(t, h.Collapsed())
	tag := w.Rect(h.Element())
	assert.Less(t, tag.H, full.H)
	assert.Less(t, tag.W, full.W)
	click(window.Left)
	assert.False(t, h.Collapsed())
	assert.Equal(t, full, w.Rect(h.Element()))

	assert.Equal(t, hud.MaxFPS, h.Headline())
	click(window.Right)
	assert.Equal(t, hud.FPS, h.Headline())
	click(window.Right)
	assert.Equal(t, hud.MaxFPS, h.Headline())
}

// The HUD's own frames over an idle document, the shipped gallery size: at
// most MaxCostFPS a second shown, none hidden. With this process's real
// resource probe the rows change only when a reading does; with a probe
// whose MEM changes every sample, every tick draws.
func TestHUDCost(t *testing.T) {
	proc := hud.DefaultOptions
	every := hud.DefaultOptions
	every.Resources = &growing{}
	for _, tc := range []struct {
		name    string
		opts    hud.Options
		shown   bool
		ceiling float64
	}{
		{"shown", proc, true, hud.MaxCostFPS},                            // one frame per 500 ms tick at most
		{"shown, a row changes every tick", every, true, hud.MaxCostFPS}, // the most it can cost
		{"hidden", proc, false, 0},                                       // hidden costs nothing
		{"hidden, a row would change every tick", every, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fps := hud.IdleCost(gallery.S13, tc.opts, tc.shown, 10*time.Second)
			j := band.Judge(band.Measured{
				Spec:    band.Spec{Name: "hud-frames", Unit: "frames/s", Band: band.Count(tc.ceiling)},
				Samples: []float64{fps},
			})
			t.Log(j)
			assert.Equal(t, band.Pass, j.BandVerdict, j.String())
		})
	}
}

// What a tick frame does to an idle gallery: the overlay's rows and bars,
// nothing of the gallery's.
func TestTickFrameWork(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S13, window.Display{ID: 1, RefreshHz: 60})
	h := hud.Mount(w, g.Doc.Root(), hud.Options{Resources: &growing{}})
	refresh(w, clk)
	clk.Advance(time.Second) // two ticks: the rows settle into their text
	before := counter.Take()
	next, _ := clk.NextDue()
	clk.AdvanceTo(next)
	refresh(w, clk)
	d := before.Delta(counter.Take())
	t.Logf("one tick frame over s13: %v", d)
	assert.Equal(t, uint64(1), d.FramesDrawn)
	assert.Equal(t, window.ByTick, w.LastFrame().Reasons)
	assert.Zero(t, d.ElementsRestyled, "text changes only: nothing restyled")
	assert.Less(t, d.NodesRelaidOut, uint64(16), "the changed rows and their column, not the gallery")
	assert.Equal(t, uint64(3), h.Ticks())
}

// The overlay says which rows read a virtual clock.
func TestOverlayMarksVirtualRows(t *testing.T) {
	g, w, clk := open(t, gallery.S0, window.Display{ID: 1, RefreshHz: 60})
	h := hud.Mount(w, g.Doc.Root(), hud.Options{})
	clk.Advance(time.Second)
	r := h.Readings()
	assert.True(t, strings.HasSuffix(r.Interval.String(), " (virtual)"), r.Interval.String())
	assert.False(t, strings.Contains(r.Frame.String(), "virtual"), "a frame's cost is real time: %s", r.Frame.String())
	found := false
	document.Walk(g.Doc.Root(), func(n *document.Node) bool {
		if strings.HasPrefix(n.Text(), "INTERVAL") && strings.HasSuffix(n.Text(), "(virtual)") {
			found = true
		}
		return true
	})
	assert.True(t, found, "the overlay's INTERVAL row says its clock is virtual")
}
