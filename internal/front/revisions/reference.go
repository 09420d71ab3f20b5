package revisions

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/judge/revision"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/stamp"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/ratchet"
)

// referencePageDefault is the reference page beside the program's docs:
// perf/reference.md in the docs file's directory, where perf writes it too.
func (h *Front) referencePageDefault() string {
	return filepath.ToSlash(filepath.Join(filepath.Dir(h.DocsDefault()), "perf", "reference.md"))
}

// referenceCommit returns the commit perf records as the first reference
// revision: the full revision of the measured binary's tree when it was
// clean, read from the build's VCS stamp or, where the build has none (go
// run), from git; "" when the tree had uncommitted changes or nothing
// knows.
func ReferenceCommit(ctx context.Context, build *debug.BuildInfo) string {
	if st := stamp.Read(build); st.Revision != "" {
		if st.Modified || baselines.CheckCommit("", st.Revision) != nil {
			return ""
		}
		return st.Revision
	}
	c, err := headCommit(ctx)
	if err != nil {
		return ""
	}
	return c
}

// BuildableReference returns commit, the first reference revision perf
// is about to record in the baselines file at bpath, when the file names
// none yet and commit builds here as reference builds it (once, the
// build removed at once); otherwise "" with a line on w saying why. A
// commit that does not build (the program's files not yet committed, a
// replace that leads nowhere) would fail every reference run until
// someone moved it by hand; the next perf from a commit that builds
// records one.
func (h *Front) BuildableReference(cmd *cobra.Command, bpath, commit string) string {
	if commit == "" {
		return ""
	}
	if store, err := baselines.Load(bpath); err != nil {
		return commit // the ratchet says what is wrong with the file
	} else if _, ok := store.Reference(); ok {
		return commit // recorded already: the ratchet keeps that one
	}
	refuse := func(why string) string {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: not recording %s as the reference revision: %s; commit what the program is built from and run %s perf again\n",
			h.Program, Short12(commit), why, h.Program)
		return ""
	}
	try := h.Opts.TryBuild
	if try == nil {
		try = h.tryBuild(cmd)
	}
	if err := try(cmd.Context(), commit); err != nil {
		if cmd.Context().Err() != nil {
			return ""
		}
		// The message opens with the commit's name, said already.
		return refuse(strings.TrimPrefix(err.Error(), Short12(commit)+": "))
	}
	return commit
}

// tryBuild returns the Options.TryBuild that builds a commit here, as
// reference builds its reference, once, with the progress of a paired
// run's builds, and removes the build.
func (h *Front) tryBuild(cmd *cobra.Command) func(ctx context.Context, commit string) error {
	return func(ctx context.Context, commit string) error {
		pkg, err := h.basePackage("--base-binary")
		if err != nil {
			return errors.New("this binary does not say which package it was built from (harness.Options.BasePackage names it)")
		}
		progress := h.pairing(cmd)
		defer progress.done()
		set, err := builds.Build(ctx, builds.Options{Ref: commit, Name: Short12(commit), Seeds: []int{0}, Side: "reference",
			Package: pkg, Program: h.Program, ModuleRoot: frontend.ModuleRoot(), ModFile: h.Opts.ModFile, Tags: buildTags(), Cgo: buildSetting("CGO_ENABLED"),
			Dirty: true, Progress: progress})
		set.Remove()
		return err
	}
}

// headCommit returns the full commit HEAD names, refusing a working tree
// with uncommitted changes: head would then not be a revision, and the
// reference could move to a commit that does not hold the code measured.
func headCommit(ctx context.Context) (string, error) {
	top, err := builds.Git(ctx, "", "rev-parse", "--show-toplevel")
	if err != nil {
		return "", cli.Usagef("not inside a git repository (%v); name head's commit with --head-commit REV", err)
	}
	if dirty, err := builds.Git(ctx, top, "status", "--porcelain", "--untracked-files=no"); err != nil {
		return "", cli.Usagef("git status: %v", err)
	} else if dirty != "" {
		return "", cli.Usagef("the working tree has uncommitted changes (%s); commit or stash them, so head is a revision the reference can move to",
			strings.Join(strings.Fields(builds.FirstLine(dirty)), " "))
	}
	sha, err := builds.Git(ctx, top, "rev-parse", "--verify", "HEAD^{commit}")
	if err != nil || sha == "" {
		return "", cli.Usagef("git rev-parse HEAD finds no commit (%v)", err)
	}
	return sha, nil
}

// referenceFlags are reference's flags, as the command line set them.
type referenceFlags struct {
	asJSON, check, rebaseline, failUnsure bool
	formatArg, why                        string
	baselinesFile, page                   string
	timeout, budget                       time.Duration
	layouts, pairs                        int
	refBins, headBins                     []string
	instructions                          string
	headRev                               string
}

func (h *Front) ReferenceCmd() *cobra.Command {
	var rf referenceFlags
	p := h.Program
	cmd := &cobra.Command{
		Use:   "reference [NAME...]",
		Short: "The revision ratchet: head against the reference revision, paired; move the reference when head is faster",
		Long: `Judge head against the reference revision the baselines file names, both
built here and run in pairs at the 3% tolerance of scenarios --base. Head
slower fails and the reference stays; head significantly faster, and nothing
slower or unsure, moves the reference to head.

Exit status: 0 head is not slower, 1 head is slower, a count failed or a
scenario broke, 2 usage or input error. Details: perfbench's docs/ratchet.md.`,
		Example: "  " + p + " reference           # judge head; move the reference if faster\n" +
			"  " + p + " reference --check   # judge only, write nothing\n" +
			"  " + p + " reference --rebaseline --why \"rows draw a shadow now\"\n" +
			"  " + p + " reference hover-storm --layouts 1 --pairs 10",
		RunE: func(cmd *cobra.Command, args []string) error { return h.reference(cmd, args, &rf) },
	}
	fl := cmd.Flags()
	fl.BoolVar(&rf.check, "check", false, "judge head against the reference and write nothing")
	fl.BoolVar(&rf.failUnsure, "fail-unsure", false, "fail when a time is still unsure after its last look")
	fl.BoolVar(&rf.rebaseline, "rebaseline", false, "move the reference to head whatever the verdict (needs --why)")
	fl.StringVar(&rf.why, "why", "", "why head is the right reference; recorded with the move")
	fl.BoolVar(&rf.asJSON, "json", false, "print the outcome as JSON (--format json)")
	fl.StringVar(&rf.formatArg, "format", "table", "output format: table, markdown or json")
	fl.StringVar(&rf.baselinesFile, "baselines", "", "baselines file that names the reference (default "+h.BaselinesDefault()+" under the module root)")
	fl.StringVar(&rf.page, "docs", "", "the generated page of the reference and its moves (default "+h.referencePageDefault()+" under the module root)")
	fl.IntVar(&rf.layouts, "layouts", paired.DefaultLayouts, "builds of each side, each with another code layout")
	fl.IntVar(&rf.pairs, "pairs", paired.DefaultPairs, "process pairs per scenario before its first look")
	fl.DurationVar(&rf.budget, "budget", paired.DefaultBudget, "how long an unsure scenario may run more pairs (0: one look)")
	fl.DurationVar(&rf.timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is judged broken")
	fl.StringSliceVar(&rf.refBins, "reference-binary", nil, "run these builds of the reference (`PATH`s) instead of building it from git")
	fl.StringSliceVar(&rf.headBins, "head-binary", nil, "run these head builds (`PATH`s) instead of building HEAD; needs --head-commit")
	counting.AddInstructionsFlag(fl, &rf.instructions)
	fl.StringVar(&rf.headRev, "head-commit", "", "the commit the --head-binary builds hold (`REV`); default: HEAD")
	return cli.Declare(cmd,
		cli.IntRange("pairs", 2, cli.MaxPairs, "a ratio's interval needs two pairs"),
		cli.IntRange("layouts", 1, cli.MaxLayouts, ""),
		cli.Positive("timeout", cli.MaxTimeout, "how long one scenario's process may run"),
		cli.Between("budget", 0, cli.MaxBudget, "how long a scenario's unsure times may run more pairs"),
		cli.Refuse(func(fs *pflag.FlagSet) bool {
			return fs.Changed("head-binary") && fs.Lookup("head-commit").Value.String() == ""
		},
			"--head-binary runs builds made elsewhere; name the commit they hold with --head-commit REV, which a move records"),
		cli.Refuse(func(fs *pflag.FlagSet) bool { return fs.Changed("layouts") && fs.Changed("reference-binary") },
			"--layouts builds the reference from git; with --reference-binary, list the builds (--reference-binary a,b --head-binary x,y)"),
	)
}

// reference judges head against the reference revision the baselines
// file names, paired, and records what became of the reference.
func (h *Front) reference(cmd *cobra.Command, args []string, rf *referenceFlags) error {
	if err := h.RefuseTraced("reference"); err != nil {
		return err
	}
	names, err := h.Args(args)
	if err != nil {
		return err
	}
	f, err := frontend.Format(rf.formatArg, rf.asJSON, frontend.CommandFormats["reference"]...)
	if err != nil {
		return err
	}
	bpath, err := frontend.FilePath(rf.baselinesFile, h.BaselinesDefault(), "baselines")
	if err != nil {
		return err
	}
	ppath, err := frontend.FilePath(rf.page, h.referencePageDefault(), "docs")
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	head := rf.headRev
	if head == "" {
		if head, err = headCommit(ctx); err != nil {
			return err
		}
	} else if err := baselines.CheckCommit("--head-commit", head); err != nil {
		return h.RatchetErr(err)
	}
	rv, err := ratchet.OpenRevision(ratchet.RevisionOptions{Baselines: bpath, Page: ppath, Head: head, Rebaseline: rf.rebaseline, Why: rf.why, Check: rf.check})
	if err != nil {
		return h.RatchetErr(err)
	}
	defer rv.Close()
	var run *outcome.Outcome
	var named sides
	d := rv.Before()
	if ref, ok := d.Against(); ok {
		// Named as the file names it, with its line: no --base was given.
		name := rv.Name()
		counter, err := counting.NewCounting(cmd.Context(), rf.instructions, runner.Runner{Timeout: counting.CountTimeout(cmd, rf.timeout)}, cmd.ErrOrStderr(), h.Program)
		if err != nil {
			return err
		}
		p, l, err := h.pairedRun(cmd, PairedSpec{Names: names, Timeout: rf.timeout, Ref: ref.Commit, RefName: name, BinFlag: "--reference-binary",
			Bins: rf.refBins, Heads: rf.headBins, Layouts: rf.layouts, Opts: paired.Options{Pairs: rf.pairs, Budget: rf.budget, FailUnsure: rf.failUnsure}, Count: counter})
		if err != nil {
			return h.RatchetErr(err)
		}
		run, named = &p, l
		d = revision.Judge(d, p, rv.Rule())
	}
	if d, err = rv.Record(d); err != nil {
		return h.RatchetErr(err)
	}
	return h.Write(cmd, &report.Report{Program: h.Program, Command: "reference", Outcome: revision.Result(d, run),
		Base: referenceBase(d.Reference.Commit, named.base), Head: named.head}, f, nil)
}

// referenceBase is what a reference run's paired report calls its base:
// the reference by its commit, and the builds handed in where they were.
func referenceBase(commit, builds string) string {
	base := "the reference " + Short12(commit)
	if builds != "" && !strings.Contains(builds, commit) {
		base += " (" + builds + ")" // builds handed in
	}
	return base
}

func Short12(c string) string {
	if len(c) > 12 {
		return c[:12]
	}
	return c
}
