package commands

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

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/front/revisions"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/measure/affinity"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// scenariosFlags are scenarios' flags, as the command line set them.
type scenariosFlags struct {
	asJSON       bool
	wide         bool
	advisory     bool
	formatArg    string
	Count        int
	baselines    string
	Timeout      time.Duration
	rend         string
	repeats      int
	base         string
	baseBins     []string
	headBins     []string
	Layouts      int
	pairs        int
	budget       time.Duration
	failUns      bool
	tolerance    float64
	ex           *counting.Exports
	instructions string
	Profiles     string
}

func (h *front) scenariosCmd() *cobra.Command {
	var sf scenariosFlags
	p := h.Program
	cmd := &cobra.Command{
		Use:   "scenarios [NAME...]",
		Short: "Run every scenario, each in its own process, and judge its bands",
		Long: `Run every scenario (or those named), each in fresh processes of this
binary, and judge each number against its band: a count exactly, instructions
and times against their baselines. Nothing is written. With --base REF, head
is judged against a build of REF instead, in pairs.

Scenarios: ` + strings.Join(h.Names(), " ") + `

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
	fl.IntVar(&sf.Count, "count", 1, "with --format benchfmt, run every scenario this many times")
	counting.AddInstructionsFlag(fl, &sf.instructions)
	counting.AddProfilesFlag(fl, &sf.Profiles)
	sf.ex = counting.AddExports(fl, slices.Concat([]report.Format{report.Markdown, report.JSON, report.Benchfmt, report.BMF}, report.GABFormats)...)
	fl.StringVar(&sf.baselines, "baselines", "", "baselines file (default "+h.BaselinesDefault()+" under the module root)")
	fl.DurationVar(&sf.Timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is judged broken")
	h.Renderer(cmd, &sf.rend, "renderer the scenarios draw with, baselined apart")
	fl.IntVar(&sf.repeats, "repeats", runner.DefaultRepeats, "processes per scenario, interleaved with the other scenarios'")
	fl.StringVar(&sf.base, "base", "", "judge this binary against the build of git revision `REF`, paired (pull-request mode)")
	fl.StringSliceVar(&sf.baseBins, "base-binary", nil, "judge this binary against the base build(s) at `PATH`, paired")
	fl.StringSliceVar(&sf.headBins, "head-binary", nil, "with --base, run these head builds (`PATH`s) instead of this binary")
	fl.Float64Var(&sf.tolerance, "tolerance", paired.Tolerance, "with --base, how much slower a time may be shown before it fails")
	fl.IntVar(&sf.Layouts, "layouts", paired.DefaultLayouts, "with --base, builds of each side, each with another code layout")
	fl.IntVar(&sf.pairs, "pairs", paired.DefaultPairs, "with --base, process pairs per scenario before its first look")
	fl.DurationVar(&sf.budget, "budget", paired.DefaultBudget, "with --base, how long an unsure scenario may run more pairs (0: one look)")
	fl.BoolVar(&sf.failUns, "fail-unsure", false, "with --base, fail when a time is still unsure after its last look")
	return cli.Declare(cmd, h.scenariosRules()...)
}

// scenarios judges the scenarios named (every one without names) against
// their bands, or, given a base, head against base in pairs, and writes
// the report.
func (h *front) scenarios(cmd *cobra.Command, args []string, sf *scenariosFlags) error {
	if err := h.RefuseTraced("scenarios"); err != nil {
		return err
	}
	names, err := h.Args(args)
	if err != nil {
		return err
	}
	f, err := frontend.Format(sf.formatArg, sf.asJSON, frontend.CommandFormats["scenarios"]...)
	if err != nil {
		return err
	}
	// No export may name a file perfbench keeps, whether or not this run
	// reads it.
	bkept, _ := frontend.FilePath(sf.baselines, h.BaselinesDefault(), "baselines")
	dkept, _ := frontend.FilePath("", h.DocsDefault(), "docs")
	if bkept == "" {
		bkept = h.BaselinesDefault()
	}
	if err := sf.ex.Guard(counting.KeptFiles(bkept, dkept)...); err != nil {
		return err
	}
	if sf.base != "" || len(sf.baseBins) > 0 {
		return h.scenariosPaired(cmd, names, sf, f)
	}
	if err := sf.ex.Check((&report.Report{}).Supports, "scenarios"); err != nil {
		return err
	}
	rep, err := h.scenariosJudged(cmd, names, sf)
	if err != nil {
		return err
	}
	return h.Write(cmd, rep, f, sf.ex)
}

// scenariosPaired judges head against base, in pairs.
func (h *front) scenariosPaired(cmd *cobra.Command, names []string, sf *scenariosFlags, f report.Format) error {
	if err := sf.ex.Check((&report.Report{Outcome: outcome.Outcome{Against: outcome.Base}}).Supports, "a paired run (--base)"); err != nil {
		return err
	}
	counter, err := counting.NewCounting(cmd.Context(), sf.instructions, runner.Runner{Timeout: counting.CountTimeout(cmd, sf.Timeout)}, cmd.ErrOrStderr(), h.Program)
	if err != nil {
		return err
	}
	counter.WriteProfilesTo(sf.Profiles)
	return h.RunPaired(cmd, revisions.PairedSpec{Names: names, Timeout: sf.Timeout, Ref: sf.base, RefName: "--base " + sf.base, BinFlag: "--base-binary",
		Bins: sf.baseBins, Heads: sf.headBins, Layouts: sf.Layouts, Opts: paired.Options{Pairs: sf.pairs, Budget: sf.budget, FailUnsure: sf.failUns, Tolerance: sf.tolerance},
		Count: counter}, f, sf.ex)
}

// scenariosJudged judges the scenarios against their bands, --count times
// over, reading the baselines and writing nothing, and returns the report
// of the last run with the earlier ones.
func (h *front) scenariosJudged(cmd *cobra.Command, names []string, sf *scenariosFlags) (*report.Report, error) {
	path := h.scenariosBaselines(cmd.ErrOrStderr(), sf.baselines)
	r, bar := h.Runner(cmd, sf.Timeout, len(names)*sf.Count, sf.repeats, counting.CountedBar(sf.instructions, names)*sf.Count)
	defer bar.Done()
	key, err := h.OpenRenderer(r, sf.rend)
	if err != nil {
		return nil, err
	}
	counter, err := counting.NewCounting(cmd.Context(), sf.instructions, runner.Runner{Timeout: counting.CountTimeout(cmd, sf.Timeout)}, cmd.ErrOrStderr(), h.Program)
	if err != nil {
		return nil, err
	}
	counter.Show(bar.Counting())
	counter.CountTogether(h.Opts.CountTogether)
	// A verdict-only run: the baselines read, nothing opened for
	// writing, no lock.
	rule := ratchet.Rule{Scenarios: names, Known: h.Known(names), AdvisoryTimes: sf.advisory, Program: h.Program}
	stored, err := ratchet.Load(path, rule.Known)
	if err != nil {
		return nil, h.RatchetErr(err)
	}
	j := frontend.Judging{Stored: stored, Scope: ratchet.Scope{Machine: frontend.Machine(key), Toolchain: counter.Key()}, Rule: rule}
	rep := &report.Report{Program: h.Program, Command: "scenarios", Package: frontend.BenchfmtPackage, Terminal: cli.TerminalFor(cmd.OutOrStdout(), sf.wide)}
	for k := range sf.Count {
		o, _, err := frontend.Judged(cmd.Context(), j, r, counter, names)
		if err != nil {
			return nil, h.RatchetErr(err)
		}
		bar.Judged(o, k+1, sf.Count)
		if k > 0 {
			rep.Earlier = append(rep.Earlier, rep.Outcome)
		}
		rep.Outcome = o
	}
	counter.WriteProfilesTo(sf.Profiles)
	if err := counter.ExplainBands(cmd.Context(), &rep.Outcome, path); err != nil {
		return nil, err
	}
	if err := counting.ExplainBandsSites(cmd.Context(), &rep.Outcome, r, sf.Profiles); err != nil {
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
	path, err := frontend.FilePath(flag, h.BaselinesDefault(), "baselines")
	where := "under the module root"
	if err != nil {
		path, where = h.BaselinesDefault(), "no go.mod in the working directory or above it, so relative to the working directory"
	}
	if _, err := os.Stat(path); flag == "" && errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(errw, "%s: no baselines file at %s (%s): every time is unbaselined; run from the %s module, or pass --baselines FILE\n", h.Program, path, where, h.Program)
	}
	return path
}

// pairedRun says whether a scenarios command line names a base.
func PairedRun(fs *pflag.FlagSet) bool {
	base, _ := fs.GetString("base")
	bins, _ := fs.GetStringSlice("base-binary")
	return base != "" || len(bins) > 0
}

// scenariosRules are what scenarios' flags must hold, in the order they
// are checked.
func (h *front) scenariosRules() []cli.FlagRule {
	str := func(fs *pflag.FlagSet, flag string) string { return fs.Lookup(flag).Value.String() }
	rules := []cli.FlagRule{
		cli.IntRange("count", 1, cli.MaxCount, ""),
		cli.Refuse(func(fs *pflag.FlagSet) bool {
			n, _ := fs.GetInt("count")
			return n > 1 && str(fs, "format") != string(report.Benchfmt) && str(fs, "export-benchfmt") == ""
		}, "--count is for --format benchfmt (or --export-benchfmt), which benchstat reads as samples"),
		cli.IntRange("repeats", 1, cli.MaxRepeats, ""),
		cli.Refuse(func(fs *pflag.FlagSet) bool { return fs.Changed("base") && strings.TrimSpace(str(fs, "base")) == "" },
			"--base needs a git revision (a branch, a tag or a commit) to build the base from; it was empty"),
		cli.Excludes("base", "base-binary", "--base and --base-binary both name a base; pick one"),
		cli.Refuse(func(fs *pflag.FlagSet) bool { return fs.Changed("head-binary") && !PairedRun(fs) },
			"--head-binary names head builds for a paired run; give --base or --base-binary too"),
		cli.Refuse(func(fs *pflag.FlagSet) bool { t, _ := fs.GetFloat64("tolerance"); return !(t > 0 && t < 1) },
			"--tolerance must be a fraction above 0 and below 1, got %s", "tolerance"),
		cli.IntRange("layouts", 1, cli.MaxLayouts, ""),
		cli.Refuse(func(fs *pflag.FlagSet) bool {
			n, _ := fs.GetInt("layouts")
			return n > 1 && fs.Changed("layouts") && str(fs, "base") == ""
		},
			"--layouts builds each side with --base REF; with --base-binary, list the builds (--base-binary a,b,c --head-binary x,y,z)"),
		cli.Refuse(func(fs *pflag.FlagSet) bool {
			f := str(fs, "format")
			return PairedRun(fs) && str(fs, "json") != "true" && f != string(report.Table) && f != string(report.Markdown) && f != string(report.JSON)
		}, "--base compares two builds; it prints a table, --json or --format markdown, not --format %s", "format"),
		cli.IntRange("pairs", 2, cli.MaxPairs, "a ratio's interval needs two pairs"),
	}
	if rs := h.Opts.Renderers; rs != nil {
		rules = append(rules, cli.Refuse(func(fs *pflag.FlagSet) bool { return PairedRun(fs) && str(fs, "renderer") != rs.Plain },
			"--base runs the "+rs.Plain+" renderer; --renderer %s is for baseline runs", "renderer"))
	}
	return append(rules,
		cli.Positive("timeout", cli.MaxTimeout, "how long one scenario's process may run"),
		cli.Between("budget", 0, cli.MaxBudget, "how long a scenario's unsure times may run more pairs"),
		// A paired run judges head against base: what sizes a baseline
		// run has no say in it.
		cli.NotIn(PairedRun, "is for a run judged against baselines; a paired run (--base, --base-binary) runs --pairs pairs of head and base",
			"repeats", "baselines", "advisory-times"),
		cli.OnlyIn("a paired run (--base REF or --base-binary PATH)", PairedRun, "pairs", "budget", "fail-unsure", "layouts", "head-binary", "tolerance"),
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
more process under Callgrind. Nothing is judged; ` + h.Program + ` scenarios judges.

Scenarios: ` + strings.Join(h.Names(), " ") + `

Exit status: 0 measured, 1 the scenario broke, 2 usage error.
Details: perfbench's docs/scenarios.md.`,
		Example: "  " + h.Program + " scenario NAME\n  " + h.Program + " scenario NAME --json\n  " +
			h.Program + " scenario NAME --stderr   # show the process's own prints",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := scenario.Lookup(args[0]); err != nil {
				return cli.UsageError{Err: err}
			}
			r, bar := h.Runner(cmd, timeout, 1, 1, counting.CountedBar(instructions, args))
			defer bar.Done()
			if stderr {
				r.Stderr = cmd.ErrOrStderr()
			}
			if _, err := h.OpenRenderer(r, rend); err != nil {
				return err
			}
			counter, err := counting.NewCounting(cmd.Context(), instructions, runner.Runner{Timeout: counting.CountTimeout(cmd, timeout), Renderer: r.Renderer},
				cmd.ErrOrStderr(), h.Program)
			if err != nil {
				return err
			}
			counter.Show(bar.Counting())
			results, err := r.Run(cmd.Context(), args)
			if err != nil {
				return err
			}
			if results, err = counter.Add(cmd.Context(), results); err != nil {
				return err
			}
			bar.Done()
			f := report.Table
			if asJSON {
				f = report.JSON
			}
			return h.Write(cmd, &report.Report{Program: h.Program, Command: "scenario", Outcome: outcome.Measured(results[0])}, f, nil)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the numbers, with every sample, as JSON")
	cmd.Flags().BoolVar(&stderr, "stderr", false, "show the scenario's process's stderr (a program's own prints, a step's debug output), each line led by the scenario's name")
	cmd.Flags().DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long the scenario's process may run before it is killed and judged broken")
	h.Renderer(cmd, &rend, "renderer the scenario draws with")
	counting.AddInstructionsFlag(cmd.Flags(), &instructions)
	return cli.Declare(cmd, cli.Positive("timeout", cli.MaxTimeout, "how long one scenario's process may run"))
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
			case h.Opts.Renderers == nil:
				return cli.Usagef("--renderer %s: %s draws with no choice of renderer", rend, h.Program)
			case !h.Plain(rend):
				if err := h.Opts.Renderers.Check(rend); err != nil {
					return err
				}
				opts.Renderer = rend
			}
			if err := affinity.FromEnv(); err != nil {
				return cli.UsageError{Err: err}
			}
			if err := runner.ServeChildren(cmd.OutOrStdout(), args, opts); err != nil {
				var ue *scenario.UnknownError
				if errors.As(err, &ue) {
					return cli.UsageError{Err: err}
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
