package band_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
)

// CheckTime refuses every value no run measures, naming it: what the
// baselines file and the runner refuse alike.
func TestCheckTime(t *testing.T) {
	for _, tt := range []struct {
		name    string
		median  float64
		samples []float64
		want    string
	}{
		{"measured", 1.2, []float64{1.1, 1.2, 1.5}, ""},
		{"a zero sample beside others", 1, []float64{0, 1, 2}, ""},
		{"1e308", 1e308, []float64{1e308}, "sample 0, 1e+308, is above 1e+09 (MaxTime), which no run measures"},
		{"median 1e308", 1e308, []float64{1}, "median 1e+308 is above 1e+09 (MaxTime), which no run measures"},
		{"all zero", 0, []float64{0, 0}, "samples that are all zero, which measured nothing"},
		{"5e-324", 5e-324, []float64{5e-324, 1}, "median 5e-324 is below 0.001 (MinTime), which no run measures"},
		{"NaN", 1, []float64{1, math.NaN()}, "sample 1, NaN, is not a finite number ≥ 0"},
		{"+Inf", 1, []float64{math.Inf(1)}, "sample 0, +Inf, is not a finite number ≥ 0"},
		{"negative", 1, []float64{1, -1}, "sample 1, -1, is not a finite number ≥ 0"},
		{"none", 1, nil, "no samples"},
		{"median outside", 5, []float64{1, 2}, "median 5 outside its samples' range [1, 2]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := band.CheckTime(tt.median, tt.samples)
			if tt.want == "" {
				assert.Nil(t, err)
				return
			}
			if assert.NotNil(t, err) {
				assert.Equal(t, tt.want, err.Error())
			}
		})
	}
}

// A recorded count judges unbaselined until its bound is filled in, then
// as a written one would; its wire form carries its direction alone
// until then.
func TestRecordedCount(t *testing.T) {
	spec := band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Record(band.AtMost)}
	j := band.Judge(band.Measured{Spec: spec, Samples: []float64{3}})
	assert.Equal(t, band.Unbaselined, j.BandVerdict)
	assert.Equal(t, "≤ —, unrecorded", spec.Band.String())

	data, err := json.Marshal(spec.Band)
	assert.NoError(t, err)
	assert.JSONEq(t, `{"kind":"count","recorded":true,"direction":"ceiling"}`, string(data))
	var back band.Band
	assert.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, spec.Band, back)

	spec.Band = spec.Band.WithBound(2)
	assert.Equal(t, "≤ 2 recorded", spec.Band.String())
	assert.Equal(t, band.Fail, band.Judge(band.Measured{Spec: spec, Samples: []float64{3}}).BandVerdict)
	assert.Equal(t, band.Pass, band.Judge(band.Measured{Spec: spec, Samples: []float64{2}}).BandVerdict)
	data, err = json.Marshal(spec.Band)
	assert.NoError(t, err)
	assert.JSONEq(t, `{"kind":"count","recorded":true,"ceiling":2}`, string(data))
	back = band.Band{}
	assert.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, spec.Band, back)

	assert.Error(t, json.Unmarshal([]byte(`{"kind":"count","recorded":true}`), &back), "no bound and no direction")
	assert.Error(t, json.Unmarshal([]byte(`{"kind":"time","tolerance":0.1,"direction":"ceiling"}`), &back))
	assert.Panics(t, func() { band.Count(2).WithBound(1) }, "a written bound is the source's")
	assert.Panics(t, func() { band.Record("sideways") })
}
