package script_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScriptImportsTheStandardLibraryOnly reads the package's dependencies
// (go list -deps): a scenario over any subject uses it, so it links no
// toolkit, no engine and nothing else of perfbench.
func TestScriptImportsTheStandardLibraryOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, "github.com/perfbench/perfbench/script").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, []string{"github.com/perfbench/perfbench/script"}, strings.Fields(string(out)))
}
