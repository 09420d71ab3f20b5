package harness_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/runner"
	"github.com/perfbench/perfbench/scenario"
	_ "github.com/perfbench/perfbench/suite" // scenarios to run
)

func TestMainBadInputIsOneLineAndExit2(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "usage: scenarios"},
		{[]string{"benchmark"}, `unknown command "benchmark"`},
		{[]string{"scenarios", "hover-strom"}, `unknown scenario "hover-strom" (valid: idle hover-storm`},
		{[]string{"perf", "-rebaseline"}, "flag needs an argument"},
		{[]string{runner.ChildCommand}, "takes one scenario name"},
		{[]string{runner.ChildCommand, "nope"}, `unknown scenario "nope"`},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, 2, harness.Main(tc.args, &out, &errb, harness.MainOptions{}), tc.args)
		assert.Contains(t, errb.String(), tc.want, tc.args)
		assert.Empty(t, out.String(), tc.args)
	}
}

func TestMainServesTheRunnersChild(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, 0, harness.Main([]string{runner.ChildCommand, "idle"}, &out, &errb, harness.MainOptions{}), errb.String())
	var res scenario.Result
	require.NoError(t, json.Unmarshal(out.Bytes(), &res))
	assert.Equal(t, "idle", res.Name)
	assert.Empty(t, res.Broken)
}
