package perfdocs

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
)

// A time's budget verdict in the docs is judged on the recorded baseline's
// interval, which the page shows, not on the run's median: the same
// whatever the run measured, and unsure where the interval straddles the
// budget.
func TestDocsJudgeABudgetOnTheBaselinesInterval(t *testing.T) {
	set := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	k := baselines.Key{Machine: "m", Scenario: "fyne-list", Number: "frame"}
	store := &baselines.Store{}
	store.Put(k, baselines.Baseline{Unit: "µs/frame", Median: 16490, Samples: []float64{16000, 16490, 17000}, Set: set, Why: "first record on this machine"})
	row := func(lo, hi float64, run band.Verdict) string {
		hist := &history.History{}
		hist.Add(k, history.Point{Set: set, Median: 16490, Lo: lo, Hi: hi, N: 30, Kind: history.Recorded})
		o := []Scenario{{Name: "fyne-list", Numbers: []band.Judged{{
			Spec:        band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1.75), Budget: band.FrameBudget(60)},
			BandVerdict: band.Pass, BudgetVerdict: run,
		}}}}
		for _, l := range strings.Split(string(Section(o, store, hist, baselines.Scope{Machine: "m"}, "charts")), "\n") {
			if strings.HasPrefix(l, "| frame |") {
				return l[strings.LastIndex(l[:len(l)-2], "|")+2 : len(l)-2]
			}
		}
		t.Fatal("no frame row")
		return ""
	}
	assert.Equal(t, "unsure", row(16100, 16900, band.Pass))
	assert.Equal(t, "unsure", row(16100, 16900, band.Fail), "the run's own verdict does not show")
	assert.Equal(t, "pass", row(16100, 16600, band.Fail))
	assert.Equal(t, "fail", row(16700, 16900, band.Pass))
}
