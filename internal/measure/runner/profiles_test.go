package runner

import (
	"context"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/callgrind"
)

func sampled(n int64) *profile.Profile {
	return &profile.Profile{Sample: []*profile.Sample{{Value: []int64{n}}}}
}

// Of a scenario's processes the one that counted least is kept, in
// whatever order they finish.
func TestProfilesKeepsTheLeast(t *testing.T) {
	var ps Profiles
	assert.Nil(t, ps.Get("a"))
	ps.Keep("a", sampled(30))
	ps.Keep("a", sampled(20))
	ps.Keep("a", sampled(25))
	ps.Keep("b", sampled(5))
	assert.Equal(t, int64(20), ps.Get("a").Sample[0].Value[0])
	assert.Equal(t, int64(5), ps.Get("b").Sample[0].Value[0])
	var none *Profiles
	assert.Nil(t, none.Get("a"))
}

// A counted run keeps each scenario's profile, whose samples of a step
// label add up to the instructions the result counted for it: the
// process kept is the one whose count was least.
func TestCountedRunKeepsProfiles(t *testing.T) {
	r := countedRunner(t)
	r.Repeats = 1
	r.Profiles, r.Stacks = &Profiles{}, true
	results, err := r.Run(context.Background(), []string{"hover-storm"})
	require.NoError(t, err)
	require.Empty(t, results[0].Broken)
	p := r.Profiles.Get("hover-storm")
	require.NotNil(t, p)
	sums := map[string]uint64{}
	for _, s := range p.Sample {
		sums[s.Label[callgrind.StepLabel][0]] += uint64(s.Value[0])
	}
	for _, in := range results[0].Instructions {
		assert.Equal(t, in.Count, sums[in.Label], in.Label)
	}
	deep := false
	for _, s := range p.Sample {
		deep = deep || len(s.Location) > 1
	}
	assert.True(t, deep, "with Stacks, stacks")
	path, err := r.Profiles.Write(t.TempDir(), "hover-storm", "head")
	require.NoError(t, err)
	assert.FileExists(t, path)
}
