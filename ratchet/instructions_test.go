package ratchet_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

const toolchain = "instructions: linux/amd64 v1 avx2, go1.26.8, valgrind-3.19.0"

// withInstructions is numbers' run with hover-storm's instructions per
// step beside its times.
func withInstructions(perStep float64) []scenario.Result {
	run := numbers(spread(30, 50, 60), spread(30, 18, 22), 1)
	run[0].Numbers = append(run[0].Numbers, band.Measured{
		Spec:    band.Spec{Name: "instructions", Unit: "instructions/step", Band: band.Instructions(0.005)},
		Samples: []float64{perStep},
	})
	return run
}

func instructionsOf(t *testing.T, o outcome.Outcome) band.Judged {
	t.Helper()
	for _, sc := range o.Scenarios {
		for _, n := range sc.Numbers {
			if n.Name == "instructions" {
				return n.Judged
			}
		}
	}
	t.Fatal("no instructions judged")
	return band.Judged{}
}

// Instructions are recorded once under the toolchain's key and judge every
// machine of that toolchain: a second machine needs no baseline of its
// own, a rise past the tolerance fails there, and a fall past it is kept.
func TestInstructionsAreRecordedOnceForEveryMachineOfAToolchain(t *testing.T) {
	r := newRepo(t)
	opts := func(m baselines.Machine) ratchet.Options {
		o := r.opts(m, day1)
		o.Toolchain = toolchain
		return o
	}
	first := r.run(t, opts(machineA), measuring(withInstructions(2991466)))
	assert.Equal(t, band.Unbaselined, instructionsOf(t, first).BandVerdict)
	store, err := baselines.Load(r.baselines())
	require.NoError(t, err)
	b, ok := store.Get(baselines.Key{Machine: toolchain, Scenario: "hover-storm", Number: "instructions"})
	require.True(t, ok, "recorded under the toolchain, not the machine")
	assert.Equal(t, 2991466.0, b.Median)
	assert.Equal(t, "first record for this toolchain", b.Why, "not this machine's: every machine of the toolchain shares it")
	docs, err := os.ReadFile(r.docs())
	require.NoError(t, err)
	assert.Contains(t, string(docs), "| instructions | 2991466 instructions/step, set 2026-", "an exact number: no interval")

	check := opts(machineB)
	check.Check, check.AdvisoryTimes = true, true
	o := r.run(t, check, measuring(withInstructions(2991466*1.004)))
	assert.Equal(t, band.Pass, instructionsOf(t, o).BandVerdict, "another machine, the same baseline: 0.4% is within 0.5%")
	o = r.run(t, check, measuring(withInstructions(2991466*1.006)))
	assert.Equal(t, band.Fail, instructionsOf(t, o).BandVerdict, "0.6% more work fails on any machine")
	assert.True(t, o.Failed(), "and fails the run, times being advice")

	small := r.run(t, opts(machineA), measuring(withInstructions(2991466*0.997)))
	assert.Empty(t, small.Moves, "a fall within the tolerance leaves the baseline and the docs alone")
	fall := r.run(t, opts(machineA), measuring(withInstructions(2991466*0.99)))
	require.Len(t, fall.Moves, 1)
	assert.Equal(t, history.Lowered.String(), fall.Moves[0].Kind)
	assert.Contains(t, fall.Moves[0].Why, "an exact fall of more than its tolerance")
}

// A portable number judged without a toolchain key is a programming
// error, not a baseline filed under no machine.
func TestInstructionsNeedAToolchain(t *testing.T) {
	r := newRepo(t)
	assert.Panics(t, func() { r.run(t, r.opts(machineA, day1), measuring(withInstructions(10))) })
}

// The docs show the toolchain they name while the store has it: a check
// on a runner of another toolchain (another Valgrind) counts under its own
// key and finds the page up to date, and a run that counts no
// instructions (no Valgrind, or --instructions off) is not refused for
// the toolchain's baselines it did not measure.
func TestDocsHoldStillOnAnotherToolchain(t *testing.T) {
	r := newRepo(t)
	record := r.opts(machineA, day1)
	record.Toolchain = toolchain
	r.run(t, record, measuring(withInstructions(2991466)))
	before, err := os.ReadFile(r.docs())
	require.NoError(t, err)

	check := r.opts(machineA, day1)
	check.Check, check.AdvisoryTimes = true, true
	check.Toolchain = "instructions: linux/amd64 v1 avx2, go1.26.8, valgrind-3.22.0"
	o := r.run(t, check, measuring(withInstructions(2991466*1.001)))
	assert.False(t, o.DocsStale, "the page still shows the toolchain it names")
	assert.Equal(t, band.Unbaselined, instructionsOf(t, o).BandVerdict, "judged against its own toolchain's baseline, which has none")

	check.Toolchain = ""
	o = r.run(t, check, measuring(numbers(spread(30, 50, 60), spread(30, 18, 22), 1)))
	assert.False(t, o.Failed(), "the toolchain's baselines are not a renamed time")
	assert.False(t, o.DocsStale, "a run that counted no instructions keeps the page's as they are: %v", o.Stale)
	after, err := os.ReadFile(r.docs())
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "a check writes nothing")
}

// A recording run that counts no instructions (a contributor without
// Valgrind) writes the docs with the instructions the page shows, so the
// next check with Valgrind does not find them dropped.
func TestARunWithoutInstructionsKeepsThePagesInstructions(t *testing.T) {
	r := newRepo(t)
	record := r.opts(machineA, day1)
	record.Toolchain = toolchain
	r.run(t, record, measuring(withInstructions(2991466)))

	bare := r.opts(machineA, day1.Add(24*time.Hour))
	r.run(t, bare, measuring(numbers(spread(30, 40, 48), spread(30, 18, 22), 1)))
	docs, err := os.ReadFile(r.docs())
	require.NoError(t, err)
	assert.Contains(t, string(docs), "| instructions | 2991466 instructions/step, set 2026-", "the row the run did not measure is kept")
	assert.Contains(t, string(docs), "`"+toolchain+"`", "and the toolchain it was counted under")

	check := r.opts(machineA, day1.Add(24*time.Hour))
	check.Check, check.AdvisoryTimes, check.Toolchain = true, true, toolchain
	o := r.run(t, check, measuring(withInstructions(2991466)))
	// The bare run lowered hover-storm's frame and left its chart, whose
	// instruction panel it could not draw: the page is up to date, the
	// chart is not, and the check says which.
	assert.Equal(t, []string{r.chart("hover-storm")}, o.Stale, "a check that counts them finds the page up to date")
}

// Instructions over their band are counted once more before they fail
// (frontend.Judged pools the new processes with the old, least of all):
// a first count that read high alone is overruled, and a count that reads
// high again fails.
func TestInstructionsOverTheirBandAreCountedAgain(t *testing.T) {
	r := newRepo(t)
	record := r.opts(machineA, day1)
	record.Toolchain = toolchain
	r.run(t, record, measuring(withInstructions(2991466)))

	check := record
	check.Check, check.AdvisoryTimes = true, true
	o := r.run(t, check, measuring(withInstructions(2991466*1.006), withInstructions(2991466*1.001)))
	assert.Equal(t, band.Pass, instructionsOf(t, o).BandVerdict, "the second count stands")
	assert.True(t, o.Scenarios[0].Remeasured)

	o = r.run(t, check, measuring(withInstructions(2991466*1.006), withInstructions(2991466*1.006)))
	assert.Equal(t, band.Fail, instructionsOf(t, o).BandVerdict, "high twice: the work grew")
}

// A scenario's instructions are counted first in one process, and again
// only where one high read could decide something: a first baseline in a
// recording run, and a count that passed near its band. One that passed
// well inside it, or a verdict-only run's unbaselined one, is not
// counted again.
func TestInstructionsAreCountedAgainOnlyWhereOneReadCouldDecide(t *testing.T) {
	r := newRepo(t)
	record := r.opts(machineA, day1)
	record.Toolchain = toolchain
	first := measuring(withInstructions(2991466*1.004), withInstructions(2991466))
	r.run(t, record, first)
	assert.Len(t, first.calls, 2, "a first baseline is the least of two counts")
	store, err := baselines.Load(r.baselines())
	require.NoError(t, err)
	b, ok := store.Get(baselines.Key{Machine: toolchain, Scenario: "hover-storm", Number: "instructions"})
	require.True(t, ok)
	assert.Equal(t, 2991466.0, b.Median, "the high first read is not the baseline")

	check := record
	check.Check, check.AdvisoryTimes = true, true
	for _, c := range []struct {
		perStep float64
		calls   int
	}{
		{2991466 * 1.001, 1}, // within half of its 0.5%: stands
		{2991466 * 1.003, 2}, // above half: counted again
		{2991466 * 0.99, 1},  // a fall: counts never read low
	} {
		f := measuring(withInstructions(c.perStep))
		r.run(t, check, f)
		assert.Len(t, f.calls, c.calls, "%.0f instructions a step", c.perStep)
	}

	fresh := newRepo(t)
	only := fresh.opts(machineA, day1)
	only.Toolchain = toolchain
	f := measuring(withInstructions(2991466))
	_, err = ratchet.ReadOnly(context.Background(), only, f.measure)
	require.NoError(t, err)
	assert.Len(t, f.calls, 1, "a verdict-only run records nothing, so an unbaselined count stands")
}

// A rebaseline that names the scenario moves its instructions only where
// they drifted beyond their tolerance: within it, the spread between runs
// stays out of the file.
func TestARebaselineMovesInstructionsOnlyPastTheirTolerance(t *testing.T) {
	r := newRepo(t)
	opts := func(rebaseline string) ratchet.Options {
		o := r.opts(machineA, day1)
		o.Toolchain, o.Rebaseline, o.Why = toolchain, []string{rebaseline}, "a new router"
		return o
	}
	moved := func(o outcome.Outcome) bool {
		for _, m := range o.Moves {
			if m.Number == "instructions" {
				return true
			}
		}
		return false
	}
	plain := r.opts(machineA, day1)
	plain.Toolchain = toolchain
	r.run(t, plain, measuring(withInstructions(2991466)))
	assert.False(t, moved(r.run(t, opts("hover-storm"), measuring(withInstructions(2991466*1.004)))), "0.4% is within 0.5%")
	assert.True(t, moved(r.run(t, opts("hover-storm"), measuring(withInstructions(2991466*1.006)))), "0.6% is past it")
}
