package writegroup_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allowed are the only packages of this module that package writegroup may
// depend on, directly or not. It is the file layer under the baselines, the history, the docs and both ratchets, so it depends on none of them: nothing of this module at all.
var allowed = map[string]bool{}

// TestImportsKeepTheLayering reads the package's dependencies (go list
// -deps) and fails on any other package of the module.
func TestImportsKeepTheLayering(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const self = "github.com/perfbench/perfbench/writegroup"
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, self).CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, d := range strings.Fields(string(out)) {
		if d == self || !strings.HasPrefix(d, "github.com/perfbench/perfbench/") {
			continue
		}
		assert.True(t, allowed[d], "package writegroup depends on %s", d)
	}
}
