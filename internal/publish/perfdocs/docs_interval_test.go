package perfdocs

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
)

// A time's interval in the docs is that of the estimate that set its
// baseline (kept in the history), not the pooled samples' median's: the
// baseline is the median of per-process fastest samples, which lies below
// most samples, so the pooled median's interval need not contain it.
func TestDocsShowTheIntervalOfTheEstimateThatSetTheBaseline(t *testing.T) {
	set := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	k := baselines.Key{Machine: "m", Scenario: "hover-storm", Number: "frame"}
	samples := []float64{1.0, 1.1, 1.9, 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6}
	store := &baselines.Store{}
	store.Put(k, baselines.Baseline{Unit: "µs/frame", Median: 1.05, Samples: samples, Set: set, Why: "first record on this machine"})
	o := []Scenario{{Name: "hover-storm", Numbers: []band.Judged{{
		Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.7)},
	}}}}

	withoutHistory := string(Section(o, store, &history.History{}, baselines.Scope{Machine: "m"}, "charts"))
	pooled := band.Judge(band.Measured{Spec: band.Spec{Band: band.Time(0)}, Samples: samples})
	assert.Greater(t, pooled.Lo, 1.05, "the pooled interval misses the baseline: the case this test is about")
	assert.Contains(t, withoutHistory, "1.05 µs/frame [", "without a history point the pooled interval is all there is")

	hist := &history.History{}
	hist.Add(k, history.Point{Set: set, Median: 1.05, Lo: 0.98, Hi: 1.12, N: 10, Kind: history.Recorded})
	assert.Contains(t, string(Section(o, store, hist, baselines.Scope{Machine: "m"}, "charts")), "1.05 µs/frame [0.98, 1.12] n=10, set 2026-11-30")

	hist = &history.History{}
	hist.Add(k, history.Point{Set: set.Add(-time.Hour), Median: 1.05, Lo: 0.98, Hi: 1.12, N: 10, Kind: history.Recorded})
	assert.Equal(t, withoutHistory, string(Section(o, store, hist, baselines.Scope{Machine: "m"}, "charts")), "a point set at another time is another baseline's")
}
