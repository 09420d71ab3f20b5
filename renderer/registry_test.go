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
	assert.Equal(t, "cpu", r.Caps().Name)
	_, err = renderer.New("metal")
	assert.EqualError(t, err, `unknown renderer "metal" (valid: null cpu gpu)`)
	assert.Panics(t, func() { renderer.Register("null", renderer.Kind{}) })
}

// Describe says what a renderer states of itself, its device included,
// without making one; a Kind's Caps are what its renderers state.
func TestDescribeMakesNoRenderer(t *testing.T) {
	made, asked := 0, 0
	renderer.Register("test-describe", renderer.Kind{
		Caps:   renderer.Caps{Name: "test-describe", Presents: true},
		Device: func() (string, error) { asked++; return "a test device", nil },
		New:    func() (renderer.Renderer, error) { made++; return nil, nil },
	})
	caps, err := renderer.Describe("test-describe")
	require.NoError(t, err)
	assert.Equal(t, renderer.Caps{Name: "test-describe", Device: "a test device", Presents: true}, caps)
	assert.Equal(t, 0, made, "no renderer was made")
	assert.Equal(t, 1, asked)

	for _, name := range []string{"null", "cpu"} {
		caps, err := renderer.Describe(name)
		require.NoError(t, err)
		r, err := renderer.New(name)
		require.NoError(t, err)
		assert.Equal(t, r.Caps(), caps, "%s: the registry states what its renderers do", name)
		assert.Empty(t, caps.Device, "%s draws on no device", name)
		_, pic := r.(renderer.Picture)
		assert.Equal(t, pic, caps.ReadsBack, "%s: ReadsBack is Picture", name)
	}
	_, err = renderer.Describe("metal")
	assert.EqualError(t, err, `unknown renderer "metal" (valid: null cpu gpu)`)
	assert.Panics(t, func() {
		renderer.Register("other", renderer.Kind{Caps: renderer.Caps{Name: "not other"}, New: func() (renderer.Renderer, error) { return nil, nil }})
	})
}
