package workloads

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

// rendererMeasurement makes up a renderer-slope measurement whose hover
// frames examine chunks(size) chunks and draw 60 items each.
func rendererMeasurement(chunks func(elements float64) uint64) sample.Measurement {
	var m sample.Measurement
	for i, x := range []float64{2140, 5908, 9990} {
		p := sample.Point{Series: "hover", Label: []string{"s1", "s13", "s26"}[i], X: x, Micros: []float64{40, 41}}
		for range 4 {
			var s counter.Snapshot
			s.SceneChunksVisited, s.InstancesWritten = chunks(x), 60
			p.Steps = append(p.Steps, s)
		}
		m.Points = append(m.Points, p)
	}
	return m
}

func TestRendererSlope(t *testing.T) {
	t.Run("the same chunks at every size pass", func(t *testing.T) {
		c := find(t, rendererSlope.Judge(rendererMeasurement(func(float64) uint64 { return 64 })), sceneChunksSlope)
		assert.Equal(t, band.Pass, c.Verdict, c.Detail)
		assert.Equal(t, 1.0, c.Value)
	})
	t.Run("a scene that walks the whole list fails", func(t *testing.T) {
		// What the walk examined: every chunk, 1 932 at s1 and 7 732 at s26.
		c := find(t, rendererSlope.Judge(rendererMeasurement(func(x float64) uint64 { return uint64(x * 0.774) })), sceneChunksSlope)
		assert.Equal(t, band.Fail, c.Verdict, c.Detail)
		assert.InDelta(t, 4.67, c.Value, 0.01)
	})
	t.Run("one more chunk at s26 fails", func(t *testing.T) {
		c := find(t, rendererSlope.Judge(rendererMeasurement(func(x float64) uint64 { return 64 + uint64(x/9990) })), sceneChunksSlope)
		assert.Equal(t, band.Fail, c.Verdict, c.Detail)
	})
	t.Run("a renderer that examined nothing is broken", func(t *testing.T) {
		c := find(t, rendererSlope.Judge(rendererMeasurement(func(float64) uint64 { return 0 })), sceneChunksSlope)
		assert.Equal(t, band.Broken, c.Verdict, c.Detail)
	})
}

// The CPU rasteriser's hover frames examine the same chunks, and draw the
// same items, at s1, s13 and s26.
func TestRendererSlopeMeasuresFlatCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("draws hover frames at three sizes")
	}
	r := Run(rendererSlope, Options{Rounds: 1})
	require.Len(t, r.Points, 3)
	for _, l := range []Limit{sceneChunksSlope, instancesSlope} {
		c := find(t, r.Criteria, l)
		assert.Equal(t, band.Pass, c.Verdict, "%s: %s", c.Name, c.Detail)
	}
	assert.Positive(t, r.Points[0].Counts["SceneChunksVisited"])
	assert.Less(t, r.Points[2].Counts["SceneChunksVisited"], uint64(200), "a hover frame at s26 examines the chunks under two rows, not the list's 7 732")
}
