package phase

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/ui/gallery"
)

func TestEveryPhaseHoldsItsClaimAtS1(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			p, err := Lookup(name)
			require.NoError(t, err)
			r := Run(p, gallery.S1, 48, Options{})
			assert.NoError(t, p.Check(r))
			assert.Len(t, r.Steps, 48)
		})
	}
}

func TestSamePhaseTwiceGivesIdenticalCounts(t *testing.T) {
	for _, name := range Names() {
		p, _ := Lookup(name)
		a := Run(p, gallery.S2, 30, Options{})
		b := Run(p, gallery.S2, 30, Options{})
		require.Len(t, b.Steps, len(a.Steps))
		for i := range a.Steps {
			assert.Equal(t, a.Steps[i].Counters, b.Steps[i].Counters, "%s step %d", name, i)
		}
	}
}

func TestLookupListsValidNames(t *testing.T) {
	_, err := Lookup("hovr")
	assert.EqualError(t, err, `unknown phase "hovr" (valid: idle hover click scroll glide keys resize scroll-resize)`)
}

// A real run drives the same interaction through the window's real frame
// loop, one input per refresh: every step's input is answered by a frame
// (or joins the next one on a busy machine), and the claims hold.
func TestRealRunDrivesTheLoopAtTheRefreshCadence(t *testing.T) {
	if testing.Short() {
		t.Skip("takes 12 refreshes of real time per phase")
	}
	for _, name := range []string{"hover", "click", "scroll", "idle"} {
		t.Run(name, func(t *testing.T) {
			p, err := Lookup(name)
			require.NoError(t, err)
			r := Run(p, gallery.S1, 12, Options{Real: true})
			assert.True(t, r.Real)
			assert.Equal(t, ", real clock", r.Timing())
			assert.NoError(t, p.Check(r))
			require.Len(t, r.Steps, 12)
			for i, s := range r.Steps {
				assert.Equal(t, i, s.Index)
			}
			if name != "idle" {
				assert.Positive(t, len(r.Frames()))
				assert.Equal(t, uint64(12), r.Total.EventsDispatched)
			}
		})
	}
}
