package perfdocs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A verdict that follows from a run's noise does not make the page stale,
// but "unbaselined" where the run would write none does: it said the
// number had no record yet, and would stay until the number next moved.
func TestAnUnbaselinedVerdictLeavesThePage(t *testing.T) {
	row := func(verdict string) string {
		return "| frame | 122.1 µs/frame | ≤ 335.8 | ≤ 16667 | " + verdict + " | pass |\n"
	}
	path := filepath.Join(t.TempDir(), "performance.md")
	for _, tt := range []struct {
		page, run string
		stale     bool
	}{
		{"pass", "pass", false},
		{"pass", "fail", false},
		{"unbaselined", "pass", true},
		{"unbaselined", "unbaselined", false},
	} {
		require.NoError(t, os.WriteFile(path, []byte(beginLine+row(tt.page)+endLine), 0o644))
		d, err := Read(path)
		require.NoError(t, err)
		assert.Equal(t, tt.stale, d.Stale([]byte(row(tt.run))), "page %s, run %s", tt.page, tt.run)
	}
}
