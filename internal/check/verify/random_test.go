package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/monkey"
)

func TestJudgeRandom(t *testing.T) {
	o := RandomVerify{Options: withSeed(monkey.DefaultOptions, 5), Seeds: 2, Steps: 10}
	ok := func(seed uint64) SeedRun {
		return SeedRun{Doc: "random", Seed: seed, Steps: 10, Dispatched: 1, Actions: 13, Misuses: 2, Points: 50, Replays: 4}
	}

	r := JudgeRandom(o, []SeedRun{ok(5), ok(6)})
	assert.Equal(t, band.Pass, r.Verdict)
	assert.Equal(t, "0 divergences, 0 panics; 20 steps, 2 (10.0%) with a handler changing the document during dispatch; 26 actions (4 misuses), 100 routing points and 8 replays checked", r.Checks[0].Detail)

	t.Run("a divergence fails and names the seed, step, actions and difference", func(t *testing.T) {
		bad := SeedRun{Doc: "random", Seed: 6, Steps: 3, Actions: 4, Diverged: true, Step: 3,
			History: []string{"0: move to (1, 2)", "1: remove box#7", "2: key Tab", "3: add class \"grow\" to box#3"},
			Diff:    &Difference{"geometry", 12, "{X:1}", "{X:2}"}}
		r := JudgeRandom(o, []SeedRun{ok(5), bad})
		require.Equal(t, band.Fail, r.Verdict)
		assert.Equal(t, "random seed 6", r.Checks[0].Name)
		for _, want := range []string{"step 3", "geometry differs at 12", "add class \"grow\" to box#3", "--seed 6 --steps 4"} {
			assert.Contains(t, r.Checks[0].Detail, want)
		}
		assert.Contains(t, r.Checks[1].Detail, "1 diverged, 0 panicked")
	})
	t.Run("a panic fails", func(t *testing.T) {
		p := SeedRun{Doc: "random", Seed: 5, Diverged: true, Panic: "nil pointer", History: []string{"0: remove scroll#3"}}
		r := JudgeRandom(o, []SeedRun{p, ok(6)})
		require.Equal(t, band.Fail, r.Verdict)
		assert.Contains(t, r.Checks[0].Detail, "panicked: nil pointer")
	})
	t.Run("a routing difference fails and says where the point went", func(t *testing.T) {
		bad := ok(6)
		bad.Diverged, bad.Step, bad.History = true, 2, []string{"0: move to (1, 2)", "1: hide box#3", "2: click (5, 5)"}
		bad.Diff = &Difference{"routing", 0, "(5, 5) reaches checkbox, element 4 in tree order", "box, element 2 in tree order"}
		r := JudgeRandom(o, []SeedRun{ok(5), bad})
		require.Equal(t, band.Fail, r.Verdict)
		assert.Contains(t, r.Checks[0].Detail, "routing differs at 0: live (5, 5) reaches checkbox")
	})
	t.Run("runs that checked no routing are broken", func(t *testing.T) {
		blind := ok(6)
		blind.Points = 0
		assert.Equal(t, band.Broken, JudgeRandom(o, []SeedRun{ok(5), blind}).Verdict)
	})
	t.Run("short runs and missing seeds are broken", func(t *testing.T) {
		short := ok(6)
		short.Steps = 4
		assert.Equal(t, band.Broken, JudgeRandom(o, []SeedRun{ok(5), short}).Verdict)
		assert.Equal(t, band.Broken, JudgeRandom(o, []SeedRun{ok(5)}).Verdict)
		assert.Equal(t, band.Broken, JudgeRandom(o, nil).Verdict)
	})
}

func TestVerifyRandomPassesOnTheEngine(t *testing.T) {
	for _, doc := range monkey.Docs {
		o := DefaultRandomVerify
		o.Doc, o.Seeds, o.Steps = doc, 2, 20
		r := VerifyRandom(o)
		require.Equal(t, band.Pass, r.Verdict, "%+v", r.Checks)
	}
	_, err := MeasureRandom(RandomVerify{Options: monkey.DefaultOptions, Seeds: 0, Steps: 5})
	assert.Error(t, err)
}
