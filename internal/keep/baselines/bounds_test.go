package baselines_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
)

// Recorded bounds round-trip through the file, in a counts block outside
// the machines' blocks; the file is version 3 only when it has one, so a
// file without counts keeps the bytes it had.
func TestBoundsRoundTrip(t *testing.T) {
	var s baselines.Store
	k := baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"}
	s.Put(k, baselines.Baseline{Unit: "µs/frame", Median: 20, Samples: []float64{19, 20, 21}, Set: day1, Why: "first record on this machine"})
	before := string(s.Marshal())
	assert.True(t, strings.HasPrefix(before[strings.Index(before, "version:"):], "version: 1\n"))

	restyles := baselines.CountKey{Scenario: "hover-storm", Number: "restyles"}
	allocs := baselines.CountKey{Scenario: "hover-storm", Number: "allocs"}
	s.PutBound(restyles, baselines.Bound{Unit: "restyles/frame", Dir: band.AtMost, Bound: 43, Set: day2, Commit: "4f6ca49b2d8b", Why: "first record"})
	s.PutBound(allocs, baselines.Bound{Unit: "allocs/frame", Dir: band.AtMost, Bound: 664, Varies: true, Lo: 642, Hi: 653, Set: day2, Commit: "4f6ca49b2d8b-dirty", Why: "first record"})
	data := s.Marshal()
	assert.Contains(t, string(data), "version: 3\n")
	assert.Less(t, strings.Index(string(data), "\ncounts:\n"), strings.Index(string(data), "\nmachines:\n"))

	back, err := baselines.Parse(data, "b.yaml")
	require.NoError(t, err)
	assert.Equal(t, []baselines.CountKey{allocs, restyles}, back.BoundKeys())
	for _, k := range []baselines.CountKey{restyles, allocs} {
		want, _ := s.Bound(k)
		got, ok := back.Bound(k)
		require.True(t, ok)
		assert.True(t, want.Set.Equal(got.Set))
		want.Set, got.Set = time.Time{}, time.Time{}
		assert.Equal(t, want, got)
	}
	assert.Equal(t, string(data), string(back.Marshal()))
	assert.Positive(t, back.BoundLine(restyles))
}

// Version 1 and 2 files are still read.
func TestOlderVersionsAreRead(t *testing.T) {
	for _, in := range []string{
		"version: 1\nmachines:\n  m:\n    s:\n      frame: {unit: x, median: 3, set: 2026-09-10T08:00:00Z, why: w, samples: [1, 3, 5]}\n",
		"version: 2\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: recorded, why: w}\nmachines:\n",
		"version: 3\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: recorded, why: w}\ncounts:\n  s:\n    n: {unit: x, direction: floor, bound: 2, set: 2026-09-10T08:00:00Z, why: w}\nmachines:\n",
	} {
		_, err := baselines.Parse([]byte(in), "b.yaml")
		assert.NoError(t, err, in)
	}
}

// A varying count's bound lies VaryMargin spreads beyond its worst
// process, and at least one count beyond it.
func TestVaryingBound(t *testing.T) {
	assert.Equal(t, 664.0, baselines.VaryingBound(band.AtMost, 642, 653, 11))
	assert.Equal(t, 651.0, baselines.VaryingBound(band.AtMost, 650, 650, 0), "processes that agree: the resolution")
	assert.Equal(t, 29.0, baselines.VaryingBound(band.AtLeast, 40, 51, 11))
	assert.Equal(t, 0.0, baselines.VaryingBound(band.AtLeast, 3, 20, 17), "never below zero")
	assert.Panics(t, func() { baselines.VaryingBound(band.Exactly, 1, 2, 1) })
	assert.True(t, baselines.Better(band.AtMost, 1, 2))
	assert.True(t, baselines.Better(band.AtLeast, 2, 1))
	assert.False(t, baselines.Better(band.Exactly, 1, 2))
}
