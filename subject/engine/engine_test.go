package engine_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/engine"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// toggle clicks the gallery's checkbox ten times.
func toggle(t *testing.T) scenario.Scenario {
	return scenario.Scenario{
		Name: "toggle",
		Run: func(s *scenario.Session) error {
			g := gallery.Build(gallery.S0, gallery.Options{})
			w := engine.Open(s, g.Doc, window.Options{})
			require.Same(t, w, s.Subject().(*engine.Subject).Window())
			r := w.Rect(g.Check)
			for range 10 {
				s.Drive("click", func() { w.Click(r.X+r.W/2, r.Y+r.H/2, window.Left) })
			}
			return nil
		},
		Numbers: []scenario.Number{
			{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(10)}, Value: scenario.FrameCount(nil)},
			{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(1)}, Value: engine.MaxPerStep(counter.ElementsRestyled, scenario.Drew)},
		},
	}
}

func TestOpenAttachesTheWindowAndRecordsItsFrames(t *testing.T) {
	sc := toggle(t)
	res := sc.Measure()
	require.Empty(t, res.Broken)
	assert.Equal(t, 10, res.Steps)
	assert.Equal(t, []float64{10}, res.Numbers[0].Samples)
	assert.Equal(t, []float64{1}, res.Numbers[1].Samples)
}

// A measurement holds the engine's process-wide counters from Open to its
// end, so no other reader in the process counts its work; once it ends
// they are free again.
func TestAMeasurementHoldsTheCounters(t *testing.T) {
	var got atomic.Bool
	done := make(chan struct{})
	sc := scenario.Scenario{Name: "hold", Run: func(s *scenario.Session) error {
		g := gallery.Build(gallery.S0, gallery.Options{})
		engine.Open(s, g.Doc, window.Options{})
		go func() {
			defer counter.Exclusive()()
			got.Store(true)
			close(done)
		}()
		// Long enough for the reader to take the counters, were they free.
		time.Sleep(50 * time.Millisecond)
		assert.False(t, got.Load(), "another reader took the counters mid-measurement")
		return nil
	}}
	require.Empty(t, sc.Measure().Broken)
	<-done
	assert.True(t, got.Load())
}

// The renderer comes from the session, never from a global: a name that
// is not registered panics inside the run (the runner's child reports it
// Broken), and the null renderer needs no registration.
func TestOpenDrawsWithTheSessionsRenderer(t *testing.T) {
	sc := toggle(t)
	assert.Empty(t, sc.MeasureWith(scenario.Options{Renderer: "null"}).Broken)
	_, err := renderer.New("no-such")
	require.Error(t, err)
	assert.PanicsWithValue(t, "engine: renderer: "+err.Error(), func() {
		sc.MeasureWith(scenario.Options{Renderer: "no-such"})
	})
}

func TestOpenRefusesAClockOrARenderer(t *testing.T) {
	var s scenario.Session
	g := gallery.Build(gallery.S0, gallery.Options{})
	assert.Panics(t, func() { engine.Open(&s, g.Doc, window.Options{Clock: &clock.Virtual{}}) })
	assert.Nil(t, s.Subject(), "nothing attached")
}
