package ratchet_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
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
	"github.com/perfbench/perfbench/internal/publish/terminal"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// cleanBuild is what the go command records for a plain optimised build.
var cleanBuild = &debug.BuildInfo{Settings: []debug.BuildSetting{
	{Key: "-buildmode", Value: "exe"},
	{Key: "-compiler", Value: "gc"},
	{Key: "GOOS", Value: "linux"},
}}

var (
	machineA = baselines.Machine{CPU: "Test CPU 3000", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.0"}
	machineB = baselines.Machine{CPU: "Other CPU 9", Cores: 16, OS: "darwin", Arch: "arm64", Go: "go1.26.0"}
	day1     = time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC)
	day2     = time.Date(2026, 9, 11, 9, 30, 0, 0, time.UTC)
)

var scenarioNames = []string{"hover-storm", "scroll"}

// spread returns n samples spread evenly over [lo, hi], shuffled a little
// so nothing depends on the order a scenario reports them in.
func spread(n int, lo, hi float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = lo + (hi-lo)*float64((i*7)%n)/float64(n-1)
	}
	return s
}

// numbers builds the two scenarios' numbers: a time with hoverFrames as its
// samples, and counts.
func numbers(hoverFrames, scrollFrames []float64, restyles float64) []scenario.Result {
	return []scenario.Result{
		{Name: "hover-storm", Numbers: []band.Measured{
			// 40%: the spread of hover frames on a shared runner.
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.40), Budget: band.FrameBudget(60)}, Samples: hoverFrames},
			{Spec: band.Spec{Name: "restyles", Unit: "restyles/crossing", Band: band.Count(1), Budget: band.Max(1, "one row hovered, one restyled")}, Samples: []float64{restyles}},
			{Spec: band.Spec{Name: "primitives-emitted", Unit: "primitives", Band: band.Count(960)}, Samples: []float64{480}},
		}},
		{Name: "scroll", Numbers: []band.Measured{
			// 25%: translation frames are short and steady.
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.25)}, Samples: scrollFrames},
			{Spec: band.Spec{Name: "restyles", Unit: "restyles", Band: band.Count(0), Budget: band.Max(0, "a translation restyles nothing")}, Samples: []float64{0}},
		}},
	}
}

// fake is a Measure that returns its queue of results one call at a time
// (the last one repeats) and records what it was asked for.
type fake struct {
	queue [][]scenario.Result
	calls [][]string
}

func (f *fake) measure(_ context.Context, names []string) ([]scenario.Result, error) {
	f.calls = append(f.calls, names)
	r := f.queue[0]
	if len(f.queue) > 1 {
		f.queue = f.queue[1:]
	}
	if names == nil {
		return r, nil
	}
	var out []scenario.Result
	for _, s := range r {
		if slices.Contains(names, s.Name) {
			out = append(out, s)
		}
	}
	return out, nil
}

func reversed(s []float64) []float64 {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

func measuring(results ...[]scenario.Result) *fake { return &fake{queue: results} }

// repo is a temporary module root holding the two files.
type repo struct {
	dir string
}

// newRepo returns a checkout with the perf and docs directories and
// neither file.
func newRepo(t *testing.T) repo {
	r := repo{dir: t.TempDir()}
	require.NoError(t, os.MkdirAll(filepath.Dir(r.baselines()), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Dir(r.docs()), 0o755))
	return r
}

func (r repo) baselines() string { return filepath.Join(r.dir, "perf", "baselines.yaml") }
func (r repo) docs() string      { return filepath.Join(r.dir, "docs", "performance.md") }

func (r repo) opts(m baselines.Machine, now time.Time) ratchet.Options {
	return ratchet.Options{
		Baselines: r.baselines(),
		Docs:      r.docs(),
		Scenarios: scenarioNames,
		Machine:   m,
		Build:     cleanBuild,
		Now:       func() time.Time { return now },
	}
}

func (r repo) read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "<absent>"
	}
	require.NoError(t, err)
	return string(data)
}

// snapshot returns the two files' contents, every file name in the repo
// (a leftover temporary file would show there), and the contents of every
// other file (the history, the charts).
func (r repo) snapshot(t *testing.T) []string {
	t.Helper()
	var names, others []string
	require.NoError(t, filepath.WalkDir(r.dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(r.dir, path)
			names = append(names, rel)
			switch {
			case !d.Type().IsRegular():
				// A FIFO or a link to a device is never read: it
				// would block or never end.
				others = append(others, rel+": "+d.Type().String())
			case path != r.baselines() && path != r.docs():
				others = append(others, rel+": "+r.read(t, path))
			}
		}
		return err
	}))
	regular := func(p string) string {
		if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
			return fi.Mode().String()
		}
		return r.read(t, p)
	}
	return append([]string{regular(r.baselines()), regular(r.docs()), strings.Join(names, " ")}, others...)
}

func (r repo) run(t *testing.T, opts ratchet.Options, f *fake) outcome.Outcome {
	t.Helper()
	o, err := ratchet.Run(context.Background(), opts, f.measure)
	require.NoError(t, err)
	return o
}

// readOnly judges as perfbench scenarios does, opening nothing for writing.
func (r repo) readOnly(t *testing.T, opts ratchet.Options, f *fake) outcome.Outcome {
	t.Helper()
	o, err := ratchet.ReadOnly(context.Background(), opts, f.measure)
	require.NoError(t, err)
	return o
}

func verdictsOf(o outcome.Outcome, scenario string) map[string]band.Verdict {
	got := map[string]band.Verdict{}
	for _, sc := range o.Scenarios {
		if sc.Name == scenario {
			for _, n := range sc.Numbers {
				got[n.Name] = n.BandVerdict
			}
		}
	}
	return got
}

func storeOf(t *testing.T, r repo) *baselines.Store {
	t.Helper()
	s, err := baselines.Load(r.baselines())
	require.NoError(t, err)
	return s
}

func TestRunTwiceIsByteIdentical(t *testing.T) {
	r := newRepo(t)
	hover, scroll := spread(30, 90, 110), spread(30, 18, 22)

	first := r.run(t, r.opts(machineA, day1), measuring(numbers(hover, scroll, 1)))
	assert.True(t, first.BaselinesWritten)
	assert.True(t, first.DocsWritten)
	assert.True(t, first.HistoryWritten)
	assert.Len(t, first.ChartsWritten, 2, "one chart per scenario")
	assert.Len(t, first.Moves, 2)
	after := r.snapshot(t)

	tests := []struct {
		name         string
		hover        []float64
		scroll       []float64
		wantVerdicts band.Verdict
	}{
		{"same numbers", hover, scroll, band.Pass},
		// Same distribution, other order, a later clock: still nothing moved.
		{"same numbers reordered", reversed(hover), scroll, band.Pass},
		// A little lower and a little higher, within the noise.
		{"noise", spread(30, 89, 110.5), spread(30, 18.2, 22.3), band.Pass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := r.run(t, r.opts(machineA, day2), measuring(numbers(tt.hover, tt.scroll, 1)))
			assert.Equal(t, tt.wantVerdicts, o.Verdict)
			assert.False(t, o.BaselinesWritten, "nothing moved: baselines untouched")
			assert.False(t, o.DocsWritten, "nothing moved: docs untouched")
			assert.False(t, o.HistoryWritten, "nothing moved: history untouched")
			assert.Empty(t, o.ChartsWritten, "nothing moved: charts untouched")
			assert.Empty(t, o.Moves)
			assert.Equal(t, after, r.snapshot(t))
		})
	}
}

func TestFirstRunOnAMachineIsUnbaselined(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	storeA := storeOf(t, r)

	o := r.run(t, r.opts(machineB, day2), measuring(numbers(spread(30, 40, 50), spread(30, 8, 9), 1)))
	assert.Equal(t, band.Unbaselined, o.Verdict, "a new machine's times are unbaselined, never pass")
	assert.False(t, o.Failed(), "unbaselined does not fail the command")
	assert.Equal(t, map[string]band.Verdict{"frame": band.Unbaselined, "restyles": band.Pass, "primitives-emitted": band.Pass}, verdictsOf(o, "hover-storm"))
	require.Len(t, o.Moves, 2)
	for _, m := range o.Moves {
		assert.Equal(t, history.Recorded.String(), m.Kind)
	}

	s := storeOf(t, r)
	b, ok := s.Get(baselines.Key{Machine: machineB.String(), Scenario: "hover-storm", Number: "frame"})
	require.True(t, ok, "machine B got a baseline")
	assert.Equal(t, 45.0, b.Median)
	assert.Len(t, b.Samples, 30)
	assert.Equal(t, day2, b.Set)
	assert.Equal(t, "first record on this machine", b.Why)
	for _, k := range storeA.Keys() {
		was, _ := storeA.Get(k)
		now, ok := s.Get(k)
		require.True(t, ok, "machine A's baselines are kept")
		assert.Equal(t, was, now, "machine A's baselines do not move")
	}
	assert.Equal(t, storeA.Len()+2, s.Len())

	// Counts gate even while times are unbaselined.
	o = r.run(t, r.opts(baselines.Machine{CPU: "Third", Cores: 1, OS: "linux", Arch: "386", Go: "go1.26.0"}, day2),
		measuring(numbers(spread(30, 40, 50), spread(30, 8, 9), 2)))
	assert.Equal(t, band.Fail, o.Verdict)
	assert.True(t, o.Failed())
}

func TestLowerMedianMovesBaselineDown(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	docsBefore := r.read(t, r.docs())

	o := r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 70, 90), spread(30, 18, 22), 1)))
	assert.Equal(t, band.Pass, o.Verdict)
	require.Len(t, o.Moves, 1, "only the hover time moved")
	m := o.Moves[0]
	assert.Equal(t, history.Lowered.String(), m.Kind)
	assert.Equal(t, "hover-storm", m.Scenario)
	assert.Equal(t, 100.0, m.From)
	assert.Equal(t, 80.0, m.To)
	assert.Contains(t, m.Why, "significantly lower than 100 µs/frame: U test p=")

	b, ok := storeOf(t, r).Get(baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"})
	require.True(t, ok)
	assert.Equal(t, 80.0, b.Median)
	assert.Equal(t, day2, b.Set)
	assert.True(t, o.BaselinesWritten)
	assert.True(t, o.DocsWritten)
	docs := r.read(t, r.docs())
	assert.NotEqual(t, docsBefore, docs)
	assert.Contains(t, docs, "| frame | 80 µs/frame [")
	assert.Contains(t, docs, "baselines as of 2026-09-11")
}

func TestLowerButWithinNoiseDoesNotMove(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	before := r.snapshot(t)
	// The median is 1% lower but the samples overlap almost entirely.
	o := r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 89, 109), spread(30, 18, 22), 1)))
	assert.Empty(t, o.Moves)
	assert.Equal(t, before, r.snapshot(t))
}

func TestHigherMedianNeverMovesUp(t *testing.T) {
	tests := []struct {
		name    string
		hover   []float64
		verdict band.Verdict
	}{
		{"higher, inside the band", spread(30, 110, 130), band.Pass},
		{"higher, outside the band", spread(30, 200, 220), band.Fail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
			before := r.snapshot(t)
			o := r.run(t, r.opts(machineA, day2), measuring(numbers(tt.hover, spread(30, 18, 22), 1)))
			assert.Equal(t, tt.verdict, o.Verdict)
			assert.Empty(t, o.Moves, "never up without --rebaseline")
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

func TestRebaseline(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	before := r.snapshot(t)
	slower := numbers(spread(30, 190, 210), spread(30, 18, 22), 1)

	refusals := []struct {
		name       string
		rebaseline []string
		why        string
		scenarios  []string
		want       string
	}{
		{"needs why", []string{"hover-storm"}, "", scenarioNames, `--rebaseline hover-storm needs --why "…"`},
		{"blank why", []string{"hover-storm"}, "  ", scenarioNames, "needs --why"},
		{"unknown name", []string{"hover"}, "new shadow", scenarioNames, `--rebaseline "hover": unknown scenario; valid: hover-storm, scroll, or a kind: time, count, instructions`},
		{"unknown number", []string{"hover-storm/frames"}, "new shadow", scenarioNames, `--rebaseline hover-storm/frames: hover-storm has no number "frames"; its numbers: frame, restyles, primitives-emitted`},
		{"empty number", []string{"hover-storm/"}, "new shadow", scenarioNames, `--rebaseline "hover-storm/": name a scenario (NAME), one of its numbers (NAME/NUMBER) or a kind (time, count, instructions)`},
		{"unknown name, names from the runner", []string{"hover"}, "new shadow", nil, `--rebaseline "hover": unknown scenario; valid: hover-storm, scroll, or a kind: time, count, instructions`},
		// Case 9: a flag that does nothing in this mode.
		{"why without a rebaseline", nil, "new shadow", scenarioNames, "--why is recorded with a rebaseline, and there is none; name what moves with --rebaseline NAME[/NUMBER], or drop --why"},
		{"rebaseline with --check", []string{"hover-storm"}, "new shadow", scenarioNames, "--rebaseline records a baseline, which perf --check never does"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			f := measuring(slower)
			opts := r.opts(machineA, day2)
			opts.Rebaseline, opts.Why, opts.Scenarios = tt.rebaseline, tt.why, tt.scenarios
			opts.Check = tt.name == "rebaseline with --check"
			_, err := ratchet.Run(context.Background(), opts, f.measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, err.Error(), tt.want)
			assert.NotContains(t, err.Error(), "\n")
			if tt.scenarios != nil && tt.name != "unknown number" {
				assert.Empty(t, f.calls, "refused before measuring")
			}
			assert.Equal(t, before, r.snapshot(t))
		})
	}

	// A scenario's name moves its counts, never its times: a reason given
	// for what the code does says nothing of this run's load.
	t.Run("the scenario alone moves no time", func(t *testing.T) {
		opts := r.opts(machineA, day2)
		opts.Rebaseline, opts.Why = []string{"hover-storm"}, "hover now draws a drop shadow"
		o := r.run(t, opts, measuring(slower))
		assert.Equal(t, band.Fail, o.Verdict, "the slower frame is judged against its baseline")
		assert.Empty(t, o.Moves)
		assert.False(t, o.Scenarios[0].Rebaselined)
		assert.Equal(t, before, r.snapshot(t))
	})

	t.Run("named and explained", func(t *testing.T) {
		opts := r.opts(machineA, day2)
		opts.Rebaseline, opts.Why = []string{"hover-storm/frame"}, "hover now draws a drop shadow"
		o := r.run(t, opts, measuring(slower))
		assert.Equal(t, band.Pass, o.Verdict)
		require.Len(t, o.Moves, 1)
		assert.Equal(t, outcome.BaselineMove{Scenario: "hover-storm", Number: "frame", Unit: "µs/frame", Kind: history.Rebaselined.String(),
			From: 100, To: 200, Why: "hover now draws a drop shadow"}, o.Moves[0])
		assert.True(t, o.Scenarios[0].Rebaselined)
		b, _ := storeOf(t, r).Get(baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"})
		assert.Equal(t, 200.0, b.Median)
		assert.Equal(t, "hover now draws a drop shadow", b.Why)
		assert.Contains(t, r.read(t, r.baselines()), "why: hover now draws a drop shadow")
	})
}

func TestMalformedBaselinesLeaveEveryFileByteIdentical(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want string // the error, after the file name
	}{
		{"syntax", "version: 1\nmachines:\n  a: [\n", ":3: not valid YAML: did not find expected node content"},
		{"tab indent", "version: 1\nmachines:\n\tx: 1\n", ":3: not valid YAML: found character that cannot start any token"},
		{"not a mapping", "- 1\n- 2\n", ":1: the file must be a mapping"},
		{"no version", "machines: {}\n", ":1: no version"},
		{"wrong version", "version: 4\n", ":1: version must be 1 (or 2, with references, or 3, with counts)"},
		{"unknown field", "version: 1\nmachine: {}\n", `:2: unknown field "machine" (want version, references, counts, machines)`},
		// The reference revision (version 2): every damage refused with its line.
		{"references in version 1", "version: 1\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: recorded, why: w}\n", ":2: references are a version 2 field, and the file says version 1"},
		{"references not a list", "version: 2\nreferences: abcdef0\n", ":2: references must be a list of revisions, oldest first"},
		{"references empty", "version: 2\nreferences: []\n", ":2: references is an empty list"},
		{"reference not a commit", "version: 2\nreferences:\n  - {commit: HEAD, set: 2026-09-10T08:00:00Z, kind: recorded, why: w}\n", `:3: commit "HEAD" is not a commit name`},
		{"reference without a commit", "version: 2\nreferences:\n  - {set: 2026-09-10T08:00:00Z, kind: recorded, why: w}\n", `:3: a reference has no commit`},
		{"reference bad time", "version: 2\nreferences:\n  - {commit: abcdef0, set: today, kind: recorded, why: w}\n", `:3: set "today" is not an RFC 3339 time`},
		{"reference unknown kind", "version: 2\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: slower, why: w}\n", `:3: kind "slower": want recorded, faster or rebaselined`},
		{"reference without why", "version: 2\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: recorded}\n", `:3: reference abcdef0 has no why`},
		{"reference unknown field", "version: 2\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: recorded, why: w, by: me}\n", `:3: unknown field "by" in a reference`},
		{"references out of order", "version: 2\nreferences:\n  - {commit: abcdef0, set: 2026-09-10T08:00:00Z, kind: recorded, why: w}\n  - {commit: abcdef1, set: 2026-09-09T08:00:00Z, kind: faster, why: w}\n", `:4: reference abcdef1 was set at 2026-09-09T08:00:00Z, before the one above it`},
		{"reference ratio out of order", "version: 2\nreferences:\n  - commit: abcdef0\n    set: 2026-09-10T08:00:00Z\n    kind: faster\n    why: w\n    ratios:\n      - [hover-storm, frame, 0.9, 0.95, 0.97, 30]\n", `:8: a ratio is [scenario, number, ratio, low, high, pairs] with 0 < low ≤ ratio ≤ high`},
		{"reference ratio not finite", "version: 2\nreferences:\n  - commit: abcdef0\n    set: 2026-09-10T08:00:00Z\n    kind: faster\n    why: w\n    ratios:\n      - [hover-storm, frame, .nan, 0.95, 0.97, 30]\n", `:8: a ratio ".nan" is not a finite number ≥ 0`},
		{"reference ratio pairs", "version: 2\nreferences:\n  - commit: abcdef0\n    set: 2026-09-10T08:00:00Z\n    kind: faster\n    why: w\n    ratios:\n      - [hover-storm, frame, 0.96, 0.95, 0.97, 1]\n", `:8: pairs "1" is not a count of at least 2`},
		{"negative median", "version: 1\nmachines:\n  m:\n    s:\n      frame: {unit: x, median: -3, set: 2026-09-10T08:00:00Z, why: w, samples: [1]}\n", `:5: median "-3" is not a finite number ≥ 0`},
		{"median 5e-324", "version: 1\nmachines:\n  m:\n    s:\n      frame: {unit: x, median: 5e-324, set: 2026-09-10T08:00:00Z, why: w, samples: [5e-324]}\n", `:5: median 5e-324 is below 0.001 (MinTime), which no run measures`},
		{"median not a number", "version: 1\nmachines:\n  m:\n    s:\n      frame:\n        median: fast\n", `:6: median must be a number`},
		{"no samples", "version: 1\nmachines:\n  m:\n    s:\n      frame: {median: 3, set: 2026-09-10T08:00:00Z}\n", `:5: number "frame" has no samples`},
		{"bad time", "version: 1\nmachines:\n  m:\n    s:\n      frame: {median: 3, samples: [3], set: yesterday}\n", `:5: set "yesterday" is not an RFC 3339 time`},
		{"duplicate scenario", "version: 1\nmachines:\n  m:\n    s: {}\n    s: {}\n", `:5: machine "m" has "s" twice`},
		{"alias", "version: 1\nmachines:\n  m: &x {}\n  n: *x\n", `:4: machine "n" is an alias`},
		{"unknown record field", "version: 1\nmachines:\n  m:\n    s:\n      frame: {median: 3, mean: 4}\n", `:5: unknown field "mean" in number "frame"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			require.NoError(t, os.MkdirAll(filepath.Dir(r.baselines()), 0o755))
			require.NoError(t, os.WriteFile(r.baselines(), []byte(tt.yaml), 0o644))
			require.NoError(t, os.MkdirAll(filepath.Dir(r.docs()), 0o755))
			require.NoError(t, os.WriteFile(r.docs(), []byte("# Perf\n<!-- perfbench:begin -->\nold\n<!-- perfbench:end -->\n"), 0o644))
			before := r.snapshot(t)

			f := measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1))
			_, err := ratchet.Run(context.Background(), r.opts(machineA, day1), f.measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie, "an input error, which the CLI exits 2 for")
			assert.Equal(t, r.baselines(), ie.File)
			assert.True(t, strings.HasPrefix(err.Error(), r.baselines()+tt.want), "got %q", err.Error())
			assert.NotContains(t, err.Error(), "\n")
			assert.Contains(t, err.Error(), "restore the file from version control", "the error says the fix")
			assert.Empty(t, f.calls, "refused before measuring")
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

func TestDamagedMarkersLeaveEveryFileByteIdentical(t *testing.T) {
	const begin, end = "<!-- perfbench:begin -->\n", "<!-- perfbench:end -->\n"
	tests := []struct {
		name string
		docs string
		want string
	}{
		{"missing end", "# Perf\n" + begin + "x\n", `:2: perfbench:begin marker has no perfbench:end after it; add the line "<!-- perfbench:end -->"`},
		{"missing begin", "# Perf\nx\n" + end, `:3: perfbench:end marker has no perfbench:begin before it`},
		{"duplicated begin", begin + "x\n" + begin + end, ":3: perfbench:begin marker appears 2 times (lines 1, 3)"},
		{"duplicated end", begin + end + "x\n" + end, ":4: perfbench:end marker appears 2 times (lines 2, 4)"},
		{"out of order", "# Perf\n" + end + "x\n" + begin, ":2: perfbench:end marker comes before the perfbench:begin marker on line 4; swap them"},
		{"no markers", "# Perf\nhand-written\n", ": no perfbench markers; put the lines"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
			require.NoError(t, os.WriteFile(r.docs(), []byte(tt.docs), 0o644))
			before := r.snapshot(t)

			// Numbers that would move a baseline and change a count.
			f := measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 0))
			_, err := ratchet.Run(context.Background(), r.opts(machineA, day2), f.measure)
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.True(t, strings.HasPrefix(err.Error(), r.docs()+tt.want), "got %q", err.Error())
			assert.Contains(t, err.Error(), "the file was left as it is")
			assert.NotContains(t, err.Error(), "\n")
			assert.Empty(t, f.calls, "refused before measuring")
			assert.Equal(t, before, r.snapshot(t))
		})
	}
}

func TestDocsKeepTextOutsideMarkers(t *testing.T) {
	r := newRepo(t)
	head := "# Performance\n\nWritten by a person.  Trailing spaces kept.  \n\n<!-- perfbench:begin (do not edit) -->\n"
	tail := "<!-- perfbench:end -->\n\n## Notes\n\nAlso by a person, no newline at the end"
	require.NoError(t, os.MkdirAll(filepath.Dir(r.docs()), 0o755))
	require.NoError(t, os.WriteFile(r.docs(), []byte(head+"stale generated text\n"+tail), 0o600))

	o := r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	require.True(t, o.DocsWritten)
	docs := r.read(t, r.docs())
	assert.True(t, strings.HasPrefix(docs, head), "text before the markers is kept byte for byte")
	assert.True(t, strings.HasSuffix(docs, tail), "text after the markers is kept byte for byte")
	assert.NotContains(t, docs, "stale generated text")
	fi, err := os.Stat(r.docs())
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file keeps its mode")
}

func TestDocsRewrittenWhenACountOrBandChanges(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))

	t.Run("count changed", func(t *testing.T) {
		before := r.read(t, r.baselines())
		o := r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 0)))
		assert.True(t, o.DocsWritten)
		assert.False(t, o.BaselinesWritten, "counts are not baselines")
		assert.Equal(t, before, r.read(t, r.baselines()))
		assert.Contains(t, r.read(t, r.docs()), "| restyles | 0 restyles/crossing | ≤ 1 |")
	})
	t.Run("band changed", func(t *testing.T) {
		results := numbers(spread(30, 90, 110), spread(30, 18, 22), 0)
		results[1].Numbers[0].Band = band.Time(0.30)
		o := r.run(t, r.opts(machineA, day2), measuring(results))
		assert.True(t, o.DocsWritten)
		assert.Contains(t, r.read(t, r.docs()), "(20 +30%)")
	})
}

func TestStraddlingBreachIsMeasuredOnceMore(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))

	// Median 150 over the limit of 140, interval reaching down to ~120.
	straddling := numbers(spread(31, 100, 200), spread(30, 18, 22), 1)
	tests := []struct {
		name   string
		second []scenario.Result
		want   band.Verdict
	}{
		{"noise: second run passes", numbers(spread(30, 95, 105), spread(30, 18, 22), 1), band.Pass},
		{"real: second run fails", numbers(spread(30, 200, 210), spread(30, 18, 22), 1), band.Fail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := measuring(straddling, tt.second)
			o := r.run(t, r.opts(machineA, day2), f)
			assert.Equal(t, [][]string{nil, {"hover-storm"}}, f.calls, "only the straddling scenario runs again")
			assert.Equal(t, tt.want, o.Verdict)
			assert.True(t, o.Scenarios[0].Remeasured)
			assert.False(t, o.Scenarios[1].Remeasured)
		})
	}
}

func TestBrokenScenarios(t *testing.T) {
	r := newRepo(t)
	results := numbers(spread(30, 90, 110), spread(30, 18, 22), 1)
	results[0].Broken = "exit status 2: panic: runtime error\ngoroutine 1 [running]:"
	results = results[:1] // scroll did not come back at all

	o := r.run(t, r.opts(machineA, day1), measuring(results))
	assert.Equal(t, band.Broken, o.Verdict)
	assert.True(t, o.Failed())
	require.Len(t, o.Scenarios, 2)
	assert.Equal(t, band.Broken, o.Scenarios[0].Verdict)
	for _, n := range o.Scenarios[0].Numbers {
		assert.Equal(t, band.Broken, n.BandVerdict, n.Name)
	}
	assert.Equal(t, band.Broken, o.Scenarios[1].Verdict)
	assert.Contains(t, o.Scenarios[1].Broken, "not measured")
	assert.Empty(t, o.Moves, "nothing is recorded from a broken scenario")
	assert.Equal(t, "<absent>", r.read(t, r.baselines()))
	assert.Equal(t, "<absent>", r.read(t, r.docs()), "a broken run writes nothing, not even the docs")
	assert.Contains(t, o.Withheld, "the verdict is broken")
	var out strings.Builder
	require.NoError(t, terminal.WritePerf(&out, o, terminal.Terminal{DocsStale: o.DocsStale}))
	assert.Contains(t, out.String(), "nothing written: the verdict is broken")

	// --check renders the section all the same: it never quotes a crash.
	opts := r.opts(machineA, day1)
	opts.Check = true
	o = r.run(t, opts, measuring(results))
	assert.True(t, o.DocsStale)
}

// A failing run writes neither file, however much it moved: the
// baselines and docs stay byte-identical, and the outcome says why.
func TestFailingRunWritesNothing(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	before := r.snapshot(t)
	// Scroll's time falls far enough to be lowered, but hover-storm's
	// count is over its ceiling: the run fails.
	o := r.run(t, r.opts(machineA, day2), measuring(numbers(spread(30, 90, 110), spread(30, 5, 7), 2)))
	assert.Equal(t, band.Fail, o.Verdict)
	assert.False(t, o.BaselinesWritten)
	assert.False(t, o.DocsWritten)
	assert.Empty(t, o.Moves)
	assert.Contains(t, o.Withheld, "the verdict is fail")
	assert.Equal(t, before, r.snapshot(t))
}

func TestMissingNumberIsBroken(t *testing.T) {
	r := newRepo(t)
	results := numbers(spread(30, 90, 110), nil, 1)
	o := r.run(t, r.opts(machineA, day1), measuring(results))
	assert.Equal(t, band.Broken, o.Verdict)
	assert.Equal(t, band.Broken, verdictsOf(o, "scroll")["frame"])
}

func TestReadOnlyWritesNothing(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	before := r.snapshot(t)
	opts := r.opts(machineA, day2)
	opts.Build = &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-race", Value: "true"}}}
	o := r.readOnly(t, opts, measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 0)))
	assert.Equal(t, band.Pass, o.Verdict, "judged against the stored baselines")
	assert.Empty(t, o.Moves)
	assert.False(t, o.BaselinesWritten || o.DocsWritten)
	assert.Equal(t, before, r.snapshot(t))
}

// A judgement is a function of what it is given: the same results judged
// twice against the same stored values give the same outcome, and judging
// changes nothing in what was read.
func TestJudgingKeepsNothingBetweenCalls(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	opts := r.opts(machineA, day2)
	stored, err := ratchet.Load(opts.Baselines, opts.Scenarios)
	require.NoError(t, err)
	rule := ratchet.Rule{Scenarios: opts.Scenarios}
	scope := ratchet.Scope{Machine: opts.Machine}
	slow := numbers(spread(30, 200, 220), spread(30, 18, 22), 1)
	fast := numbers(spread(30, 90, 110), spread(30, 18, 22), 1)
	first, err := ratchet.Judge(slow, stored, scope, rule)
	require.NoError(t, err)
	_, err = ratchet.Judge(fast, stored, scope, rule)
	require.NoError(t, err)
	again, err := ratchet.Judge(slow, stored, scope, rule)
	require.NoError(t, err)
	assert.Equal(t, band.Fail, first.Verdict)
	// %v, as NaN (no ratio against bands) is equal to nothing.
	assert.Equal(t, fmt.Sprintf("%+v", first), fmt.Sprintf("%+v", again), "the judgement between them left nothing behind")
}

// Advisory times are for a run that records nothing: a recording run is
// refused them, as bad input, never a panic.
func TestRecordingRunRefusesAdvisoryTimes(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.AdvisoryTimes = true
	_, err := ratchet.Open(opts)
	var ie *writegroup.InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "--advisory-times is for perf --check")
	assert.Equal(t, []string{"<absent>", "<absent>", ""}, r.snapshot(t))
}

func TestRunRefusesInstrumentedBuild(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.Build = &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-race", Value: "true"}}}
	f := measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1))
	_, err := ratchet.Run(context.Background(), opts, f.measure)
	var ie *writegroup.InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "refusing to record times from this binary: it was built with -race; run an optimised build (go run ./cmd/perfbench perf, without -race, -cover or -gcflags=-N/-l)", err.Error())
	assert.Empty(t, f.calls)
	assert.Equal(t, []string{"<absent>", "<absent>", ""}, r.snapshot(t))
}

func TestMeasureErrorIsReturned(t *testing.T) {
	r := newRepo(t)
	boom := errors.New("cannot find own executable")
	_, err := ratchet.Run(context.Background(), r.opts(machineA, day1), func(context.Context, []string) ([]scenario.Result, error) {
		return nil, boom
	})
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, []string{"<absent>", "<absent>", ""}, r.snapshot(t))
}

func TestNoScenariosFails(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.Scenarios = nil
	o := r.run(t, opts, measuring([]scenario.Result{}))
	assert.Equal(t, band.None, o.Verdict)
	assert.True(t, o.Failed(), "a run that judged nothing is not a pass")
}

// With AdvisoryTimes a time over its limit is reported, Fail in its row
// and named in the report's advisory line, but leaves the verdict alone;
// a count over its ceiling still fails the run.
func TestAdvisoryTimesReportButDoNotFail(t *testing.T) {
	r := newRepo(t)
	r.run(t, r.opts(machineA, day1), measuring(numbers(spread(30, 90, 110), spread(30, 18, 22), 1)))
	opts := r.opts(machineA, day2)
	opts.AdvisoryTimes = true

	o := r.readOnly(t, opts, measuring(numbers(spread(30, 200, 220), spread(30, 18, 22), 1)))
	assert.Equal(t, band.Pass, o.Verdict, "a time over its limit is advice")
	assert.Equal(t, band.Fail, verdictsOf(o, "hover-storm")["frame"], "and its row still says so")
	var b strings.Builder
	require.NoError(t, terminal.WriteTable(&b, o, terminal.Terminal{}))
	assert.Contains(t, b.String(), "advisory: 1 time(s) over their limits, reported and not judged (--advisory-times): hover-storm frame")

	o = r.readOnly(t, opts, measuring(numbers(spread(30, 200, 220), spread(30, 18, 22), 2)))
	assert.Equal(t, band.Fail, o.Verdict, "a count over its ceiling fails as ever")

	// A straddling breach is not measured again: as advice it cannot fail.
	f := measuring(numbers(spread(31, 100, 200), spread(30, 18, 22), 1))
	o = r.readOnly(t, opts, f)
	assert.Equal(t, [][]string{nil}, f.calls, "one measurement, no second run")
	assert.False(t, o.Scenarios[0].Remeasured)
	assert.Equal(t, band.Pass, o.Verdict)

	opts.AdvisoryTimes = false
	o = r.readOnly(t, opts, measuring(numbers(spread(30, 200, 220), spread(30, 18, 22), 1)))
	assert.Equal(t, band.Fail, o.Verdict, "without the option the same time fails")
}
