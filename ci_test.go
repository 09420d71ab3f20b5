package perfbench_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// xtask ci checks every example program as it checks perfbench: it builds
// the example and runs its perf --check, so an example whose docs page or
// recorded bounds went stale fails CI.
func TestCIChecksEveryExample(t *testing.T) {
	src, err := os.ReadFile("xtask.go")
	require.NoError(t, err)
	examples, err := os.ReadDir("examples")
	require.NoError(t, err)
	require.NotEmpty(t, examples)
	for _, e := range examples {
		if !e.IsDir() {
			continue
		}
		assert.Contains(t, string(src), `"./examples/`+e.Name()+`"),`, "xtask ci builds examples/%s", e.Name())
		assert.Contains(t, string(src), `step("`+e.Name()+` perf --check", `+e.Name()+`, "perf", "--check"`,
			"xtask ci runs examples/%s's perf --check", e.Name())
	}
}
