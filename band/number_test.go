package band_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

// frames returns n per-frame samples spread evenly over [lo, hi].
func frames(n int, lo, hi float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	return s
}

func TestJudgeCount(t *testing.T) {
	restyles := func(ceiling float64, samples ...float64) band.Measured {
		return band.Measured{
			Spec:    band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(ceiling)},
			Samples: samples,
		}
	}
	tests := []struct {
		name   string
		m      band.Measured
		want   band.Verdict
		reason string
	}{
		{"one above the ceiling fails", restyles(12, 13), band.Fail, ""},
		{"at the ceiling passes", restyles(12, 12), band.Pass, ""},
		{"below the ceiling passes", restyles(12, 0), band.Pass, ""},
		{"a ceiling of zero admits only zero", restyles(0, 1), band.Fail, ""},
		{"no tolerance for a hair above", restyles(1, 1.0000001), band.Fail, ""},
		{"missing is broken", restyles(12), band.Broken, "missing: no samples"},
		{"two values are broken", restyles(12, 1, 1), band.Broken, "a count has exactly one value, got 2"},
		{"NaN is broken", restyles(12, math.NaN()), band.Broken, "sample 0 is NaN, not a finite number ≥ 0"},
		{"negative is broken", restyles(12, -1), band.Broken, "sample 0 is -1, not a finite number ≥ 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := band.Judge(tt.m)
			assert.Equal(t, tt.want, j.BandVerdict)
			assert.Equal(t, tt.reason, j.Reason)
			assert.False(t, j.Straddles, "counts never straddle: they have no interval")
			if tt.want != band.Broken {
				assert.Equal(t, tt.m.Samples[0], j.Median)
				assert.Equal(t, j.Median, j.Lo)
				assert.Equal(t, j.Median, j.Hi)
				assert.Equal(t, tt.m.Band.Ceiling, j.Limit)
				assert.Equal(t, 1, j.N)
			}
		})
	}
}

// TestJudgeCountDirections shows each direction failing on its own side
// and passing on the other: a ceiling fails one above, a floor one below,
// an exact count both.
func TestJudgeCountDirections(t *testing.T) {
	judge := func(b band.Band, v float64) band.Judged {
		return band.Judge(band.Measured{Spec: band.Spec{Name: "n", Unit: "n/run", Band: b}, Samples: []float64{v}})
	}
	tests := []struct {
		name string
		band band.Band
		v    float64
		want band.Verdict
	}{
		{"ceiling: one above fails", band.Count(10), 11, band.Fail},
		{"ceiling: at passes", band.Count(10), 10, band.Pass},
		{"ceiling: below passes", band.Count(10), 0, band.Pass},
		{"floor: one below fails", band.Floor(1016), 1015, band.Fail},
		{"floor: a lost skip reading zero fails", band.Floor(1016), 0, band.Fail},
		{"floor: at passes", band.Floor(1016), 1016, band.Pass},
		{"floor: above passes", band.Floor(1016), 5000, band.Pass},
		{"floor of zero admits anything", band.Floor(0), 0, band.Pass},
		{"exact: one below fails", band.Exact(240), 239, band.Fail},
		{"exact: one above fails", band.Exact(240), 241, band.Fail},
		{"exact: the value passes", band.Exact(240), 240, band.Pass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := judge(tt.band, tt.v)
			assert.Equal(t, tt.want, j.BandVerdict)
			assert.Equal(t, tt.band.Ceiling, j.Limit)
			assert.Equal(t, tt.want == band.Pass, tt.band.Admits(tt.v))
		})
	}
}

func TestCountDirectionWireForm(t *testing.T) {
	tests := []struct {
		band band.Band
		json string
		text string
	}{
		{band.Count(3), `{"kind":"count","ceiling":3}`, "≤ 3"},
		{band.Floor(300), `{"kind":"count","floor":300}`, "≥ 300"},
		{band.Exact(1), `{"kind":"count","exact":1}`, "= 1"},
		{band.Floor(0), `{"kind":"count","floor":0}`, "≥ 0"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			data, err := json.Marshal(tt.band)
			require.NoError(t, err)
			assert.JSONEq(t, tt.json, string(data))
			var back band.Band
			require.NoError(t, json.Unmarshal(data, &back))
			assert.Equal(t, band.Wire(tt.band), back)
			assert.Equal(t, tt.text, tt.band.String())
		})
	}
	// A band written before counts had a direction is a ceiling.
	legacy := band.Band{Kind: band.KindCount, Ceiling: 2}
	assert.Equal(t, band.AtMost, legacy.Direction())
	assert.Equal(t, band.Fail, band.Judge(band.Measured{Spec: band.Spec{Name: "n", Unit: "n", Band: legacy}, Samples: []float64{3}}).BandVerdict)
	assert.Equal(t, band.Direction(""), band.Time(0.1).Direction())
	assert.Equal(t, band.Broken, band.Judge(band.Measured{Spec: band.Spec{Name: "n", Unit: "n", Band: band.Band{Kind: band.KindCount, Dir: "sideways"}}, Samples: []float64{3}}).BandVerdict)
}

func TestJudgeTime(t *testing.T) {
	frame := func(b band.Band, budget *band.Budget, samples []float64) band.Measured {
		return band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: b, Budget: budget}, Samples: samples}
	}
	tol := band.Time(0.40)
	tests := []struct {
		name      string
		m         band.Measured
		band      band.Verdict
		budget    band.Verdict
		straddles bool
	}{
		{"inside the band passes", frame(tol.WithBaseline(100), nil, frames(30, 90, 110)), band.Pass, band.None, false},
		// Median 140 is exactly 100×1.40: still a pass.
		{"at the limit passes", frame(tol.WithBaseline(100), nil, frames(31, 130, 150)), band.Pass, band.None, false},
		// Every sample is above the limit of 140: the interval is too.
		{"clear breach fails", frame(tol.WithBaseline(100), nil, frames(30, 200, 220)), band.Fail, band.None, false},
		// Median 150 > 140, but samples run from 100 to 200, so the
		// interval's low end sits well below 140.
		{"breach within noise straddles", frame(tol.WithBaseline(100), nil, frames(31, 100, 200)), band.Fail, band.None, true},
		// Five samples give no finite low bound: any breach may be noise.
		{"few samples straddle", frame(tol.WithBaseline(100), nil, frames(5, 200, 220)), band.Fail, band.None, true},
		{"no baseline is unbaselined", frame(tol, nil, frames(30, 90, 110)), band.Unbaselined, band.None, false},
		{"unbaselined still judges its budget", frame(tol, band.FrameBudget(60), frames(30, 20000, 21000)), band.Unbaselined, band.Fail, false},
		{"in band but over budget", frame(tol.WithBaseline(20000), band.FrameBudget(60), frames(30, 20000, 21000)), band.Pass, band.Fail, false},
		{"missing is broken, budget too", frame(tol.WithBaseline(100), band.FrameBudget(60), nil), band.Broken, band.Broken, false},
		{"missing unbaselined is broken", frame(tol, nil, nil), band.Broken, band.None, false},
		{"no band is broken", frame(band.Band{}, nil, frames(30, 90, 110)), band.Broken, band.None, false},
		{"infinite sample is broken", frame(tol.WithBaseline(100), nil, []float64{1, math.Inf(1)}), band.Broken, band.None, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := band.Judge(tt.m)
			assert.Equal(t, tt.band, j.BandVerdict, "band verdict")
			assert.Equal(t, tt.budget, j.BudgetVerdict, "budget verdict")
			assert.Equal(t, tt.straddles, j.Straddles, "straddles")
			assert.Equal(t, len(tt.m.Samples), j.N)
			if tt.band == band.Unbaselined {
				assert.NotEqual(t, band.Pass, j.BandVerdict, "an unbaselined time is never a pass")
				assert.False(t, j.BandVerdict.Failed(), "an unbaselined time does not fail the command")
			}
		})
	}
}

func TestJudgeTimeStatistics(t *testing.T) {
	// 1..10: the median is 5.5 and the 95% interval of the median runs from
	// the 2nd to the 9th order statistic at confidence 1-2·P(Bin(10,½)≤1)
	// = 0.978515625 (values checked against go-moremath's QuantileCI).
	samples := []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	m := band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.1).WithBaseline(5)}, Samples: samples}
	j := band.Judge(m)
	assert.Equal(t, 5.5, j.Median)
	assert.Equal(t, 2.0, j.Lo)
	assert.Equal(t, 9.0, j.Hi)
	assert.InDelta(t, 0.978515625, j.Confidence, 1e-12)
	assert.Equal(t, 10, j.N)
	assert.InDelta(t, 5.5, j.Limit, 1e-12)
	assert.Equal(t, band.Pass, j.BandVerdict)
	assert.Equal(t, []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, samples, "Judge leaves the caller's samples in their order")
}

func TestJudgeFewSamplesWarns(t *testing.T) {
	m := band.Measured{Spec: band.Spec{Name: "frame", Band: band.Time(0.1).WithBaseline(5)}, Samples: []float64{1, 2, 3}}
	j := band.Judge(m)
	assert.True(t, math.IsInf(j.Lo, -1))
	require.Len(t, j.Warnings, 1)
	assert.Contains(t, j.Warnings[0], "need >= 6 samples")
}

func TestJSONRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   band.Measured
		wire string
	}{
		{
			"time, unbaselined, with a budget",
			band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.4), Budget: band.Max(16600, "one refresh at 60 Hz")}, Samples: []float64{41.5, 40.25}},
			`{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"budget":{"max":16600,"why":"one refresh at 60 Hz"},"samples":[41.5,40.25]}`,
		},
		{
			"time with a baseline",
			band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.25).WithBaseline(41.2)}, Samples: []float64{41}},
			`{"name":"frame","unit":"µs/frame","band":{"kind":"time","baseline":41.2,"tolerance":0.25},"samples":[41]}`,
		},
		{
			"count with a zero ceiling",
			band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(0), Budget: band.Max(0, "translation only")}, Samples: []float64{0}},
			`{"name":"restyles","unit":"restyles/frame","band":{"kind":"count","ceiling":0},"budget":{"max":0,"why":"translation only"},"samples":[0]}`,
		},
		{
			"missing",
			band.Measured{Spec: band.Spec{Name: "emitted", Unit: "primitives", Band: band.Count(2)}},
			`{"name":"emitted","unit":"primitives","band":{"kind":"count","ceiling":2},"samples":null}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := json.Marshal(tt.in)
			require.NoError(t, err)
			assert.JSONEq(t, tt.wire, string(data))
			var back band.Measured
			require.NoError(t, json.Unmarshal(data, &back))
			wire := tt.in
			wire.Band = band.Wire(wire.Band)
			assert.Equal(t, wire, back)

			j := band.Judge(tt.in)
			j.Band = band.Wire(j.Band)
			data, err = json.Marshal(j)
			require.NoError(t, err, "a judged number always marshals, infinite interval included")
			var jback band.Judged
			require.NoError(t, json.Unmarshal(data, &jback))
			assert.Equal(t, j, jback)
		})
	}
}

func TestBandUnmarshalRejects(t *testing.T) {
	tests := []struct{ name, in, err string }{
		{"unknown kind", `{"kind":"ratio"}`, `unknown kind "ratio"`},
		{"time with ceiling", `{"kind":"time","tolerance":0.1,"ceiling":3}`, "no ceiling"},
		{"time without tolerance", `{"kind":"time"}`, "needs a tolerance"},
		{"count with tolerance", `{"kind":"count","ceiling":1,"tolerance":0.1}`, "no tolerance"},
		{"count without bound", `{"kind":"count"}`, "needs exactly one of ceiling, floor or exact, got 0"},
		{"count with two bounds", `{"kind":"count","ceiling":1,"floor":0}`, "got 2"},
		{"time with floor", `{"kind":"time","tolerance":0.1,"floor":3}`, "no ceiling, floor or exact"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b band.Band
			assert.ErrorContains(t, json.Unmarshal([]byte(tt.in), &b), tt.err)
		})
	}
}

func TestConstructorsPanicOnMisuse(t *testing.T) {
	assert.PanicsWithValue(t, "band: time tolerance -0.1 is not a finite fraction ≥ 0", func() { band.Time(-0.1) })
	assert.Panics(t, func() { band.Time(math.NaN()) })
	assert.Panics(t, func() { band.Count(-1) })
	assert.PanicsWithValue(t, "band: count floor -1 is not a finite number ≥ 0", func() { band.Floor(-1) })
	assert.Panics(t, func() { band.Exact(math.Inf(1)) })
	assert.Panics(t, func() { band.Time(0.1).Admits(1) })
	assert.Panics(t, func() { band.Count(1).WithBaseline(3) })
	assert.Panics(t, func() { band.Max(math.Inf(1), "") })
	assert.Panics(t, func() { band.FrameBudget(0) })
}

func TestStrings(t *testing.T) {
	tests := []struct{ name, got, want string }{
		{"count band", band.Count(12).String(), "≤ 12"},
		{"time band", band.Time(0.4).WithBaseline(41.2).String(), "≤ 57.68 (41.2 +40%)"},
		{"unbaselined band", band.Time(0.4).String(), "+40%, unbaselined"},
		{"zero band", band.Band{}.String(), "no band"},
		{"frame budget", band.FrameBudget(60).String(), "≤ 16667"},
		{"no budget", (*band.Budget)(nil).String(), "—"},
		{"large count", band.Format(123456), "123456"},
		{"small time", band.Format(0.012345), "0.01235"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, tt.got) })
	}
}
