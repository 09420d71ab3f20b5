package scenario_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allowed are the only packages of this module that package scenario may
// depend on, directly or not: it declares and records over any subject,
// so perfbench's engine, its counters among it, its renderers, the
// ratchet, the gallery and any toolkit stay out of a program that only
// declares scenarios. A subject's counts reach the record through
// CountSource, whichever engine keeps them.
var allowed = map[string]bool{
	"github.com/perfbench/perfbench/band": true,
	// The thread's CPU clock alone: package clock, the engine's clocks,
	// counts the engine's timers.
	"github.com/perfbench/perfbench/internal/instrument/clock/thread": true,
	// band's statistics of times: pure functions over samples.
	"github.com/perfbench/perfbench/internal/judge/stats": true,
	// Valgrind's client requests, a leaf package of a few instructions.
	"github.com/perfbench/perfbench/internal/measure/valgrind": true,
}

// TestScenarioImportsBandThreadClockValgrindOnly reads the package's dependencies
// (go list -deps) and fails on any other package of the module.
func TestScenarioImportsBandThreadClockValgrindOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, "github.com/perfbench/perfbench/scenario").CombinedOutput()
	require.NoError(t, err, "%s", out)
	var deps []string
	for _, d := range strings.Fields(string(out)) {
		// The package's own internal packages are its own; what they
		// import is in deps, and held to the same rule.
		if d == "github.com/perfbench/perfbench/scenario" || !strings.HasPrefix(d, "github.com/perfbench/perfbench/") ||
			strings.HasPrefix(d, "github.com/perfbench/perfbench/scenario/internal/") {
			continue
		}
		deps = append(deps, d)
		assert.True(t, allowed[d], "package scenario depends on %s; it may depend on band (and its stats), internal/instrument/clock/thread and internal/measure/valgrind only", d)
	}
	assert.Contains(t, deps, "github.com/perfbench/perfbench/band", "the check sees the package's dependencies")
}
