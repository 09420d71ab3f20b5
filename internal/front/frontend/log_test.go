package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// The log adds up a scenario's processes over the runner's calls (a
// straddling time is measured once more in a call of its own) and prints
// one line per scenario with its verdict, what failed or why it broke.
func TestScenarioLogOneLinePerScenario(t *testing.T) {
	var b strings.Builder
	l := newScenarioLog(&b)
	for _, line := range []string{
		"scenario a: process in 0.10s (1 of 3 processes)\n",
		"scenario b: process in 0.20s (1 of 3 processes)\n",
		"scenario a: process in 0.25s (2 of 3 processes)\n",
		"scenario b: broken in 0.30s (2 of 3 processes)\n",
		"scenario a: done in 0.40s (3 of 3 processes)\n",
		// the remeasure: a call of its own, counting from zero
		"scenario a: done in 0.", "15s (1 of 1 processes)\n",
		"not a runner's line\n",
	} {
		n, err := l.Write([]byte(line))
		assert.NoError(t, err)
		assert.Equal(t, len(line), n)
	}
	fail := band.Judged{BandVerdict: band.Fail}
	fail.Name = "frame"
	pass := band.Judged{BandVerdict: band.Pass}
	pass.Name = "restyles"
	l.Judged(outcome.Outcome{Scenarios: []outcome.Scenario{
		{Name: "a", Verdict: band.Fail, Remeasured: true, Numbers: outcome.ByBand("a", pass, fail)},
		{Name: "b", Verdict: band.Broken, Broken: "exited with status 2\nand more"},
		{Name: "c", Verdict: band.Pass, Advisory: []string{"frame"}},
	}}, 2, 3)
	assert.Equal(t, "scenario a: fail in 0.55s (4 processes, remeasured, run 2 of 3): frame\n"+
		"scenario b: broken in 0.30s (2 processes, run 2 of 3): exited with status 2\n"+
		"scenario c: pass in 0.00s (run 2 of 3): over its limit, as advice: frame\n", b.String())

	b.Reset()
	l.Judged(outcome.Outcome{Scenarios: []outcome.Scenario{{Name: "a", Verdict: band.Pass}}}, 1, 1)
	assert.Equal(t, "scenario a: pass in 0.00s\n", b.String(), "a judged run's processes are not counted again")
}
