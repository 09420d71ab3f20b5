package perfdocs_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/importgraph"
)

// allowed are the only packages of this module that package perfdocs may
// depend on, directly or not. The docs render what the baselines and the history hold, and know nothing of the judge (package ratchet) or the revision ratchet: the judge hands them its scenarios as values.
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
}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	_, stray, err := importgraph.Layering("perfdocs", allowed)
	require.NoError(t, err)
	assert.Empty(t, stray, "package perfdocs depends on them")
}
