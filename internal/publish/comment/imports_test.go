package comment_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Package comment speaks to GitHub and knows nothing of the harness: it
// depends on the standard library and its own event reader alone, and the
// event reader, which a program's report links, on the standard library
// without its HTTP client. Its fake API is for tests only,
// so the perfbench command never links it.
func TestCommentDependsOnTheStandardLibraryAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	deps := func(pkg string) []string {
		out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, pkg).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return strings.Fields(string(out))
	}
	assert.Equal(t, []string{"github.com/perfbench/perfbench/internal/publish/comment/event", "github.com/perfbench/perfbench/internal/publish/comment"},
		deps("github.com/perfbench/perfbench/internal/publish/comment"))
	out, err := exec.Command("go", "list", "-deps", "github.com/perfbench/perfbench/internal/publish/comment/event").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, strings.Fields(string(out)), "net/http", "the event reader links no HTTP client")
	cmd := deps("github.com/perfbench/perfbench/cmd/perfbench")
	assert.Contains(t, cmd, "github.com/perfbench/perfbench/internal/publish/comment", "the check sees the command's dependencies")
	assert.NotContains(t, cmd, "github.com/perfbench/perfbench/internal/publish/comment/commenttest")
}
