package metric

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestZeroValueIsMissingNotZero(t *testing.T) {
	var v Value
	assert.Equal(t, Missing, v.Quality())
	_, ok := v.Get()
	assert.False(t, ok, "a value nobody set must not read as a number")
	assert.Equal(t, "missing", v.String())
}

func TestValidZeroIsANumber(t *testing.T) {
	v := Of(0)
	got, ok := v.Get()
	assert.True(t, ok)
	assert.Equal(t, 0.0, got)
	assert.NotEqual(t, Not(Missing), v)
	assert.NotEqual(t, Not(Warmup), v)
}

func TestQualitiesAreDistinct(t *testing.T) {
	qs := []Quality{Valid, Missing, Warmup, NotApplicable, Discontinuity}
	names := map[string]bool{}
	for _, q := range qs {
		names[q.String()] = true
		b, err := q.MarshalText()
		require.NoError(t, err)
		var back Quality
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, q, back)
	}
	assert.Len(t, names, len(qs))
	assert.Equal(t, "not-applicable", NotApplicable.String())
	var q Quality
	assert.Error(t, q.UnmarshalText([]byte("zero")))
}

func TestOfRefusesNonFinite(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		assert.Panics(t, func() { Of(x) })
	}
	assert.Panics(t, func() { Not(Valid) })
}

func TestValueJSON(t *testing.T) {
	tests := []struct {
		name string
		v    Value
		want string
	}{
		{"valid", Of(16.5), `{"value":16.5,"quality":"valid"}`},
		{"true zero", Of(0), `{"value":0,"quality":"valid"}`},
		{"missing", Not(Missing), `{"value":null,"quality":"missing"}`},
		{"warmup", Not(Warmup), `{"value":null,"quality":"warmup"}`},
		{"discontinuity", Not(Discontinuity), `{"value":null,"quality":"discontinuity"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.v)
			require.NoError(t, err)
			assert.JSONEq(t, tt.want, string(b))
			var back Value
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, tt.v, back)
		})
	}
	var v Value
	assert.Error(t, json.Unmarshal([]byte(`{"value":null,"quality":"valid"}`), &v))
}

func TestSubIsValidOnlyWhenBothAre(t *testing.T) {
	tests := []struct {
		name string
		a, b Value
		want Value
	}{
		{"both valid", Of(30), Of(20), Of(10)},
		{"true zero", Of(20), Of(20), Of(0)},
		{"warmup", Of(30), Not(Warmup), Not(Warmup)},
		{"missing beats warmup", Not(Warmup), Not(Missing), Not(Missing)},
		{"discontinuity beats missing", Not(Missing), Not(Discontinuity), Not(Discontinuity)},
		{"not-applicable beats all", Not(Discontinuity), Not(NotApplicable), Not(NotApplicable)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Sub(tt.a, tt.b))
		})
	}
}
