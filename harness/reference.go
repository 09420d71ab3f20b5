package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/judge/revision"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/stamp"
	"github.com/perfbench/perfbench/internal/publish/report"
)

// referencePageDefault is the reference page beside the program's docs:
// perf/reference.md in the docs file's directory, where perf writes it too.
func (h *front) referencePageDefault() string {
	return filepath.ToSlash(filepath.Join(filepath.Dir(h.docsDefault()), "perf", "reference.md"))
}

// referenceCommit returns the commit perf records as the first reference
// revision: the full revision of the measured binary's tree when it was
// clean, read from the build's VCS stamp or, where the build has none (go
// run), from git; "" when the tree had uncommitted changes or nothing
// knows.
func referenceCommit(ctx context.Context, build *debug.BuildInfo) string {
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

// buildableReference returns commit, the first reference revision perf
// is about to record in the baselines file at bpath, when the file names
// none yet and commit builds here as reference builds it (once, the
// build removed at once); otherwise "" with a line on w saying why. A
// commit that does not build (the program's files not yet committed, a
// replace that leads nowhere) would fail every reference run until
// someone moved it by hand; the next perf from a commit that builds
// records one.
func (h *front) buildableReference(cmd *cobra.Command, bpath, commit string) string {
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
			h.program, short12(commit), why, h.program)
		return ""
	}
	try := h.opts.TryBuild
	if try == nil {
		try = h.tryBuild(cmd)
	}
	if err := try(cmd.Context(), commit); err != nil {
		if cmd.Context().Err() != nil {
			return ""
		}
		// The message opens with the commit's name, said already.
		return refuse(strings.TrimPrefix(err.Error(), short12(commit)+": "))
	}
	return commit
}

// tryBuild returns the Options.TryBuild that builds a commit here, as
// reference builds its reference, once, with the progress of a paired
// run's builds, and removes the build.
func (h *front) tryBuild(cmd *cobra.Command) func(ctx context.Context, commit string) error {
	return func(ctx context.Context, commit string) error {
		pkg, err := h.basePackage("--base-binary")
		if err != nil {
			return errors.New("this binary does not say which package it was built from (harness.Options.BasePackage names it)")
		}
		progress := h.pairing(cmd)
		defer progress.done()
		set, err := builds.Build(ctx, builds.Options{Ref: commit, Name: short12(commit), Seeds: []int{0}, Side: "reference",
			Package: pkg, Program: h.program, ModuleRoot: moduleRoot(), ModFile: h.opts.ModFile, Tags: buildTags(), Cgo: buildSetting("CGO_ENABLED"),
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
		return "", usagef("not inside a git repository (%v); name head's commit with --head-commit REV", err)
	}
	if dirty, err := builds.Git(ctx, top, "status", "--porcelain", "--untracked-files=no"); err != nil {
		return "", usagef("git status: %v", err)
	} else if dirty != "" {
		return "", usagef("the working tree has uncommitted changes (%s); commit or stash them, so head is a revision the reference can move to",
			strings.Join(strings.Fields(builds.FirstLine(dirty)), " "))
	}
	sha, err := builds.Git(ctx, top, "rev-parse", "--verify", "HEAD^{commit}")
	if err != nil || sha == "" {
		return "", usagef("git rev-parse HEAD finds no commit (%v)", err)
	}
	return sha, nil
}

// referenceJSON is what reference --json prints: the header every JSON
// report opens with (kind "reference", docs/report-json.md), the
// ratchet's outcome and the paired report of the run (absent when none
// ran).
type referenceJSON struct {
	report.Header
	Reference revision.Outcome `json:"reference"`
	Paired    json.RawMessage  `json:"paired,omitempty"`
}

func (h *front) referenceCmd() *cobra.Command {
	var (
		asJSON, check, rebaseline, failUnsure bool
		formatArg, why                        string
		baselinesFile, page                   string
		timeout, budget                       time.Duration
		layouts, pairs                        int
		refBins, headBins                     []string
		instructions                          string
		headRev                               string
	)
	p := h.program
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
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := h.refuseTraced("reference"); err != nil {
				return err
			}
			names, err := h.args(args)
			if err != nil {
				return err
			}
			f, err := format(formatArg, asJSON, commandFormats["reference"]...)
			if err != nil {
				return err
			}
			bpath, err := filePath(baselinesFile, h.baselinesDefault(), "baselines")
			if err != nil {
				return err
			}
			ppath, err := filePath(page, h.referencePageDefault(), "docs")
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			head := headRev
			if head == "" {
				if head, err = headCommit(ctx); err != nil {
					return err
				}
			} else if err := baselines.CheckCommit("--head-commit", head); err != nil {
				return h.ratchetErr(err)
			}
			rv, err := revision.Open(revision.Options{Baselines: bpath, Page: ppath, Head: head, Rebaseline: rebaseline, Why: why, Check: check})
			if err != nil {
				return h.ratchetErr(err)
			}
			defer rv.Close()
			var run *outcome.Outcome
			var named sides
			o := rv.Outcome()
			if ref, ok := rv.Against(); ok {
				// Named as the file names it, with its line: no --base was given.
				name := rv.Name()
				counter, err := newCounting(cmd.Context(), instructions, runner.Runner{Timeout: countTimeout(cmd, timeout)}, cmd.ErrOrStderr(), h.program)
				if err != nil {
					return err
				}
				p, l, err := h.pairedRun(cmd, names, &runner.Runner{Timeout: timeout, Repeats: 1}, ref.Commit, name, "--reference-binary", refBins, headBins, layouts,
					paired.Options{Pairs: pairs, Budget: budget, FailUnsure: failUnsure}, counter)
				if err != nil {
					return h.ratchetErr(err)
				}
				run, named = &p, l
				o = rv.Judge(p)
			}
			if o, err = rv.Finish(o); err != nil {
				return h.ratchetErr(err)
			}
			if err := h.writeReference(cmd, f, o, run, named); err != nil {
				return err
			}
			if o.Failed {
				return ErrFailed
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&check, "check", false, "judge head against the reference and write nothing")
	fl.BoolVar(&failUnsure, "fail-unsure", false, "fail when a time is still unsure after its last look")
	fl.BoolVar(&rebaseline, "rebaseline", false, "move the reference to head whatever the verdict (needs --why)")
	fl.StringVar(&why, "why", "", "why head is the right reference; recorded with the move")
	fl.BoolVar(&asJSON, "json", false, "print the outcome as JSON (--format json)")
	fl.StringVar(&formatArg, "format", "table", "output format: table, markdown or json")
	fl.StringVar(&baselinesFile, "baselines", "", "baselines file that names the reference (default "+h.baselinesDefault()+" under the module root)")
	fl.StringVar(&page, "docs", "", "the generated page of the reference and its moves (default "+h.referencePageDefault()+" under the module root)")
	fl.IntVar(&layouts, "layouts", paired.DefaultLayouts, "builds of each side, each with another code layout")
	fl.IntVar(&pairs, "pairs", paired.DefaultPairs, "process pairs per scenario before its first look")
	fl.DurationVar(&budget, "budget", paired.DefaultBudget, "how long an unsure scenario may run more pairs (0: one look)")
	fl.DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is judged broken")
	fl.StringSliceVar(&refBins, "reference-binary", nil, "run these builds of the reference (`PATH`s) instead of building it from git")
	fl.StringSliceVar(&headBins, "head-binary", nil, "run these head builds (`PATH`s) instead of building HEAD; needs --head-commit")
	addInstructionsFlag(fl, &instructions)
	fl.StringVar(&headRev, "head-commit", "", "the commit the --head-binary builds hold (`REV`); default: HEAD")
	return Declare(cmd,
		IntRange("pairs", 2, maxPairs, "a ratio's interval needs two pairs"),
		IntRange("layouts", 1, maxLayouts, ""),
		Positive("timeout", maxTimeout, "how long one scenario's process may run"),
		Between("budget", 0, maxBudget, "how long a scenario's unsure times may run more pairs"),
		Refuse(func(fs *pflag.FlagSet) bool {
			return fs.Changed("head-binary") && fs.Lookup("head-commit").Value.String() == ""
		},
			"--head-binary runs builds made elsewhere; name the commit they hold with --head-commit REV, which a move records"),
		Refuse(func(fs *pflag.FlagSet) bool { return fs.Changed("layouts") && fs.Changed("reference-binary") },
			"--layouts builds the reference from git; with --reference-binary, list the builds (--reference-binary a,b --head-binary x,y)"),
	)
}

// writeReference prints the paired report, if a run was made, then what
// became of the reference; with --format json one object holding both.
func (h *front) writeReference(cmd *cobra.Command, f report.Format, o revision.Outcome, run *outcome.Outcome, named sides) error {
	out := cmd.OutOrStdout()
	var rep *report.Report
	if run != nil {
		base := "the reference " + short12(o.Reference.Commit)
		if named.base != "" && !strings.Contains(named.base, o.Reference.Commit) {
			base += " (" + named.base + ")" // builds handed in
		}
		rep = &report.Report{Program: h.program, Command: "reference", Outcome: *run, Base: base, Head: named.head}
	}
	if f == report.JSON {
		doc := referenceJSON{Header: report.Header{Version: report.Version, Kind: "reference", Program: h.program, Command: "reference"}, Reference: o}
		if rep != nil {
			var b bytes.Buffer
			if err := rep.Write(&b, io.Discard, report.JSON); err != nil {
				return err
			}
			doc.Paired = json.RawMessage(bytes.TrimSpace(b.Bytes()))
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	if rep != nil {
		if err := rep.Write(out, cmd.ErrOrStderr(), f); err != nil {
			return err
		}
	}
	for _, line := range o.Recovered {
		fmt.Fprintf(out, "recovered: %s\n", line)
	}
	fmt.Fprintln(out, referenceLine(o, f == report.Markdown))
	if line := bisectOffer(h.program, o, run, f == report.Markdown); line != "" {
		fmt.Fprintln(out, line)
	}
	return nil
}

// bisectOffer returns, where head failed against the reference, the
// bisect command that finds which commit between them crossed the band
// first: creep over many commits fails at the one that tipped the sum,
// not the one that added most. It names the scenarios that failed; ""
// where nothing did.
func bisectOffer(program string, o revision.Outcome, run *outcome.Outcome, markdown bool) string {
	if !o.Failed || run == nil || o.Reference.Commit == "" || o.Head == "" {
		return ""
	}
	var names []string
	for _, n := range run.Numbers() {
		if n.Verdict.Failed() && !slices.Contains(names, n.Scenario) {
			names = append(names, n.Scenario)
		}
	}
	if len(names) == 0 {
		return ""
	}
	c := strings.Join(append([]string{program, "bisect", short12(o.Reference.Commit), short12(o.Head)}, names...), " ")
	if markdown {
		c = "`" + c + "`"
	}
	return "which commit: " + c
}

func short12(c string) string {
	if len(c) > 12 {
		return c[:12]
	}
	return c
}

// referenceLine says in a line what became of the reference.
func referenceLine(o revision.Outcome, markdown bool) string {
	code := func(s string) string {
		s = short12(s)
		if markdown {
			return "`" + s + "`"
		}
		return s
	}
	verb := "moved"
	if !o.Written {
		verb = "would move (--check: nothing written)"
	}
	switch {
	case o.Moved != nil && o.Reference.Commit == "":
		return fmt.Sprintf("reference: %s to %s, the first (%s): %s", verb, code(o.Moved.Commit), o.Moved.Kind, o.Moved.Why)
	case o.Moved != nil:
		return fmt.Sprintf("reference: %s from %s to %s (%s): %s", verb, code(o.Reference.Commit), code(o.Moved.Commit), o.Moved.Kind, o.Moved.Why)
	}
	return fmt.Sprintf("reference: stays at %s: %s", code(o.Reference.Commit), o.Stays)
}
