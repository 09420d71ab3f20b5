package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/latency"
	"github.com/perfbench/perfbench/paired"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/runner"
	"github.com/perfbench/perfbench/scenario"
)

func init() {
	subcommands = append(subcommands, newScenariosCmd, newScenarioCmd, newScenarioChildCmd)
}

// scenarioNames returns the scenarios `perfbench scenarios` and `perfbench
// perf` run when none is named: every registered one. Tests swap it for
// scenarios of their own.
var scenarioNames = scenario.Names

// scenarioRunner returns the runner the commands use (this binary, one
// process per scenario) and its progress bar over total scenarios, drawn
// on stderr when it is a terminal; call done on the bar when the runs are
// over.
//
// Each scenario runs in repeats processes, interleaved round by round with
// the other scenarios'.
func scenarioRunner(s *streams, timeout time.Duration, total, repeats int) (*runner.Runner, *progress) {
	r := &runner.Runner{Timeout: timeout, Repeats: repeats}
	bar := s.progress(total, "scenarios")
	if bar != nil {
		r.Progress = bar
	}
	return r, bar
}

// scenarioArgs checks scenario names given on the command line; none means
// every scenario.
func scenarioArgs(args []string) ([]string, error) {
	if len(args) == 0 {
		return scenarioNames(), nil
	}
	for _, name := range args {
		if _, err := scenario.Lookup(name); err != nil {
			return nil, usageError{err}
		}
	}
	return args, nil
}

// scenarioModuleRoot returns the nearest directory at or above the working
// directory that holds a go.mod, or "" where there is none.
func scenarioModuleRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// ratchetPath resolves a file flag: as given when set, otherwise def
// under the module root. It returns the path relative to the working
// directory where it can, so messages name it the way a reader would.
func ratchetPath(flag, def, name string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	root := scenarioModuleRoot()
	if root == "" {
		return "", usagef("no go.mod in the working directory or above it, so %s has no default; run from the module or pass --%s", def, name)
	}
	p := filepath.Join(root, filepath.FromSlash(def))
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			return rel, nil
		}
	}
	return p, nil
}

// refuseTraced refuses to judge or record times while the latency trace is
// on: writing a mark at every stage of every frame made frames several
// times slower (hover-storm 2.47 µs against a 0.60 µs baseline), so a band
// would fail, or a baseline be recorded, on the cost of the tracing itself.
func refuseTraced(command string) error {
	if path := os.Getenv(latency.EnvVar); path != "" {
		return usagef("%s is set (%s): tracing slows every frame, so %s refuses to judge or record its times; unset it, or trace one scenario with perfbench scenario NAME (its process writes %s)",
			latency.EnvVar, path, command, runner.TracePath(path, "NAME"))
	}
	return nil
}

// ratchetErr maps the ratchet's input errors to usage errors (exit 2).
func ratchetErr(err error) error {
	var ie *ratchet.InputError
	if errors.As(err, &ie) {
		return usageError{err}
	}
	return err
}

func newScenariosCmd(s *streams) *cobra.Command {
	var (
		asJSON     bool
		advisory   bool
		format     string
		count      int
		baselines  string
		timeout    time.Duration
		rend       string
		repeats    int
		base       string
		baseBins   []string
		headBins   []string
		layouts    int
		pairs      int
		budget     time.Duration
		failUnsure bool
	)
	cmd := &cobra.Command{
		Use:   "scenarios [NAME...]",
		Short: "Run every scenario, each in its own process, and judge its bands",
		Long: `Run every scenario (or those named), each in --repeats fresh processes of
this binary interleaved with the other scenarios', and print one row per
number: its value, its band and the band's verdict, and the budget the
design wrote with the budget's verdict.

A count must be the same in every process. A time is the median over the
processes of each one's fastest sample (the least disturbed by the
machine's other work), with a 95% confidence interval from a two-level
bootstrap (processes, then samples within each); the clock that takes it
is the drawing thread's CPU time (timed in batches where one frame is
shorter than a few clock reads); the wall-clock median is shown beside. Each time's tolerance is derived from its
measured run-to-run spread under load, shown in its band.

Counts are judged exactly against their bands: a ceiling (≤) for work
done, a floor (≥) for work avoided, so that a lost skip fails, or an exact
value (=). Times are judged against this
machine's baselines in the baselines file, which only ` + "`perfbench perf`" + `
records; a machine with none reports its times unbaselined. A time over
its limit whose interval straddles the limit is measured once more in a
fresh process before it is called a failure. Nothing is written.

Scenarios: ` + strings.Join(scenario.Names(), " ") + `

--format markdown prints a report for a pull request's job summary or
comment instead: the verdict first, then only the numbers that failed, broke
or moved (a time whose interval lies at least 10% from its baseline, a count
under its ceiling) with their band, interval and ratio to the baseline, then
the full table, collapsed.

--format benchfmt prints the Go benchmark format instead, so two runs
compare with benchstat: under a goos/goarch/cpu/pkg header, each scenario
under its own "scenario: NAME" configuration line (so benchstat never puts
two scenarios in one table or geomean), one line per run, each number a
value-unit pair; every count's unit is marked assume=exact, so benchstat
prints a count as one exact value. --count runs everything that many
times, giving benchstat samples to work with.

--base REF (a git revision) or --base-binary PATH is the pull-request
mode: the base revision is extracted into a temporary directory and built
with this binary's Go toolchain (the working tree must be clean), then
head (this binary) and base processes run alternately, --pairs pairs per
scenario, after which the run looks at the scenario's times. Every time is
judged by how many times longer head's processes' fastest samples are than
base's: the Hodges–Lehmann estimate (the median of every head/base ratio
of fastest samples) and the Mann–Whitney test that goes with it. A time
fails when the test shows it more than 1+3% slower, passes when it shows
it less, and is otherwise unsure: its scenario then runs on to twice as
many pairs and looks again, up to 200, while its pairs have taken less
than --budget. The chance of failing any time when none is slower than
the tolerance is 2.5% for the whole suite (Holm's procedure over its
times, split over the looks). An unsure time after the last look is
listed first and does not fail the run unless --fail-unsure; too few
pairs to fail a time is broken. Every count is judged by its band's
direction: a ceiling's rise, a floor's fall or an exact count's move
fails, a move the other way is listed as an improvement. The report says
what each time's run could have seen ("this run could see ≥ 1.04×").
--layouts N builds each side N times, all but the first with
-ldflags=-randlayout=SEED, and spreads the pairs over the builds, so an
accident of one build's code layout is one share of the pairs rather
than the verdict; --base-binary and --head-binary take such builds as
lists. The order within each pair is drawn at random. The baselines file
is not read. An unknown revision, a dirty tree or a base
that does not build is a usage error (exit 2) and touches no file.

Exit status: 0 every band passed (or is unbaselined), 1 a band failed or a
scenario broke, 2 usage or input error.`,
		Example: "  perfbench scenarios\n  perfbench scenarios hover-storm scroll --json\n" +
			"  perfbench scenarios --base main\n  perfbench scenarios --base-binary ./perfbench-old hover-storm\n" +
			"  perfbench scenarios --format benchfmt --count 6 > new.txt\n" +
			"  benchstat old.txt new.txt",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := refuseTraced("scenarios"); err != nil {
				return err
			}
			names, err := scenarioArgs(args)
			if err != nil {
				return err
			}
			switch {
			case format != "table" && format != "markdown" && format != "benchfmt":
				return usagef("--format %q: want table, markdown or benchfmt", format)
			case format != "table" && asJSON:
				return usagef("--json and --format %s are two different outputs; pick one", format)
			case count < 1:
				return usagef("--count must be at least 1, got %d", count)
			case count > 1 && format != "benchfmt":
				return usagef("--count is for --format benchfmt, which benchstat reads as samples")
			case repeats < 1:
				return usagef("--repeats must be at least 1, got %d", repeats)
			case base != "" && len(baseBins) > 0:
				return usagef("--base and --base-binary both name a base; pick one")
			case len(headBins) > 0 && base == "" && len(baseBins) == 0:
				return usagef("--head-binary names head builds for a paired run; give --base or --base-binary too")
			case layouts < 1:
				return usagef("--layouts must be at least 1, got %d", layouts)
			case layouts > 1 && base == "":
				return usagef("--layouts builds each side with --base REF; with --base-binary, list the builds (--base-binary a,b,c --head-binary x,y,z)")
			case (base != "" || len(baseBins) > 0) && format == "benchfmt":
				return usagef("--base compares two builds; it prints a table, --json or --format markdown, not --format %s", format)
			case pairs < 2:
				return usagef("--pairs must be at least 2 (a ratio's interval needs two pairs), got %d", pairs)
			case budget < 0:
				return usagef("--budget must not be negative, got %s", budget)
			case (base != "" || len(baseBins) > 0) && rend != "null":
				return usagef("--base runs the null renderer; --renderer %s is for baseline runs", rend)
			}
			if base != "" || len(baseBins) > 0 {
				return runPaired(cmd.Context(), s, names, &runner.Runner{Timeout: timeout, Repeats: 1}, base, baseBins, headBins, layouts,
					paired.Options{Pairs: pairs, Budget: budget, FailUnsure: failUnsure}, asJSON, format == "markdown")
			}
			path, err := ratchetPath(baselines, ratchet.DefaultBaselines, "baselines")
			where := "under the module root"
			if err != nil {
				// Outside a module there are no baselines to judge
				// against: every time is unbaselined.
				path, where = ratchet.DefaultBaselines, "no go.mod in the working directory or above it, so relative to the working directory"
			}
			// Say where the default was looked for when it is not there;
			// a --baselines FILE that does not exist yet is the caller's.
			if _, err := os.Stat(path); baselines == "" && errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintf(s.err, "perfbench: no baselines file at %s (%s): every time is unbaselined; run from the perfbench module, or pass --baselines FILE\n", path, where)
			}
			runner, bar := scenarioRunner(s, timeout, len(names)*count, repeats)
			defer bar.done()
			key, err := scenarioRenderer(runner, rend)
			if err != nil {
				return err
			}
			// Every scenario of the binary is known, not only those
			// named: a baseline of another is no error.
			known := scenarioNames()
			for _, n := range names {
				if !slices.Contains(known, n) {
					known = append(known, n)
				}
			}
			opts := ratchet.Options{Baselines: path, Scenarios: names, Known: known, ReadOnly: true, Machine: machineWith(key), AdvisoryTimes: advisory}
			if format == "benchfmt" {
				return scenariosBenchfmt(cmd.Context(), s, runner, opts, count)
			}
			o, err := ratchet.Run(cmd.Context(), opts, harness.Measure(runner, names))
			if err != nil {
				return ratchetErr(err)
			}
			switch {
			case asJSON:
				err = writeJSON(s, ratchetOutcomeJSON(o))
			case format == "markdown":
				err = writeMarkdownOutcome(s.out, "scenarios", o)
			default:
				err = writeScenarioTable(s.out, o)
			}
			if err != nil {
				return err
			}
			if o.Failed() {
				return errGateFailed
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print every judged number as JSON")
	f.BoolVar(&advisory, "advisory-times", false, "report a time over its limit without failing on it (counts and broken scenarios still fail); for a machine whose speed drifts from its baselines', where paired runs (--base) judge times")
	f.StringVar(&format, "format", "table", "output format: table, markdown (a report for a pull request's job summary) or benchfmt (the Go benchmark format, for benchstat)")
	f.IntVar(&count, "count", 1, "with --format benchfmt, run every scenario this many times")
	f.StringVar(&baselines, "baselines", "", "baselines file (default "+ratchet.DefaultBaselines+" under the module root)")
	f.DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is killed and judged broken")
	rendererFlag(cmd, &rend, "null", "renderer the scenarios draw with; its times are baselined under a machine key of their own")
	f.IntVar(&repeats, "repeats", runner.DefaultRepeats, "processes per scenario, interleaved with the other scenarios'")
	f.StringVar(&base, "base", "", "judge this binary against the build of git revision `REF`, paired (pull-request mode)")
	f.StringSliceVar(&baseBins, "base-binary", nil, "judge this binary against the perfbench binary at `PATH`, paired; several (a,b or repeated) are builds of one base, the pairs spread over them")
	f.StringSliceVar(&headBins, "head-binary", nil, "with --base or --base-binary, run these head builds (`PATH`s) instead of this binary, the pairs spread over them")
	f.IntVar(&layouts, "layouts", 1, "with --base, build each side this many times, the extra builds with -ldflags=-randlayout=SEED, and spread the pairs over them")
	f.IntVar(&pairs, "pairs", paired.DefaultPairs, "with --base, head/base process pairs per scenario before its first look at its times")
	f.DurationVar(&budget, "budget", paired.DefaultBudget, "with --base, a scenario with an unsure time runs more pairs while its pairs have taken less than this (0: exactly --pairs, one look)")
	f.BoolVar(&failUnsure, "fail-unsure", false, "with --base, fail the run when a time is still unsure after its last look (default: listed first, not failing)")
	return cmd
}

// writeScenarioTable prints a judged outcome, one row per number in the
// columns perf's report shares, and the verdict.
func writeScenarioTable(w io.Writer, o ratchet.Outcome) error {
	if err := o.WriteTable(w); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nverdict: %s\n", o.Verdict)
	return err
}

// scenarioTrimLines drops the blanks tabwriter leaves at the end of each line.
func scenarioTrimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

type scenarioOutcomeJSON struct {
	Name        string        `json:"name"`
	Verdict     band.Verdict  `json:"verdict"`
	Broken      string        `json:"broken,omitempty"`
	Remeasured  bool          `json:"remeasured,omitempty"`
	Rebaselined bool          `json:"rebaselined,omitempty"`
	Numbers     []band.Judged `json:"numbers"`
}

// ratchetMoveForm is a baseline that moved (perf only).
type ratchetMoveForm struct {
	Scenario string  `json:"scenario"`
	Number   string  `json:"number"`
	Unit     string  `json:"unit"`
	Kind     string  `json:"kind"` // recorded, lowered or rebaselined
	From     float64 `json:"from"`
	To       float64 `json:"to"`
	Why      string  `json:"why"`
}

// ratchetOutcomeForm is the --json form of scenarios and perf.
type ratchetOutcomeForm struct {
	Machine   string                `json:"machine"`
	Verdict   band.Verdict          `json:"verdict"`
	Scenarios []scenarioOutcomeJSON `json:"scenarios"`
	// The baselines that moved and the files written: perf only.
	Moves            []ratchetMoveForm `json:"moves,omitempty"`
	BaselinesWritten bool              `json:"baselines_written,omitempty"`
	HistoryWritten   bool              `json:"history_written,omitempty"`
	DocsWritten      bool              `json:"docs_written,omitempty"`
	ChartsWritten    []string          `json:"charts_written,omitempty"`
}

func ratchetOutcomeJSON(o ratchet.Outcome) ratchetOutcomeForm {
	out := ratchetOutcomeForm{Machine: o.Machine.String(), Verdict: o.Verdict,
		BaselinesWritten: o.BaselinesWritten, HistoryWritten: o.HistoryWritten, DocsWritten: o.DocsWritten, ChartsWritten: o.ChartsWritten}
	for _, m := range o.Moves {
		out.Moves = append(out.Moves, ratchetMoveForm{Scenario: m.Scenario, Number: m.Number, Unit: m.Unit,
			Kind: m.Kind.String(), From: m.From, To: m.To, Why: m.Why})
	}
	for _, sc := range o.Scenarios {
		numbers := sc.Numbers
		if numbers == nil {
			numbers = []band.Judged{}
		}
		out.Scenarios = append(out.Scenarios, scenarioOutcomeJSON{Name: sc.Name, Verdict: sc.Verdict, Broken: sc.Broken,
			Remeasured: sc.Remeasured, Rebaselined: sc.Rebaselined, Numbers: numbers})
	}
	return out
}

// scenarioBrokenReason says why a scenario judged Broken.
func scenarioBrokenReason(sc ratchet.ScenarioOutcome) string {
	if sc.Broken != "" {
		return sc.Broken
	}
	for _, n := range sc.Numbers {
		if n.BandVerdict == band.Broken {
			return n.Name + ": " + n.Reason
		}
	}
	return "no numbers"
}

func newScenarioCmd(s *streams) *cobra.Command {
	var (
		asJSON  bool
		timeout time.Duration
		rend    string
	)
	cmd := &cobra.Command{
		Use:   "scenario NAME",
		Short: "Run one scenario in its own process and print its numbers, with no verdict",
		Long: `Run one scenario in a fresh process of this binary and print what it
measured: each number's value (a count, or the median of one time per frame
with its 95% confidence interval, its range and sample count) and unit.
Nothing is judged; use perfbench scenarios for verdicts.

Scenarios: ` + strings.Join(scenario.Names(), " ") + `

Exit status: 0 measured, 1 the scenario broke (crashed, hung, printed
garbage, or its interaction did not happen), 2 usage error.`,
		Example: "  perfbench scenario hover-storm\n  perfbench scenario scroll --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := scenario.Lookup(args[0]); err != nil {
				return usageError{err}
			}
			runner, bar := scenarioRunner(s, timeout, 1, 1)
			if _, err := scenarioRenderer(runner, rend); err != nil {
				bar.done()
				return err
			}
			results, err := runner.Run(cmd.Context(), args)
			bar.done()
			if err != nil {
				return err
			}
			res := results[0]
			if asJSON {
				err = writeJSON(s, scenarioResultJSON(res))
			} else {
				err = writeScenarioResult(s.out, res)
			}
			if err != nil {
				return err
			}
			if res.Broken != "" {
				return errGateFailed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the numbers, with every sample, as JSON")
	cmd.Flags().DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long the scenario's process may run before it is killed and judged broken")
	rendererFlag(cmd, &rend, "null", "renderer the scenario draws with")
	return cmd
}

// scenarioMeasured is one number of one scenario's run, with its
// statistics and no verdict.
type scenarioMeasured struct {
	Name   string    `json:"name"`
	Unit   string    `json:"unit"`
	Band   band.Band `json:"band"`
	N      int       `json:"n"`
	Median *float64  `json:"median"` // null when the number is missing
	// Lo and Hi bound the median's 95% confidence interval; Min and Max
	// are the extreme samples. All null for a count or a missing number.
	Lo      *float64  `json:"lo,omitempty"`
	Hi      *float64  `json:"hi,omitempty"`
	Min     *float64  `json:"min,omitempty"`
	Max     *float64  `json:"max,omitempty"`
	Samples []float64 `json:"samples"`
}

type scenarioResultForm struct {
	Name    string             `json:"name"`
	Steps   int                `json:"steps"`
	Broken  string             `json:"broken,omitempty"`
	Numbers []scenarioMeasured `json:"numbers"`
}

// scenarioResultJSON computes each number's median, interval and range.
func scenarioResultJSON(res scenario.Result) scenarioResultForm {
	out := scenarioResultForm{Name: res.Name, Steps: res.Steps, Broken: res.Broken, Numbers: []scenarioMeasured{}}
	finite := func(v float64) *float64 {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil
		}
		return &v
	}
	for _, m := range res.Numbers {
		n := scenarioMeasured{Name: m.Name, Unit: m.Unit, Band: m.Band, N: len(m.Samples), Samples: m.Samples}
		if n.Samples == nil {
			n.Samples = []float64{}
		}
		if len(m.Samples) > 0 {
			// Judged only for its statistics: the verdicts are not shown.
			j := band.Judge(band.Measured{Spec: band.Spec{Band: band.Time(0)}, Samples: m.Samples})
			if m.Band.Kind == band.KindCount {
				j.Median = m.Samples[0]
			}
			n.Median = finite(j.Median)
			if m.Band.Kind == band.KindTime {
				n.Lo, n.Hi = finite(j.Lo), finite(j.Hi)
				n.Min, n.Max = finite(slices.Min(m.Samples)), finite(slices.Max(m.Samples))
			}
		}
		out.Numbers = append(out.Numbers, n)
	}
	return out
}

// writeScenarioResult prints one scenario's numbers without verdicts.
func writeScenarioResult(w io.Writer, res scenario.Result) error {
	var b strings.Builder
	steps := "steps"
	if res.Steps == 1 {
		steps = "step"
	}
	fmt.Fprintf(&b, "scenario %s: %d %s\n", res.Name, res.Steps, steps)
	if res.Broken != "" {
		fmt.Fprintf(&b, "broken: %s\n", strings.Join(strings.Fields(res.Broken), " "))
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "number\tvalue\tunit\tspread")
	num := func(p *float64) string {
		if p == nil {
			return "∞"
		}
		return band.Format(*p)
	}
	for _, n := range scenarioResultJSON(res).Numbers {
		value, spread := "missing", "—"
		if n.Median != nil {
			value = band.Format(*n.Median)
		}
		if n.Min != nil {
			spread = fmt.Sprintf("[%s, %s] n=%d, range [%s, %s]", num(n.Lo), num(n.Hi), n.N, num(n.Min), num(n.Max))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", n.Name, value, n.Unit, spread)
	}
	tw.Flush()
	_, err := io.WriteString(w, scenarioTrimLines(b.String()))
	return err
}

func newScenarioChildCmd(s *streams) *cobra.Command {
	var rend string
	cmd := &cobra.Command{
		Use:    runner.ChildCommand + " NAME",
		Short:  "Run one scenario in this process and print its result as JSON (the runner's child)",
		Hidden: true,
		Args:   cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts := scenario.Options{}
			if rend != "null" {
				if err := checkRendererName(rend); err != nil {
					return err
				}
				opts.Renderer = rend
			}
			if err := runner.ServeChild(s.out, args[0], opts); err != nil {
				var ue *scenario.UnknownError
				if errors.As(err, &ue) {
					return usageError{err}
				}
				return err
			}
			return nil
		},
	}
	// Not rendererFlag: the child draws with what its parent passes, never
	// with what PERFBENCH_GPU would choose.
	cmd.Flags().StringVar(&rend, "renderer", "null", "renderer the scenario draws with")
	return cmd
}
