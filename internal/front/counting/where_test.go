package counting

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/where"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/sites"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// counted builds a profile as package callgrind does: one sample per
// function (a one-frame stack), all under step label cross.
func countedProfile(costs map[string]int64) *profile.Profile {
	var dumps []callgrind.Stacks
	d := callgrind.Stacks{Trigger: "Client Request: cross"}
	for name, n := range costs {
		d.Costs = append(d.Costs, callgrind.StackCost{Frames: []string{name, "main"}, Files: []string{"", ""}, Instructions: uint64(n)})
	}
	return callgrind.Pprof(append(dumps, d))
}

func failedInstructions(verdict band.Verdict, move outcome.Move) outcome.Outcome {
	n := outcome.Number{Scenario: "hover-storm", Verdict: verdict, Move: move}
	n.Name, n.Unit, n.Band, n.BandVerdict = "instructions", "instructions/step", band.Instructions(0.0025), verdict
	return outcome.Outcome{Scenarios: []outcome.Scenario{{Name: "hover-storm", Numbers: []outcome.Number{n}}}}
}

var hoverCounted = []scenario.Result{{Name: "hover-storm", Instructions: []scenario.Instructions{{Label: "cross", Steps: 10, Count: 1}}}}

// A paired run explains an instructions number that failed, writes both
// profiles, and leaves one that did not move alone, writing nothing.
func TestExplainPaired(t *testing.T) {
	var head, base runner.Profiles
	head.Keep("hover-storm", countedProfile(map[string]int64{"frame": 1000, "spin": 300}))
	base.Keep("hover-storm", countedProfile(map[string]int64{"frame": 1000}))
	dir := filepath.Join(t.TempDir(), "where")
	c := &Counting{Profiles: dir}
	// Runners that kept their stacks: nothing is counted again.
	hr, br := &runner.Runner{Stacks: true, Profiles: &head}, &runner.Runner{Stacks: true, Profiles: &base}

	same := failedInstructions(band.Pass, outcome.Same)
	require.NoError(t, c.ExplainPaired(context.Background(), &same, hoverCounted, hr, br))
	assert.Empty(t, same.Where)
	assert.NoDirExists(t, dir, "nothing explained, nothing written")

	o := failedInstructions(band.Fail, outcome.Worse)
	require.NoError(t, c.ExplainPaired(context.Background(), &o, hoverCounted, hr, br))
	require.Len(t, o.Where, 1)
	w := o.Where[0]
	assert.Equal(t, "spin", w.Rows[0].Function)
	assert.InDelta(t, 30.0, w.Rows[0].Self, 1e-9, "a step: 300 over 10 steps")
	assert.InDelta(t, 1.0, w.Rows[0].Share, 1e-9)
	assert.FileExists(t, w.HeadProfile)
	assert.FileExists(t, w.BaseProfile)
	assert.FileExists(t, w.FlameGraph)
	assert.Equal(t, "step=cross", w.Tag)
}

// A run against its baselines diffs against the profile kept beside the
// baselines file, only when the same toolchain counted it and it was
// written as this run writes its own (callgrind.Format).
func TestExplainBands(t *testing.T) {
	root := t.TempDir()
	baselines := filepath.Join(root, "baselines.yaml")
	keptDir := filepath.Join(root, ratchet.ProfilesDir)
	require.NoError(t, os.MkdirAll(keptDir, 0o755))
	head := &runner.Profiles{}
	head.Keep("hover-storm", countedProfile(map[string]int64{"frame": 1000, "spin": 300}))
	c := &Counting{r: &runner.Runner{Profiles: head, Stacks: true}, toolchain: "tc1", counted: map[string]scenario.Result{"hover-storm": hoverCounted[0]}, Profiles: filepath.Join(root, "out")}

	o := failedInstructions(band.Fail, outcome.Same)
	require.NoError(t, c.ExplainBands(context.Background(), &o, baselines))
	assert.Empty(t, o.Where, "no profile kept")

	base := &runner.Profiles{}
	base.Keep("hover-storm", countedProfile(map[string]int64{"frame": 1000}))
	write := func(toolchain string) {
		data := (&Counting{r: &runner.Runner{Profiles: base}, toolchain: toolchain}).ProfileFor("hover-storm")
		require.NoError(t, os.WriteFile(ratchet.ProfilePath(keptDir, "hover-storm"), data, 0o644))
	}
	write("tc0")
	require.NoError(t, c.ExplainBands(context.Background(), &o, baselines))
	assert.Empty(t, o.Where, "kept by another toolchain")

	old := base.Get("hover-storm").Copy()
	old.Comments = nil
	require.NoError(t, os.WriteFile(ratchet.ProfilePath(keptDir, "hover-storm"), keptProfile(old, "tc1"), 0o644))
	require.NoError(t, c.ExplainBands(context.Background(), &o, baselines))
	assert.Empty(t, o.Where, "written before callgrind.Format")

	write("tc1")
	require.NoError(t, c.ExplainBands(context.Background(), &o, baselines))
	require.Len(t, o.Where, 1)
	assert.Equal(t, "spin", o.Where[0].Rows[0].Function)
	assert.Equal(t, ratchet.ProfilePath(keptDir, "hover-storm"), o.Where[0].BaseProfile)

	passed := failedInstructions(band.Pass, outcome.Same)
	require.NoError(t, c.ExplainBands(context.Background(), &passed, baselines))
	assert.Empty(t, passed.Where, "a pass needs no where-table")
}

// A kept profile above MaxKeptProfile has its smallest stacks merged
// until it fits, its total unchanged.
func TestKeptProfileIsBounded(t *testing.T) {
	costs := map[string]int64{}
	var total int64
	for i := range 40000 {
		name := "github.com/some/long/import/path/pkg.(*Type).method" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))
		costs[name] = int64(1 + i%50)
		total += int64(1 + i%50)
	}
	data := keptProfile(countedProfile(costs), "tc")
	assert.LessOrEqual(t, len(data), MaxKeptProfile)
	p, err := profile.Parse(bytes.NewReader(data))
	require.NoError(t, err)
	var sum int64
	for _, s := range p.Sample {
		sum += s.Value[0]
	}
	assert.Equal(t, total, sum)
	assert.Less(t, len(p.Sample), 40000, "merged: the whole profile is larger than the bound")
	assert.Equal(t, []string{"tc", callgrind.Format, mergedBelow + "64"}, p.Comments, "the floor it was merged below said")
}

// A run against its bands records elements or allocation sites only for
// a count or an allocations number that failed, and reads a count a
// frame over the steps that drew them.
func TestExplainBandsSites(t *testing.T) {
	restyles := func(v band.Verdict) outcome.Outcome {
		n := outcome.Number{Scenario: "hover-storm", Verdict: v}
		n.Name, n.Unit, n.Band, n.BandVerdict = "restyles", "restyles/frame", band.Count(2), v
		return outcome.Outcome{Scenarios: []outcome.Scenario{{Name: "hover-storm", Numbers: []outcome.Number{n}}}}
	}
	started := false
	r := &runner.Runner{Command: func(string) *exec.Cmd { started = true; return exec.Command("false") }}
	passed := restyles(band.Pass)
	require.NoError(t, ExplainBandsSites(context.Background(), &passed, r, t.TempDir()))
	assert.False(t, started, "nothing failed: no process")
	assert.Empty(t, passed.Where)

	failed := restyles(band.Fail)
	assert.True(t, explainedWorkBands(failed.Scenarios[0].Numbers[0]))
	opts, ok := byWork(map[string]scenario.Result{"hover-storm": {Steps: 240}}, explainedWorkBands)(failed.Scenarios[0].Numbers[0])
	require.True(t, ok)
	assert.Equal(t, where.Options{Key: sites.WorkCountLabel, Value: "ElementsRestyled", Steps: 240, Of: "element", Label: sites.WorkElementLabel}, opts)
	err := ExplainBandsSites(context.Background(), &failed, r, t.TempDir())
	assert.True(t, started, "a failed count: one process records its elements")
	assert.Error(t, err, "a process that breaks is an error, not a table")
}

// An allocations where-table reads a frame's objects over the frames the
// sites process drew, its frames number where it has one: Gio's
// allocations a frame are a median, and its objects over that median read
// a frame's plant of 10 objects as about 5.
func TestAllocationSitesAreReadOverTheFramesDrawn(t *testing.T) {
	sites := &runner.Runner{AllocSites: &runner.Profiles{}}
	sites.AllocSites.Keep("click", &profile.Profile{Sample: []*profile.Sample{{Value: []int64{600, 9600}}}})
	allocs := func(median float64) band.Measured {
		return band.Measured{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame"}, Samples: []float64{median}}
	}
	frames := band.Measured{Spec: band.Spec{Name: "frames", Unit: "frames/run"}, Samples: []float64{20}}
	n := outcome.Number{Scenario: "click", Verdict: band.Fail}
	n.Name, n.Unit = "allocs", "allocs/frame"
	pick := func(outcome.Number) bool { return true }

	how := allocsHow(sites, map[string]scenario.Result{"click": {Numbers: []band.Measured{allocs(24), frames}}}, pick)
	opts, ok := how(n)
	require.True(t, ok)
	assert.Equal(t, 20.0, opts.Steps, "the frames drawn")

	how = allocsHow(sites, map[string]scenario.Result{"click": {Numbers: []band.Measured{allocs(24)}}}, pick)
	opts, _ = how(n)
	assert.Equal(t, 25.0, opts.Steps, "no frames number: objects over objects a frame")
}

// An allocations where-table has its flame graph, of objects or of
// bytes as its number counts.
func TestAllocationSitesHaveAFlameGraph(t *testing.T) {
	dir := t.TempDir()
	sites := func(objects int64) *profile.Profile {
		f := &profile.Function{ID: 1, Name: "main.site"}
		l := &profile.Location{ID: 1, Line: []profile.Line{{Function: f}}}
		return &profile.Profile{
			SampleType: []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}},
			Function:   []*profile.Function{f}, Location: []*profile.Location{l},
			Sample: []*profile.Sample{{Location: []*profile.Location{l}, Value: []int64{objects, 48 * objects}}}}
	}
	var head, base runner.Profiles
	head.Keep("click", sites(30))
	base.Keep("click", sites(20))
	for _, number := range []struct {
		name, unit string
		index      int
		title      string
	}{{"allocs", "allocs/frame", 0, "head 30, base 20"}, {"alloc-bytes", "bytes/frame", 1, "head 1440, base 960"}} {
		n := outcome.Number{Scenario: "click", Verdict: band.Fail}
		n.Name, n.Unit = number.name, number.unit
		o := outcome.Outcome{Scenarios: []outcome.Scenario{{Name: "click", Numbers: []outcome.Number{n}}}}
		how := func(outcome.Number) (where.Options, bool) {
			return where.Options{Steps: 1, Sites: true, Of: "allocation site", Index: number.index}, true
		}
		d := dir
		require.NoError(t, explain(&o, how, written(&head, &d, "allocs.head"), written(&base, &d, "allocs.base")))
		require.Len(t, o.Where, 1)
		require.NotEmpty(t, o.Where[0].FlameGraph, number.name)
		page, err := os.ReadFile(o.Where[0].FlameGraph)
		require.NoError(t, err)
		assert.Contains(t, string(page), "<title>main.site&#10;"+number.title, number.name)
	}
}

// Against a kept profile whose small stacks were merged to fit
// MaxKeptProfile, head's are merged alike before the diff: the change is
// the planted function's, not a "(other)" that lost what head kept
// apart.
func TestAMergedBaseIsDiffedAgainstAHeadMergedAlike(t *testing.T) {
	costs := map[string]int64{}
	for i := range 40000 {
		costs["github.com/some/long/import/path/pkg.(*Type).method"+string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676))] = int64(1 + i%50)
	}
	base, err := profile.Parse(bytes.NewReader(keptProfile(countedProfile(costs), "tc")))
	require.NoError(t, err)
	costs["main.planted"] = 100000
	head := countedProfile(costs)
	opts := where.Options{Key: callgrind.StepLabel, Value: "cross", Steps: 1}

	whole := where.Diff(base, head, opts)
	require.NotEmpty(t, whole.Rows)
	assert.Equal(t, "(other)", whole.Rows[0].Function, "unmerged, head's small stacks read as base's (other) gone")

	alike := where.Diff(base, mergedAlike(base, head), opts)
	require.NotEmpty(t, alike.Rows)
	assert.Equal(t, "main.planted", alike.Rows[0].Function)
	assert.InDelta(t, 1, alike.Rows[0].Share, 0.001)
	assert.Same(t, head, mergedAlike(countedProfile(map[string]int64{"frame": 1}), head), "a whole base leaves head as it is")
}
