package fyne_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/importgraph"
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
// fails when any package outside the Fyne subject depends on fyne.io: the
// harness (scenario, band, ratchet, …), the engine and the default CLI
// must build without it.
func TestCoreImportsNoFyne(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	pkgs, err := importgraph.List(module + "/...")
	require.NoError(t, err)
	sawFyne := false
	for _, p := range pkgs {
		fyne := p.DependsOn("fyne.io/")
		sawFyne = sawFyne || (p.Path == module+"/subject/fyne" && fyne)
		if !fynegated(p.Path) {
			assert.False(t, fyne, "%s depends on Fyne; only subject/fyne/… and the examples may", p.Path)
		}
	}
	assert.True(t, sawFyne, "subject/fyne was listed with its Fyne dependencies: the check can see them")
}
