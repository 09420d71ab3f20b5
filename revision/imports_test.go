package revision_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/importgraph"
)

// allowed are the only packages of this module that package revision may
// depend on, directly or not. The revision ratchet reads and moves the reference in the baselines file and regenerates its page; it knows nothing of the judge (package ratchet), and the paired run reaches it as a value (Compared).
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
	_, stray, err := importgraph.Layering("revision", allowed)
	require.NoError(t, err)
	assert.Empty(t, stray, "package revision depends on them")
}
