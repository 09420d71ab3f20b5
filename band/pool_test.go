package band_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

func TestPoolByKind(t *testing.T) {
	frame := band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.1)}
	allocs := band.Spec{Name: "allocs", Unit: "allocs/run", Band: band.Count(10)}
	t.Run("a time keeps each process's samples apart", func(t *testing.T) {
		m, err := band.Pool([]band.Measured{{Spec: frame, Samples: []float64{1, 2}, Wall: []float64{3}}, {Spec: frame, Samples: []float64{4}, Wall: []float64{5}}}, false)
		require.NoError(t, err)
		assert.Equal(t, []float64{1, 2, 4}, m.Samples)
		assert.Equal(t, [][]float64{{1, 2}, {4}}, m.Runs)
		assert.Equal(t, []float64{3, 5}, m.Wall)
	})
	t.Run("one process has no runs", func(t *testing.T) {
		m, err := band.Pool([]band.Measured{{Spec: frame, Samples: []float64{1, 2}}}, false)
		require.NoError(t, err)
		assert.Nil(t, m.Runs)
	})
	t.Run("a count must agree", func(t *testing.T) {
		m, err := band.Pool([]band.Measured{{Spec: allocs, Samples: []float64{7}}, {Spec: allocs, Samples: []float64{7}}}, false)
		require.NoError(t, err)
		assert.Equal(t, []float64{7}, m.Samples)
		_, err = band.Pool([]band.Measured{{Spec: allocs, Samples: []float64{7}}, {Spec: allocs, Samples: []float64{7}}, {Spec: allocs, Samples: []float64{8}}}, false)
		require.Error(t, err)
		assert.Equal(t, "count allocs differs between processes ([7] in process 1, [8] in process 3): counts must depend on the code alone", err.Error())
	})
	t.Run("a varying count is the lower median", func(t *testing.T) {
		m, err := band.Pool([]band.Measured{{Spec: allocs, Samples: []float64{9}}, {Spec: allocs, Samples: []float64{7}}, {Spec: allocs, Samples: []float64{8}}, {Spec: allocs, Samples: []float64{10}}}, true)
		require.NoError(t, err)
		assert.Equal(t, []float64{8}, m.Samples)
	})
}

// Each kind answers what it is once; the zero Kind is none of them.
func TestKindTraits(t *testing.T) {
	time, count := band.Time(0.1).Kind, band.Count(1).Kind
	assert.True(t, time.Known() && time.Estimated() && time.Recorded())
	assert.False(t, time.Exact() || time.Bounded())
	assert.True(t, count.Known() && count.Exact() && count.Bounded())
	assert.False(t, count.Estimated() || count.Recorded())
	var zero band.Kind
	assert.False(t, zero.Known() || zero.Estimated() || zero.Recorded() || zero.Exact() || zero.Bounded())
}

// A varying count keeps each process's value beside the median, the range
// its recorded bound is set from.
func TestPoolKeepsAVaryingCountsProcesses(t *testing.T) {
	spec := band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Record(band.AtMost)}
	var ms []band.Measured
	for _, v := range []float64{648, 642, 654} {
		ms = append(ms, band.Measured{Spec: spec, Samples: []float64{v}})
	}
	got, err := band.Pool(ms, true)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{648}; !slices.Equal(got.Samples, want) {
		t.Errorf("samples %v, want the median %v", got.Samples, want)
	}
	if want := []float64{648, 642, 654}; !slices.Equal(got.PerProcess, want) {
		t.Errorf("per process %v, want %v", got.PerProcess, want)
	}
}
