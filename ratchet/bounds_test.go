package ratchet_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

const commitA = "4f6ca49b2d8bfd71e5835e3c83ccf83462a4b713"

// recording returns the two scenarios with recorded counts: hover-storm's
// restyles a ceiling, scroll's skips a floor, and hover-storm's allocs a
// ceiling that varies between processes (their values perProcess).
func recording(restyles, skips float64, perProcess ...float64) []scenario.Result {
	rs := numbers(spread(30, 90, 110), spread(30, 18, 22), 1)
	rs[0].Numbers[1] = band.Measured{Spec: band.Spec{Name: "restyles", Unit: "restyles/crossing", Band: band.Record(band.AtMost)}, Samples: []float64{restyles}}
	allocs := band.Measured{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Record(band.AtMost)}}
	pooled, err := band.Pool(measuredEach(allocs, perProcess), true)
	if err != nil {
		panic(err)
	}
	rs[0].Numbers = append(rs[0].Numbers, pooled)
	rs[0].Varying = []string{"allocs"}
	rs[1].Numbers = append(rs[1].Numbers, band.Measured{Spec: band.Spec{Name: "skips", Unit: "skips", Band: band.Record(band.AtLeast)}, Samples: []float64{skips}})
	return rs
}

// measuredEach is one process's measurement of m per value.
func measuredEach(m band.Measured, values []float64) []band.Measured {
	out := make([]band.Measured, len(values))
	for i, v := range values {
		out[i] = m
		out[i].Samples = []float64{v}
	}
	return out
}

func judgedOf(t *testing.T, o outcome.Outcome, sc, number string) band.Judged {
	t.Helper()
	for _, s := range o.Scenarios {
		for _, n := range s.Numbers {
			if s.Name == sc && n.Name == number {
				return n.Judged
			}
		}
	}
	t.Fatalf("%s/%s not judged", sc, number)
	return band.Judged{}
}

func boundOf(t *testing.T, r repo, sc, number string) baselines.Bound {
	t.Helper()
	b, ok := storeOf(t, r).Bound(baselines.CountKey{Scenario: sc, Number: number})
	require.True(t, ok, "%s/%s has a recorded bound", sc, number)
	return b
}

func (r repo) recordingOpts() ratchet.Options {
	opts := r.opts(machineA, day1)
	opts.Commit = commitA
	return opts
}

// The first run records each count's bound from what it measured, the
// same for every machine, in the file's counts block (version 3); the
// counts judge unbaselined until then, and a varying count's bound lies a
// spread beyond its worst process.
func TestCountsAreRecordedTheFirstTime(t *testing.T) {
	r := newRepo(t)
	o := r.run(t, r.recordingOpts(), measuring(recording(3, 40, 648, 653, 650)))
	assert.Equal(t, band.Unbaselined, judgedOf(t, o, "hover-storm", "restyles").BandVerdict)
	assert.Equal(t, band.Unbaselined, judgedOf(t, o, "scroll", "skips").BandVerdict)
	assert.False(t, o.Failed())
	assert.True(t, o.BaselinesWritten)

	restyles := boundOf(t, r, "hover-storm", "restyles")
	assert.Equal(t, band.AtMost, restyles.Dir)
	assert.Equal(t, 3.0, restyles.Bound)
	assert.Equal(t, commitA, restyles.Commit)
	assert.Equal(t, 40.0, boundOf(t, r, "scroll", "skips").Bound)
	allocs := boundOf(t, r, "hover-storm", "allocs")
	assert.Equal(t, 653+baselines.VaryMargin*(653-648), allocs.Bound, "max + margin × (max − min)")
	assert.Equal(t, [2]float64{648, 653}, [2]float64{allocs.Lo, allocs.Hi})

	file := r.read(t, r.baselines())
	assert.Contains(t, file, "version: 3\n")
	assert.Contains(t, file, "\ncounts:\n  hover-storm:\n")
	var moves []string
	for _, m := range o.Moves {
		if m.Direction != "" {
			moves = append(moves, m.String())
		}
	}
	assert.Equal(t, []string{
		"bound recorded: hover-storm/restyles ≤ 3 restyles/crossing",
		"bound recorded: hover-storm/allocs ≤ 658 allocs/frame",
		"bound recorded: scroll/skips ≥ 40 skips",
	}, moves)

	docs := r.read(t, r.docs())
	assert.Contains(t, docs, "| restyles | 3 restyles/crossing | ≤ 3 recorded, set 4f6ca49b2d8b |")
	assert.Contains(t, docs, "| allocs | varies | ≤ 658 recorded, set 4f6ca49b2d8b |", "a varying count shows its bound, not its median")

	// Another machine judges against the same bounds.
	opts := r.recordingOpts()
	opts.Machine = machineB
	o = r.run(t, opts, measuring(recording(3, 40, 650, 651)))
	assert.Equal(t, band.Pass, judgedOf(t, o, "hover-storm", "restyles").BandVerdict)
	assert.Equal(t, 3.0, judgedOf(t, o, "hover-storm", "restyles").Limit)
}

// When every process agrees the spread is zero, and the margin is the
// count's resolution.
func TestAVaryingCountWhoseProcessesAgreeGetsOneStep(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(recording(3, 40, 650, 650, 650)))
	assert.Equal(t, 651.0, boundOf(t, r, "hover-storm", "allocs").Bound)

	o := r.run(t, r.recordingOpts(), measuring(recording(3, 40, 649, 649, 649)))
	assert.Empty(t, o.Moves, "one below, within the resolution: the runtime's draw, not tightened")
	o = r.run(t, r.recordingOpts(), measuring(recording(3, 40, 648, 648, 648)))
	require.Len(t, o.Moves, 1, "two below is clear of it")
	assert.Equal(t, 649.0, boundOf(t, r, "hover-storm", "allocs").Bound)
}

// A count that does worse fails its recorded bound, and the failing run
// records nothing; one that does better is recorded by perf with no
// change to any source, in its direction.
func TestRecordedBoundsMoveOnlyTheBetterWay(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(recording(3, 40, 648, 653)))
	before := r.snapshot(t)

	for _, tt := range []struct {
		name          string
		run           []scenario.Result
		failing, want string
	}{
		{"a ceiling's count rose", recording(4, 40, 648, 653), "hover-storm/restyles", ""},
		{"a floor's count fell", recording(3, 39, 648, 653), "scroll/skips", ""},
		{"a varying count rose past its bound", recording(3, 40, 684, 689), "hover-storm/allocs", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := r.run(t, r.recordingOpts(), measuring(tt.run))
			assert.True(t, o.Failed())
			sc, n, _ := strings.Cut(tt.failing, "/")
			assert.Equal(t, band.Fail, judgedOf(t, o, sc, n).BandVerdict)
			assert.NotEmpty(t, o.Withheld)
			assert.Equal(t, before, r.snapshot(t), "a worse count is not recorded")
		})
	}

	t.Run("a luckier draw of a varying count does not move its bound", func(t *testing.T) {
		o := r.run(t, r.recordingOpts(), measuring(recording(3, 40, 649, 650)))
		assert.False(t, o.Failed())
		assert.Empty(t, o.Moves)
		assert.Equal(t, before, r.snapshot(t))
	})

	t.Run("a varying count one below its range does not move its bound", func(t *testing.T) {
		o := r.run(t, r.recordingOpts(), measuring(recording(3, 40, 642, 643)))
		assert.Empty(t, o.Moves, "642–643 is within a spread (5) of 648–653")
		assert.Equal(t, before, r.snapshot(t))
	})

	t.Run("improvements are recorded", func(t *testing.T) {
		o := r.run(t, r.recordingOpts(), measuring(recording(2, 41, 600, 604)))
		assert.False(t, o.Failed())
		var kinds []string
		for _, m := range o.Moves {
			assert.Equal(t, history.Tightened.String(), m.Kind, m.String())
			kinds = append(kinds, m.String())
		}
		assert.Equal(t, []string{
			"bound tightened: hover-storm/restyles ≤ 3 → ≤ 2 restyles/crossing: tightened from 3 restyles/crossing",
			"bound tightened: hover-storm/allocs ≤ 658 → ≤ 609 allocs/frame: tightened from 658 allocs/frame",
			"bound tightened: scroll/skips ≥ 40 → ≥ 41 skips: tightened from 40 skips",
		}, kinds, "a tightened varying bound keeps the wider spread of the two runs")
		assert.Equal(t, 2.0, boundOf(t, r, "hover-storm", "restyles").Bound)
		assert.True(t, o.HistoryWritten, "every move of a bound is a point of the history, with its why")
		// Both runs are stamped at one second, so the tightening replaces
		// the first record's point.
		assert.Contains(t, r.read(t, r.history()), "    restyles:\n      - ['2026-09-10T08:00:00Z', 2, tightened, 4f6ca49b2d8bfd71e5835e3c83ccf83462a4b713, tightened from 3 restyles/crossing]\n")
		assert.True(t, o.DocsWritten)
	})
}

// --rebaseline NAME --why moves a scenario's bounds either way.
func TestRebaselineMovesABoundUp(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(recording(3, 40, 648, 653)))
	opts := r.recordingOpts()
	opts.Rebaseline, opts.Why = []string{"hover-storm"}, "hover now restyles the row and its label"
	o := r.run(t, opts, measuring(recording(5, 40, 648, 653)))
	assert.False(t, o.Failed())
	assert.Equal(t, band.Pass, judgedOf(t, o, "hover-storm", "restyles").BandVerdict)
	b := boundOf(t, r, "hover-storm", "restyles")
	assert.Equal(t, 5.0, b.Bound)
	assert.Equal(t, "hover now restyles the row and its label", b.Why)
	assert.Equal(t, 40.0, boundOf(t, r, "scroll", "skips").Bound, "a scenario not named keeps its bounds")
}

// A bound written in source wins over one the file records.
func TestAWrittenBoundWins(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(recording(3, 40, 648, 653)))
	written := recording(3, 40, 648, 653)
	written[0].Numbers[1].Band = band.Count(2)
	o := r.run(t, r.recordingOpts(), measuring(written))
	j := judgedOf(t, o, "hover-storm", "restyles")
	assert.Equal(t, band.Fail, j.BandVerdict)
	assert.Equal(t, 2.0, j.Limit)
}

// perf --check reports a recorded count with no bound yet as stale, naming
// it, and writes nothing.
func TestCheckReportsAnUnrecordedBound(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	before := r.snapshot(t)
	opts := r.recordingOpts()
	opts.Check = true
	o, err := ratchet.Run(context.Background(), opts, measuring(recording(3, 40, 648, 653)).measure)
	require.NoError(t, err)
	assert.True(t, o.DocsStale)
	assert.Contains(t, o.Stale, r.baselines())
	var want []string
	for _, c := range o.StaleLines[r.baselines()] {
		want = append(want, c.Want)
	}
	assert.Contains(t, want, "hover-storm/restyles: its ceiling, which perf records from the run")
	assert.Equal(t, before, r.snapshot(t))

	r.run(t, r.recordingOpts(), measuring(recording(3, 40, 648, 653)))
	o, err = ratchet.Run(context.Background(), opts, measuring(recording(3, 40, 650, 651)).measure)
	require.NoError(t, err)
	assert.False(t, o.DocsStale, "after perf, check passes: %v", o.StaleLines)
}

// Damaged counts entries are refused with their line, every file left as
// it was, before anything is measured.
func TestDamagedCountsAreRefused(t *testing.T) {
	const head = "version: 3\ncounts:\n  hover-storm:\n    restyles:\n"
	for _, tt := range []struct{ name, yaml, want string }{
		{"counts in version 2", "version: 2\ncounts:\n  hover-storm: {}\n", ":2: counts are a version 3 field, and the file says version 2"},
		{"no bound", head + "      {unit: r, direction: ceiling, set: 2026-09-10T08:00:00Z, why: w}\n", `:5: count "restyles" has no bound`},
		{"no direction", head + "      {unit: r, bound: 3, set: 2026-09-10T08:00:00Z, why: w}\n", `:5: count "restyles" has no direction`},
		{"bad direction", head + "      {unit: r, direction: up, bound: 3, set: 2026-09-10T08:00:00Z, why: w}\n", `:5: direction "up" is not ceiling, floor or exact`},
		{"negative bound", head + "      {unit: r, direction: ceiling, bound: -3, set: 2026-09-10T08:00:00Z, why: w}\n", `:5: bound "-3" is not a finite number ≥ 0`},
		{"range outside the bound", head + "      {unit: r, direction: ceiling, bound: 3, range: [2, 4], set: 2026-09-10T08:00:00Z, why: w}\n", `:5: count "restyles"'s range [2, 4] lies outside its own ceiling 3`},
		{"range inside out", head + "      {unit: r, direction: ceiling, bound: 9, range: [4, 2], set: 2026-09-10T08:00:00Z, why: w}\n", `:5: range [4, 2] has its smallest above its largest`},
		{"bad commit", head + "      {unit: r, direction: ceiling, bound: 3, set: 2026-09-10T08:00:00Z, commit: HEAD, why: w}\n", `:5: commit "HEAD" is not a commit name`},
		{"unknown field", head + "      {unit: r, direction: ceiling, bound: 3, set: 2026-09-10T08:00:00Z, slack: 2}\n", `:5: unknown field "slack" in count "restyles"`},
		{"unknown scenario", "version: 3\ncounts:\n  hover:\n    restyles: {unit: r, direction: ceiling, bound: 3, set: 2026-09-10T08:00:00Z, why: w}\n", `:4: a recorded bound for unknown scenario "hover"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			require.NoError(t, os.WriteFile(r.baselines(), []byte(tt.yaml), 0o644))
			before := r.snapshot(t)
			f := measuring(recording(3, 40, 648, 653))
			_, err := ratchet.Run(context.Background(), r.recordingOpts(), f.measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.True(t, strings.HasPrefix(err.Error(), r.baselines()+tt.want), "got %q", err.Error())
			assert.Empty(t, f.calls, "refused before measuring")
			assert.Equal(t, before, r.snapshot(t))
		})
	}

	// What only the measurement can tell: a bound for a count the
	// scenario does not have, or has in another unit or direction.
	for _, tt := range []struct{ name, entry, want string }{
		{"renamed count", "    restyled: {unit: restyles/crossing, direction: ceiling, bound: 3, set: 2026-09-10T08:00:00Z, why: w}\n", `:4: a recorded bound for hover-storm "restyled", which is not one of its counts`},
		{"other unit", "    restyles: {unit: restyles, direction: ceiling, bound: 3, set: 2026-09-10T08:00:00Z, why: w}\n", `:4: the recorded bound for hover-storm "restyles" is in "restyles"`},
		{"other direction", "    restyles: {unit: restyles/crossing, direction: floor, bound: 3, set: 2026-09-10T08:00:00Z, why: w}\n", `:4: the recorded bound for hover-storm "restyles" is a floor, but the scenario declares a ceiling`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			require.NoError(t, os.WriteFile(r.baselines(), []byte("version: 3\ncounts:\n  hover-storm:\n"+tt.entry), 0o644))
			before := r.snapshot(t)
			_, err := ratchet.Run(context.Background(), r.recordingOpts(), measuring(recording(3, 40, 648, 653)).measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.True(t, strings.HasPrefix(err.Error(), r.baselines()+tt.want), "got %q", err.Error())
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

// The case: hover-storm's restyles rose for a reason, and the
// machine is busy, so its frame time reads 25% higher (inside its 40%
// band). --rebaseline hover-storm moves the count and nothing else; a
// second rebaseline keeps the first one's reason in the history, where
// the chart reads both.
func TestRebaselineMovesOnlyWhatItNames(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(recording(2, 40, 648, 653)))
	baselinesBefore := r.read(t, r.baselines())
	busy := func(restyles float64) []scenario.Result {
		rs := recording(restyles, 40, 648, 653)
		rs[0].Numbers[0].Samples = spread(30, 115, 135)
		return rs
	}

	for _, tt := range []struct {
		name       string
		rebaseline []string
	}{
		{"by scenario", []string{"hover-storm"}},
		{"by number", []string{"hover-storm/restyles"}},
		{"by kind in a scenario", []string{"hover-storm/count"}},
		{"by kind", []string{"count"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.run(t, r.recordingOpts(), measuring(recording(2, 40, 648, 653)))
			opts := r.opts(machineA, day2)
			opts.Rebaseline, opts.Why = tt.rebaseline, "rows draw a focus ring now"
			o := r.run(t, opts, measuring(busy(3)))
			require.False(t, o.Failed())
			require.Len(t, o.Moves, 1, "only the count moved: %v", o.Moves)
			assert.Equal(t, "restyles", o.Moves[0].Number)
			assert.Equal(t, "rows draw a focus ring now", boundOf(t, r, "hover-storm", "restyles").Why)
			b, _ := storeOf(t, r).Get(baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"})
			assert.Equal(t, 100.0, b.Median, "the busy machine's frame time stays out")
			assert.Equal(t, "first record on this machine", b.Why)
		})
	}

	t.Run("a time moves up only when named", func(t *testing.T) {
		for _, names := range [][]string{{"hover-storm/frame"}, {"time"}, {"hover-storm/time"}} {
			r := newRepo(t)
			r.run(t, r.recordingOpts(), measuring(recording(2, 40, 648, 653)))
			opts := r.opts(machineA, day2)
			opts.Rebaseline, opts.Why = names, "the frame now draws a shadow"
			o := r.run(t, opts, measuring(busy(2)))
			require.False(t, o.Failed())
			var moved []string
			for _, m := range o.Moves {
				moved = append(moved, m.Scenario+"/"+m.Number)
			}
			want := []string{"hover-storm/frame"}
			if names[0] == "time" {
				want = append(want, "scroll/frame")
			}
			assert.Equal(t, want, moved, "%v", names)
		}
	})

	t.Run("two rebaselines in a row keep both reasons", func(t *testing.T) {
		opts := r.opts(machineA, day2)
		opts.Rebaseline, opts.Why = []string{"hover-storm"}, "rows draw a focus ring now"
		r.run(t, opts, measuring(busy(3)))
		opts = r.opts(machineA, day2.Add(time.Hour))
		opts.Rebaseline, opts.Why = []string{"hover-storm/restyles"}, "the focus ring restyles its label too"
		r.run(t, opts, measuring(busy(4)))
		hist := r.read(t, r.history())
		assert.Contains(t, hist, "- ['2026-09-10T08:00:00Z', 2, recorded, 4f6ca49b2d8bfd71e5835e3c83ccf83462a4b713, first record]\n")
		assert.Contains(t, hist, "- ['2026-09-11T09:30:00Z', 3, rebaselined, ~, rows draw a focus ring now]\n")
		assert.Contains(t, hist, "- ['2026-09-11T10:30:00Z', 4, rebaselined, ~, the focus ring restyles its label too]\n")
		chart := r.read(t, r.chart("hover-storm"))
		assert.True(t, strings.Contains(chart, "restyles&#39;s bound rebaselined to ≤ 3 restyles/crossing at no commit, 2026-09-11 09:30: rows draw a"), "the first reason on the chart")
		assert.True(t, strings.Contains(chart, "rebaselined to ≤ 4 restyles/crossing at no commit, 2026-09-11 10:30: the focus ring"), "the second reason on the chart")
		// Only the count's lines moved in the baselines file: the
		// restyles bound's block, nothing of the frame's.
		after := r.read(t, r.baselines())
		restyles := func(s string) string {
			i := strings.Index(s, "    restyles:\n")
			j := strings.Index(s[i+1:], "    scroll:\n")
			return s[i : i+1+j]
		}
		assert.Equal(t, strings.Replace(baselinesBefore, restyles(baselinesBefore), "", 1), strings.Replace(after, restyles(after), "", 1))
		assert.Contains(t, restyles(after), "bound: 4")
		assert.Contains(t, restyles(after), "why: the focus ring restyles its label too")
	})
}

// A failure says where its reference lives and how to move it: a
// recorded bound's and a time's line of the baselines file with the
// --rebaseline that moves it; a bound written in source, no command (it
// is changed where it is written; the registry says where, which these
// test scenarios are not in).
func TestAFailureSaysWhereItsReferenceLives(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.recordingOpts(), measuring(recording(2, 40, 648, 653)))
	worse := recording(3, 40, 648, 653)
	worse[0].Numbers[0].Samples = spread(30, 190, 210)
	opts := r.opts(machineA, day2)
	opts.Check = true
	o := r.run(t, opts, measuring(worse))
	lines := strings.Split(r.read(t, r.baselines()), "\n")
	for _, tt := range []struct{ number, key string }{{"restyles", "    restyles:"}, {"frame", "      frame:"}} {
		var n outcome.Number
		for _, x := range o.Scenarios[0].Numbers {
			if x.Name == tt.number {
				n = x
			}
		}
		require.Equal(t, band.Fail, n.BandVerdict, tt.number)
		file, line, ok := strings.Cut(n.Where, ".yaml:")
		require.True(t, ok, n.Where)
		assert.Equal(t, r.baselines(), file+".yaml")
		i, err := strconv.Atoi(line)
		require.NoError(t, err)
		assert.Equal(t, tt.key, lines[i-1], "%s names its own line", tt.number)
		assert.Equal(t, `perfbench perf --rebaseline hover-storm/`+tt.number+` --why "…"`, n.Fix)
	}
	emitted := o.Scenarios[0].Numbers[2]
	require.Equal(t, "primitives-emitted", emitted.Name)
	assert.Empty(t, emitted.Fix, "a bound written in source is changed there")
}
