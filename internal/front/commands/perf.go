package commands

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/front/revisions"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/stamp"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/ratchet"
)

// build returns the build information the ratchet checks before it
// records: this binary's, unless Options.Build says otherwise.
func (h *front) Build() *debug.BuildInfo {
	if h.Opts.Build != nil {
		return h.Opts.Build()
	}
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// perfFlags are perf's flags, as the command line set them.
type perfFlags struct {
	asJSON, Check, advisory bool
	formatArg               string
	baselines, docs         string
	rebaseline              []string
	why                     string
	Timeout                 time.Duration
	rend                    string
	repeats                 int
	allowDirty              bool
	wide                    bool
	ex                      *counting.Exports
	instructions            string
	Profiles                string
}

func (h *front) perfCmd() *cobra.Command {
	var pf perfFlags
	p := h.Program
	cmd := &cobra.Command{
		Use:   "perf",
		Short: "The ratchet: judge every scenario, move baselines, rewrite docs/performance.md",
		Long: `Run every scenario and judge it, as scenarios does. If every band passed,
move this machine's baselines down where a median is significantly lower,
record the ones it has none of, and rewrite the docs' generated section when
a number moved. A failing run writes nothing. --check writes nothing at all.

Exit status: 0 pass or unbaselined, 1 a band failed, a scenario broke or
(--check) the docs are out of date, 2 usage or input error, every file left
as it was. Details: perfbench's docs/ratchet.md.`,
		Example: "  " + p + " perf\n" +
			"  " + p + " perf --check   # what CI runs: judge, write nothing\n" +
			"  " + p + " perf --rebaseline NAME \\\n" +
			"      --why \"row hover now repaints the row's border too\"",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return h.perf(cmd, &pf) },
	}
	fl := cmd.Flags()
	fl.BoolVar(&pf.asJSON, "json", false, "print the outcome as JSON")
	fl.BoolVarP(&pf.wide, "wide", "v", false, "every column: sample counts, wall clock, each band's derivation, notes")
	fl.StringVar(&pf.formatArg, "format", "table", "output format: table, markdown or json")
	pf.ex = counting.AddExports(fl, report.Markdown, report.JSON)
	counting.AddInstructionsFlag(fl, &pf.instructions)
	counting.AddProfilesFlag(fl, &pf.Profiles)
	fl.BoolVar(&pf.Check, "check", false, "judge and check the docs are up to date; write nothing (what CI runs)")
	fl.BoolVar(&pf.advisory, "advisory-times", false, "with --check: report a time over its limit without failing on it")
	fl.StringVar(&pf.baselines, "baselines", "", "baselines file (default "+h.BaselinesDefault()+" under the module root)")
	fl.StringVar(&pf.docs, "docs", "", "docs file with the generated section (default "+h.DocsDefault()+" under the module root)")
	fl.StringArrayVar(&pf.rebaseline, "rebaseline", nil, "record afresh, up or down: NAME (its changed counts), NAME/NUMBER, NAME/KIND or KIND (time, count, instructions); repeatable, needs --why")
	fl.StringVar(&pf.why, "why", "", "why the --rebaseline numbers are right; recorded with them")
	fl.BoolVar(&pf.allowDirty, "allow-dirty", false, "record from a dirty tree; the history marks the commit -dirty")
	fl.DurationVar(&pf.Timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is judged broken")
	fl.IntVar(&pf.repeats, "repeats", runner.DefaultRepeats, "processes per scenario, interleaved with the other scenarios'")
	h.Renderer(cmd, &pf.rend, "renderer the scenarios draw with; its baselines and docs page are its own")
	checking := func(fs *pflag.FlagSet) bool { c, _ := fs.GetBool("check"); return c }
	return cli.Declare(cmd,
		cli.Refuse(func(fs *pflag.FlagSet) bool { a, _ := fs.GetBool("advisory-times"); return a && !checking(fs) },
			"--advisory-times is for perf --check: a recording run judges its times, since it records them"),
		cli.IntRange("repeats", 1, cli.MaxRepeats, ""),
		cli.Positive("timeout", cli.MaxTimeout, "how long one scenario's process may run"),
		cli.Refuse(func(fs *pflag.FlagSet) bool { return checking(fs) && fs.Changed("allow-dirty") },
			"--allow-dirty lets a recording run record from a dirty tree, and perf --check records nothing; drop one of them"),
	)
}

// perf is the ratchet's run: the files it keeps, the options it records
// with, the run judged, the report written, and what is out of date.
func (h *front) perf(cmd *cobra.Command, pf *perfFlags) error {
	if err := h.RefuseTraced("perf"); err != nil {
		return err
	}
	f, err := frontend.Format(pf.formatArg, pf.asJSON, frontend.CommandFormats["perf"]...)
	if err != nil {
		return err
	}
	if err := pf.ex.Check((&report.Report{}).Supports, "perf"); err != nil {
		return err
	}
	opts, err := h.perfOptions(cmd, pf)
	if err != nil {
		return err
	}
	o, err := h.perfJudged(cmd, pf, opts)
	if err != nil {
		return err
	}
	rep := &report.Report{Program: h.Program, Command: "perf", Outcome: o, Terminal: cli.TerminalFor(cmd.OutOrStdout(), pf.wide)}
	if err := rep.Write(cmd.OutOrStdout(), cmd.ErrOrStderr(), f); err != nil {
		return err
	}
	if err := pf.ex.Write(rep, cmd.ErrOrStderr()); err != nil {
		return err
	}
	h.perfSays(cmd.ErrOrStderr(), o, opts)
	if o.DocsStale || o.Failed() {
		return cli.ErrFailed
	}
	return nil
}

// perfOptions are the files perf keeps (refused where an export would
// write over one) and what the ratchet records with them, everything but
// the machine and the toolchain, which the run finds out.
func (h *front) perfOptions(cmd *cobra.Command, pf *perfFlags) (ratchet.Options, error) {
	bpath, err := frontend.FilePath(pf.baselines, h.BaselinesDefault(), "baselines")
	if err != nil {
		return ratchet.Options{}, err
	}
	defDocs := h.DocsDefault()
	if !h.Plain(pf.rend) {
		defDocs = filepath.ToSlash(filepath.Join(filepath.Dir(defDocs), "performance-"+pf.rend+".md"))
	}
	dpath, err := frontend.FilePath(pf.docs, defDocs, "docs")
	if err != nil {
		return ratchet.Options{}, err
	}
	if err := pf.ex.Guard(counting.KeptFiles(bpath, dpath)...); err != nil {
		return ratchet.Options{}, err
	}
	build := h.Build()
	if build == nil && !pf.Check {
		// A binary with nothing to check is refused; Options
		// would read nil as "read it yourself".
		return ratchet.Options{}, h.RatchetErr(ratchet.CheckBuild(nil))
	}
	commit, refCommit := "", ""
	if build != nil && !pf.Check {
		commit = perfCommit(build)
		refCommit = h.BuildableReference(cmd, bpath, revisions.ReferenceCommit(cmd.Context(), build))
	}
	opts := ratchet.Options{
		Baselines:  bpath,
		Program:    h.Program,
		Docs:       dpath,
		Scenarios:  h.Names(),
		Rebaseline: pf.rebaseline,
		Why:        pf.why,
		Build:      build,
		Check:      pf.Check,
		// Advisory times are for a run that records nothing.
		AdvisoryTimes:   pf.advisory,
		Commit:          commit,
		AllowDirty:      pf.allowDirty,
		ReferenceCommit: refCommit,
	}
	if !h.Plain(pf.rend) {
		// Its charts are its own too: the null renderer's page
		// embeds docs/perf/charts.
		opts.Charts = filepath.Join(filepath.Dir(dpath), "perf", "charts-"+pf.rend)
	}
	return opts, nil
}

// perfJudged measures and judges every scenario through the ratchet on
// this machine, with instructions where they are counted, and explains
// the instructions that moved.
func (h *front) perfJudged(cmd *cobra.Command, pf *perfFlags, opts ratchet.Options) (outcome.Outcome, error) {
	names := opts.Scenarios
	r, bar := h.Runner(cmd, pf.Timeout, len(names), pf.repeats, counting.CountedBar(pf.instructions, names))
	key, err := h.OpenRenderer(r, pf.rend)
	if err != nil {
		bar.Done()
		return outcome.Outcome{}, err
	}
	opts.Machine = frontend.Machine(key)
	count, err := counting.NewCounting(cmd.Context(), pf.instructions, runner.Runner{Timeout: counting.CountTimeout(cmd, pf.Timeout)}, cmd.ErrOrStderr(), h.Program)
	if err != nil {
		bar.Done()
		return outcome.Outcome{}, err
	}
	count.Show(bar.Counting())
	count.CountTogether(h.Opts.CountTogether)
	opts.Toolchain = count.Key()
	if count != nil && !pf.Check {
		// The profiles kept with the baselines keep their
		// stacks: they are what a later run's where-table is
		// read from.
		count.KeepStacks()
		opts.Profiles = count.ProfileFor
		opts.ProfileCurrent = counting.ProfileCurrent
	}
	rt, err := ratchet.Open(opts)
	if err != nil {
		bar.Done()
		return outcome.Outcome{}, h.RatchetErr(err)
	}
	defer rt.Close()
	o, results, err := frontend.Judged(cmd.Context(), frontend.Judging{Stored: rt.Stored(), Scope: rt.Scope(), Rule: rt.Rule()}, r, count, names)
	if err == nil {
		o, err = rt.Finish(o, results)
	}
	bar.Done()
	if err != nil {
		return outcome.Outcome{}, h.RatchetErr(err)
	}
	bar.Judged(o, 1, 1)
	count.WriteProfilesTo(pf.Profiles)
	if err := count.ExplainBands(cmd.Context(), &o, opts.Baselines); err != nil {
		return outcome.Outcome{}, err
	}
	return o, counting.ExplainBandsSites(cmd.Context(), &o, r, pf.Profiles)
}

// perfSays tells, after the report, the reference revision a first
// recording set and every kept file that is out of date, each with what
// to do.
func (h *front) perfSays(errw io.Writer, o outcome.Outcome, opts ratchet.Options) {
	p := h.Program
	if o.ReferenceRecorded != "" {
		fmt.Fprintf(errw, "%s: recorded %s as the reference revision (the first): %s reference judges head against it\n", p, revisions.Short12(o.ReferenceRecorded), p)
	}
	for _, file := range o.Stale {
		what := ""
		switch {
		case strings.HasSuffix(file, ".svg"):
			what = ": today's code draws it differently from the committed one"
		case file == opts.Docs:
		case file == opts.Baselines:
			what = ": counts have no recorded bound yet"
		default:
			what = " with the references in " + opts.Baselines // the reference page
		}
		fmt.Fprintf(errw, "%s: %s is out of date%s: run %s perf, review the change and commit it\n", p, file, what, p)
		for _, c := range o.StaleLines[file] {
			fmt.Fprintf(errw, "  %s:%d: %s\n", file, c.Line, lineChange(c))
		}
	}
}

// perfCommit names the commit the measured binary was built from, for the
// baseline history: the build's own VCS stamp where it has one, otherwise
// what git says of the module's checkout (go run stamps nothing), with
// "-dirty" for uncommitted changes to tracked files; "" when neither
// knows.
func perfCommit(build *debug.BuildInfo) string {
	if stamp.Read(build).Revision != "" {
		return "" // the ratchet reads it from the build itself
	}
	root := frontend.ModuleRoot()
	if root == "" {
		return ""
	}
	rev, err := exec.Command("git", "-C", root, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	commit := strings.TrimSpace(string(rev))
	if status, err := exec.Command("git", "--no-optional-locks", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(status)) > 0 {
		commit += "-dirty"
	}
	return commit
}

// lineChange says how one line of a stale file differs, cut to fit a log
// line: "has … , perf would write …".
func lineChange(c outcome.LineChange) string {
	cut := func(s string) string {
		if r := []rune(s); len(r) > 70 {
			return string(r[:69]) + "…"
		}
		return s
	}
	switch {
	case c.Was == "":
		return "perf would add " + strconv.Quote(cut(c.Want))
	case c.Want == "":
		return "perf would drop " + strconv.Quote(cut(c.Was))
	}
	return "has " + strconv.Quote(cut(c.Was)) + ", perf would write " + strconv.Quote(cut(c.Want))
}
