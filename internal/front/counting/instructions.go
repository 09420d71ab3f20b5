// Package counting counts a run's instructions under Valgrind beside its
// times (Counting), explains a moved count or allocation with a
// where-table from both sides' profiles, and writes a run's report to
// the files --export-FORMAT names.
package counting

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
)

// The --instructions modes.
const (
	// countAuto counts where Valgrind is installed and says, once, that
	// it did not where it is missing.
	CountAuto = "auto"
	// countRequire fails the run where Valgrind is missing.
	CountRequire = "require"
	// countOff counts nothing.
	CountOff = "off"
)

// InstructionsEnv, when set, is --instructions' default: a test suite
// that runs scenarios by the dozen sets it off, since each counted
// process runs tens of times slower under Valgrind.
const InstructionsEnv = "PERFBENCH_INSTRUCTIONS"

// addInstructionsFlag adds --instructions to fl.
func AddInstructionsFlag(fl *pflag.FlagSet, mode *string) {
	def := CountAuto
	if v := os.Getenv(InstructionsEnv); v != "" {
		def = v
	}
	fl.StringVar(mode, "instructions", def, "instructions under Valgrind: auto, require or off (default from "+InstructionsEnv+")")
}

// countedProcesses is how many processes count each scenario first, and
// recountedProcesses how many count it again where the ratchet asks
// (ratchet.Recounting: its instructions over their band, near it, or about
// to be recorded); the least of all its processes' counts is judged. A
// process now and then reads a few hundred instructions a step more (the
// runtime's monitor preempting a step that Valgrind has made longer than
// 10 ms), never fewer, and two seldom both: so one process decides
// nothing alone, and a scenario over its band fails only when three read
// high. Most scenarios pass with one process, which halves the time that
// counting takes.
const (
	countedProcesses   = 1
	recountedProcesses = 2
)

// counting adds to a run's results each time-carrying scenario's
// instructions a step, counted under Valgrind in processes of its own
// (runner.Runner.Instructions), once a command: a scenario measured again
// for a straddling time keeps the count it has, which its code decides.
type Counting struct {
	r         *runner.Runner
	toolchain string
	counted   map[string]scenario.Result
	log       io.Writer
	// profiles is where the profiles behind a where-table go (--profiles);
	// "" makes a temporary directory when one is needed.
	Profiles string
	// together counts the scenarios add counts in one process a CPU
	// (Options.CountTogether) rather than one a scenario.
	together bool
}

// CountTogether makes add count several scenarios in a process where the
// program says their counts there are their own (Options.CountTogether).
func (c *Counting) CountTogether(on bool) {
	if c != nil {
		c.together = on
	}
}

// writeProfilesTo sets where the profiles behind a where-table go.
func (c *Counting) WriteProfilesTo(dir string) {
	if c != nil {
		c.Profiles = dir
	}
}

// newCounting returns how a command counts instructions in mode, or nil
// for none; where Valgrind is missing, auto says so on log once and counts
// nothing, and require is a usage error.
func NewCounting(ctx context.Context, mode string, timeout runner.Runner, log io.Writer, program string) (*Counting, error) {
	switch mode {
	case CountOff:
		return nil, nil
	case CountAuto, CountRequire:
	default:
		return nil, cli.Usagef("--instructions %q: want auto, require or off", mode)
	}
	key, err := runner.Toolchain(ctx)
	switch {
	case err != nil && mode == CountRequire:
		return nil, cli.Usagef("--instructions require: %v", err)
	case err != nil:
		fmt.Fprintf(log, "%s: instructions not measured: %v\n", program, err)
		return nil, nil
	}
	r := timeout
	r.Instructions, r.Repeats, r.Progress, r.Jobs = true, countedProcesses, nil, 0
	r.Profiles = &runner.Profiles{}
	return &Counting{r: &r, toolchain: key, counted: map[string]scenario.Result{}, log: log}, nil
}

// add counts the scenarios of results that have a time and are not
// counted yet, and returns results with their instructions as numbers.
func (c *Counting) Add(ctx context.Context, results []scenario.Result) ([]scenario.Result, error) {
	if c == nil {
		return results, nil
	}
	var want []string
	for _, res := range results {
		if _, done := c.counted[res.Name]; !done && runner.Counts(res) {
			want = append(want, res.Name)
		}
	}
	if len(want) > 0 {
		var counted []scenario.Result
		var err error
		if c.together && c.r.Renderer == "" {
			counted, err = c.r.Together(ctx, groups(want, results, runtime.NumCPU()))
		} else {
			counted, err = c.r.Run(ctx, want)
		}
		if err != nil {
			return nil, err
		}
		for _, res := range counted {
			c.counted[res.Name] = res
		}
	}
	var all []scenario.Result
	for _, name := range slices.Sorted(maps.Keys(c.counted)) {
		all = append(all, c.counted[name])
	}
	return runner.WithInstructions(results, all), nil
}

// setUpCost is what counting a scenario in a shared process costs beside
// its steps, in the µs of native step time that cost as much under
// Callgrind: its set-up and first layout, translated afresh by Valgrind
// after the scenario before switched instrumentation off, about 0.3 s of
// CPU, where a step's instrumented run costs about 40 times its native
// time (resize's 24 steps, 72 ms natively, 2.9 s counted).
const setUpCost = 7500

// groups deals names into at most n groups, one counted process each
// (runner.Runner.Together), so that the processes finish together: each
// scenario, costliest first, to the group that costs least so far, a
// scenario's cost being setUpCost and the native time of its steps in
// its first timed process (results), which Callgrind's time follows.
// The group of the costliest scenario comes first, to start first.
//
// Within a group the cheapest scenario runs first, where its process is
// a fresh one: the fewer instructions a step, the more the few hundred
// that the runtime's state left by a scenario before moves weigh in it.
// Scroll's 19 000 a step read 0.08% over their baseline after
// kitchen-sink, and as in a process of their own after hover-storm;
// kitchen-sink's 0.2 to 23 M a step read alike wherever they ran.
func groups(names []string, results []scenario.Result, n int) [][]string {
	cost := map[string]float64{}
	for _, name := range names {
		cost[name] = setUpCost
		i := slices.IndexFunc(results, func(r scenario.Result) bool { return r.Name == name })
		if i < 0 {
			continue
		}
		for _, m := range results[i].Numbers {
			if !m.Band.Kind.Slowed() {
				continue
			}
			samples := m.Samples
			if len(m.Runs) > 0 {
				samples = m.Runs[0]
			}
			for _, v := range samples {
				cost[name] += v
			}
		}
	}
	byCost := slices.Clone(names)
	slices.SortStableFunc(byCost, func(a, b string) int { return cmp.Compare(cost[b], cost[a]) })
	out := make([][]string, min(n, len(names)))
	sums := make([]float64, len(out))
	for _, name := range byCost {
		k := slices.Index(sums, slices.Min(sums))
		out[k] = append(out[k], name)
		sums[k] += cost[name]
	}
	for _, g := range out {
		slices.Reverse(g)
	}
	return out
}

// recount counts names once more, in recountedProcesses fresh processes,
// and pools them with the processes that counted them before: the least
// over all of them is what is judged next.
func (c *Counting) Recount(ctx context.Context, names []string) error {
	if c == nil || len(names) == 0 {
		return nil
	}
	again := *c.r
	again.Repeats = recountedProcesses
	counted, err := again.Run(ctx, names)
	if err != nil {
		return err
	}
	for _, res := range counted {
		// A recount that cannot finish leaves the first count
		// unconfirmed: not measured, rather than a failure on one read.
		if old, ok := c.counted[res.Name]; ok && res.NotCounted == "" {
			res = pool.Runs([]scenario.Result{old, res})
		}
		c.counted[res.Name] = res
	}
	return nil
}

// show makes the counted processes report to progress as each finishes
// (a command's bar: done.counting); nil shows nothing.
func (c *Counting) Show(progress io.Writer) {
	if c != nil && progress != nil {
		c.r.Progress = progress
	}
}

// countedBar is how many counted processes a command's bar goes through
// after its timed ones: countedProcesses for each scenario of names that
// has a time, where mode counts and Valgrind is installed. Recounts, which
// few runs need, are not foreseen.
func CountedBar(mode string, names []string) int {
	if mode == CountOff {
		return 0
	}
	if _, err := callgrind.Find(); err != nil {
		return 0
	}
	return len(TimedScenarios(names)) * countedProcesses
}

// key is the toolchain key instructions are recorded under, "" when the
// command counts none.
func (c *Counting) Key() string {
	if c == nil {
		return ""
	}
	return c.toolchain
}

// countTimeout is the timeout of a counted process: --timeout where the
// command was given one, else the runner's default for counted runs
// (Valgrind runs a program tens of times slower).
func CountTimeout(cmd *cobra.Command, timeout time.Duration) time.Duration {
	if cmd.Flags().Changed("timeout") {
		return timeout
	}
	return 0
}

// of returns r made to count: under Valgrind, one process a scenario,
// with the counted timeout.
func (c *Counting) Of(r *runner.Runner) *runner.Runner {
	counted := *r
	counted.Instructions, counted.Repeats, counted.Progress, counted.Jobs = true, countedProcesses, nil, 0
	counted.Timeout = c.r.Timeout
	return &counted
}

// timedScenarios are those of names whose declaration has a time: the
// ones worth counting.
func TimedScenarios(names []string) []string {
	var out []string
	for _, name := range names {
		sc, err := scenario.Lookup(name)
		if err == nil && slices.ContainsFunc(sc.Numbers, func(n scenario.Number) bool { return n.Band.Kind.Slowed() }) {
			out = append(out, name)
		}
	}
	return out
}

// nearTolerance returns the names of the scenarios whose instructions, in
// one counted process a side, read head above base by more than half
// their tolerance on some label: the paired run counts those again in
// recountedProcesses more processes a side and judges the least of each
// side's, as a plain run recounts a count near its band. One process
// alone decides nothing: a Fyne program's steps read up to 3.5% apart
// between two processes of one build (its widgets' type assertions
// fill Go's per-site caches at a random miss), where its tolerance is 2%.
func NearTolerance(head, base []scenario.Result) []string {
	var names []string
	for _, h := range head {
		i := slices.IndexFunc(base, func(b scenario.Result) bool { return b.Name == h.Name })
		if i < 0 || h.NotCounted != "" || base[i].NotCounted != "" {
			continue
		}
		tol := band.InstructionsTolerance
		if h.InstructionsTolerance > 0 {
			tol = h.InstructionsTolerance
		}
		for _, in := range h.Instructions {
			j := slices.IndexFunc(base[i].Instructions, func(b scenario.Instructions) bool { return b.Label == in.Label })
			if j >= 0 && float64(in.Count) > float64(base[i].Instructions[j].Count)*(1+tol/2) {
				names = append(names, h.Name)
				break
			}
		}
	}
	return names
}

// RecountSide counts names again in recountedProcesses processes of r and
// pools them with counted, that side's first count: the least of each
// label's counts is what is judged. The recount's processes keep their
// profiles in r's beside the first's, which keeps for each label the
// one of the process judged (runner.Profiles). A recount that cannot
// finish leaves the first count as it was.
func RecountSide(ctx context.Context, r *runner.Runner, counted []scenario.Result, names []string) ([]scenario.Result, error) {
	again := *r
	again.Repeats = recountedProcesses
	more, err := again.Run(ctx, names)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(counted)
	for _, res := range more {
		i := slices.IndexFunc(out, func(o scenario.Result) bool { return o.Name == res.Name })
		if i >= 0 && res.NotCounted == "" {
			out[i] = pool.Runs([]scenario.Result{out[i], res})
		}
	}
	return out, nil
}
