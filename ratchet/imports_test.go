package ratchet_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allowed are the only packages of this module that package ratchet may
// depend on, directly or not. The judge reads results as values and
// writes through the store, the history, the docs and the write group;
// it knows nothing of the runner, the report or the revision ratchet.
var allowed = map[string]bool{
	"github.com/perfbench/perfbench/band":              true,
	"github.com/perfbench/perfbench/stats":             true,
	"github.com/perfbench/perfbench/scenario":          true,
	"github.com/perfbench/perfbench/counter":           true,
	"github.com/perfbench/perfbench/clock":             true,
	"github.com/perfbench/perfbench/internal/valgrind": true,
	"github.com/perfbench/perfbench/internal/keyfile":  true,
	"github.com/perfbench/perfbench/writegroup":        true,
	"github.com/perfbench/perfbench/baselines":         true,
	"github.com/perfbench/perfbench/history":           true,
	"github.com/perfbench/perfbench/chart":             true,
	"github.com/perfbench/perfbench/perfdocs":          true,
}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const self = "github.com/perfbench/perfbench/ratchet"
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, self).CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, d := range strings.Fields(string(out)) {
		if d == self || !strings.HasPrefix(d, "github.com/perfbench/perfbench/") {
			continue
		}
		assert.True(t, allowed[d], "package ratchet depends on %s", d)
	}
}
