package ratchet_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/importgraph"
)

// allowed are the only packages of this module that package ratchet may
// depend on, directly or not. The judge reads results as values and
// writes through the store, the history, the docs and the write group;
// it knows nothing of the runner, the report or the revision ratchet.
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
	"history",
	"chart",
	"perfdocs",
}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	_, stray, err := importgraph.Layering("ratchet", allowed)
	require.NoError(t, err)
	assert.Empty(t, stray, "package ratchet depends on them")
}
