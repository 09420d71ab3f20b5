package harness

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/outcome"
)

// An unsure time fails the revision ratchet only under --fail-unsure,
// and then is named among the failures; either way it is never a faster
// time the reference could move on.
func TestComparedFailsUnsureOnlyWhenAsked(t *testing.T) {
	unsure := outcome.Number{Scenario: "hover-storm", Judged: band.Judged{Spec: band.Spec{Name: "frame", Band: band.Time(0.03)}},
		Ratio:   outcome.Ratio{Value: 1.02, Lo: 0.99, Hi: 1.05, Pairs: 200},
		Verdict: band.Unsure, Note: "unsure: 1.02× [0.99, 1.05] straddles the 3% tolerance after 200 pairs"}
	for _, failUnsure := range []bool{false, true} {
		c := compared(outcome.Outcome{Against: outcome.Base, Verdict: band.Unsure, Pairing: outcome.Pairing{FailUnsure: failUnsure, Times: 1, Looks: 4},
			Scenarios: []outcome.Scenario{{Name: "hover-storm", Verdict: band.Unsure, Numbers: []outcome.Number{unsure}}}})
		assert.Equal(t, failUnsure, c.Failed)
		assert.False(t, c.Broken)
		if failUnsure {
			assert.Equal(t, []string{"hover-storm frame: " + unsure.Note}, c.Failures)
		} else {
			assert.Empty(t, c.Failures)
		}
		if assert.Len(t, c.Times, 1) {
			assert.False(t, c.Times[0].Faster)
			assert.Equal(t, band.Unsure, c.Times[0].Verdict)
		}
	}
}
