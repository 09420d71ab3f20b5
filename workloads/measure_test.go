package workloads

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

// These run the real measurements with one round and check only what is
// the same on every machine: the counts, and that each measurement did the
// work it claims to time. Its times are judged at run time by the gates,
// never here.

func measure(t *testing.T, w *Workload) sample.Measurement {
	t.Helper()
	if testing.Short() {
		t.Skip("measures the engine; skipped with -short")
	}
	m, err := w.Measure(1)
	require.NoError(t, err)
	require.Empty(t, m.Missing())
	return m
}

func TestOneControlUpdateCountsAreIdenticalAtEverySize(t *testing.T) {
	m := measure(t, staticSlope)
	c := find(t, staticSlope.Judge(m), staticCounts)
	assert.Equal(t, band.Pass, c.Verdict, c.Detail)
	require.Len(t, m.Points, len(staticSizes))
	s := m.Points[0].Steps[0]
	assert.Equal(t, uint64(1), s.ElementsRestyled)
	assert.Zero(t, s.NodesRelaidOut)
	assert.LessOrEqual(t, s.PrimitivesEmitted, uint64(2))
	assert.LessOrEqual(t, s.NodesVisited, uint64(4), "a one-control update visits O(depth) nodes")
}

func TestWheelCountsAreIdenticalForEightTimesTheModel(t *testing.T) {
	m := measure(t, listSlope)
	c := find(t, listSlope.Judge(m), listCounts)
	assert.Equal(t, band.Pass, c.Verdict, c.Detail)
	assert.Len(t, m.Points[0].Steps, drive.WheelCycle)
}

func TestGlideAndRepaintTouchTheSameRows(t *testing.T) {
	m := measure(t, glideSplit)
	c := find(t, glideSplit.Judge(m), glideRows)
	assert.Equal(t, band.Pass, c.Verdict, c.Detail)
	g, r := m.Find("split", "glide"), m.Find("split", "repaint")
	for _, s := range g.Steps {
		assert.Zero(t, s.ElementsRestyled+s.NodesRelaidOut+s.ChunksEmitted, "a glide frame only translates: %v", s)
	}
	for _, s := range r.Steps {
		assert.Zero(t, s.NodesRelaidOut+s.ChunksTranslated, "a repaint frame only re-emits: %v", s)
	}
}

func TestResizeDoesAResizesWorkAtEverySize(t *testing.T) {
	m := measure(t, resizeSlope)
	for _, p := range m.Series("resize") {
		require.Len(t, p.Steps, 1, p.Label)
		assert.NotZero(t, p.Steps[0].NodesRelaidOut, p.Label)
		assert.NotZero(t, p.Steps[0].LinesWrapped, p.Label)
		assert.Zero(t, p.Steps[0].ElementsRestyled, "%s: a resize restyles nothing", p.Label)
	}
	for _, p := range m.Series("rebuild") {
		assert.GreaterOrEqual(t, p.Steps[0].ElementsRestyled, uint64(p.X), "%s: a rebuild styles every element", p.Label)
	}
}

func TestProbeTranslationsDoNoOtherWork(t *testing.T) {
	m := measure(t, unvirtualisedProbe)
	c := find(t, unvirtualisedProbe.Judge(m), probeTranslation)
	assert.Equal(t, band.Pass, c.Verdict, c.Detail)
	big := m.Series("table")[1]
	carried := maxTranslated(big.Steps)
	assert.NotZero(t, carried)
	assert.Less(t, carried, uint64(probeRows)/10, "a wheel frame carries the rows in view, not every mounted row")
}
