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
		{Set: day, Median: 100, Lo: 90, Hi: 107},
		{Set: day.Add(30 * time.Hour), Median: 65, Lo: 60, Hi: 68.6},
	}}}
	counts := []Count{{Name: "restyles", Unit: "restyles/frame", Value: 2, Symbol: "≤", Bound: 2},
		{Name: "layouts-held", Unit: "layouts/run", Value: 12, Symbol: "≥", Bound: 10}}
	var a, b bytes.Buffer
	require.NoError(t, Scenario(&a, "hover-storm", times, counts))
	require.NoError(t, Scenario(&b, "hover-storm", times, counts))
	assert.Equal(t, a.String(), b.String())
	for _, want := range []string{"<svg", "hover-storm", "frame: baseline median", "2026-09-10", "restyles 2 ≤ 2", "layouts-held 12 ≥ 10"} {
		assert.Contains(t, a.String(), want)
	}
	assert.Error(t, Scenario(&a, "empty", nil, nil), "nothing to plot")
}
