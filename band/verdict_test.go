package band_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

func TestWorst(t *testing.T) {
	tests := []struct {
		name string
		in   []band.Verdict
		want band.Verdict
	}{
		{"nothing is none", nil, band.None},
		{"pass alone", []band.Verdict{band.Pass}, band.Pass},
		{"none is neutral", []band.Verdict{band.None, band.Pass, band.None}, band.Pass},
		{"unbaselined over pass", []band.Verdict{band.Pass, band.Unbaselined, band.Pass}, band.Unbaselined},
		{"fail over unbaselined", []band.Verdict{band.Unbaselined, band.Fail}, band.Fail},
		{"unsure over pass and unbaselined", []band.Verdict{band.Pass, band.Unsure, band.Unbaselined}, band.Unsure},
		{"fail over unsure", []band.Verdict{band.Unsure, band.Fail}, band.Fail},
		{"broken over fail", []band.Verdict{band.Fail, band.Broken, band.Pass}, band.Broken},
		{"order does not matter", []band.Verdict{band.Broken, band.Fail}, band.Broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, band.Worst(tt.in...)) })
	}
}

func TestVerdictFailed(t *testing.T) {
	tests := []struct {
		v    band.Verdict
		want bool
	}{
		{band.Pass, false},
		{band.None, false},
		{band.Unbaselined, false},
		{band.Unsure, false}, // a gate that fails on it says so itself
		{band.Fail, true},
		{band.Broken, true},
	}
	for _, tt := range tests {
		t.Run(tt.v.String(), func(t *testing.T) { assert.Equal(t, tt.want, tt.v.Failed()) })
	}
}

func TestVerdictZeroIsBroken(t *testing.T) {
	var v band.Verdict
	assert.Equal(t, band.Broken, v, "a verdict nobody set must never read as a pass")
}

func TestVerdictText(t *testing.T) {
	for _, v := range []band.Verdict{band.Pass, band.Fail, band.Broken, band.Unbaselined, band.None, band.Unsure} {
		t.Run(v.String(), func(t *testing.T) {
			data, err := json.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, `"`+v.String()+`"`, string(data))
			var back band.Verdict
			require.NoError(t, json.Unmarshal(data, &back))
			assert.Equal(t, v, back)
		})
	}
	var v band.Verdict
	assert.ErrorContains(t, json.Unmarshal([]byte(`"ok"`), &v), `unknown verdict "ok"`)
	assert.Equal(t, "Verdict(9)", band.Verdict(9).String())
	assert.True(t, band.Verdict(9).Failed(), "an out-of-range verdict fails")
}
