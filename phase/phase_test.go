package phase

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/gallery"
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
