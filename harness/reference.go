package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/baselines"
	"github.com/perfbench/perfbench/builds"
	"github.com/perfbench/perfbench/paired"
	"github.com/perfbench/perfbench/report"
	"github.com/perfbench/perfbench/revision"
	"github.com/perfbench/perfbench/runner"
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
	rev, modified := "", ""
	for _, s := range build.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		if modified == "true" || baselines.CheckCommit("", rev) != nil {
			return ""
		}
		return rev
	}
	c, err := headCommit(ctx)
	if err != nil {
		return ""
	}
	return c
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

// compared is what the revision ratchet reads of a paired run.
func compared(o paired.Outcome) revision.Compared {
	c := revision.Compared{Failed: o.Failed(), Broken: len(o.Broken) > 0 || o.Verdict == band.Broken || o.Verdict == band.None}
	c.Failures = append(c.Failures, o.Broken...)
	if o.Verdict == band.None {
		c.Failures = append(c.Failures, "nothing was judged")
	}
	for _, n := range o.Numbers {
		if n.Verdict.Failed() || o.FailUnsure && n.Verdict == band.Unsure {
			c.Failures = append(c.Failures, strings.TrimSpace(n.Scenario+" "+n.Name+": "+n.Note))
		}
		if !n.Kind.Estimated() || n.Verdict == band.None {
			continue
		}
		c.Times = append(c.Times, revision.ComparedTime{
			Ratio:   baselines.Ratio{Scenario: n.Scenario, Number: n.Name, Ratio: n.Ratio, Lo: n.Lo, Hi: n.Hi, Pairs: n.Pairs},
			Verdict: n.Verdict, Faster: n.Move == paired.Better, Slower: n.Move == paired.Within,
		})
	}
	return c
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
built on this machine in this run, and move the reference forward only when
head is significantly faster. It is what catches creep: each change judged
against its parent passes at 1.01×, but against a reference that stays put
ten of them add up to 1.10× and fail.

The reference is built as --base builds a base: extracted from git into a
temporary directory and built with this binary's Go toolchain, --layouts
times (all but the first with -ldflags=-randlayout=SEED), head likewise
from HEAD, and the scenarios' processes run in pairs (--pairs, then more
while a time is unsure, within --budget). Every time is judged as
scenarios --base judges it, at the same 3% tolerance and the same
suite-wide error rate; there is no --tolerance, since a ratchet whose
tolerance each run chooses can be walked up.

  - A time more than the tolerance slower than the reference, a count that
    moved the wrong way or a broken scenario fails the run (exit 1).
  - The reference moves to head when no time is unsure, none is measurably
    slower (its interval above 1, even within the tolerance: taking it
    would let that time grow by up to the tolerance at every move) and at
    least one is significantly faster (its interval below 1), every count
    passing. An unsure time never moves it, nor does an A/A.
  - --rebaseline --why "…" moves it to head whatever the verdict (not onto
    a broken run): a slowdown accepted, with the reason on the record.

A move is appended to the references in the baselines file (commit, date,
kind, the ratios that moved it, why) and the page ` + h.referencePageDefault() + `
lists the reference and every move; both are written as one group, as perf
writes its files (a write that fails leaves both as they were; one killed
midway is completed by the next run). A file with no reference is an input
error: perf records the commit it measures as the first reference, or
--rebaseline --why records head. With --check nothing is written: the
verdict, and what the reference would do.

--reference-binary and --head-binary take builds made elsewhere (a list
each, the pairs spread over them) instead of building from git;
--head-commit names the commit head's builds hold, which a move records.

Exit status: 0 head is not slower (the reference moved, stayed or was
rebaselined), 1 head is slower beyond the tolerance, a count failed or a
scenario broke, 2 usage or input error (no reference, a damaged baselines
file, a dirty tree, a reference that does not build).`,
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
			f, err := format(formatArg, asJSON, report.Table, report.Markdown, report.JSON)
			if err != nil {
				return err
			}
			for _, err := range []error{checkRange("pairs", pairs, 2, maxPairs), checkRange("layouts", layouts, 1, maxLayouts), checkTimeout(timeout)} {
				if err != nil {
					return err
				}
			}
			switch {
			case budget < 0:
				return usagef("--budget must not be negative, got %s", budget)
			case len(headBins) > 0 && headRev == "":
				return usagef("--head-binary runs builds made elsewhere; name the commit they hold with --head-commit REV, which a move records")
			case cmd.Flags().Changed("layouts") && len(refBins) > 0:
				return usagef("--layouts builds the reference from git; with --reference-binary, list the builds (--reference-binary a,b --head-binary x,y)")
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
			var run *paired.Outcome
			label := ""
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
				run, label = &p, l
				o = rv.Judge(compared(p))
			}
			if o, err = rv.Finish(o); err != nil {
				return h.ratchetErr(err)
			}
			if err := h.writeReference(cmd, f, o, run, label, headLabel(headBins, refBins, layouts)); err != nil {
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
	fl.BoolVar(&failUnsure, "fail-unsure", false, "fail when a time is still unsure after its last look (default: unsure fails nothing and never moves the reference)")
	fl.BoolVar(&rebaseline, "rebaseline", false, "move the reference to head whatever the verdict (needs --why)")
	fl.StringVar(&why, "why", "", "why head is the right reference; recorded with the move and shown on the page")
	fl.BoolVar(&asJSON, "json", false, "print the outcome and the paired report as JSON (--format json)")
	fl.StringVar(&formatArg, "format", "table", "output format: table, markdown (the paired report for a job summary) or json")
	fl.StringVar(&baselinesFile, "baselines", "", "baselines file that names the reference (default "+h.baselinesDefault()+" under the module root)")
	fl.StringVar(&page, "docs", "", "the generated page of the reference and its moves (default "+h.referencePageDefault()+" under the module root)")
	fl.IntVar(&layouts, "layouts", paired.DefaultLayouts, "build each side this many times, the extra builds with -ldflags=-randlayout=SEED, and spread the pairs over them")
	fl.IntVar(&pairs, "pairs", paired.DefaultPairs, "head/reference process pairs per scenario before its first look at its times")
	fl.DurationVar(&budget, "budget", paired.DefaultBudget, "a scenario with an unsure time runs more pairs while its pairs have taken less than this (0: exactly --pairs, one look)")
	fl.DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is killed and judged broken")
	fl.StringSliceVar(&refBins, "reference-binary", nil, "run these builds of the reference (`PATH`s) instead of building it from git")
	fl.StringSliceVar(&headBins, "head-binary", nil, "run these head builds (`PATH`s) instead of this binary and HEAD's layout builds; needs --head-commit")
	addInstructionsFlag(fl, &instructions)
	fl.StringVar(&headRev, "head-commit", "", "the commit head holds (`REV`, hexadecimal), for builds made elsewhere; default: git rev-parse HEAD, on a clean tree")
	return cmd
}

// writeReference prints the paired report, if a run was made, then what
// became of the reference; with --format json one object holding both.
func (h *front) writeReference(cmd *cobra.Command, f report.Format, o revision.Outcome, run *paired.Outcome, label, head string) error {
	out := cmd.OutOrStdout()
	var rep *report.Report
	if run != nil {
		base := "the reference " + short12(o.Reference.Commit)
		if label != "" && !strings.Contains(label, o.Reference.Commit) {
			base += " (" + label + ")" // builds handed in
		}
		rep = &report.Report{Program: h.program, Command: "reference", Paired: run, Base: base, Head: head}
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
	return nil
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
