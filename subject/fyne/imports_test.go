package fyne_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/perfbench/perfbench"

// fynegated are the packages allowed to depend on Fyne: this package and
// those under it, and the example programs. perfbench's CLI is not among
// them: it links the Fyne peer in only with -tags fyne (see morePeers in
// cmd/perfbench), which go list here does not set.
func fynegated(pkg string) bool {
	return pkg == module+"/subject/fyne" || strings.HasPrefix(pkg, module+"/subject/fyne/") ||
		strings.HasPrefix(pkg, module+"/examples/")
}

// TestCoreImportsNoFyne reads the module's import graph (go list -deps) and
// fails when any package outside the Fyne subject depends on fyne.io:
// the harness (scenario, band, ratchet, …) and the engine must build
// without it.
func TestCoreImportsNoFyne(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	out, err := exec.Command("go", "list", "-test", "-f", `{{.ImportPath}}|{{join .Deps " "}}`, module+"/...").CombinedOutput()
	require.NoError(t, err, "%s", out)
	sawFyne := false
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 2)
		require.Len(t, parts, 2, line)
		// Test variants print as "PKG [PKG.test]", external tests as
		// PKG_test, test mains as PKG.test: each counts as PKG.
		pkg := strings.TrimSuffix(strings.TrimSuffix(strings.Fields(parts[0] + " ")[0], ".test"), "_test")
		deps := strings.Fields(parts[1])
		dependsOnFyne := false
		for _, d := range deps {
			if strings.HasPrefix(d, "fyne.io/") {
				dependsOnFyne = true
			}
		}
		if pkg == module+"/subject/fyne" && dependsOnFyne {
			sawFyne = true
		}
		if !fynegated(pkg) {
			assert.False(t, dependsOnFyne, "%s depends on Fyne; only subject/fyne/… and the examples may", pkg)
		}
	}
	assert.True(t, sawFyne, "subject/fyne was listed with its Fyne dependencies: the check can see them")
}
