package baselines_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/importgraph"
)

// allowed are the only packages of this module that package baselines may
// depend on, directly or not. The store knows nothing of the judge, the history or the docs: it reads scenario results (to check a baseline's number and unit) and band's values, and writes through the file layer.
var allowed = []string{
	"band",
	"stats",
	"scenario",
	"counter",
	"clock",
	"internal/valgrind",
	"internal/keyfile",
	"writegroup",
}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	_, stray, err := importgraph.Layering("baselines", allowed)
	require.NoError(t, err)
	assert.Empty(t, stray, "package baselines depends on them")
}
