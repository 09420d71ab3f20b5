//go:build fyne

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

// With -tags fyne the peers table has three engines: perfbench's, Gio's
// and Fyne's, each with its ratio, and Fyne's frame parts timed apart.
func TestPeersWithFynePrintsThreeEngines(t *testing.T) {
	code, out, stderr := perfbench(t, "peers", "--size", "s0", "--phase", "hover", "--steps", "8")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, out, "beside gio (idiomatic form) and fyne")
	assert.Regexp(t, `hover\s+s0\s+perfbench\s+8\s`, out)
	assert.Regexp(t, `hover\s+s0\s+gio\s+8\s.*×`, out)
	assert.Regexp(t, `hover\s+s0\s+fyne\s+8\s.*ms.*ms.*×`, out, "Fyne's layout and paint columns, and its ratio")
	assert.Contains(t, out, "software painter", "the caveats say what a Fyne frame includes")
}
