package perfdocs_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allowed are the only packages of this module that package perfdocs may
// depend on, directly or not. The docs render what the baselines and the history hold, and know nothing of the judge (package ratchet) or the revision ratchet: the judge hands them its scenarios as values.
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
}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const self = "github.com/perfbench/perfbench/perfdocs"
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, self).CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, d := range strings.Fields(string(out)) {
		if d == self || !strings.HasPrefix(d, "github.com/perfbench/perfbench/") {
			continue
		}
		assert.True(t, allowed[d], "package perfdocs depends on %s", d)
	}
}
