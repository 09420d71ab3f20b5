package gio_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/importgraph"
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
	pkgs, err := importgraph.List(module + "/...")
	require.NoError(t, err)
	sawGio := false
	for _, p := range pkgs {
		gio := p.DependsOn("gioui.org")
		sawGio = sawGio || (p.Path == module+"/subject/gio" && gio)
		if !giogated(p.Path) {
			assert.False(t, gio, "%s depends on Gio; only subject/gio/… may", p.Path)
		}
		if p.Path == module+"/cmd/perfbench" {
			assert.False(t, p.ImportsFrom("gioui.org"), "cmd/perfbench imports Gio directly; it reaches Gio only through subject/gio/peer")
		}
	}
	assert.True(t, sawGio, "subject/gio was listed with its Gio dependencies: the check can see them")
}
