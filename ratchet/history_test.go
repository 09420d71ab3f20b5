package ratchet_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/ratchet"
)

func (r repo) history() string { return filepath.Join(r.dir, "perf", "history.yaml") }
func (r repo) chart(name string) string {
	return filepath.Join(r.dir, "docs", "perf", "charts", name+".svg")
}

// Every baseline the ratchet sets is kept in the history, with the commit
// the binary was built from; a chart is rewritten only when its data
// moved, and the docs embed it.
func TestHistoryAndCharts(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.Commit = "abc1234"
	r.run(t, opts, measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	scrollChart := r.read(t, r.chart("scroll"))
	assert.Contains(t, scrollChart, "<svg")
	assert.Contains(t, r.read(t, r.docs()), "![hover-storm: baseline history and counts](perf/charts/hover-storm.svg)")

	// Hover got faster: its baseline moves down; scroll's stays.
	opts = r.opts(machineA, day2)
	o := r.run(t, opts, measuring(numbers(spread(30, 60, 70), spread(30, 18, 22), 1)))
	require.Len(t, o.Moves, 1)
	assert.Equal(t, []string{r.chart("hover-storm")}, o.ChartsWritten, "only the chart whose data moved")
	assert.Equal(t, scrollChart, r.read(t, r.chart("scroll")))

	h, err := history.Load(r.history())
	require.NoError(t, err)
	points := h.Points(baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"})
	require.Len(t, points, 2)
	assert.Equal(t, history.Recorded, points[0].Kind)
	assert.Equal(t, "abc1234", points[0].Commit)
	assert.Equal(t, day1, points[0].Set)
	assert.Equal(t, history.Lowered, points[1].Kind)
	assert.Equal(t, "", points[1].Commit, "unknown: the build says none")
	assert.Equal(t, 100.0, points[0].Median)
	assert.Less(t, points[1].Lo, points[1].Median)
	assert.Greater(t, points[1].Hi, points[1].Median)
	assert.Contains(t, r.read(t, r.chart("hover-storm")), ">2026-09-11<", "the chart shows the second baseline's date, with its year")

	// Read back, written again: the same bytes.
	assert.Equal(t, r.read(t, r.history()), string(h.Marshal()))
}

// The history keeps the newest HistoryLimit baselines of each number.
func TestHistoryIsBounded(t *testing.T) {
	var h history.History
	k := baselines.Key{Machine: "m", Scenario: "s", Number: "n"}
	for i := range history.Limit + 5 {
		h.Add(k, history.Point{Set: day1.Add(time.Duration(i) * 24 * time.Hour), Median: float64(100 - i), Lo: float64(99 - i), Hi: float64(101 - i), N: 30})
	}
	ps := h.Points(k)
	require.Len(t, ps, history.Limit)
	assert.Equal(t, day1.Add(5*24*time.Hour), ps[0].Set, "the oldest went first")
	back, err := history.Parse(h.Marshal(), "history.yaml")
	require.NoError(t, err)
	assert.Equal(t, ps, back.Points(k))
}

// A rebaseline's why is kept in the history, so the chart can still say
// why a baseline moved up after the store's record of it was replaced; a
// file written before it was kept (seven fields) still reads.
func TestHistoryKeepsARebaselinesWhy(t *testing.T) {
	var h history.History
	k := baselines.Key{Machine: "m", Scenario: "s", Number: "n"}
	h.Add(k, history.Point{Set: day1, Median: 100, Lo: 99, Hi: 101, N: 30, Kind: history.Recorded, Commit: "abc1234"})
	h.Add(k, history.Point{Set: day1.Add(time.Hour), Median: 120, Lo: 119, Hi: 121, N: 30, Kind: history.Rebaselined, Commit: "def5678", Why: "the clock changed"})
	data := h.Marshal()
	assert.Contains(t, string(data), "['2026-09-10T08:00:00Z', 100, 99, 101, 30, recorded, abc1234]\n")
	assert.Contains(t, string(data), "rebaselined, def5678, the clock changed]\n")
	back, err := history.Parse(data, "history.yaml")
	require.NoError(t, err)
	assert.Equal(t, h.Points(k), back.Points(k))
	assert.Equal(t, "the clock changed", back.Points(k)[1].Why)
}

// Every point keeps its own why, whatever its kind, and a count's bound
// keeps each of its moves with its why: the baselines file holds only the
// latest, which the next move overwrites.
func TestHistoryKeepsEveryWhy(t *testing.T) {
	var h history.History
	k := baselines.Key{Machine: "m", Scenario: "s", Number: "n"}
	h.Add(k, history.Point{Set: day1, Median: 100, Lo: 99, Hi: 101, N: 30, Kind: history.Lowered, Why: "significantly lower than 120 µs/frame"})
	ck := baselines.CountKey{Scenario: "s", Number: "restyles"}
	h.AddBound(ck, history.Point{Set: day1, Median: 2, Lo: 2, Hi: 2, N: 1, Kind: history.Recorded, Why: "first record"})
	h.AddBound(ck, history.Point{Set: day2, Median: 3, Lo: 3, Hi: 3, N: 1, Kind: history.Rebaselined, Commit: "abc1234", Why: "rows draw a focus ring now"})
	data := h.Marshal()
	assert.Contains(t, string(data), "lowered, ~, significantly lower than 120 µs/frame]\n")
	assert.Contains(t, string(data), "- ['2026-09-11T09:30:00Z', 3, rebaselined, abc1234, rows draw a focus ring now]\n")
	back, err := history.Parse(data, "history.yaml")
	require.NoError(t, err)
	assert.Equal(t, h.Points(k), back.Points(k))
	assert.Equal(t, h.BoundPoints(ck), back.BoundPoints(ck))
	assert.Equal(t, data, back.Marshal(), "what it reads it writes back byte for byte")
}

// A malformed history file is bad input: a one-line error naming the file
// and line, before anything is measured, and every file left as it was.
func TestMalformedHistoryLeavesEveryFileByteIdentical(t *testing.T) {
	for _, tt := range []struct{ name, yaml, want string }{
		{"wrong version", "version: 2\n", ":1: version must be 1"},
		{"short point", "version: 1\nmachines:\n  m:\n    s:\n      n:\n        - [2026-09-10T08:00:00Z, 1]\n", ":6: a point is [set, median"},
		{"bad kind", "version: 1\nmachines:\n  m:\n    s:\n      n:\n        - [2026-09-10T08:00:00Z, 1, 1, 1, 3, guessed, ~]\n", `:6: kind "guessed"`},
		{"bad date", "version: 1\nmachines:\n  m:\n    s:\n      n:\n        - [monday, 1, 1, 1, 3, recorded, ~]\n", `:6: set "monday"`},
		{"count move with no why", "version: 1\ncounts:\n  s:\n    n:\n      - [2026-09-10T08:00:00Z, 3, rebaselined, ~]\n", ":5: a count's move is [set, bound"},
		{"count move of a lowered kind", "version: 1\ncounts:\n  s:\n    n:\n      - [2026-09-10T08:00:00Z, 3, lowered, ~, w]\n", `:5: kind "lowered": want recorded, tightened or rebaselined`},
		{"negative bound", "version: 1\ncounts:\n  s:\n    n:\n      - [2026-09-10T08:00:00Z, -3, recorded, ~, w]\n", `:5: bound "-3" is not a finite number`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			require.NoError(t, os.MkdirAll(filepath.Dir(r.history()), 0o755))
			require.NoError(t, os.WriteFile(r.history(), []byte(tt.yaml), 0o644))
			before := r.snapshot(t)
			f := measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1))
			_, err := ratchet.Run(context.Background(), r.opts(machineA, day1), f.measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.True(t, strings.HasPrefix(err.Error(), r.history()+tt.want), "got %q", err.Error())
			assert.NotContains(t, err.Error(), "\n")
			assert.Empty(t, f.calls, "refused before measuring")
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

// A recording from a tree with uncommitted changes is refused before
// anything is measured, unless allowed, and then the history keeps the
// mark: a history entry names the commit that holds the code measured.
func TestRecordingFromADirtyTreeIsRefusedUnlessAllowed(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.Commit = "abc1234-dirty"
	before := r.snapshot(t)
	f := measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1))
	_, err := ratchet.Run(context.Background(), opts, f.measure)
	var ie *writegroup.InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "uncommitted changes (abc1234-dirty)")
	assert.Contains(t, err.Error(), "--allow-dirty")
	assert.Empty(t, f.calls, "refused before measuring")
	assert.Equal(t, before, r.snapshot(t))

	opts.AllowDirty = true
	_, err = ratchet.Run(context.Background(), opts, f.measure)
	require.NoError(t, err)
	h, err := history.Load(r.history())
	require.NoError(t, err)
	assert.Equal(t, "abc1234-dirty", h.Points(baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"})[0].Commit)
}

// A history that lost points the baselines file still records — emptied,
// or cut short at a line boundary, both still YAML — is refused, naming
// what is missing, and every file is left as it was: a recording from it
// would redraw the charts and the docs from what is left.
func TestAHistoryThatLostPointsIsRefused(t *testing.T) {
	day3 := day2.Add(24 * time.Hour)
	for _, tt := range []struct {
		name string
		cut  func(string) string
		want string
	}{
		{"emptied", func(string) string { return "" },
			"has no point for hover-storm frame on " + machineA.String() + " (set " + day2.Format(time.RFC3339) + "), scroll frame on "},
		{"cut after a point", func(s string) string {
			lines := strings.SplitAfter(s, "\n")
			return strings.Join(lines[:len(lines)-2], "")
		}, "has no point for scroll frame on " + machineA.String() + " (set " + day2.Format(time.RFC3339) + "), which the baselines file records ("},
		{"cut after a scenario", func(s string) string { return s[:strings.Index(s, "    scroll:\n")] },
			"has no point for scroll frame on " + machineA.String() + " (set " + day2.Format(time.RFC3339) + "), which the baselines file records ("},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
			r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 50, 60), spread(30, 9, 11), 1)))
			require.NoError(t, os.WriteFile(r.history(), []byte(tt.cut(r.read(t, r.history()))), 0o644))
			before := r.snapshot(t)
			// Lower enough to move both baselines: without the check the run
			// would write every file from what is left.
			f := measuring(numbers(spread(30, 25, 30), spread(30, 4, 5), 1))
			_, err := ratchet.Run(context.Background(), r.opts(machineA, day3), f.measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, r.history(), ie.File)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), r.baselines()+":")
			assert.Contains(t, err.Error(), "the history was emptied or cut short; restore it from version control")
			assert.NotContains(t, err.Error(), "\n")
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

// A checkout from before the history was kept (a baselines file, no
// history file) records, and its first recording gives every baseline its
// point, the ones that did not move too: the next run finds the history
// whole.
func TestTheFirstHistoryHoldsEveryBaseline(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	require.NoError(t, os.Remove(r.history()))
	o := r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 1)))
	require.Len(t, o.Moves, 1, "hover moved, scroll did not")
	h, err := history.Load(r.history())
	require.NoError(t, err)
	assert.Len(t, h.Points(baselines.Key{Machine: machineA.String(), Scenario: "scroll", Number: "frame"}), 1, "scroll's baseline has its point")
	r.run(t, r.opts(machineA, day2.Add(time.Hour)), measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 1)))
}
