package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/sites"
)

// A process recording allocation sites gives a profile of the steps'
// allocations, tagged by step label, whose objects are what the steps
// allocated: scroll's wheel steps allocate (its scrolled rows mount), and
// the profile names the engine's sites for them.
func TestAllocSites(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a scenario's process")
	}
	r := testRunner(0)
	r.Repeats = 1
	r.AllocSites = &Profiles{}
	results, err := r.Run(context.Background(), []string{"scroll", "hover-storm"})
	require.NoError(t, err)
	require.Empty(t, results[0].Broken)
	p := r.AllocSites.Get("scroll")
	require.NotNil(t, p)
	require.NoError(t, p.CheckValid())
	assert.Equal(t, "alloc_objects", p.SampleType[0].Type)
	assert.Equal(t, "alloc_space", p.SampleType[1].Type)
	objects := map[string]int64{}
	for _, s := range p.Sample {
		require.Len(t, s.Label[callgrind.StepLabel], 1)
		objects[s.Label[callgrind.StepLabel][0]] += s.Value[0]
		assert.GreaterOrEqual(t, s.Value[0], int64(0), "a stretch's sites are what it added")
	}
	assert.Positive(t, objects["wheel"])
	hover := r.AllocSites.Get("hover-storm")
	require.NotNil(t, hover)
	var n int64
	for _, s := range hover.Sample {
		n += s.Value[0]
	}
	var allocs float64
	for _, m := range results[1].Numbers {
		if m.Name == "allocs" {
			allocs = m.Samples[0]
		}
	}
	// hover-storm draws a frame a step; its allocs number is rounded to
	// hundredths.
	assert.InDelta(t, allocs*float64(results[1].Steps), float64(n), 0.005*float64(results[1].Steps)+1,
		"the profile's objects are the steps' allocations (%d objects, %v a frame)", n, allocs)
}

// The same process records which elements the engine's work was for:
// hover-storm's restyles are the rows the pointer crossed, queued for
// their hover, two a step.
func TestWorkSites(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a scenario's process")
	}
	r := testRunner(0)
	r.Repeats = 1
	r.WorkSites = &Profiles{}
	results, err := r.Run(context.Background(), []string{"hover-storm"})
	require.NoError(t, err)
	require.Empty(t, results[0].Broken)
	p := r.WorkSites.Get("hover-storm")
	require.NotNil(t, p)
	require.NoError(t, p.CheckValid())
	restyles, hover := int64(0), int64(0)
	for _, s := range p.Sample {
		if s.Label[sites.WorkCountLabel][0] != "ElementsRestyled" {
			continue
		}
		restyles += s.Value[0]
		if name := s.Location[0].Line[0].Function.Name; strings.HasSuffix(name, " (hover)") {
			hover += s.Value[0]
		}
	}
	assert.InDelta(t, 2*results[0].Steps, restyles, 1, "two rows a crossing, one the first")
	assert.Equal(t, restyles, hover, "each queued for its hover")
}
