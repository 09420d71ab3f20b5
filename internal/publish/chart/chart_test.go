package chart

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFrameTimesWritesAPicture(t *testing.T) {
	dir := t.TempDir()
	frames := []Frame{{0, 3 * time.Microsecond}, {1, 5 * time.Microsecond}, {3, 40 * time.Microsecond}}
	for _, name := range []string{"trace.png", "trace.svg"} {
		path := filepath.Join(dir, name)
		require.NoError(t, FrameTimes(path, "hover at s13", frames, 16667*time.Microsecond))
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.NotEmpty(t, b)
		if filepath.Ext(name) == ".png" {
			assert.True(t, bytes.HasPrefix(b, []byte("\x89PNG")))
		} else {
			assert.Contains(t, string(b), "<svg")
		}
	}
	assert.Error(t, FrameTimes(filepath.Join(dir, "none.png"), "empty", nil, 0))
}

func TestSlopeWritesAPicture(t *testing.T) {
	path := filepath.Join(t.TempDir(), "slope.svg")
	require.NoError(t, Slope(path, "resize", "elements", "µs", []Point{{100, 10}, {200, 19}, {400, 41}}, 0, 0.1))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(b), "fit:")
	assert.Error(t, Slope(path, "t", "x", "y", nil, 0, 0))
}

// A path with a format no chart has is refused before the file is touched,
// and a chart replaces an existing file whole, leaving no temporary file.
func TestSaveChecksFirstAndReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	frames := []Frame{{0, 3 * time.Microsecond}, {1, 5 * time.Microsecond}}
	txt := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(txt, []byte("keep me\n"), 0o644))
	err := FrameTimes(txt, "t", frames, time.Millisecond)
	assert.EqualError(t, err, "chart: "+txt+`: unknown format ".txt"; name a file ending in .png, .svg, .pdf`)
	b, _ := os.ReadFile(txt)
	assert.Equal(t, "keep me\n", string(b), "the file is untouched")

	png := filepath.Join(dir, "old.png")
	require.NoError(t, os.WriteFile(png, []byte("old"), 0o600))
	require.NoError(t, FrameTimes(png, "t", frames, time.Millisecond))
	b, _ = os.ReadFile(png)
	assert.True(t, bytes.HasPrefix(b, []byte("\x89PNG")))
	es, _ := os.ReadDir(dir)
	assert.Len(t, es, 2, "no temporary file left")
	assert.NoError(t, CheckPath("a.SVG"))
}

// A scenario chart is a function of its arguments: the same data, the same
// bytes; and it draws what it was given.
func TestScenarioIsDeterministic(t *testing.T) {
	day := time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC)
	times := []TimeHistory{{Name: "frame", Unit: "µs/frame", Tolerance: 0.4, Baselines: []Baseline{
		{Set: day, Median: 100, Lo: 90, Hi: 107, Kind: Recorded, Commit: "1a2b3c4d5e6f"},
		{Set: day.Add(30 * time.Hour), Median: 65, Lo: 60, Hi: 68.6, Kind: Lowered, Commit: "2b3c4d5e6f70-dirty"},
		{Set: day.Add(31 * time.Hour), Median: 80, Lo: 78, Hi: 82, Kind: Rebaselined, Commit: "3c4d5e6f7081", Why: "the clock changed"},
	}}}
	counts := []Count{{Name: "restyles", Unit: "restyles/frame", Value: 2, Symbol: "≤", Bound: 2},
		{Name: "layouts-held", Unit: "layouts/run", Value: 12, Symbol: "≥", Bound: 10}}
	var a, b bytes.Buffer
	require.NoError(t, Scenario(&a, SVG, "hover-storm", times, counts))
	require.NoError(t, Scenario(&b, SVG, "hover-storm", times, counts))
	assert.Equal(t, a.String(), b.String())
	for _, want := range []string{"<svg", "hover-storm", "frame: baseline median", "1a2b3c4", "2b3c4d5*", "2026-09-11", "14:00",
		"rebaselined at 3c4d5e6, 2026-09-11 15:00: the clock changed", "uncommitted changes", "lowered: significantly faster",
		"restyles 2 ≤ 2 (at bound)", "layouts-held 12 ≥ 10", "floor ≥"} {
		assert.Contains(t, a.String(), want)
	}
	a.Reset()
	require.NoError(t, Scenario(&a, PNG, "hover-storm", times, counts))
	assert.True(t, bytes.HasPrefix(a.Bytes(), []byte("\x89PNG")))
	assert.Error(t, Scenario(&a, SVG, "empty", nil, nil), "nothing to plot")
	assert.PanicsWithValue(t, "chart: Scenario format pdf: want chart.SVG or chart.PNG", func() { _ = Scenario(&a, "pdf", "x", times, nil) })
}

// The panels of one chart share one x axis of recordings: a number
// recorded only at the second recording sits at x = 1 in its panel, not at
// 0, and two numbers set at the same moment share a position.
func TestOrderIsOneAxisOfRecordings(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 19, 0, 0, 0, time.UTC)
	ths := []TimeHistory{
		{Name: "a", Baselines: []Baseline{{Set: t0, Commit: "aaaaaaa"}, {Set: t0.Add(2 * time.Minute)}}},
		{Name: "b", Baselines: []Baseline{{Set: t0.Add(time.Minute), Commit: "bbbbbbbbbbbb-dirty"}, {Set: t0.Add(2 * time.Minute), Commit: "ccccccc"}}},
	}
	o := newOrder(ths)
	assert.Equal(t, []float64{0, 1, 2}, []float64{o.at(t0), o.at(t0.Add(time.Minute)), o.at(t0.Add(2 * time.Minute))})
	assert.Equal(t, []string{"aaaaaaa", "bbbbbbbbbbbb-dirty", "ccccccc"}, o.commits, "a recording takes the commit any of its numbers names")
	assert.True(t, o.dirty())
	var labels []string
	for _, tk := range o.ticks() {
		labels = append(labels, tk.Label)
	}
	assert.Equal(t, []string{"aaaaaaa\n2026-11-30\n19:00", "bbbbbbb*\n2026-11-30\n19:01", "ccccccc\n2026-11-30\n19:02"}, labels)
}

// Room is measured in each bound's own direction, so slack under a ceiling
// and margin over a floor both read positive, and a count at its bound —
// the usual case, since bounds ratchet to the value — reads 0, not a full
// bar.
func TestRoom(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    Count
		want float64
	}{
		{"at a ceiling", Count{Value: 2, Symbol: "≤", Bound: 2}, 0},
		{"under a ceiling", Count{Value: 30, Symbol: "≤", Bound: 40}, 0.25},
		{"past a ceiling", Count{Value: 12, Symbol: "≤", Bound: 10}, -0.2},
		{"far past a ceiling is clamped", Count{Value: 50, Symbol: "≤", Bound: 10}, -1},
		{"over a floor", Count{Value: 420, Symbol: "≥", Bound: 300}, 0.4},
		{"under a floor", Count{Value: 150, Symbol: "≥", Bound: 300}, -0.5},
		{"zero at a zero ceiling", Count{Value: 0, Symbol: "≤", Bound: 0}, 0},
		{"one over a zero ceiling", Count{Value: 1, Symbol: "≤", Bound: 0}, -1},
		{"over a zero floor", Count{Value: 3, Symbol: "≥", Bound: 0}, 1},
		{"exact", Count{Value: 240, Symbol: "=", Bound: 240}, 0},
		{"off an exact value", Count{Value: 252, Symbol: "=", Bound: 240}, -0.05},
		{"off an exact zero", Count{Value: 1, Symbol: "=", Bound: 0}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.InDelta(t, tc.want, Room(tc.c), 1e-12) })
	}
}

// Ticks land on round values, four to eight of them labelled, with the
// decimals the step needs: the old axis showed hover-storm's 0–2.9 µs as
// "0" and "2.5", and a 5000 µs axis as "5000.00".
func TestNiceTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var ls []string
		for _, tk := range (niceTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				ls = append(ls, tk.Label)
			}
		}
		return ls
	}
	assert.Equal(t, []string{"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}, labels(0, 2.5))
	assert.Equal(t, []string{"0", "1", "2", "3"}, labels(0, 3.5))
	assert.Equal(t, []string{"0", "1000", "2000", "3000", "4000", "5000"}, labels(0, 5000))
	assert.Equal(t, []string{"0", "20", "40", "60", "80"}, labels(0, niceCeil(70)))
	assert.Equal(t, []string{"0.00", "0.02", "0.04", "0.06", "0.08", "0.10"}, labels(0, 0.1))
	assert.Equal(t, 80.0, niceCeil(70))
	assert.Equal(t, 1.0, niceCeil(0))
}
