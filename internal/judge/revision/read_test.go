package revision

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// An unsure time fails the revision ratchet only under --fail-unsure,
// and then is named among the failures; either way it is never a faster
// time the reference could move on.
func TestReadFailsUnsureOnlyWhenAsked(t *testing.T) {
	unsure := outcome.Number{Scenario: "hover-storm", Judged: band.Judged{Spec: band.Spec{Name: "frame", Band: band.Time(0.03)}},
		Ratio:   outcome.Ratio{Value: 1.02, Lo: 0.99, Hi: 1.05, Pairs: 200},
		Verdict: band.Unsure, Note: "unsure: 1.02× [0.99, 1.05] straddles the 3% tolerance after 200 pairs"}
	for _, failUnsure := range []bool{false, true} {
		c := read(outcome.Outcome{Against: outcome.Base, Verdict: band.Unsure, Pairing: outcome.Pairing{FailUnsure: failUnsure, Times: 1, Looks: 4},
			Scenarios: []outcome.Scenario{{Name: "hover-storm", Verdict: band.Unsure, Numbers: []outcome.Number{unsure}}}})
		assert.Equal(t, failUnsure, c.failed)
		assert.False(t, c.broken)
		if failUnsure {
			assert.Equal(t, []string{"hover-storm frame: " + unsure.Note}, c.failures)
		} else {
			assert.Empty(t, c.failures)
		}
		if assert.Len(t, c.times, 1) {
			assert.False(t, c.times[0].faster)
			assert.Equal(t, band.Unsure, c.times[0].verdict)
		}
	}
}

// A scenario that broke on either side, or a run that judged nothing,
// is broken: named among the failures, and nothing to move on.
func TestReadBrokenRuns(t *testing.T) {
	c := read(outcome.Outcome{Against: outcome.Base, Verdict: band.Broken,
		Scenarios: []outcome.Scenario{{Name: "scroll", Verdict: band.Broken, Broken: "base: exit status 2"}}})
	assert.True(t, c.broken)
	assert.Equal(t, []string{"scroll: base: exit status 2"}, c.failures)
	c = read(outcome.Outcome{Against: outcome.Base, Verdict: band.None})
	assert.True(t, c.broken)
	assert.Equal(t, []string{"nothing was judged"}, c.failures)
}

// pairedTime is the outcome of a paired run of one passing time, the
// frame of scenario sc at ratio q with the interval [lo, hi] over pairs,
// moved as move.
func pairedTime(sc string, q, lo, hi float64, pairs int, move outcome.Move) outcome.Outcome {
	n := outcome.Number{Scenario: sc, Judged: band.Judged{Spec: band.Spec{Name: "frame", Band: band.Time(0.03)}},
		Ratio: outcome.Ratio{Value: q, Lo: lo, Hi: hi, Pairs: pairs}, Verdict: band.Pass, Move: move}
	return outcome.Outcome{Against: outcome.Base, Verdict: band.Pass,
		Scenarios: []outcome.Scenario{{Name: sc, Verdict: band.Pass, Numbers: []outcome.Number{n}}}}
}
