package runner

import (
	"context"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/scenario"
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

func labelled(counts map[string]int64) *profile.Profile {
	f := &profile.Function{ID: 1, Name: "f"}
	l := &profile.Location{ID: 1, Line: []profile.Line{{Function: f}}}
	p := &profile.Profile{SampleType: []*profile.ValueType{{Type: "instructions", Unit: "count"}},
		Function: []*profile.Function{f}, Location: []*profile.Location{l}}
	for label, n := range counts {
		p.Sample = append(p.Sample, &profile.Sample{Location: []*profile.Location{l}, Value: []int64{n},
			Label: map[string][]string{callgrind.StepLabel: {label}}})
	}
	return p
}

// Each step label's samples come from the process that counted least on
// it, as Pool judges each label's least: here one process on "tap", and
// another on "type".
func TestProfilesKeepTheLeastOfEachLabel(t *testing.T) {
	var ps Profiles
	ps.Keep("a", labelled(map[string]int64{"tap": 30, "type": 10}))
	ps.Keep("a", labelled(map[string]int64{"tap": 20, "type": 12}))
	ps.Keep("a", labelled(map[string]int64{"tap": 25, "type": 11}))
	p := ps.Get("a")
	require.NoError(t, p.CheckValid())
	sums := map[string]int64{}
	for _, s := range p.Sample {
		sums[s.Label[callgrind.StepLabel][0]] += s.Value[0]
	}
	assert.Equal(t, map[string]int64{"tap": 20, "type": 10}, sums)
	counted := func(tap, typ uint64) scenario.Result {
		return scenario.Result{Name: "a", Steps: 1, Instructions: []scenario.Instructions{
			{Label: "tap", Steps: 1, Count: tap}, {Label: "type", Steps: 1, Count: typ}}}
	}
	judged := pool.Runs([]scenario.Result{counted(30, 10), counted(20, 12), counted(25, 11)})
	for _, in := range judged.Instructions {
		assert.Equal(t, int64(in.Count), sums[in.Label], in.Label)
	}
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
