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
