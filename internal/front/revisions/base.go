// Package revisions measures this build against another revision: the
// paired run behind scenarios --base, the revision ratchet's reference
// command, and bisect, which finds the commit that moved a count.
package revisions

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/measure/affinity"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/measure/pool"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/stamp"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/scenario"
)

// buildRevision builds the program at git revision o.Ref once for each
// of o.Seeds (package builds), in the module at the working directory's
// place in the tree: o says which revision, how messages name it (Name,
// and Binary, the flag that hands in builds instead), which side and
// which progress; the rest is this binary's. Every failure before the
// binaries exist is a usage error.
func (h *Front) buildRevision(ctx context.Context, o builds.Options) (builds.Set, error) {
	pkg, err := h.basePackage(o.Binary)
	if err != nil {
		return builds.Set{}, cli.Usagef("%s: %v", o.Name, err)
	}
	o.Package, o.Program, o.ModuleRoot, o.ModFile, o.Tags, o.Cgo = pkg, h.Program, frontend.ModuleRoot(), h.Opts.ModFile, buildTags(), buildSetting("CGO_ENABLED")
	b, err := builds.Build(ctx, o)
	if be := (*builds.Error)(nil); errors.As(err, &be) {
		return b, cli.UsageError{Err: err}
	}
	return b, err
}

// buildTags returns the build tags this binary was built with (go build
// -tags), "" for none.
func buildTags() string { return buildSetting("-tags") }

// buildSetting returns the value of a setting this binary's build
// records ("-tags", "CGO_ENABLED"), "" where it records none.
func buildSetting(key string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, st := range bi.Settings {
		if st.Key == key {
			return st.Value
		}
	}
	return ""
}

// basePackage returns the main package --base builds, relative to the
// module root: Options.BasePackage, or this binary's own main package.
func (h *Front) basePackage(binFlag string) (string, error) {
	if h.Opts.BasePackage != "" {
		return h.Opts.BasePackage, nil
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Path == "" || !strings.HasPrefix(bi.Path, bi.Main.Path) {
		return "", fmt.Errorf("this binary does not say which package it was built from; use %s PATH", binFlag)
	}
	return "./" + strings.TrimPrefix(strings.TrimPrefix(bi.Path, bi.Main.Path), "/"), nil
}

// BasePlantEnv names the plant a base process gets as its PERFBENCH_PLANT
// (build tag perfbench_plant), for a harness that plants a slowdown on
// each side: the noise harness's creep simulation runs one planted binary
// as head at 1.01^k and as the reference at 1.01^r. An ordinary build
// reads no plant, so setting it there changes nothing.
const BasePlantEnv = "PERFBENCH_BASE_PLANT"

// pairedEnv is the environment of a paired run's children, built for
// them: this process's, with every child of both sides on one CPU
// (package affinity says why), unless PERFBENCH_CPU is set, even empty,
// which is the user's choice.
func pairedEnv() []string {
	env := os.Environ()
	if _, set := os.LookupEnv(affinity.Env); !set {
		if cpu, ok := affinity.Last(); ok {
			env = append(env, affinity.Env+"="+strconv.Itoa(cpu))
		}
	}
	return env
}

// baseRunner returns a runner whose processes are the base binary's. The
// base never sees the head's PERFBENCH_PLANT nor its
// PERFBENCH_ENGINE_PLANT (window.PlantEnv): a slowdown planted for the
// noise harness or the where-table's checks (build tags perfbench_plant
// and perfbench_engine_plant)
// is the head's alone, so the harness can run one planted binary on both
// sides; BasePlantEnv gives the base a plant of its own.
func baseRunner(bin string, r *runner.Runner) *runner.Runner {
	base := *r
	base.Progress = nil
	env := r.Env
	if env == nil {
		env = os.Environ()
	}
	env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		return strings.HasPrefix(kv, "PERFBENCH_PLANT=") || strings.HasPrefix(kv, "PERFBENCH_ENGINE_PLANT=")
	})
	if v := os.Getenv(BasePlantEnv); v != "" {
		env = append(env, "PERFBENCH_PLANT="+v)
	}
	base.Command = func(name string) *exec.Cmd {
		cmd := exec.Command(bin, runner.ChildCommand, name)
		cmd.Env = slices.Clone(env)
		return cmd
	}
	return &base
}

// headRunner returns a runner whose processes are another head build's
// (--head-binary, or a layout build of HEAD): the environment is the
// head's, PERFBENCH_PLANT included.
func headRunner(bin string, r *runner.Runner) *runner.Runner {
	head := *r
	head.Progress = nil
	head.Command = func(name string) *exec.Cmd { return exec.Command(bin, runner.ChildCommand, name) }
	return &head
}

// executables checks every path of a --base-binary or --head-binary list
// names an executable file.
func executables(flag string, paths []string) error {
	for _, p := range paths {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return cli.Usagef("%s %s: not an executable file", flag, p)
		}
	}
	return nil
}

// pairedSpec is what a paired run builds and runs: the scenarios, each
// process's timeout, the base — built from git revision ref (named in
// messages by refName) once a layout (layouts), or the builds bins that
// binFlag handed in — and head: this binary with its layout builds, or
// the builds heads (--head-binary). opts says how the pairs run, and
// count, when set, counts each side's instructions first.
type PairedSpec struct {
	Names                 []string
	Timeout               time.Duration
	Ref, RefName, BinFlag string
	Bins, Heads           []string
	Layouts               int
	Opts                  paired.Options
	Count                 *counting.Counting
}

// runPaired is `PROGRAM scenarios --base REF` / `--base-binary PATH`.
func (h *Front) RunPaired(cmd *cobra.Command, spec PairedSpec, f report.Format, ex *counting.Exports) error {
	o, named, err := h.pairedRun(cmd, spec)
	if err != nil {
		return err
	}
	return h.Write(cmd, &report.Report{Program: h.Program, Command: "scenarios", Outcome: o, Base: named.base, Head: named.head, Terminal: cli.TerminalFor(cmd.OutOrStdout(), false)}, f, ex)
}

// sides are what a paired run's report calls its two sides.
type sides struct{ head, base string }

// headLabel names what a paired run ran as head, for its report: the
// --head-binary builds, or this binary by the revision its build records,
// with the layout builds of HEAD that --base REF with --layouts N made.
func headLabel(heads []string, layouts builds.Set, self *debug.BuildInfo) string {
	switch {
	case len(heads) > 0:
		return strings.Join(heads, ", ")
	case len(layouts.Bins) > 0:
		return fmt.Sprintf("%s, and %d builds of %s with other layouts", thisBinary(self), len(layouts.Bins), layouts.Label)
	}
	return thisBinary(self)
}

// thisBinary names this binary by the revision its build records: "this
// binary, built from 0a1b2c3d4e5f", with uncommitted changes where the
// build says so, or that it records none (go run stamps none).
func thisBinary(bi *debug.BuildInfo) string {
	st := stamp.Read(bi)
	switch {
	case st.Revision == "":
		return "this binary, whose build records no revision"
	case st.Modified:
		return fmt.Sprintf("this binary, built from %s with uncommitted changes", st.Short())
	}
	return fmt.Sprintf("this binary, built from %s%s", st.Short(), mergeNote(st.Revision))
}

// pairedRun builds the base (and head's layouts) as spec says, runs the
// pairs and returns their outcome and what the report calls its two
// sides; the temporary builds are removed before it returns. The run has
// the judged run's shape: a plan (paired.NewSchedule: which builds, which
// pairs), the measuring loop here (measurePairs), and a judge that is a
// function of what was measured (paired.JudgeRun).
func (h *Front) pairedRun(cmd *cobra.Command, spec PairedSpec) (o outcome.Outcome, _ sides, err error) {
	ctx := cmd.Context()
	// One line redrawn on a terminal, a line per build side and per look
	// in a log: building the base and the pairs take long enough that a
	// CI log should show them too.
	progress := h.pairing(cmd)
	defer progress.done()
	if err := executables(spec.BinFlag, spec.Bins); err != nil {
		return outcome.Outcome{}, sides{}, err
	}
	if err := executables("--head-binary", spec.Heads); err != nil {
		return outcome.Outcome{}, sides{}, err
	}
	self, _ := debug.ReadBuildInfo()
	named := sides{head: headLabel(spec.Heads, builds.Set{}, self)}
	headBins := spec.Heads
	var b builds.Set
	if len(spec.Bins) > 0 {
		b = builds.Set{Bins: spec.Bins, Label: strings.Join(spec.Bins, ", ")}
	} else {
		seeds := make([]int, spec.Layouts)
		for i := range seeds {
			seeds[i] = i
		}
		var err error
		if b, err = h.buildRevision(ctx, builds.Options{Ref: spec.Ref, Name: spec.RefName, Binary: spec.BinFlag, Seeds: seeds, Side: "base", Progress: progress}); err != nil {
			return outcome.Outcome{}, sides{}, err
		}
		defer b.Remove()
		if spec.Layouts > 1 && len(headBins) == 0 {
			hb, err := h.buildRevision(ctx, builds.Options{Ref: "HEAD", Name: "HEAD (head's layout builds)", Binary: "--head-binary", Seeds: seeds[1:], Side: "head", Progress: progress})
			if err != nil {
				return outcome.Outcome{}, sides{}, err
			}
			defer hb.Remove()
			named.head = headLabel(nil, hb, self)
			headBins = append([]string{""}, hb.Bins...)
		}
	}
	heads, bases := pairRunners(&runner.Runner{Timeout: spec.Timeout, Repeats: 1, Env: pairedEnv()}, headBins, b.Bins)
	var headCounted, baseCounted []scenario.Result
	if count := spec.Count; count != nil {
		hc, bc := count.Of(heads[0]), count.Of(bases[0])
		if headCounted, baseCounted, err = countSides(ctx, hc, bc, spec.Names, progress); err != nil {
			return outcome.Outcome{}, sides{}, err
		}
		defer func() {
			if err == nil {
				err = count.ExplainPaired(ctx, &o, headCounted, hc, bc)
			}
		}()
	}
	opts := spec.Opts
	opts.HeadBuilds, opts.BaseBuilds = len(heads), len(bases)
	if progress != nil {
		opts.Progress = progress.paired
	}
	plan := paired.NewSchedule(spec.Names, opts)
	head, base, err := measurePairs(ctx, plan, heads, bases)
	if err == nil {
		o, err = paired.JudgeRun(plan, pooled(head, headCounted), pooled(base, baseCounted))
	}
	if err == nil {
		dir := ""
		if spec.Count != nil {
			dir = spec.Count.Profiles
		}
		err = counting.ExplainAllocsPaired(ctx, &o, heads[0], bases[0], &dir)
	}
	progress.done()
	var ce *paired.ClockError
	if errors.As(err, &ce) {
		return o, sides{}, cli.UsageError{Err: err}
	}
	named.base = b.Label
	return o, named, err
}

// pairRunners returns the runners of a paired run's sides, each like
// self: head's are this binary and headBins (one "" is this binary,
// beside its layout builds), base's its builds.
func pairRunners(self *runner.Runner, headBins, baseBins []string) (heads, bases []*runner.Runner) {
	heads = []*runner.Runner{self}
	for _, bin := range baseBins {
		bases = append(bases, baseRunner(bin, self))
	}
	for i, bin := range headBins {
		switch {
		case bin == "":
			// This binary, beside its layout builds.
		case i == 0:
			heads[0] = headRunner(bin, self)
		default:
			heads = append(heads, headRunner(bin, self))
		}
	}
	return heads, bases
}

// countSides counts the instructions of names' timed scenarios on each
// side: one counted process a side, and two more a side where head reads
// near or past its tolerance (NearTolerance), as a plain run recounts;
// no pairs, since counts move by a few processes' worth at most, and
// before the pairs, which they would disturb.
func countSides(ctx context.Context, hc, bc *runner.Runner, names []string, progress *pairing) (head, base []scenario.Result, err error) {
	timed := counting.TimedScenarios(names)
	progress.Step(fmt.Sprintf("counting the instructions of %d scenario%s under Valgrind, head and base", len(timed), map[bool]string{true: "", false: "s"}[len(timed) == 1]))
	hc.Profiles, bc.Profiles = &runner.Profiles{}, &runner.Profiles{}
	if head, err = hc.Run(ctx, timed); err != nil {
		return nil, nil, err
	}
	if base, err = bc.Run(ctx, timed); err != nil {
		return nil, nil, err
	}
	if near := counting.NearTolerance(head, base); len(near) > 0 {
		if head, err = counting.RecountSide(ctx, hc, head, near); err != nil {
			return nil, nil, err
		}
		if base, err = counting.RecountSide(ctx, bc, base, near); err != nil {
			return nil, nil, err
		}
	}
	return head, base, nil
}

// measurePairs is a paired run's measuring loop: it runs the pairs plan
// names, round by round, each pair's two processes one after the other
// in the order drawn for it, on the builds it names (heads and bases,
// each side's first build first), tells plan what each measured, and at
// the end of a round hands it the pooled processes of the scenarios due a
// look. It returns every scenario's processes of each side, in plan's
// order. An error is a process that could not be run at all, or a
// cancelled ctx.
func measurePairs(ctx context.Context, plan *paired.Schedule, heads, bases []*runner.Runner) (head, base [][]scenario.Result, err error) {
	n := len(plan.Names())
	head, base = make([][]scenario.Result, n), make([][]scenario.Result, n)
	for round := plan.Round(); len(round) > 0; round = plan.Round() {
		for _, p := range round {
			began := time.Now()
			sides := []struct {
				r   *runner.Runner
				out *[]scenario.Result
			}{{heads[p.Head], &head[p.Scenario]}, {bases[p.Base], &base[p.Scenario]}}
			if p.BaseFirst {
				slices.Reverse(sides)
			}
			for _, side := range sides {
				res, err := side.r.Once(ctx, p.Name)
				if err != nil {
					return nil, nil, err
				}
				*side.out = append(*side.out, res)
			}
			i := p.Scenario
			plan.Ran(p, head[i][len(head[i])-1], base[i][len(base[i])-1], time.Since(began))
		}
		due := plan.Due()
		hs, bs := make([]scenario.Result, len(due)), make([]scenario.Result, len(due))
		for k, i := range due {
			hs[k], bs[k] = pool.Runs(head[i]), pool.Runs(base[i])
		}
		plan.Look(hs, bs)
	}
	return head, base, nil
}

// pooled is each scenario's processes of one side pooled into one
// result, with the instructions that side counted (none: nil).
func pooled(runs [][]scenario.Result, counted []scenario.Result) []scenario.Result {
	out := make([]scenario.Result, len(runs))
	for i, rs := range runs {
		out[i] = runner.WithInstructions([]scenario.Result{pool.Runs(rs)}, counted)[0]
	}
	return out
}
