package history_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/importgraph"
)

// allowed are the only packages of this module that package history may
// depend on, directly or not. The history reads the baselines store and nothing above it: not the judge, not the docs.
var allowed = []string{
	"band",
	"stats",
	"scenario",
	"counter",
	"clock",
	"internal/valgrind",
	"internal/keyfile",
	"writegroup",
	"baselines",
}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	_, stray, err := importgraph.Layering("history", allowed)
	require.NoError(t, err)
	assert.Empty(t, stray, "package history depends on them")
}
