package where

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// build returns a profile with one sample per stack (innermost first,
// "/" between frames) and step label, as package callgrind writes them.
func build(samples map[string]int64, label string) *profile.Profile {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "instructions", Unit: "count"}},
		PeriodType: &profile.ValueType{Type: "instructions", Unit: "count"},
		Period:     1,
	}
	locs := map[string]*profile.Location{}
	for _, stack := range slices.Sorted(maps.Keys(samples)) {
		s := &profile.Sample{Value: []int64{samples[stack]}, Label: map[string][]string{"step": {label}}}
		for _, name := range strings.Split(stack, "/") {
			l, ok := locs[name]
			if !ok {
				f := &profile.Function{ID: uint64(len(p.Function) + 1), Name: name}
				p.Function = append(p.Function, f)
				l = &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
				p.Location = append(p.Location, l)
				locs[name] = l
			}
			s.Location = append(s.Location, l)
		}
		p.Sample = append(p.Sample, s)
	}
	return p
}

// Head spins 1 400 more in spin under frame, and a little less in paint;
// the other label's samples are not the number's.
var (
	baseSamples = map[string]int64{"layout/frame/main": 4000, "paint/frame/main": 2000, "frame/main": 1000, "rec/rec/main": 10}
	headSamples = map[string]int64{"layout/frame/main": 4000, "paint/frame/main": 1980, "frame/main": 1000, "spin/plant/frame/main": 1400, "rec/rec/main": 10}
)

func TestDiff(t *testing.T) {
	base, head := build(baseSamples, "hover"), build(headSamples, "hover")
	other := build(map[string]int64{"idle/main": 99999}, "idle")
	base.Sample = append(base.Sample, other.Sample[0])
	w := Diff(base, head, Options{Key: "step", Value: "hover", Steps: 10})
	assert.InDelta(t, 701.0, w.Base, 1e-9)
	assert.InDelta(t, 138.0, w.Change, 1e-9)
	assert.Equal(t, "step=hover", w.Tag)
	require.Len(t, w.Rows, 2)
	assert.Equal(t, "spin", w.Rows[0].Function)
	assert.InDelta(t, 140.0, w.Rows[0].Self, 1e-9)
	assert.InDelta(t, 140.0, w.Rows[0].Cum, 1e-9)
	assert.InDelta(t, 140.0/138, w.Rows[0].Share, 1e-9)
	assert.Equal(t, "paint", w.Rows[1].Function)
	assert.InDelta(t, -2.0, w.Rows[1].Self, 1e-9)
	assert.InDelta(t, 1.0, w.Covered(2), 1e-9)

	// Nothing moved: no rows, and no share divides by zero.
	same := Diff(base, base, Options{Key: "step", Value: "hover"})
	assert.Zero(t, same.Change)
	assert.Empty(t, same.Rows)
}

// The rows agree with `go tool pprof -top -diff_base`'s flat and cum
// columns on the same two files.
func TestDiffAgreesWithPprof(t *testing.T) {
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to run pprof with")
	}
	if testing.Short() {
		t.Skip("builds pprof; -short skips it")
	}
	dir := t.TempDir()
	write := func(name string, p *profile.Profile) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, p.Write(f))
		require.NoError(t, f.Close())
		return path
	}
	bp, hp := write("base.pb.gz", build(baseSamples, "hover")), write("head.pb.gz", build(headSamples, "hover"))
	out, err := exec.Command(gotool, "tool", "pprof", "-top", "-nodecount=100", "-diff_base", bp, hp).CombinedOutput()
	require.NoError(t, err, string(out))
	flat, cum := map[string]float64{}, map[string]float64{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 6 || !strings.HasSuffix(f[1], "%") {
			continue
		}
		flat[f[5]], _ = strconv.ParseFloat(f[0], 64)
		cum[f[5]], _ = strconv.ParseFloat(f[3], 64)
	}
	w := Diff(build(baseSamples, "hover"), build(headSamples, "hover"), Options{})
	require.NotEmpty(t, w.Rows)
	for _, r := range w.Rows {
		assert.Equal(t, flat[r.Function], r.Self, r.Function)
		assert.Equal(t, cum[r.Function], r.Cum, r.Function)
	}
}

// In an allocations profile a sample's own count is its site's, the
// first frame outside the runtime.
func TestDiffSites(t *testing.T) {
	base := build(map[string]int64{"runtime.mallocgc/runtime.growslice/layout/frame": 2}, "")
	head := build(map[string]int64{"runtime.mallocgc/runtime.growslice/layout/frame": 2, "runtime.mallocgc/runtime.newobject/hit/frame": 7}, "")
	w := Diff(base, head, Options{Sites: true})
	require.Len(t, w.Rows, 1)
	assert.Equal(t, "hit", w.Rows[0].Function)
	w = Diff(base, head, Options{})
	assert.Equal(t, "runtime.mallocgc", w.Rows[0].Function, "without Sites, the innermost frame")
}

// A row of elements lists a few of head's elements it covers, and how
// many in all.
func TestDiffLabels(t *testing.T) {
	f := &profile.Function{ID: 1, Name: "box.row (class)"}
	loc := &profile.Location{ID: 1, Line: []profile.Line{{Function: f}}}
	head := &profile.Profile{SampleType: []*profile.ValueType{{Type: "work", Unit: "count"}}, Function: []*profile.Function{f}, Location: []*profile.Location{loc}}
	for _, id := range []string{"#1009", "#1003", "#10003", "#1015"} {
		head.Sample = append(head.Sample, &profile.Sample{Location: []*profile.Location{loc}, Value: []int64{2},
			Label: map[string][]string{"count": {"ElementsRestyled"}, "element": {id}}})
	}
	w := Diff(&profile.Profile{}, head, Options{Key: "count", Value: "ElementsRestyled", Of: "element", Label: "element"})
	require.Len(t, w.Rows, 1)
	assert.Equal(t, 8.0, w.Rows[0].Self)
	assert.Equal(t, []string{"#1003", "#1009", "#1015"}, w.Rows[0].Labels)
	assert.Equal(t, 4, w.Rows[0].LabelCount)
	assert.Equal(t, "element", w.Of)
	w = Diff(&profile.Profile{}, head, Options{Key: "count", Value: "ElementsRestyled"})
	assert.Empty(t, w.Rows[0].Labels, "no label asked for")
}
