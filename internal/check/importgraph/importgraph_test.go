package importgraph

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Layering sees a package's dependencies within the module and refuses
// those it is not allowed: the check each layering test relies on can
// fail.
func TestLayeringSeesAndRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	deps, stray, err := Layering("internal/keep/baselines", nil)
	require.NoError(t, err)
	assert.Contains(t, deps, "band")
	assert.Equal(t, deps, stray, "nothing allowed: every dependency is stray")
	_, stray, err = Layering("internal/keep/baselines", deps)
	require.NoError(t, err)
	assert.Empty(t, stray)
}
