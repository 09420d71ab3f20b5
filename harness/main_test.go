package harness_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/measure/affinity"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

func init() {
	scenario.Register(scenario.Scenario{
		Name: "harness-quick",
		Run: func(s *scenario.Session) error {
			s.Attach(&toy{})
			s.Drive("poke", nil)
			return nil
		},
		Numbers: []scenario.Number{{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0)}, Value: scenario.FrameCount(nil)}},
	})
}

func main(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = harness.Main(args, &out, &errb, harness.Options{Program: "prog"})
	return code, out.String(), errb.String()
}

func TestMainBadInputIsOneLineAndExit2(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"benchmark"}, `prog: unknown command "benchmark"`},
		{[]string{"scenarios", "harness-quik"}, `prog: unknown scenario "harness-quik" (valid:`},
		{[]string{"scenarios", "--format", "xml"}, `prog: --format "xml": want table, markdown, benchfmt, bmf, gab-times, gab-counts, gab-floors, gab-instructions or json`},
		{[]string{"scenarios", "--format", "gab"}, "prog: --format gab: github-action-benchmark alerts at one threshold a file, so each kind of number has its own format: gab-times, gab-counts, gab-floors, gab-instructions (docs/trackers.md)"},
		{[]string{"scenarios", "--json", "--format", "markdown"}, "two different outputs"},
		{[]string{"scenarios", "--count", "2"}, "--count is for --format benchfmt"},
		{[]string{"perf", "--rebaseline"}, "flag needs an argument"},
		{[]string{"perf", "--advisory-times"}, "--advisory-times is for perf --check"},
		{[]string{"scenario"}, "accepts 1 arg"},
		{[]string{runner.ChildCommand}, "requires at least 1 arg"},
		{[]string{runner.ChildCommand, "nope"}, `unknown scenario "nope"`},
		{[]string{runner.ChildCommand, "harness-quick", "--renderer", "gpu"}, "prog draws with no choice of renderer"},
		// The ratchet's advice names this program's commands, not perfbench's.
		{[]string{"perf", "--check", "--rebaseline", "harness-quick", "--why", "w"}, "run prog perf --rebaseline without --check"},
	} {
		code, out, errb := main(tc.args...)
		assert.Equal(t, 2, code, "%v: %s", tc.args, errb)
		assert.Contains(t, errb, tc.want, tc.args)
		assert.Equal(t, 1, bytes.Count([]byte(errb), []byte("\n")), "one line: %q", errb)
		assert.Empty(t, out, tc.args)
		assert.NotContains(t, errb, "perfbench", tc.args)
	}
}

// A child told to pin itself to something that is not a CPU (the
// parent's PERFBENCH_CPU, package affinity) says so in one line and exits
// 2, measuring nothing.
func TestMainChildRefusesABadCPU(t *testing.T) {
	t.Setenv(affinity.Env, "fast")
	code, out, errb := main(runner.ChildCommand, "harness-quick")
	assert.Equal(t, 2, code, errb)
	assert.Contains(t, errb, `PERFBENCH_CPU="fast" is not a CPU number`)
	assert.Equal(t, 1, bytes.Count([]byte(errb), []byte("\n")), "one line: %q", errb)
	assert.Empty(t, out)
}

func TestMainServesTheRunnersChild(t *testing.T) {
	code, out, errb := main(runner.ChildCommand, "harness-quick")
	require.Equal(t, 0, code, errb)
	var res scenario.Result
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, "harness-quick", res.Name)
	assert.Empty(t, res.Broken)
	assert.Equal(t, []float64{0}, res.Numbers[0].Samples)
}

// Given several names, the child measures each in turn and prints each
// result on a line of its own, in order (runner.Runner.Together).
func TestMainServesSeveralScenariosInTurn(t *testing.T) {
	code, out, errb := main(runner.ChildCommand, "harness-quick", "harness-quick")
	require.Equal(t, 0, code, errb)
	lines := bytes.Split(bytes.TrimSpace([]byte(out)), []byte("\n"))
	require.Len(t, lines, 2, out)
	for _, line := range lines {
		var res scenario.Result
		require.NoError(t, json.Unmarshal(line, &res))
		assert.Equal(t, "harness-quick", res.Name)
		assert.Empty(t, res.Broken)
	}
}
