package counting

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/runner"
)

// The runner's toolchain key is one the ratchet files as a toolchain's
// block, not a machine's: otherwise a run without Valgrind would take the
// recorded instructions for renamed times and refuse the file.
func TestTheRunnersToolchainIsTheRatchetsKind(t *testing.T) {
	if _, err := callgrind.Find(); err != nil {
		t.Skip("cannot count instructions here: " + err.Error())
	}
	key, err := runner.Toolchain(context.Background())
	require.NoError(t, err)
	assert.True(t, baselines.IsToolchain(key), key)
}
