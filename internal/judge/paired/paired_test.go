package paired

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

func count(name string, b band.Band, v float64) band.Measured {
	return band.Measured{Spec: band.Spec{Name: name, Unit: name + "/run", Band: b}, Samples: []float64{v}}
}

// frame is a time measured in len(levels) processes, one sample each.
func frame(levels ...float64) band.Measured {
	m := band.Measured{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.5)}}
	for _, l := range levels {
		m.Samples = append(m.Samples, l)
		m.Runs = append(m.Runs, []float64{l})
	}
	return m
}

// timeNamed is a time's own judgement as compare leaves it, for a plan to
// measure and decide.
func timeNamed(name string) band.Judged {
	return band.Judged{Spec: band.Spec{Name: name, Unit: "µs/frame", Band: band.Time(Tolerance)}}
}

func byName(ns []outcome.Number) map[string]outcome.Number {
	out := map[string]outcome.Number{}
	for _, n := range ns {
		out[n.Name] = n
	}
	return out
}

// Counts are judged by their band's direction against the base: a
// ceiling's rise fails and its fall is an improvement; a floor's fall
// fails (a skip that stopped firing, even with the head's floor lowered
// in the same commit so its own band passes) and its rise is an
// improvement (a skip that fires more); an exact count fails either way;
// the head's own band fails whatever the base measured; numbers only one
// side has are listed.
func TestJudgeCountsByDirection(t *testing.T) {
	for _, tt := range []struct {
		name       string
		head, base band.Measured
		want       band.Verdict
		move       outcome.Move
		note       string
	}{
		{"same", count("n", band.Count(10), 3), count("n", band.Count(10), 3), band.Pass, outcome.Same, ""},
		{"a ceiling's rise fails", count("n", band.Count(10), 4), count("n", band.Count(10), 3), band.Fail, outcome.Worse, "rose from 3 to 4 (a ceiling)"},
		{"a ceiling's fall is an improvement", count("n", band.Count(10), 2), count("n", band.Count(10), 3), band.Pass, outcome.Better, "fell from 3 to 2 (an improvement for a ceiling)"},
		{"a floor's fall fails", count("skips", band.Floor(1000), 1000), count("skips", band.Floor(1000), 1140), band.Fail, outcome.Worse, "fell from 1140 to 1000 (a floor)"},
		{"a floor lowered with the fall still fails", count("skips", band.Floor(0), 0), count("skips", band.Floor(1000), 1140), band.Fail, outcome.Worse, "fell from 1140 to 0 (a floor)"},
		{"a floor's rise is an improvement", count("skips", band.Floor(1000), 2280), count("skips", band.Floor(1000), 1140), band.Pass, outcome.Better, "rose from 1140 to 2280 (an improvement for a floor)"},
		{"an exact count's rise fails", count("frames", band.Exact(2), 2), count("frames", band.Exact(1), 1), band.Fail, outcome.Worse, "rose from 1 to 2 (an exact count)"},
		{"an exact count's fall fails", count("frames", band.Exact(0), 0), count("frames", band.Exact(1), 1), band.Fail, outcome.Worse, "fell from 1 to 0 (an exact count)"},
		{"over the head's own ceiling fails", count("n", band.Count(1), 2), count("n", band.Count(10), 2), band.Fail, outcome.Worse, "over its ceiling ≤ 1"},
		{"under the head's own floor fails", count("n", band.Floor(5), 4), count("n", band.Floor(3), 3), band.Fail, outcome.Worse, "rose from 3 to 4 (an improvement for a floor); under its floor ≥ 5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Judge("s", scenario.Result{Numbers: []band.Measured{tt.head}}, scenario.Result{Numbers: []band.Measured{tt.base}}, Tolerance)
			require.Len(t, got, 1)
			assert.Equal(t, tt.want, got[0].Verdict)
			assert.Equal(t, tt.move, got[0].Move)
			assert.Equal(t, tt.note, got[0].Note)
			assert.Equal(t, tt.move != outcome.Same, got[0].Changed())
		})
	}

	got := byName(Judge("s",
		scenario.Result{Numbers: []band.Measured{count("new", band.Count(10), 1)}},
		scenario.Result{Numbers: []band.Measured{count("gone", band.Count(10), 1)}}, Tolerance))
	assert.Equal(t, outcome.New, got["new"].Move)
	assert.Equal(t, band.Pass, got["new"].Verdict, "a new count is judged by its own band")
	assert.Equal(t, outcome.Gone, got["gone"].Move)
	assert.Equal(t, band.None, got["gone"].Verdict)
}

// A count declared varying (allocations per frame, which the Go runtime
// moves by a hair from process to process) fails a paired run only over
// its own ceiling: a rise of one byte between two builds of the same code
// is listed, not failed. A count not declared varying still fails on any
// rise.
func TestJudgeVaryingCountsByTheirCeiling(t *testing.T) {
	head := scenario.Result{Varying: []string{"alloc-bytes", "over"}, Numbers: []band.Measured{
		count("alloc-bytes", band.Count(4500), 4438), count("over", band.Count(4437), 4438), count("exact", band.Count(10), 4),
	}}
	base := scenario.Result{Varying: []string{"alloc-bytes", "over"}, Numbers: []band.Measured{
		count("alloc-bytes", band.Count(4500), 4437), count("over", band.Count(4437), 4437), count("exact", band.Count(10), 3),
	}}
	got := byName(Judge("s", head, base, Tolerance))
	assert.Equal(t, band.Pass, got["alloc-bytes"].Verdict)
	assert.Equal(t, outcome.Varies, got["alloc-bytes"].Move, "the rise is listed")
	assert.Contains(t, got["alloc-bytes"].Note, "rose from 4437 to 4438")
	assert.Equal(t, band.Fail, got["over"].Verdict, "over its ceiling")
	assert.Equal(t, band.Fail, got["exact"].Verdict, "a count not declared varying fails on any rise")
}

// levels are forty processes' floors within ±2% of each other.
func levels(f float64) band.Measured {
	var ls []float64
	for i := range 40 {
		ls = append(ls, f*(1+0.02*math.Sin(float64(i)*2.4))*(1+0.002*float64(i%2)))
	}
	return frame(ls...)
}

// A time has three verdicts against the tolerance: it fails when the
// test shows it slower than 1 + tolerance, passes when it shows it below
// (listed as within tolerance when it is measurably slower than base all
// the same, as an improvement when measurably faster), and is unsure when
// it shows neither. Each verdict's interval agrees with it.
func TestJudgeTimeThreeWays(t *testing.T) {
	base := scenario.Result{Numbers: []band.Measured{levels(1)}}
	for _, tt := range []struct {
		name   string
		factor float64
		want   band.Verdict
		move   outcome.Move
		note   string
	}{
		{"ten percent slower fails", 1.10, band.Fail, outcome.Worse, "1.1× slower, beyond the 3% tolerance"},
		{"the same passes", 1, band.Pass, outcome.Same, ""},
		{"one and a half percent slower is within the tolerance", 1.015, band.Pass, outcome.Within, "1.015× slower, within the 3% tolerance"},
		{"three percent slower is unsure", 1.03, band.Unsure, outcome.Same, "unsure: 1.03× ["},
		{"faster passes and is an improvement", 0.8, band.Pass, outcome.Better, "0.8× faster"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := Judge("s", scenario.Result{Numbers: []band.Measured{levels(tt.factor)}}, base, Tolerance)[0]
			assert.Equal(t, tt.want, n.Verdict, "%+v", n)
			assert.Equal(t, tt.move, n.Move)
			assert.Contains(t, n.Note, tt.note)
			assert.InDelta(t, tt.factor, n.Ratio.Value, 0.005)
			assert.Equal(t, 40, n.Ratio.Pairs)
			assert.Equal(t, 0.95, n.Ratio.Level, "one look: the 95% interval")
			assert.LessOrEqual(t, n.Ratio.Lo, n.Ratio.Value)
			assert.GreaterOrEqual(t, n.Ratio.Hi, n.Ratio.Value)
			switch tt.want {
			case band.Fail:
				assert.Greater(t, n.Ratio.Lo, 1+Tolerance)
			case band.Pass:
				assert.Less(t, n.Ratio.Hi, 1+Tolerance)
			case band.Unsure:
				assert.True(t, n.Ratio.Lo <= 1+Tolerance && n.Ratio.Hi >= 1+Tolerance)
			}
			// The spread here is ±2% over forty pairs: the run could see
			// a slowdown of a little over 1.03 (the tolerance plus the
			// interval's half-width), never one below the tolerance.
			assert.Greater(t, n.Ratio.Detectable, 1+Tolerance)
			assert.Less(t, n.Ratio.Detectable, 1.05)
			if n.Verdict == band.Fail {
				assert.Empty(t, n.Sees(), "a slowdown caught: what the run could miss is moot")
			} else {
				assert.Regexp(t, `^this run can miss a slowdown under [34](\.\d+)?%$`, n.Sees())
			}
		})
	}
}

// Too few pairs for a time to be judged is Broken, never a pass: one
// pair has no interval, and three pairs of a 19.5× slowdown cannot reach
// the level a fail needs (the least p-value of three against three is
// 4%), so both fail the gate and say how many pairs they would need.
func TestTooFewPairsIsBroken(t *testing.T) {
	for _, tt := range []struct {
		name       string
		head, base band.Measured
		need       string
	}{
		{"one pair", frame(2), frame(1), "it needs 4"},
		{"three pairs of 19.5×", frame(19.5, 19.6, 19.4), frame(1, 1.01, 0.99), "it needs 4"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := Judge("s", scenario.Result{Numbers: []band.Measured{tt.head}}, scenario.Result{Numbers: []band.Measured{tt.base}}, Tolerance)[0]
			assert.Equal(t, band.Broken, n.Verdict, "%+v", n)
			assert.True(t, n.Verdict.Failed())
			assert.Contains(t, n.Note, tt.need)
			assert.False(t, math.IsNaN(n.Ratio.Value))
		})
	}
	// Four pairs of it fail.
	n := Judge("s", scenario.Result{Numbers: []band.Measured{frame(19.5, 19.6, 19.4, 19.5)}},
		scenario.Result{Numbers: []band.Measured{frame(1, 1.01, 0.99, 1)}}, Tolerance)[0]
	assert.Equal(t, band.Fail, n.Verdict, "%+v", n)
}

// Holm's procedure over the suite's times, by hand: with four times and
// α = 2.5%, the smallest p-value is judged against 0.625%, the next
// against 0.833%, then 1.25%, then 2.5%. So p-values of 0.1%, 0.8%, 1%
// and 2% all fail, each under its own step (Bonferroni, every one against
// 0.625%, would fail only the first); and 0.1%, 0.9%, 1% and 2% fail
// only the first, since the second is over its step and Holm stops there:
// the rest are unsure, the 2% one beyond the tolerance on its own.
func TestDecideHolmStepDown(t *testing.T) {
	family := func(ps ...float64) []outcome.Number {
		var ns []outcome.Number
		for i, p := range ps {
			ns = append(ns, outcome.Number{Judged: timeNamed(fmt.Sprint(i)),
				Ratio: outcome.Ratio{Pairs: 40, Value: 1.05, Lo: 1.04, Hi: 1.06, Level: 0.95, Slower: p, Faster: 1 - p}})
		}
		return ns
	}
	verdicts := func(ns []outcome.Number) []band.Verdict {
		var out []band.Verdict
		for _, n := range ns {
			out = append(out, n.Verdict)
		}
		return out
	}
	p := plan{tol: 0.01, looks: 1, times: 4}
	ns := family(0.02, 0.008, 0.001, 0.01) // in no particular order
	p.decide(ns)
	assert.Equal(t, []band.Verdict{band.Fail, band.Fail, band.Fail, band.Fail}, verdicts(ns))

	ns = family(0.001, 0.009, 0.01, 0.02)
	p.decide(ns)
	assert.Equal(t, []band.Verdict{band.Fail, band.Unsure, band.Unsure, band.Unsure}, verdicts(ns))
	assert.Contains(t, ns[3].Note, "beyond the 1% tolerance on its own but not at the suite's level (4 times)")

	// A lone time at 2% fails; over four looks it would need 0.625%.
	ns = family(0.02)
	plan{tol: 0.01, looks: 1, times: 1}.decide(ns)
	assert.Equal(t, band.Fail, ns[0].Verdict)
	ns = family(0.02)
	plan{tol: 0.01, looks: 4, times: 1}.decide(ns)
	assert.Equal(t, band.Unsure, ns[0].Verdict)
}

// The family-wise error the correction is for: seven times, each head
// exactly (1 + tolerance)× its base — the worst case a false fail can
// have — over 2000 simulated suites of thirty pairs. Judged one by one
// at 2.5%, about one suite in six fails some time; judged as a family,
// at most about one in forty. The same simulation with a 1.05× slowdown
// of one time fails that time in most suites.
func TestDecideControlsTheSuiteWideError(t *testing.T) {
	slow.Test(t, "2000 simulated suites")
	const tol, suites, times = 0.01, 2000, 7
	rng := rand.New(rand.NewPCG(9, 10))
	side := func(f float64) [][]float64 {
		out := make([][]float64, 30)
		for i := range out {
			out[i] = []float64{f * math.Exp(0.02*rng.NormFloat64())}
		}
		return out
	}
	alone, family, planted, caught := 0, 0, 0, 0
	for range suites {
		p := plan{tol: tol, looks: 1, times: times}
		slow := rng.IntN(2) == 0 // half the suites carry a real 1.05× slowdown in their first time
		var ns []outcome.Number
		lone := false
		for k := range times {
			f := 1 + tol
			if k == 0 && slow {
				f = 1.05
			}
			n := outcome.Number{Judged: timeNamed(fmt.Sprint(k))}
			p.measure(&n, side(f), side(1))
			if f == 1+tol && n.Ratio.Slower <= Alpha {
				lone = true
			}
			ns = append(ns, n)
		}
		p.decide(ns)
		falseFail := false
		for k, n := range ns {
			if n.Verdict == band.Fail && (k > 0 || !slow) {
				falseFail = true
			}
		}
		if lone {
			alone++
		}
		if falseFail {
			family++
		}
		if slow {
			planted++
			if ns[0].Verdict == band.Fail {
				caught++
			}
		}
	}
	t.Logf("suites failing a time at (1+tolerance)×: %d of %d alone, %d as a family; a planted 1.05× caught in %d of %d", alone, suites, family, caught, planted)
	assert.Greater(t, alone, suites/10, "one by one, some time of seven fails often")
	assert.Less(t, family, suites*3/100, "as a family, at most about α of suites")
	assert.Greater(t, caught, planted*3/4, "a 1.05× slowdown is still caught in most suites that carry one")
}

func TestSchedule(t *testing.T) {
	assert.Equal(t, []int{30, 60, 120, 200}, schedule(30, time.Second))
	assert.Equal(t, []int{30}, schedule(30, 0), "no budget: one look")
	assert.Equal(t, []int{200}, schedule(200, time.Second))
	assert.Equal(t, []int{150, 200}, schedule(150, time.Second))
}

// testRunner's processes print one result of a scenario with one time after
// sleeping for the duration its name starts with ("50ms/…"); the time's
// sample is drawn around factor(name) (1 when nil), ±1%.
func testRunner(factor func(string) float64) *runner.Runner {
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(11, 12))
	return &runner.Runner{Timeout: 10 * time.Second, Command: func(name string) *exec.Cmd {
		var d time.Duration
		if sleep, _, ok := cutSlash(name); ok {
			d, _ = time.ParseDuration(sleep)
		}
		f := 1.0
		if factor != nil {
			f = factor(name)
		}
		mu.Lock()
		v := 100 * f * (1 + 0.01*rng.NormFloat64())
		mu.Unlock()
		out := fmt.Sprintf(`{"name":%q,"steps":1,"numbers":[{"name":"frame","unit":"µs/frame","band":{"kind":"time","tolerance":0.5},"samples":[%g]}],"clock":"thread-cpu/v2"}`, name, v)
		if d == 0 {
			// One process, not a shell and its sleep: the tests run
			// hundreds of these pairs.
			return exec.Command("echo", out)
		}
		return exec.Command("sh", "-c", fmt.Sprintf("sleep %g; echo '%s'", d.Seconds(), out))
	}}
}

func cutSlash(s string) (before, after string, ok bool) {
	for i := range s {
		if s[i] == '/' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func pairsOf(o outcome.Outcome) map[string]int {
	out := map[string]int{}
	for _, n := range o.Numbers() {
		if n.Band.Kind.Estimated() {
			out[n.Scenario] = n.Ratio.Pairs
		}
	}
	return out
}

// A scenario whose time is settled at the first look stops there; one
// whose time is unsure runs on to the next look while its budget allows,
// and one whose pairs have spent the budget takes its last look early.
// Without a budget, every scenario runs exactly Pairs pairs and looks once.
func TestRunLooksAgainWhileUnsure(t *testing.T) {
	slower := func(name string) float64 {
		if _, what, _ := cutSlash(name); what == "close" {
			return 1.03 // at the tolerance: unsure for ever
		}
		return 1
	}
	// Without a budget, how long a pair takes changes nothing: 10 ms pairs
	// stand for the slow ones here.
	o, err := Run(context.Background(), []string{"0s/same", "0s/close", "10ms/close"}, runOptions{Head: testRunner(slower), Base: testRunner(nil), Pairs: 8})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"0s/same": 8, "0s/close": 8, "10ms/close": 8}, pairsOf(o), "no budget: exactly Pairs")
	assert.Equal(t, 1, o.Looks)

	names := []string{"0s/same", "0s/close", "100ms/close"}

	o, err = Run(context.Background(), names, runOptions{Head: testRunner(slower), Base: testRunner(nil), Pairs: 8, Budget: 2 * time.Second})
	require.NoError(t, err)
	got := pairsOf(o)
	assert.Equal(t, 6, o.Looks, "8, 16, 32, 64, 128 and 200 pairs")
	assert.Equal(t, 8, got["0s/same"], "settled at the first look")
	assert.Greater(t, got["0s/close"], 8, "unsure: looks again")
	// Pairs of at least 200 ms spend the two-second budget in ten pairs
	// at most (fewer when the machine is busy), before the second look.
	assert.GreaterOrEqual(t, got["100ms/close"], 8)
	assert.LessOrEqual(t, got["100ms/close"], 10, "the budget ends the pairs before the second look")
	assert.Equal(t, band.Unsure, byScenario(o)["0s/close"].Verdict)
	assert.Equal(t, band.Pass, byScenario(o)["0s/same"].Verdict)
	assert.Equal(t, band.Unsure, o.Verdict)
	assert.False(t, o.Failed(), "unsure does not fail by default")
	assert.Equal(t, 3, o.Times)
}

func byScenario(o outcome.Outcome) map[string]outcome.Number {
	out := map[string]outcome.Number{}
	for _, n := range o.Numbers() {
		out[n.Scenario] = n
	}
	return out
}

// A paired run fails a real slowdown and an unsure time when told to.
func TestRunFails(t *testing.T) {
	slower := func(name string) float64 {
		return map[string]float64{"0s/slow": 1.2, "0s/close": 1.03}[name]
	}
	o, err := Run(context.Background(), []string{"0s/slow"}, runOptions{Head: testRunner(slower), Base: testRunner(nil), Pairs: 10})
	require.NoError(t, err)
	assert.Equal(t, band.Fail, o.Verdict)
	assert.True(t, o.Failed())

	o, err = Run(context.Background(), []string{"0s/close"}, runOptions{Head: testRunner(slower), Base: testRunner(nil), Pairs: 10, FailUnsure: true})
	require.NoError(t, err)
	assert.Equal(t, band.Unsure, o.Verdict)
	assert.True(t, o.Failed(), "--fail-unsure")
}

// counting wraps a runner so a test can tell how many processes it ran.
func counting(r *runner.Runner, n *int, mu *sync.Mutex) *runner.Runner {
	c := *r
	cmd := r.Command
	c.Command = func(name string) *exec.Cmd {
		mu.Lock()
		*n++
		mu.Unlock()
		return cmd(name)
	}
	return &c
}

// A scenario's pairs are spread over the layout builds of each side in
// turn, evenly, a shorter list repeating; the order within each pair is
// drawn from the seed, so one seed orders a run the same way again.
func TestRunSpreadsPairsOverLayouts(t *testing.T) {
	var mu sync.Mutex
	counts := make([]int, 5)
	heads := []*runner.Runner{counting(testRunner(nil), &counts[0], &mu), counting(testRunner(nil), &counts[1], &mu), counting(testRunner(nil), &counts[2], &mu)}
	bases := []*runner.Runner{counting(testRunner(nil), &counts[3], &mu), counting(testRunner(nil), &counts[4], &mu)}
	o, err := Run(context.Background(), []string{"0s/a", "0s/b"}, runOptions{Head: heads[0], HeadLayouts: heads[1:],
		Base: bases[0], BaseLayouts: bases[1:], Pairs: 12, Seed: 7})
	require.NoError(t, err)
	assert.Equal(t, 3, o.Builds)
	assert.Equal(t, uint64(7), o.Seed)
	// Two scenarios × twelve pairs: each of three head builds runs eight
	// processes; the base's two builds run pairs 0, 2 (build 0) and 1
	// (build 1) of every three, so sixteen and eight.
	assert.Equal(t, []int{8, 8, 8, 16, 8}, counts)
}

// The order within a pair is a coin flip per pair: over 400 pairs head
// runs first in about half, and not in a fixed alternation.
func TestRunDrawsTheOrderWithinEachPair(t *testing.T) {
	var mu sync.Mutex
	var order []string
	tag := func(side string) *runner.Runner {
		r := testRunner(nil)
		cmd := r.Command
		r.Command = func(name string) *exec.Cmd {
			mu.Lock()
			order = append(order, side)
			mu.Unlock()
			return cmd(name)
		}
		return r
	}
	_, err := Run(context.Background(), []string{"0s/a"}, runOptions{Head: tag("h"), Base: tag("b"), Pairs: 200, Seed: 3})
	require.NoError(t, err)
	require.Len(t, order, 400)
	headFirst, alternate := 0, 0
	for k := 0; k < len(order); k += 2 {
		if order[k] == "h" {
			headFirst++
		}
		if k > 0 && order[k] != order[k-2] {
			alternate++
		}
	}
	assert.InDelta(t, 100, headFirst, 25, "head first in about half the pairs")
	assert.InDelta(t, 100, alternate, 25, "the order changes from one pair to the next about half the time, not always")
}

// Progress hears of every pair as it runs and of every look with what it
// decided: a settled scenario stops at its first look, an unsure one whose
// pairs spent the budget stops there too, saying so.
func TestRunTellsProgress(t *testing.T) {
	slower := func(name string) float64 {
		if _, what, _ := cutSlash(name); what == "close" {
			return 1.03
		}
		return 1
	}
	var got []Status
	names := []string{"0s/same", "50ms/close"}
	// A fixed seed: the order within each pair, and so every sample the
	// runners draw, is the same every run.
	o, err := Run(context.Background(), names, runOptions{Head: testRunner(slower), Base: testRunner(nil), Pairs: 8, Budget: 300 * time.Millisecond, Seed: 5,
		Progress: func(s Status) { got = append(got, s) }})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"0s/same": 8, "50ms/close": 8}, pairsOf(o))
	pairs, looks := 0, 0
	var last time.Duration
	for _, s := range got {
		assert.Equal(t, []int{8, 16, 32, 64, 128, 200}, s.Looks)
		assert.GreaterOrEqual(t, s.Elapsed, last)
		last = s.Elapsed
		require.Len(t, s.Scenarios, 2)
		if s.Ran >= 0 {
			pairs++
			assert.False(t, s.Scenarios[s.Ran].Done)
			continue
		}
		looks++
		for _, sc := range s.Scenarios {
			assert.True(t, sc.Looked, sc.Name)
			assert.True(t, sc.Done, sc.Name)
			assert.Equal(t, 8, sc.Pairs, sc.Name)
		}
		assert.Equal(t, Settled, s.Scenarios[0].Stop)
		assert.Equal(t, BudgetSpent, s.Scenarios[1].Stop, "eight pairs of two 50 ms processes spend 300 ms")
	}
	assert.Equal(t, 16, pairs, "one Status a pair")
	assert.Equal(t, 1, looks, "one look each, in the same round")
}

// Left: how long a scenario's pairs still run, at their pace so far, from
// its next look (least) to its last (most), cut by its budget once past
// its first look.
func TestLeft(t *testing.T) {
	st := Status{Looks: []int{30, 60, 120, 200}, Budget: 20 * time.Second}
	for _, tt := range []struct {
		name        string
		s           ScenarioStatus
		least, most time.Duration
	}{
		{"before its first look", ScenarioStatus{Pairs: 10, Spent: time.Second}, 2 * time.Second, 19 * time.Second},
		{"on to its second look", ScenarioStatus{Pairs: 40, Spent: 4 * time.Second, Look: 1}, 2 * time.Second, 16 * time.Second},
		{"its budget ends it first", ScenarioStatus{Pairs: 40, Spent: 19 * time.Second, Look: 1}, 1475 * time.Millisecond, 1475 * time.Millisecond},
		{"a slow first look outlasts the budget", ScenarioStatus{Pairs: 10, Spent: 19 * time.Second}, 38 * time.Second, 38 * time.Second},
		{"done", ScenarioStatus{Pairs: 30, Spent: time.Second, Done: true}, 0, 0},
		{"no pace yet", ScenarioStatus{}, 0, 0},
	} {
		least, most := tt.s.Left(st)
		assert.Equal(t, tt.least, least, tt.name)
		assert.Equal(t, tt.most, most, tt.name)
	}
	least, most := ScenarioStatus{Pairs: 10, Spent: time.Second}.Left(Status{Looks: []int{30}})
	assert.Equal(t, 2*time.Second, least)
	assert.Equal(t, least, most, "one look: no range")
}

// Instructions are judged exactly, head over base, against their band's
// tolerance: one process a side decides it, and nothing is unsure.
func TestJudgeInstructionsExactly(t *testing.T) {
	ins := func(v float64) band.Measured {
		return count("instructions", band.Instructions(0.005), v)
	}
	for _, tt := range []struct {
		name       string
		head, base float64
		want       band.Verdict
		move       outcome.Move
		note       string
	}{
		{"the same work", 2991466, 2991466, band.Pass, outcome.Same, ""},
		{"within the tolerance", 2991466 * 1.004, 2991466, band.Pass, outcome.Same, ""},
		{"past it fails", 2991466 * 1.006, 2991466, band.Fail, outcome.Worse, "base 2991466 → 3009415 (+0.60%), tolerance 0.5%"},
		{"less work is better", 2991466 * 0.99, 2991466, band.Pass, outcome.Better, "base 2991466 → 2961551 (-1.0%): less work"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Judge("s", scenario.Result{Numbers: []band.Measured{ins(tt.head)}}, scenario.Result{Numbers: []band.Measured{ins(tt.base)}}, Tolerance)
			require.Len(t, got, 1)
			assert.Equal(t, tt.want, got[0].Verdict)
			assert.Equal(t, tt.move, got[0].Move)
			assert.Equal(t, tt.note, got[0].Note)
			assert.InDelta(t, tt.head/tt.base, got[0].Ratio.Value, 1e-12)
		})
	}
}

// A scenario head adds is not in base's build, whose child refuses it as
// every revision's does: its numbers are new in head, judged by their own
// bands, where the run was Broken and a pull request adding a scenario
// (or the reference job after it) could never pass.
func TestAScenarioBaseDoesNotHaveIsNewInHead(t *testing.T) {
	base := testRunner(nil)
	has := base.Command
	base.Command = func(name string) *exec.Cmd {
		if name == "0s/added" {
			return exec.Command("sh", "-c", `echo 'prog: unknown scenario "0s/added" (valid: 0s/same)' >&2; exit 2`)
		}
		return has(name)
	}
	o, err := Run(context.Background(), []string{"0s/same", "0s/added"}, runOptions{Head: testRunner(nil), Base: base, Pairs: 8})
	require.NoError(t, err)
	require.Len(t, o.Scenarios, 2)
	added := o.Scenarios[1]
	assert.Empty(t, added.Broken)
	require.Len(t, added.Numbers, 1)
	assert.Equal(t, outcome.New, added.Numbers[0].Move)
	assert.Equal(t, band.Pass, o.Verdict)

	// Any other failure of base's child stays Broken.
	base.Command = func(name string) *exec.Cmd { return exec.Command("sh", "-c", "echo boom >&2; exit 2") }
	o, err = Run(context.Background(), []string{"0s/added"}, runOptions{Head: testRunner(nil), Base: base, Pairs: 8})
	require.NoError(t, err)
	assert.Equal(t, band.Broken, o.Verdict)
}
