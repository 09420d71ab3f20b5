package harness

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

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/measure/affinity"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/stamp"
	"github.com/perfbench/perfbench/internal/publish/report"
)

// buildRevision builds the program at git revision ref once for each of seeds
// (package builds), in the module at the working directory's place in
// the tree; every failure before the binaries exist is a usage error.
func (h *front) buildRevision(ctx context.Context, ref, name, binFlag string, seeds []int, side string, progress *pairing) (builds.Set, error) {
	pkg, err := h.basePackage(binFlag)
	if err != nil {
		return builds.Set{}, usagef("%s: %v", name, err)
	}
	b, err := builds.Build(ctx, builds.Options{Ref: ref, Name: name, Binary: binFlag, Seeds: seeds, Side: side, Package: pkg, Program: h.program,
		ModuleRoot: moduleRoot(), ModFile: h.opts.ModFile, Tags: buildTags(), Cgo: buildSetting("CGO_ENABLED"), Progress: progress})
	if be := (*builds.Error)(nil); errors.As(err, &be) {
		return b, UsageError{err}
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
func (h *front) basePackage(binFlag string) (string, error) {
	if h.opts.BasePackage != "" {
		return h.opts.BasePackage, nil
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

// baseRunner returns a runner whose processes are the base binary's. The
// base never sees the head's PERFBENCH_PLANT: a slowdown planted for the
// noise harness (build tag perfbench_plant) is the head's alone, so the
// harness can run one planted binary on both sides; BasePlantEnv gives
// the base a plant of its own.
func baseRunner(bin string, r *runner.Runner) *runner.Runner {
	base := *r
	base.Progress = nil
	base.Command = func(name string) *exec.Cmd {
		cmd := exec.Command(bin, runner.ChildCommand, name)
		cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PERFBENCH_PLANT=") })
		if v := os.Getenv(BasePlantEnv); v != "" {
			cmd.Env = append(cmd.Env, "PERFBENCH_PLANT="+v)
		}
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
			return usagef("%s %s: not an executable file", flag, p)
		}
	}
	return nil
}

// runPaired is `PROGRAM scenarios --base REF` / `--base-binary PATH`.
// layouts builds each side that many times with --base (the head's
// further builds from HEAD's tree, beside this binary); binaries lists
// the base builds of --base-binary, heads the head builds of
// --head-binary (none: this binary).
func (h *front) runPaired(cmd *cobra.Command, names []string, head *runner.Runner, ref string, binaries, heads []string, layouts int, opts paired.Options, f report.Format, ex *exports, count *counting) error {
	o, named, err := h.pairedRun(cmd, names, head, ref, "--base "+ref, "--base-binary", binaries, heads, layouts, opts, count)
	if err != nil {
		return err
	}
	return h.write(cmd, &report.Report{Program: h.program, Command: "scenarios", Outcome: o, Base: named.base, Head: named.head, Terminal: terminalFor(cmd.OutOrStdout(), false)}, f, ex)
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
	return fmt.Sprintf("this binary, built from %s", st.Short())
}

// pairedRun builds the base (and head's layouts) as runPaired describes,
// runs the pairs and returns their outcome and what the report calls its
// two sides; the temporary builds are removed before it returns.
// binFlag is the flag that hands in the base's builds instead (binaries):
// messages name it as the way out of a base that cannot be built here.
func (h *front) pairedRun(cmd *cobra.Command, names []string, head *runner.Runner, ref, refName, binFlag string, binaries, heads []string, layouts int, opts paired.Options, count *counting) (o outcome.Outcome, _ sides, err error) {
	ctx := cmd.Context()
	// One line redrawn on a terminal, a line per build side and per look
	// in a log: building the base and the pairs take long enough that a
	// CI log should show them too.
	progress := h.pairing(cmd)
	defer progress.done()
	if err := executables(binFlag, binaries); err != nil {
		return outcome.Outcome{}, sides{}, err
	}
	if err := executables("--head-binary", heads); err != nil {
		return outcome.Outcome{}, sides{}, err
	}
	self, _ := debug.ReadBuildInfo()
	named := sides{head: headLabel(heads, builds.Set{}, self)}
	var b builds.Set
	if len(binaries) > 0 {
		b = builds.Set{Bins: binaries, Label: strings.Join(binaries, ", ")}
	} else {
		seeds := make([]int, layouts)
		for i := range seeds {
			seeds[i] = i
		}
		var err error
		if b, err = h.buildRevision(ctx, ref, refName, binFlag, seeds, "base", progress); err != nil {
			return outcome.Outcome{}, sides{}, err
		}
		defer b.Remove()
		if layouts > 1 && len(heads) == 0 {
			hb, err := h.buildRevision(ctx, "HEAD", "HEAD (head's layout builds)", "--head-binary", seeds[1:], "head", progress)
			if err != nil {
				return outcome.Outcome{}, sides{}, err
			}
			defer hb.Remove()
			named.head = headLabel(nil, hb, self)
			heads = append([]string{""}, hb.Bins...)
		}
	}
	if _, set := os.LookupEnv(affinity.Env); !set {
		// Every child of both sides on one CPU (package affinity says
		// why); PERFBENCH_CPU set, even empty, is the user's choice.
		if cpu, ok := affinity.Last(); ok {
			os.Setenv(affinity.Env, strconv.Itoa(cpu))
			defer os.Unsetenv(affinity.Env)
		}
	}
	head.Progress = nil
	opts.Head, opts.Base = head, baseRunner(b.Bins[0], head)
	if progress != nil {
		opts.Progress = progress.paired
	}
	for _, bin := range b.Bins[1:] {
		opts.BaseLayouts = append(opts.BaseLayouts, baseRunner(bin, head))
	}
	for i, bin := range heads {
		switch {
		case bin == "":
			// This binary, beside its layout builds.
		case i == 0:
			opts.Head = headRunner(bin, head)
		default:
			opts.HeadLayouts = append(opts.HeadLayouts, headRunner(bin, head))
		}
	}
	if count != nil {
		// One counted process a side, and two more a side where head
		// reads near or past its tolerance (nearTolerance), as a plain
		// run recounts: no pairs, since counts move by a few processes'
		// worth at most; before the pairs, which they would disturb.
		timed := timedScenarios(names)
		progress.Step(fmt.Sprintf("counting the instructions of %d scenario%s under Valgrind, head and base", len(timed), map[bool]string{true: "", false: "s"}[len(timed) == 1]))
		hc, bc := count.of(opts.Head), count.of(opts.Base)
		hc.Profiles, bc.Profiles = &runner.Profiles{}, &runner.Profiles{}
		if opts.HeadCounted, err = hc.Run(ctx, timed); err != nil {
			return outcome.Outcome{}, sides{}, err
		}
		if opts.BaseCounted, err = bc.Run(ctx, timed); err != nil {
			return outcome.Outcome{}, sides{}, err
		}
		if near := nearTolerance(opts.HeadCounted, opts.BaseCounted); len(near) > 0 {
			if opts.HeadCounted, err = recountSide(ctx, hc, opts.HeadCounted, near); err != nil {
				return outcome.Outcome{}, sides{}, err
			}
			if opts.BaseCounted, err = recountSide(ctx, bc, opts.BaseCounted, near); err != nil {
				return outcome.Outcome{}, sides{}, err
			}
		}
		defer func() {
			if err == nil {
				err = count.explainPaired(ctx, &o, opts.HeadCounted, hc, bc)
			}
		}()
	}
	o, err = paired.Run(ctx, names, opts)
	if err == nil {
		dir := ""
		if count != nil {
			dir = count.profiles
		}
		err = explainAllocsPaired(ctx, &o, opts.Head, opts.Base, &dir)
	}
	progress.done()
	var ce *paired.ClockError
	if errors.As(err, &ce) {
		return o, sides{}, UsageError{err}
	}
	named.base = b.Label
	return o, named, err
}
