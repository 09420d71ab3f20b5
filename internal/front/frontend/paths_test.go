package frontend

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefaultPathsAreUnderTheModuleRoot(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	t.Chdir(filepath.Join(dir, "sub"))
	got, err := FilePath("", "perf/baselines.yaml", "baselines")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join("..", "perf", "baselines.yaml"), got)
	got, err = FilePath("x.yaml", "perf/baselines.yaml", "baselines")
	require.NoError(t, err)
	assert.Equal(t, "x.yaml", got)
}
