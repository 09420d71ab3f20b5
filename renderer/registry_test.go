package renderer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/renderer"
	_ "github.com/perfbench/perfbench/renderer/null"
	_ "github.com/perfbench/perfbench/renderer/raster"
)

func TestNewNamesWhatIsWrong(t *testing.T) {
	r, err := renderer.New("cpu")
	require.NoError(t, err)
	assert.Equal(t, "cpu", r.Name())
	_, err = renderer.New("metal")
	assert.EqualError(t, err, `unknown renderer "metal" (valid: null cpu gpu)`)
	assert.Panics(t, func() { renderer.Register("null", nil) })
}
