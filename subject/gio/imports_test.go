package gio_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/perfbench/perfbench"

// giogated are the packages allowed to depend on Gio: this package and
// those under it, the example program of a Gio user, and perfbench's CLI,
// whose peers command (and nothing else) imports the Gio peer.
func giogated(pkg string) bool {
	return pkg == module+"/subject/gio" || strings.HasPrefix(pkg, module+"/subject/gio/") ||
		strings.HasPrefix(pkg, module+"/examples/") || pkg == module+"/cmd/perfbench"
}

// TestCoreImportsNoGio reads the module's import graph (go list -deps) and
// fails when any package outside the Gio subject depends on gioui.org:
// the harness (scenario, band, ratchet, …) and the engine must build
// without it.
func TestCoreImportsNoGio(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	out, err := exec.Command("go", "list", "-test", "-f", `{{.ImportPath}}|{{join .Deps " "}}|{{join .Imports " "}}`, module+"/...").CombinedOutput()
	require.NoError(t, err, "%s", out)
	sawGio := false
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 3)
		require.Len(t, parts, 3, line)
		// Test variants print as "PKG [PKG.test]", external tests as
		// PKG_test, test mains as PKG.test: each counts as PKG.
		pkg := strings.TrimSuffix(strings.TrimSuffix(strings.Fields(parts[0] + " ")[0], ".test"), "_test")
		deps := strings.Fields(parts[1])
		dependsOnGio := false
		for _, d := range deps {
			if strings.HasPrefix(d, "gioui.org") {
				dependsOnGio = true
			}
		}
		if pkg == module+"/subject/gio" && dependsOnGio {
			sawGio = true
		}
		if !giogated(pkg) {
			assert.False(t, dependsOnGio, "%s depends on Gio; only subject/gio/… may", pkg)
		}
		if pkg == module+"/cmd/perfbench" {
			for _, imp := range strings.Fields(parts[2]) {
				assert.False(t, strings.HasPrefix(imp, "gioui.org"), "cmd/perfbench imports %s directly; it reaches Gio only through subject/gio/peer", imp)
			}
		}
	}
	assert.True(t, sawGio, "subject/gio was listed with its Gio dependencies: the check can see them")
}
