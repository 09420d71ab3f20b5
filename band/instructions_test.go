package band_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

// An instructions band is recorded as a time's is, and judged as a count
// is: one value against baseline × (1+tolerance), with no interval to
// straddle.
func TestJudgeInstructions(t *testing.T) {
	spec := band.Spec{Name: "instructions", Unit: "instructions/step", Band: band.Instructions(0.005)}
	judge := func(baseline, v float64) band.Judged {
		s := spec
		if baseline > 0 {
			s.Band = s.Band.WithBaseline(baseline)
		}
		return band.Judge(band.Measured{Spec: s, Samples: []float64{v}})
	}
	assert.Equal(t, band.Unbaselined, judge(0, 1000).BandVerdict, "nothing recorded yet")
	pass := judge(1000, 1004.9)
	assert.Equal(t, band.Pass, pass.BandVerdict, "0.49% over")
	assert.InDelta(t, 1005.0, pass.Limit, 1e-9)
	assert.Equal(t, [3]float64{1004.9, 1004.9, 1004.9}, [3]float64{pass.Median, pass.Lo, pass.Hi}, "an exact value has no interval")
	fail := judge(1000, 1005.1)
	assert.Equal(t, band.Fail, fail.BandVerdict, "0.51% over")
	assert.False(t, fail.Straddles, "an exact number is not measured again")
	assert.Equal(t, band.Pass, judge(1000, 900).BandVerdict, "a fall passes: the ratchet keeps it")
	assert.Equal(t, band.Broken, band.Judge(band.Measured{Spec: spec, Samples: []float64{1, 2}}).BandVerdict)
	assert.Equal(t, "≤ 1005 (1000 +0.5%)", spec.Band.WithBaseline(1000).String())
	assert.Equal(t, "+0.5%, unbaselined", spec.Band.String())
	assert.Panics(t, func() { band.Instructions(-0.1) })
}

func TestInstructionsBandRoundTrips(t *testing.T) {
	b := band.Instructions(0.005).WithBaseline(2991466)
	data, err := json.Marshal(b)
	require.NoError(t, err)
	assert.JSONEq(t, `{"kind":"instructions","baseline":2991466,"tolerance":0.005}`, string(data))
	var back band.Band
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, b, back)
	assert.Error(t, json.Unmarshal([]byte(`{"kind":"instructions","tolerance":0.005,"ceiling":3}`), &back))
}

// Instructions pool by their least: the code's own work, which a
// program's randomness only adds to.
func TestPoolInstructionsByTheLeast(t *testing.T) {
	spec := band.Spec{Name: "instructions", Unit: "instructions/step", Band: band.Instructions(0.005)}
	m, err := band.Pool([]band.Measured{{Spec: spec, Samples: []float64{105.2e6}}, {Spec: spec, Samples: []float64{98.2e6}}, {Spec: spec, Samples: []float64{98.5e6}}}, false)
	require.NoError(t, err)
	assert.Equal(t, []float64{98.2e6}, m.Samples)
	k := spec.Band.Kind
	assert.True(t, k.Known() && k.Recorded() && k.Exact())
	assert.Equal(t, band.PerToolchain, spec.Band.Keeping())
	assert.False(t, k.Estimated() || k.Bounded())
}
