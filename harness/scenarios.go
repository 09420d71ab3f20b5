package harness

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/measure/affinity"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// benchfmtPackage is the benchmark format's pkg: the package whose model
// every scenario's numbers follow, whichever program declared them.
const benchfmtPackage = "github.com/perfbench/perfbench/scenario"

// refuseTraced refuses to judge or record times while the latency trace is
// on: writing a mark at every stage of every frame made frames several
// times slower (hover-storm 2.47 µs against a 0.60 µs baseline), so a band
// would fail, or a baseline be recorded, on the cost of the tracing itself.
func (h *front) refuseTraced(command string) error {
	if path := os.Getenv(latency.EnvVar); path != "" {
		return usagef("%s is set (%s): tracing slows every frame, so %s refuses to judge or record its times; unset it, or trace one scenario with %s scenario NAME (its process writes %s)",
			latency.EnvVar, path, command, h.program, runner.TracePath(path, "NAME"))
	}
	return nil
}

// format reads --format and --json into one report format; allowed are
// the formats the command offers.
func format(name string, asJSON bool, allowed ...report.Format) (report.Format, error) {
	f := report.Format(name)
	ok := false
	var words []string
	for _, a := range allowed {
		ok = ok || a == f
		words = append(words, string(a))
	}
	switch {
	case !ok && name == "gab" && slices.Contains(allowed, report.GABTimes):
		return "", usagef("--format gab: github-action-benchmark alerts at one threshold a file, so each kind of number has "+
			"its own format: %s (docs/trackers.md)", strings.Join(formatWords(report.GABFormats), ", "))
	case !ok:
		return "", usagef("--format %q: want %s or %s", name, strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
	case asJSON && f != report.Table && f != report.JSON:
		return "", usagef("--json and --format %s are two different outputs; pick one", name)
	case asJSON:
		return report.JSON, nil
	}
	return f, nil
}

// commandFormats are what each command's --format takes, in the order
// its help and its refusal of another list them.
var commandFormats = map[string][]report.Format{
	"scenarios": slices.Concat([]report.Format{report.Table, report.Markdown, report.Benchfmt, report.BMF},
		report.GABFormats, []report.Format{report.JSON}),
	"perf":      {report.Table, report.Markdown, report.JSON},
	"reference": {report.Table, report.Markdown, report.JSON},
}

func formatWords(fs []report.Format) []string {
	var words []string
	for _, f := range fs {
		words = append(words, string(f))
	}
	return words
}

// write prints the report in f, writes its exports (nil: none), and
// returns ErrFailed when it failed.
func (h *front) write(cmd *cobra.Command, r *report.Report, f report.Format, ex *exports) error {
	if err := r.Write(cmd.OutOrStdout(), cmd.ErrOrStderr(), f); err != nil {
		return err
	}
	if ex != nil {
		if err := ex.write(r, cmd.ErrOrStderr()); err != nil {
			return err
		}
	}
	if r.Failed() {
		return ErrFailed
	}
	return nil
}

// renderer adds --renderer to cmd, when the program has renderers.
func (h *front) renderer(cmd *cobra.Command, name *string, help string) {
	rs := h.opts.Renderers
	if rs == nil {
		return
	}
	def := rs.Plain
	if rs.Default != nil {
		def = rs.Default()
	}
	cmd.Flags().StringVar(name, "renderer", def, help+rs.Help)
}

// openRenderer asks the program what the named renderer is here (its
// device there, proved to start) and points the runner's children at it;
// it returns the machine key's renderer part. The children make the
// renderer; this process makes none.
func (h *front) openRenderer(r *runner.Runner, name string) (string, error) {
	rs := h.opts.Renderers
	if rs == nil || name == rs.Plain {
		return "", nil
	}
	key, err := rs.Open(name)
	if err != nil {
		return "", err
	}
	r.Renderer = name
	return key, nil
}

// plain reports whether name is the program's plain renderer (or the
// program has no choice).
func (h *front) plain(name string) bool {
	return h.opts.Renderers == nil || name == h.opts.Renderers.Plain
}

// machine returns this machine's key with the renderer part.
func machine(rendererKey string) baselines.Machine {
	m := baselines.DetectMachine()
	m.Renderer = rendererKey
	return m
}

func (h *front) baselinesDefault() string {
	if h.opts.Baselines != "" {
		return h.opts.Baselines
	}
	return baselines.DefaultFile
}

func (h *front) docsDefault() string {
	if h.opts.Docs != "" {
		return h.opts.Docs
	}
	return perfdocs.DefaultFile
}

// scenariosFlags are scenarios' flags, as the command line set them.
type scenariosFlags struct {
	asJSON       bool
	wide         bool
	advisory     bool
	formatArg    string
	count        int
	baselines    string
	timeout      time.Duration
	rend         string
	repeats      int
	base         string
	baseBins     []string
	headBins     []string
	layouts      int
	pairs        int
	budget       time.Duration
	failUns      bool
	tolerance    float64
	ex           *exports
	instructions string
	profiles     string
}

func (h *front) scenariosCmd() *cobra.Command {
	var sf scenariosFlags
	p := h.program
	cmd := &cobra.Command{
		Use:   "scenarios [NAME...]",
		Short: "Run every scenario, each in its own process, and judge its bands",
		Long: `Run every scenario (or those named), each in fresh processes of this
binary, and judge each number against its band: a count exactly, instructions
and times against their baselines. Nothing is written. With --base REF, head
is judged against a build of REF instead, in pairs.

Scenarios: ` + strings.Join(h.names(), " ") + `

Exit status: 0 pass or unbaselined, 1 a band failed or a scenario broke,
2 usage or input error. Details: perfbench's docs/scenarios.md,
docs/paired.md and docs/formats.md.`,
		Example: "  " + p + " scenarios\n  " + p + " scenarios NAME --json\n" +
			"  " + p + " scenarios --base main\n  " + p + " scenarios --base-binary ./" + p + "-old NAME\n" +
			"  " + p + " scenarios --format benchfmt --count 6 > new.txt\n" +
			"  go run golang.org/x/perf/cmd/benchstat@latest old.txt new.txt",
		RunE: func(cmd *cobra.Command, args []string) error { return h.scenarios(cmd, args, &sf) },
	}
	fl := cmd.Flags()
	fl.BoolVar(&sf.asJSON, "json", false, "print every judged number as JSON (--format json)")
	fl.BoolVarP(&sf.wide, "wide", "v", false, "every column: sample counts, wall clock, each band's derivation, notes")
	fl.BoolVar(&sf.advisory, "advisory-times", false, "report a time over its limit without failing on it; counts still fail")
	fl.StringVar(&sf.formatArg, "format", "table", "output format: table, markdown, benchfmt, bmf, gab-times, gab-counts, gab-floors, gab-instructions (docs/trackers.md) or json")
	fl.IntVar(&sf.count, "count", 1, "with --format benchfmt, run every scenario this many times")
	addInstructionsFlag(fl, &sf.instructions)
	addProfilesFlag(fl, &sf.profiles)
	sf.ex = addExports(fl, slices.Concat([]report.Format{report.Markdown, report.JSON, report.Benchfmt, report.BMF}, report.GABFormats)...)
	fl.StringVar(&sf.baselines, "baselines", "", "baselines file (default "+h.baselinesDefault()+" under the module root)")
	fl.DurationVar(&sf.timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is judged broken")
	h.renderer(cmd, &sf.rend, "renderer the scenarios draw with, baselined apart")
	fl.IntVar(&sf.repeats, "repeats", runner.DefaultRepeats, "processes per scenario, interleaved with the other scenarios'")
	fl.StringVar(&sf.base, "base", "", "judge this binary against the build of git revision `REF`, paired (pull-request mode)")
	fl.StringSliceVar(&sf.baseBins, "base-binary", nil, "judge this binary against the base build(s) at `PATH`, paired")
	fl.StringSliceVar(&sf.headBins, "head-binary", nil, "with --base, run these head builds (`PATH`s) instead of this binary")
	fl.Float64Var(&sf.tolerance, "tolerance", paired.Tolerance, "with --base, how much slower a time may be shown before it fails")
	fl.IntVar(&sf.layouts, "layouts", paired.DefaultLayouts, "with --base, builds of each side, each with another code layout")
	fl.IntVar(&sf.pairs, "pairs", paired.DefaultPairs, "with --base, process pairs per scenario before its first look")
	fl.DurationVar(&sf.budget, "budget", paired.DefaultBudget, "with --base, how long an unsure scenario may run more pairs (0: one look)")
	fl.BoolVar(&sf.failUns, "fail-unsure", false, "with --base, fail when a time is still unsure after its last look")
	return Declare(cmd, h.scenariosRules()...)
}

// scenarios judges the scenarios named (every one without names) against
// their bands, or, given a base, head against base in pairs, and writes
// the report.
func (h *front) scenarios(cmd *cobra.Command, args []string, sf *scenariosFlags) error {
	if err := h.refuseTraced("scenarios"); err != nil {
		return err
	}
	names, err := h.args(args)
	if err != nil {
		return err
	}
	f, err := format(sf.formatArg, sf.asJSON, commandFormats["scenarios"]...)
	if err != nil {
		return err
	}
	// No export may name a file perfbench keeps, whether or not this run
	// reads it.
	bkept, _ := filePath(sf.baselines, h.baselinesDefault(), "baselines")
	dkept, _ := filePath("", h.docsDefault(), "docs")
	if bkept == "" {
		bkept = h.baselinesDefault()
	}
	if err := sf.ex.guard(keptFiles(bkept, dkept)...); err != nil {
		return err
	}
	if sf.base != "" || len(sf.baseBins) > 0 {
		return h.scenariosPaired(cmd, names, sf, f)
	}
	if err := sf.ex.check((&report.Report{}).Supports, "scenarios"); err != nil {
		return err
	}
	rep, err := h.scenariosJudged(cmd, names, sf)
	if err != nil {
		return err
	}
	return h.write(cmd, rep, f, sf.ex)
}

// scenariosPaired judges head against base, in pairs.
func (h *front) scenariosPaired(cmd *cobra.Command, names []string, sf *scenariosFlags, f report.Format) error {
	if err := sf.ex.check((&report.Report{Outcome: outcome.Outcome{Against: outcome.Base}}).Supports, "a paired run (--base)"); err != nil {
		return err
	}
	counter, err := newCounting(cmd.Context(), sf.instructions, runner.Runner{Timeout: countTimeout(cmd, sf.timeout)}, cmd.ErrOrStderr(), h.program)
	if err != nil {
		return err
	}
	counter.writeProfilesTo(sf.profiles)
	return h.runPaired(cmd, pairedSpec{names: names, timeout: sf.timeout, ref: sf.base, refName: "--base " + sf.base, binFlag: "--base-binary",
		bins: sf.baseBins, heads: sf.headBins, layouts: sf.layouts, opts: paired.Options{Pairs: sf.pairs, Budget: sf.budget, FailUnsure: sf.failUns, Tolerance: sf.tolerance},
		count: counter}, f, sf.ex)
}

// scenariosJudged judges the scenarios against their bands, --count times
// over, reading the baselines and writing nothing, and returns the report
// of the last run with the earlier ones.
func (h *front) scenariosJudged(cmd *cobra.Command, names []string, sf *scenariosFlags) (*report.Report, error) {
	path := h.scenariosBaselines(cmd.ErrOrStderr(), sf.baselines)
	r, bar := h.runner(cmd, sf.timeout, len(names)*sf.count, sf.repeats, countedBar(sf.instructions, names)*sf.count)
	defer bar.Done()
	key, err := h.openRenderer(r, sf.rend)
	if err != nil {
		return nil, err
	}
	counter, err := newCounting(cmd.Context(), sf.instructions, runner.Runner{Timeout: countTimeout(cmd, sf.timeout)}, cmd.ErrOrStderr(), h.program)
	if err != nil {
		return nil, err
	}
	counter.show(bar.counting())
	counter.countTogether(h.opts.CountTogether)
	// A verdict-only run: the baselines read, nothing opened for
	// writing, no lock.
	rule := ratchet.Rule{Scenarios: names, Known: h.known(names), AdvisoryTimes: sf.advisory, Program: h.program}
	stored, err := ratchet.Load(path, rule.Known)
	if err != nil {
		return nil, h.ratchetErr(err)
	}
	j := judging{stored: stored, scope: ratchet.Scope{Machine: machine(key), Toolchain: counter.key()}, rule: rule}
	rep := &report.Report{Program: h.program, Command: "scenarios", Package: benchfmtPackage, Terminal: terminalFor(cmd.OutOrStdout(), sf.wide)}
	for k := range sf.count {
		o, _, err := judged(cmd.Context(), j, r, counter, names)
		if err != nil {
			return nil, h.ratchetErr(err)
		}
		bar.judged(o, k+1, sf.count)
		if k > 0 {
			rep.Earlier = append(rep.Earlier, rep.Outcome)
		}
		rep.Outcome = o
	}
	counter.writeProfilesTo(sf.profiles)
	if err := counter.explainBands(cmd.Context(), &rep.Outcome, path); err != nil {
		return nil, err
	}
	if err := explainBandsSites(cmd.Context(), &rep.Outcome, r, sf.profiles); err != nil {
		return nil, err
	}
	return rep, nil
}

// scenariosBaselines is the baselines file a run judges against: --baselines,
// or the default under the module root, or outside a module relative to
// the working directory (where there are none, and every time is
// unbaselined). It says where the default was looked for when it is not
// there; a --baselines FILE that does not exist yet is the caller's.
func (h *front) scenariosBaselines(errw io.Writer, flag string) string {
	path, err := filePath(flag, h.baselinesDefault(), "baselines")
	where := "under the module root"
	if err != nil {
		path, where = h.baselinesDefault(), "no go.mod in the working directory or above it, so relative to the working directory"
	}
	if _, err := os.Stat(path); flag == "" && errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(errw, "%s: no baselines file at %s (%s): every time is unbaselined; run from the %s module, or pass --baselines FILE\n", h.program, path, where, h.program)
	}
	return path
}

// pairedRun says whether a scenarios command line names a base.
func pairedRun(fs *pflag.FlagSet) bool {
	base, _ := fs.GetString("base")
	bins, _ := fs.GetStringSlice("base-binary")
	return base != "" || len(bins) > 0
}

// scenariosRules are what scenarios' flags must hold, in the order they
// are checked.
func (h *front) scenariosRules() []FlagRule {
	str := func(fs *pflag.FlagSet, flag string) string { return fs.Lookup(flag).Value.String() }
	rules := []FlagRule{
		IntRange("count", 1, maxCount, ""),
		Refuse(func(fs *pflag.FlagSet) bool {
			n, _ := fs.GetInt("count")
			return n > 1 && str(fs, "format") != string(report.Benchfmt) && str(fs, "export-benchfmt") == ""
		}, "--count is for --format benchfmt (or --export-benchfmt), which benchstat reads as samples"),
		IntRange("repeats", 1, maxRepeats, ""),
		Refuse(func(fs *pflag.FlagSet) bool { return fs.Changed("base") && strings.TrimSpace(str(fs, "base")) == "" },
			"--base needs a git revision (a branch, a tag or a commit) to build the base from; it was empty"),
		Excludes("base", "base-binary", "--base and --base-binary both name a base; pick one"),
		Refuse(func(fs *pflag.FlagSet) bool { return fs.Changed("head-binary") && !pairedRun(fs) },
			"--head-binary names head builds for a paired run; give --base or --base-binary too"),
		Refuse(func(fs *pflag.FlagSet) bool { t, _ := fs.GetFloat64("tolerance"); return !(t > 0 && t < 1) },
			"--tolerance must be a fraction above 0 and below 1, got %s", "tolerance"),
		IntRange("layouts", 1, maxLayouts, ""),
		Refuse(func(fs *pflag.FlagSet) bool {
			n, _ := fs.GetInt("layouts")
			return n > 1 && fs.Changed("layouts") && str(fs, "base") == ""
		},
			"--layouts builds each side with --base REF; with --base-binary, list the builds (--base-binary a,b,c --head-binary x,y,z)"),
		Refuse(func(fs *pflag.FlagSet) bool {
			f := str(fs, "format")
			return pairedRun(fs) && str(fs, "json") != "true" && f != string(report.Table) && f != string(report.Markdown) && f != string(report.JSON)
		}, "--base compares two builds; it prints a table, --json or --format markdown, not --format %s", "format"),
		IntRange("pairs", 2, maxPairs, "a ratio's interval needs two pairs"),
	}
	if rs := h.opts.Renderers; rs != nil {
		rules = append(rules, Refuse(func(fs *pflag.FlagSet) bool { return pairedRun(fs) && str(fs, "renderer") != rs.Plain },
			"--base runs the "+rs.Plain+" renderer; --renderer %s is for baseline runs", "renderer"))
	}
	return append(rules,
		Positive("timeout", maxTimeout, "how long one scenario's process may run"),
		Between("budget", 0, maxBudget, "how long a scenario's unsure times may run more pairs"),
		// A paired run judges head against base: what sizes a baseline
		// run has no say in it.
		NotIn(pairedRun, "is for a run judged against baselines; a paired run (--base, --base-binary) runs --pairs pairs of head and base",
			"repeats", "baselines", "advisory-times"),
		OnlyIn("a paired run (--base REF or --base-binary PATH)", pairedRun, "pairs", "budget", "fail-unsure", "layouts", "head-binary", "tolerance"),
	)
}

func (h *front) scenarioCmd() *cobra.Command {
	var (
		asJSON       bool
		timeout      time.Duration
		rend         string
		stderr       bool
		instructions string
	)
	cmd := &cobra.Command{
		Use:   "scenario NAME",
		Short: "Run one scenario in its own process and print its numbers, with no verdict",
		Long: `Run one scenario in a fresh process of this binary and print what it
measured: each number's value, with a time's interval and spread, and, where
Valgrind is installed, the instructions its steps retired, counted in one
more process under Callgrind. Nothing is judged; ` + h.program + ` scenarios judges.

Scenarios: ` + strings.Join(h.names(), " ") + `

Exit status: 0 measured, 1 the scenario broke, 2 usage error.
Details: perfbench's docs/scenarios.md.`,
		Example: "  " + h.program + " scenario NAME\n  " + h.program + " scenario NAME --json\n  " +
			h.program + " scenario NAME --stderr   # show the process's own prints",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := scenario.Lookup(args[0]); err != nil {
				return UsageError{err}
			}
			r, bar := h.runner(cmd, timeout, 1, 1, countedBar(instructions, args))
			defer bar.Done()
			if stderr {
				r.Stderr = cmd.ErrOrStderr()
			}
			if _, err := h.openRenderer(r, rend); err != nil {
				return err
			}
			counter, err := newCounting(cmd.Context(), instructions, runner.Runner{Timeout: countTimeout(cmd, timeout), Renderer: r.Renderer},
				cmd.ErrOrStderr(), h.program)
			if err != nil {
				return err
			}
			counter.show(bar.counting())
			results, err := r.Run(cmd.Context(), args)
			if err != nil {
				return err
			}
			if results, err = counter.add(cmd.Context(), results); err != nil {
				return err
			}
			bar.Done()
			f := report.Table
			if asJSON {
				f = report.JSON
			}
			return h.write(cmd, &report.Report{Program: h.program, Command: "scenario", Outcome: outcome.Measured(results[0])}, f, nil)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the numbers, with every sample, as JSON")
	cmd.Flags().BoolVar(&stderr, "stderr", false, "show the scenario's process's stderr (a program's own prints, a step's debug output), each line led by the scenario's name")
	cmd.Flags().DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long the scenario's process may run before it is killed and judged broken")
	h.renderer(cmd, &rend, "renderer the scenario draws with")
	addInstructionsFlag(cmd.Flags(), &instructions)
	return Declare(cmd, Positive("timeout", maxTimeout, "how long one scenario's process may run"))
}

func (h *front) childCmd() *cobra.Command {
	var rend string
	cmd := &cobra.Command{
		Use:    runner.ChildCommand + " NAME...",
		Short:  "Run scenarios in this process and print each result as a line of JSON (the runner's child)",
		Hidden: true,
		Args:   cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts := scenario.Options{}
			switch {
			case rend == "":
			case h.opts.Renderers == nil:
				return usagef("--renderer %s: %s draws with no choice of renderer", rend, h.program)
			case !h.plain(rend):
				if err := h.opts.Renderers.Check(rend); err != nil {
					return err
				}
				opts.Renderer = rend
			}
			if err := affinity.FromEnv(); err != nil {
				return UsageError{err}
			}
			if err := runner.ServeChildren(cmd.OutOrStdout(), args, opts); err != nil {
				var ue *scenario.UnknownError
				if errors.As(err, &ue) {
					return UsageError{err}
				}
				return err
			}
			return nil
		},
	}
	// Not the renderer flag's default: the child draws with what its
	// parent passes, never with what the environment would choose.
	cmd.Flags().StringVar(&rend, "renderer", "", "renderer the scenario draws with")
	return cmd
}
