package writegroup_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/importgraph"
)

// allowed are the only packages of this module that package writegroup may
// depend on, directly or not. It is the file layer under the baselines, the history, the docs and both ratchets, so it depends on none of them: nothing of this module at all.
var allowed []string

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	_, stray, err := importgraph.Layering("writegroup", allowed)
	require.NoError(t, err)
	assert.Empty(t, stray, "package writegroup depends on them")
}
