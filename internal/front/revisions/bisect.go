package revisions

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/publish/terminal"
	"github.com/perfbench/perfbench/scenario"
)

// firstCrossed returns the least i in [0, n) for which crossed(i) holds,
// given that it holds for n−1 (BAD) and for every i past one it holds
// for, and that it holds for no i < 0 (GOOD): a binary search that asks
// crossed about ⌈log₂ n⌉ commits, never n−1 itself.
func firstCrossed(n int, crossed func(i int) (bool, error)) (int, error) {
	lo, hi := -1, n-1
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		c, err := crossed(mid)
		if err != nil {
			return 0, err
		}
		if c {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi, nil
}

// maxProbes is how many commits firstCrossed asks about for n commits.
func maxProbes(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// bisected is one commit's build and its counted scenarios.
type bisected struct {
	sha, subject string
	Set          builds.Set
	counted      []scenario.Result
	r            *runner.Runner
}

func (h *Front) BisectCmd() *cobra.Command {
	var profiles string
	p := h.Program
	cmd := &cobra.Command{
		Use:   "bisect GOOD BAD [NAME...]",
		Short: "Find the commit that made a scenario's instructions cross their band",
		Long: `Find the first commit between GOOD and BAD (git revisions, GOOD an ancestor
of BAD) at which an instructions number of the named scenarios (default: every
scenario with a time) rises past GOOD's by more than its tolerance. Instructions
are exact, so a binary search over the first-parent commits needs no statistics:
GOOD's build and ⌈log₂ N⌉ more for N commits. It prints the commit and its
where-table against its parent. Needs Valgrind. Details: perfbench's
docs/where.md.

Exit status: 0 a commit found, 1 BAD does not cross, 2 usage or input error.`,
		Example: "  " + p + " bisect v1.2.0 main\n  " + p + " bisect HEAD~64 HEAD hover-storm",
		Args:    cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			names, err := h.Args(args[2:])
			if err != nil {
				return err
			}
			return h.bisect(cmd, args[0], args[1], counting.TimedScenarios(names), profiles)
		},
	}
	counting.AddProfilesFlag(cmd.Flags(), &profiles)
	return cmd
}

func (h *Front) bisect(cmd *cobra.Command, good, bad string, names []string, profiles string) error {
	ctx := cmd.Context()
	out, log := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if cli.Quiet(cmd) {
		log = io.Discard
	}
	count, err := counting.NewCounting(ctx, counting.CountRequire, runner.Runner{}, log, h.Program)
	if err != nil {
		return err
	}
	count.WriteProfilesTo(profiles)
	root := frontend.ModuleRoot()
	list, err := builds.Git(ctx, root, "rev-list", "--first-parent", "--reverse", good+".."+bad)
	if err != nil {
		return cli.Usagef("bisect: %s..%s: %v", good, bad, err)
	}
	commits := strings.Fields(list)
	if len(commits) == 0 {
		return cli.Usagef("bisect: no commits from %s to %s", good, bad)
	}
	bs := &bisection{h: h, root: root, count: count, names: names, log: log, start: time.Now()}
	defer bs.remove()
	base, err := bs.measure(ctx, good)
	if err != nil {
		return err
	}
	judge := func(head *bisected) outcome.Outcome {
		return judgeInstructions(base.counted, head.counted)
	}
	revs := map[int]*bisected{-1: base}
	fmt.Fprintf(log, "%s: %d commits from %s to %s: at most %d more builds\n", h.Program, len(commits), good, bad, maxProbes(len(commits)))
	first, err := firstCrossed(len(commits), func(i int) (bool, error) {
		rev, err := bs.measure(ctx, commits[i])
		if err != nil {
			return false, err
		}
		revs[i] = rev
		return judge(rev).Verdict.Failed(), nil
	})
	if err != nil {
		return err
	}
	culprit, ok := revs[first]
	if !ok {
		// BAD itself, which the search takes on trust: count it.
		if culprit, err = bs.measure(ctx, commits[first]); err != nil {
			return err
		}
		if !judge(culprit).Verdict.Failed() {
			fmt.Fprintf(out, "no instructions number of %s crosses its band from %s to %s (%d builds, %s)\n",
				strings.Join(names, " "), good, bad, len(bs.made), time.Since(bs.start).Round(time.Second))
			return cli.ErrFailed
		}
	}
	parent := revs[first-1]
	o := judgeInstructions(parent.counted, culprit.counted)
	if err := count.ExplainPaired(ctx, &o, culprit.counted, culprit.r, parent.r); err != nil {
		return err
	}
	fmt.Fprintf(out, "first commit past the band: %s %s\n(%d commits, %d builds, %s)\n\n", culprit.sha[:12], culprit.subject,
		len(commits), len(bs.made), time.Since(bs.start).Round(time.Second))
	for _, n := range judge(culprit).Numbers() {
		if n.Verdict.Failed() {
			fmt.Fprintf(out, "  %s %s: %s from %s\n", n.Scenario, n.Name, n.Note, base.sha[:12])
		}
	}
	return terminal.WriteWhere(out, o, terminal.DefaultWidth)
}

// bisection is one bisect run's builds: each revision it measured, built
// once and counted under Callgrind.
type bisection struct {
	h     *Front
	root  string
	count *counting.Counting
	names []string
	log   io.Writer
	start time.Time
	made  []builds.Set
}

// measure builds ref and counts its instructions of the scenarios named;
// a scenario that broke there stops the search.
func (b *bisection) measure(ctx context.Context, ref string) (*bisected, error) {
	sha, err := builds.Git(ctx, b.root, "rev-parse", ref)
	if err != nil {
		return nil, cli.Usagef("bisect: %s: %v", ref, err)
	}
	subject, _ := builds.Git(ctx, b.root, "log", "-1", "--format=%s", sha)
	set, err := b.h.buildRevision(ctx, builds.Options{Ref: sha, Name: sha[:12], Binary: "--base-binary", Seeds: []int{0}, Side: "base"})
	if err != nil {
		return nil, err
	}
	b.made = append(b.made, set)
	r := b.count.Of(baseRunner(set.Bins[0], &runner.Runner{}))
	r.Profiles = &runner.Profiles{}
	counted, err := r.Run(ctx, b.names)
	if err != nil {
		return nil, err
	}
	for _, res := range counted {
		if res.Broken != "" {
			return nil, fmt.Errorf("bisect: %s at %s: %s", res.Name, sha[:12], res.Broken)
		}
	}
	fmt.Fprintf(b.log, "%s: built and counted %s %s (%d builds, %s)\n", b.h.Program, sha[:12], subject, len(b.made), time.Since(b.start).Round(time.Second))
	return &bisected{sha: sha, subject: subject, Set: set, counted: counted, r: r}, nil
}

// remove removes every build the search made.
func (b *bisection) remove() {
	for _, s := range b.made {
		s.Remove()
	}
}

// judgeInstructions judges head's instructions numbers against base's,
// each by its tolerance, as a paired run does (Move Worse past it).
func judgeInstructions(base, head []scenario.Result) outcome.Outcome {
	o := outcome.Outcome{Against: outcome.Base, Verdict: band.Pass}
	for _, h := range head {
		sc := outcome.Scenario{Name: h.Name}
		var b *scenario.Result
		for i := range base {
			if base[i].Name == h.Name {
				b = &base[i]
			}
		}
		if b == nil {
			continue
		}
		hn, bn := h.InstructionNumbers(), b.InstructionNumbers()
		for i, m := range hn {
			if i >= len(bn) || len(m.Samples) == 0 || len(bn[i].Samples) == 0 {
				continue
			}
			n := outcome.Number{Scenario: h.Name, Base: bn[i].Samples[0], Ratio: outcome.NoRatio()}
			n.Spec, n.Median = m.Spec, m.Samples[0]
			r := n.Median / n.Base
			n.Verdict = band.Pass
			if r > 1+m.Band.Tolerance {
				n.Verdict, n.Move = band.Fail, outcome.Worse
				n.Note = fmt.Sprintf("%s× (%s → %s)", band.Format(r), band.Format(n.Base), band.Format(n.Median))
			}
			n.BandVerdict = n.Verdict
			sc.Numbers = append(sc.Numbers, n)
			if n.Verdict.Failed() {
				o.Verdict = band.Fail
			}
		}
		o.Scenarios = append(o.Scenarios, sc)
	}
	return o
}
