package experiment

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakePerfbench writes a program that prints out as its JSON, errs on
// stderr and exits with code.
func fakePerfbench(t *testing.T, out, errs string, code int) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "perfbench")
	script := "#!/bin/sh\ncat <<'EOF'\n" + out + "\nEOF\necho '" + errs + "' >&2\nexit " + string(rune('0'+code)) + "\n"
	require.NoError(t, os.WriteFile(bin, []byte(script), 0o755))
	return bin
}

// A run that exits 1 always says why in the experiment's table: a broken
// scenario of either form, or, when the report names nothing, the last
// line the run printed.
func TestARunThatFailedSaysWhy(t *testing.T) {
	for _, c := range []struct {
		name, out, errs string
		want            []string
	}{
		{"a paired run's broken scenario", `{"verdict":"broken","broken":["hover-storm: the child crashed"],"numbers":[]}`, "",
			[]string{"broken: hover-storm: the child crashed"}},
		{"a plain run's broken scenario", `{"verdict":"broken","scenarios":[{"name":"scroll","broken":"no frames","numbers":[]}]}`, "",
			[]string{"scroll broken: no frames"}},
		{"nothing in the report", `{"verdict":"pass","numbers":[]}`, "perfbench: the base does not build\n",
			[]string{"exit 1 with no failing number: perfbench: the base does not build"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := perfbenchJSON(fakePerfbench(t, c.out, c.errs, 1), nil, "scenarios")
			require.NoError(t, err)
			assert.Equal(t, 1, r.code)
			assert.Equal(t, c.want, r.failing)
		})
	}
	r, err := perfbenchJSON(fakePerfbench(t, `{"verdict":"pass","numbers":[]}`, "", 0), nil, "scenarios")
	require.NoError(t, err)
	assert.Empty(t, r.failing, "a passing run lists nothing")
}
