package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// builtin are the design's five, in the design's order.
var builtin = []string{"idle", "hover-storm", "scroll", "kitchen-sink", "resize"}

func TestTheFiveRegisterFirstInOrder(t *testing.T) {
	require.GreaterOrEqual(t, len(Names()), len(builtin))
	assert.Equal(t, builtin, Names()[:len(builtin)])
}

func TestLookupUnknownListsTheValidNames(t *testing.T) {
	_, err := Lookup("hover")
	require.Error(t, err)
	var ue *UnknownError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, `unknown scenario "hover" (valid: idle hover-storm scroll kitchen-sink resize`, err.Error()[:len(`unknown scenario "hover" (valid: idle hover-storm scroll kitchen-sink resize`)])
	assert.NotContains(t, err.Error(), "\n")
}

func TestRegisterRefusesMalformedDeclarations(t *testing.T) {
	run := func(*Session) error { return nil }
	count := func(name, unit string) Number {
		return Number{Spec: band.Spec{Name: name, Unit: unit, Band: band.Count(0)}, Value: Total(counter.FramesDrawn)}
	}
	for name, sc := range map[string]Scenario{
		"bad name":       {Name: "Hover Storm", Run: run},
		"no run":         {Name: "no-run"},
		"taken name":     {Name: "idle", Run: run},
		"duplicate name": {Name: "dup-name", Run: run, Numbers: []Number{count("a", "a/run"), count("a", "b/run")}},
		"duplicate unit": {Name: "dup-unit", Run: run, Numbers: []Number{count("a", "x/run"), count("b", "x/run")}},
		"blank in unit":  {Name: "blank-unit", Run: run, Numbers: []Number{count("a", "µs per frame")}},
		"no band":        {Name: "no-band", Run: run, Numbers: []Number{{Spec: band.Spec{Name: "a", Unit: "a/run"}, Value: Work}}},
		"no value":       {Name: "no-value", Run: run, Numbers: []Number{{Spec: band.Spec{Name: "a", Unit: "a/run", Band: band.Count(0)}}}},
	} {
		t.Run(name, func(t *testing.T) {
			assert.Panics(t, func() { Register(sc) })
			assert.NotContains(t, Names()[len(builtin):], sc.Name)
		})
	}
}

// Counts are properties of the design: two runs of every scenario report
// the same counts, and every count sits within its ceiling. Times are not
// asserted; they are judged at run time by their bands.
func TestCountsAreIdenticalAcrossRunsAndWithinTheirCeilings(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every scenario twice (a few seconds); -short skips it")
	}
	for _, name := range builtin {
		t.Run(name, func(t *testing.T) {
			sc, err := Lookup(name)
			require.NoError(t, err)
			first, second := sc.Measure(), sc.Measure()
			require.Empty(t, first.Broken)
			require.Empty(t, second.Broken)
			assert.Equal(t, counts(first), counts(second), "counts moved between two runs")
			require.Len(t, first.Numbers, len(sc.Numbers))
			for _, m := range first.Numbers {
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

func counts(r Result) map[string]float64 {
	out := map[string]float64{}
	for _, m := range r.Numbers {
		if m.Band.Kind == band.KindCount {
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
		sc, err := Lookup(name)
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
	nowhere.Run = func(s *Session) error {
		openShipped(s, gallery.DefaultOptions)
		for range crossings {
			s.Step("cross", func(w *window.Window) { w.PointerMove(-10, -10) })
		}
		return hovered(s)
	}
	res := nowhere.Measure()
	assert.Equal(t, "240 crossings restyled nothing: the pointer never reached a row", res.Broken)
	o := res.Ratchet()
	assert.Equal(t, res.Broken, o.Broken)
}

// A claim about the translation frames of a scroll that had none is
// missing, not zero: MaxPerStep over no steps is no sample, which judges
// Broken.
func TestMaxOverNoStepsIsMissing(t *testing.T) {
	r := &Record{Steps: []Step{{Label: "wheel", Counters: counter.Snapshot{BoxesRebuilt: 1}}}}
	assert.Nil(t, MaxPerStep(counter.ElementsRestyled, translation)(r))
	assert.Nil(t, FrameTimes(nil)(r))
	j := band.Judge(band.Measured{Spec: band.Spec{Band: band.Count(0)}, Samples: MaxPerStep(counter.ElementsRestyled, translation)(r)})
	assert.Equal(t, band.Broken, j.BandVerdict)
}

// A scenario whose Run never opens a window is Broken, every number
// missing.
func TestScenarioWithoutWindowIsBroken(t *testing.T) {
	sc := Scenario{Name: "no-window", Run: func(*Session) error { return nil },
		Numbers: []Number{{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0)}, Value: FrameCount(nil)}}}
	res := sc.Measure()
	assert.Equal(t, "it never opened a window", res.Broken)
	require.Len(t, res.Numbers, 1)
	assert.Empty(t, res.Numbers[0].Samples)
}
