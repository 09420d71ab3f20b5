package suite

import (
	"github.com/perfbench/perfbench/internal/check/slow"
	_ "github.com/perfbench/perfbench/renderer/raster" // the "cpu" renderer
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// builtin are the design's five, in the design's order.
var builtin = []string{"idle", "hover-storm", "scroll", "kitchen-sink", "resize"}

func TestTheFiveRegisterFirstInOrder(t *testing.T) {
	require.GreaterOrEqual(t, len(scenario.Names()), len(builtin))
	assert.Equal(t, builtin, scenario.Names()[:len(builtin)])
}

func TestLookupUnknownListsTheValidNames(t *testing.T) {
	_, err := scenario.Lookup("hover")
	require.Error(t, err)
	var ue *scenario.UnknownError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, `unknown scenario "hover" (valid: idle hover-storm scroll kitchen-sink resize`, err.Error()[:len(`unknown scenario "hover" (valid: idle hover-storm scroll kitchen-sink resize`)])
	assert.NotContains(t, err.Error(), "\n")
}

// Counts are properties of the design: two runs of every scenario report
// the same counts, and every count sits within its ceiling. Times are not
// asserted; they are judged at run time by their bands.
func TestCountsAreIdenticalAcrossRunsAndWithinTheirCeilings(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every scenario twice (a few seconds); -short skips it")
	}
	for _, name := range append(builtin, "text-pressure") {
		t.Run(name, func(t *testing.T) {
			sc, err := scenario.Lookup(name)
			require.NoError(t, err)
			first, second := sc.Measure(), sc.Measure()
			require.Empty(t, first.Broken)
			require.Empty(t, second.Broken)
			assert.Equal(t, counts(first), counts(second), "counts moved between two runs")
			require.Len(t, first.Numbers, len(readUnder(sc, "")))
			for _, m := range first.Numbers {
				if inProcessInexact(m) {
					continue
				}
				j := band.Judge(m)
				switch m.Band.Kind {
				case band.KindCount:
					assert.Equal(t, band.Pass, j.BandVerdict, "%s", j)
				case band.KindTime:
					assert.NotEmpty(t, m.Samples, "%s has no frames to time", m.Name)
					assert.Equal(t, band.Unbaselined, j.BandVerdict, "%s: a time in source has no baseline", m.Name)
				}
			}
		})
	}
}

// Drawn by the CPU rasteriser, every scenario reads the renderer's own
// work (the chunks its scene examined and skipped, the items it drew, the
// bytes it uploaded, its draw calls) and every count sits within the
// ceiling it has on that renderer. The GPU renderer's are read by
// perfbench scenarios --renderer gpu in CI's gpu build.
func TestRendererCountsWithinTheirCeilingsOnTheCPURasteriser(t *testing.T) {
	slow.Test(t, "rasterises every scenario's frames")
	for _, name := range append(builtin, "text-pressure") {
		t.Run(name, func(t *testing.T) {
			sc, err := scenario.Lookup(name)
			require.NoError(t, err)
			res := sc.MeasureWith(scenario.Options{Renderer: "cpu"})
			require.Empty(t, res.Broken)
			require.Len(t, res.Numbers, len(readUnder(sc, "cpu")))
			read := map[string]bool{}
			for _, m := range res.Numbers {
				read[m.Name] = true
				if m.Band.Kind != band.KindCount || inProcessInexact(m) {
					continue
				}
				j := band.Judge(m)
				assert.Equal(t, band.Pass, j.BandVerdict, "%s", j)
			}
			for _, n := range []string{"scene-chunks-visited", "scene-chunks-skipped", "instances-written", "buffer-bytes"} {
				assert.True(t, read[n], "%s reads no %s on the CPU rasteriser", name, n)
			}
		})
	}
}

// inProcessInexact reports the numbers a test cannot measure exactly in
// its own process: allocations are counted process-wide, and a test
// process allocates beside the scenario. They are exact in the scenario's
// own process (TestAllocationsAreExactInTheScenariosOwnProcess).
func inProcessInexact(m band.Measured) bool {
	return m.Unit == "allocs/frame" || m.Unit == "B/frame"
}

func counts(r scenario.Result) map[string]float64 {
	out := map[string]float64{}
	for _, m := range r.Numbers {
		if m.Band.Kind == band.KindCount && !inProcessInexact(m) {
			require.Len(nil, m.Samples, 1)
			out[m.Name] = m.Samples[0]
		}
	}
	return out
}

// Every built-in scenario records the three emission counters, whatever it
// is about.
func TestEveryScenarioRecordsEmission(t *testing.T) {
	for _, name := range builtin {
		sc, err := scenario.Lookup(name)
		require.NoError(t, err)
		var got []string
		for _, n := range sc.Numbers {
			got = append(got, n.Name)
		}
		assert.Subset(t, got, []string{"primitives-emitted", "primitives-culled", "draw-order-insertions"}, name)
	}
}

// hover-storm with the pointer aimed at empty space restyles nothing; such
// a run is Broken, with every number Broken, never a pass.
func TestHoverStormThatHitsNothingIsBroken(t *testing.T) {
	nowhere := hoverStorm
	nowhere.Name = "hover-nowhere"
	nowhere.Run = func(s *scenario.Session) error {
		_, w := openShipped(s, gallery.DefaultOptions)
		for range crossings {
			s.Drive("cross", func() { w.PointerMove(-10, -10) })
		}
		return hovered(s)
	}
	res := nowhere.Measure()
	assert.Equal(t, "240 crossings restyled nothing: the pointer never reached a row", res.Broken)
}

// A claim about the translation frames of a scroll that had none is
// missing, not zero: MaxPerStep over no steps is no sample, which judges
// Broken.
func TestMaxOverNoStepsIsMissing(t *testing.T) {
	r := &scenario.Record{Steps: []scenario.Step{{Label: "wheel", Counts: engine.Counts(counter.Snapshot{BoxesRebuilt: 1})}}, Subject: &engine.Subject{}}
	assert.Nil(t, engine.MaxPerStep(counter.ElementsRestyled, translation)(r))
	assert.Nil(t, scenario.FrameTimes(nil)(r))
	j := band.Judge(band.Measured{Spec: band.Spec{Band: band.Count(0)}, Samples: engine.MaxPerStep(counter.ElementsRestyled, translation)(r)})
	assert.Equal(t, band.Broken, j.BandVerdict)
}

// Every skip counter has a floor above zero in some scenario, so that a
// skip which stops firing fails perfbench scenarios and not only a unit
// test; and every such floor sits beside a ceiling on the work it guards
// in the same scenario.
func TestEverySkipHasAScenarioFloorBesideItsWork(t *testing.T) {
	floored := map[counter.Counter]bool{}
	for _, sc := range scenario.All() {
		reads := map[counter.Counter]band.Band{}
		for _, n := range sc.Numbers {
			if c, ok := counter.Lookup(n.Reads); ok {
				reads[c] = n.Band
			}
		}
		for c, b := range reads {
			if c.Group().Kind != counter.Skip || b.Ceiling == 0 {
				continue
			}
			assert.Equal(t, band.AtLeast, b.Direction(), "%s: %s", sc.Name, c)
			floored[c] = true
			done := c.Group().Done
			if _, ok := reads[done]; !ok && done != counter.NodesRelaidOut {
				// NodesRelaidOut is read per frame or per run by the
				// scenarios' own relayouts numbers.
				t.Errorf("%s: %s has a floor but the work it guards, %s, has no number", sc.Name, c, done)
			}
		}
	}
	for _, c := range counter.Skips() {
		assert.True(t, floored[c], "no scenario has a floor above zero on %s", c)
	}
}

// readUnder returns the numbers of sc a run drawn by renderer reads, in
// the order its Result lists them.
func readUnder(sc *scenario.Scenario, renderer string) []scenario.Number {
	var out []scenario.Number
	for _, n := range sc.Numbers {
		if n.ReadUnder(renderer) {
			out = append(out, n)
		}
	}
	return out
}

// Zeroing any skip a scenario floors fails that number: the floors are
// live, not decoration. The run draws with the CPU rasteriser, so that
// the renderer's own skip (SceneChunksSkipped) is read too.
func TestALostSkipFailsItsFloor(t *testing.T) {
	if testing.Short() {
		t.Skip("rasterises 240 scroll frames; -short skips it")
	}
	sc, err := scenario.Lookup("scroll")
	require.NoError(t, err)
	res := sc.MeasureWith(scenario.Options{Renderer: "cpu"})
	require.Empty(t, res.Broken)
	n := 0
	for i, num := range readUnder(sc, "cpu") {
		if c, ok := counter.Lookup(num.Reads); !ok || c.Group().Kind != counter.Skip {
			continue
		}
		m := res.Numbers[i]
		assert.Equal(t, band.Pass, band.Judge(m).BandVerdict, m.Name)
		m.Samples = []float64{0}
		assert.Equal(t, band.Fail, band.Judge(m).BandVerdict, "%s read zero and passed", m.Name)
		n++
	}
	assert.Len(t, counter.Skips(), n, "scroll floors every skip counter")
}

// text-pressure with the default limits, above its text, evicts nothing:
// its peaks would prove nothing, so the run is Broken. With its own limits
// both peaks sit exactly at them.
func TestTextPressure(t *testing.T) {
	var roomy scenario.Session
	assert.EqualError(t, pressure(&roomy, window.Options{}), "the width steps evicted nothing: neither cache went over its limit")
	runs := engine.PeakCache(func(c engine.Caches) int { return c.Runs })
	glyphs := engine.PeakCache(func(c engine.Caches) int { return c.Glyphs })
	assert.Greater(t, runs(roomy.Record())[0], float64(pressureRunLimit), "the gallery's text needs more runs than text-pressure's limit")
	assert.Greater(t, glyphs(roomy.Record())[0], float64(pressureGlyphLimit), "the gallery's text needs more glyphs than text-pressure's limit")

	var tight scenario.Session
	require.NoError(t, textPressure.Run(&tight))
	assert.Equal(t, []float64{pressureRunLimit}, runs(tight.Record()))
	assert.Equal(t, []float64{pressureGlyphLimit}, glyphs(tight.Record()))
	assert.Nil(t, runs(&scenario.Record{Steps: []scenario.Step{{Label: "wait"}}, Subject: &engine.Subject{}}), "no frame, no peak")
}
