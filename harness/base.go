package harness

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/affinity"
	"github.com/perfbench/perfbench/paired"
	"github.com/perfbench/perfbench/report"
	"github.com/perfbench/perfbench/runner"
)

// baseBuild is a base build ready to run: its binaries (one per layout;
// see buildBase) and the temporary directory to remove afterwards (""
// for --base-binary).
type baseBuild struct {
	bins  []string
	dir   string
	label string // what the report calls the base
}

func (b baseBuild) remove() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// buildBase builds the program at git revision ref: it checks the working
// tree is clean (head is this binary, which a dirty tree says nothing
// about), resolves ref, extracts that revision's tree into a temporary
// directory with git archive (nothing in the repository or its .git is
// written), and builds the program's main package there
// (Options.BasePackage, in the module at the same place in the tree as
// the working directory's) with this binary's Go toolchain, once for each
// of seeds: seed 0 with the linker's own
// function layout, any other with -ldflags=-randlayout=SEED. Every
// failure before the binaries exist is a usage error (exit 2) and leaves
// no file behind. side names the builds in progress ("base", "head").
func (h *front) buildBase(ctx context.Context, ref string, seeds []int, side string, progress *pairing) (baseBuild, error) {
	top, err := git(ctx, "", "rev-parse", "--show-toplevel")
	if err != nil {
		return baseBuild{}, usagef("--base %s: not inside a git repository (%v); use --base-binary PATH", ref, err)
	}
	if dirty, err := git(ctx, top, "status", "--porcelain", "--untracked-files=no"); err != nil {
		return baseBuild{}, usagef("--base %s: git status: %v", ref, err)
	} else if dirty != "" {
		return baseBuild{}, usagef("--base %s: the working tree has uncommitted changes (%s); commit or stash them so head is a revision too, or use --base-binary PATH",
			ref, strings.Join(strings.Fields(firstLine(dirty)), " "))
	}
	sha, err := git(ctx, top, "rev-parse", "--verify", "--quiet", ref+"^{commit}")
	if err != nil || sha == "" {
		return baseBuild{}, usagef("--base %s: unknown revision (git rev-parse finds no commit by that name)", ref)
	}
	goBin, err := sameToolchain(ctx)
	if err != nil {
		return baseBuild{}, usagef("--base %s: %v", ref, err)
	}
	pkg, err := h.basePackage()
	if err != nil {
		return baseBuild{}, usagef("--base %s: %v", ref, err)
	}
	// The module's place in the repository: the base is built in the same
	// module of the extracted tree.
	mod := "."
	if root := moduleRoot(); root != "" {
		if rel, err := filepath.Rel(top, root); err == nil && !strings.HasPrefix(rel, "..") {
			mod = rel
		}
	}
	dir, gotmp, err := newBaseDir(progress)
	if err != nil {
		return baseBuild{}, usagef("--base %s: cannot make a temporary directory to build in: %v; point TMPDIR at a writable directory", ref, err)
	}
	b := baseBuild{dir: dir, label: fmt.Sprintf("%s (%.12s)", ref, sha)}
	src := filepath.Join(dir, "src")
	layouts := make([]string, len(seeds))
	for i, seed := range seeds {
		layouts[i] = "the linker's own layout"
		if seed != 0 {
			layouts[i] = fmt.Sprintf("-randlayout=%d", seed)
		}
	}
	progress.building(side, fmt.Sprintf("%s at %s with %s", pkg, b.label, runtime.Version()), layouts)
	progress.step(fmt.Sprintf("%s: extracting %s into a temporary directory", side, b.label))
	if err := extract(ctx, top, sha, src); err != nil {
		b.remove()
		if ctx.Err() != nil {
			return baseBuild{}, ctx.Err()
		}
		return baseBuild{}, usagef("--base %s: extracting the tree: %v", ref, err)
	}
	for i, seed := range seeds {
		bin := filepath.Join(dir, fmt.Sprintf("%s-%d", h.program, seed))
		args := []string{"build", "-o", bin}
		if seed != 0 {
			args = append(args, fmt.Sprintf("-ldflags=-randlayout=%d", seed))
		}
		progress.step(fmt.Sprintf("%s: building %s, %d of %d (%s)", side, b.label, i+1, len(seeds), layouts[i]))
		build := exec.CommandContext(ctx, goBin, append(args, pkg)...)
		build.Dir = filepath.Join(src, mod)
		// The go command's own temporary files go inside dir, so that
		// removing dir removes them, a build killed midway included.
		build.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=", "GOTMPDIR="+gotmp)
		ownGroup(build)
		var out bytes.Buffer
		build.Stdout, build.Stderr = &out, &out
		if err := build.Run(); err != nil {
			b.remove()
			if ctx.Err() != nil {
				return baseBuild{}, ctx.Err()
			}
			return baseBuild{}, usagef("--base %s: the base does not build: %s", ref, oneLine(out.String(), err))
		}
		b.bins = append(b.bins, bin)
	}
	return b, nil
}

// sameToolchain returns the go command of the toolchain this binary was
// built with: its GOROOT's, or the one on PATH if it reports the same
// version; anything else is an error, since a base built by another
// compiler would differ from head in more than the code.
func sameToolchain(ctx context.Context) (string, error) {
	candidates := []string{filepath.Join(runtime.GOROOT(), "bin", "go"), "go"}
	for _, c := range candidates {
		cmd := exec.CommandContext(ctx, c, "env", "GOVERSION")
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
		out, err := cmd.Output()
		if err == nil && strings.TrimSpace(string(out)) == runtime.Version() {
			return c, nil
		}
	}
	return "", fmt.Errorf("no go command of this binary's toolchain (%s) found in GOROOT or on PATH", runtime.Version())
}

// extract writes the tree of commit sha into dir, read from git archive.
func extract(ctx context.Context, repo, sha, dir string) error {
	cmd := exec.CommandContext(ctx, "git", "archive", "--format=tar", sha)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	tr := tar.NewReader(pipe)
	var rerr error
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			rerr = err
			break
		}
		p := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(p, filepath.Clean(dir)+string(filepath.Separator)) {
			rerr = fmt.Errorf("archive entry %q leaves the directory", h.Name)
			break
		}
		switch h.Typeflag {
		case tar.TypeDir:
			rerr = os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			rerr = writeFrom(p, tr, os.FileMode(h.Mode)&0o777)
		case tar.TypeSymlink:
			rerr = os.Symlink(h.Linkname, p)
		}
		if rerr != nil {
			break
		}
	}
	_, _ = io.Copy(io.Discard, pipe)
	if err := cmd.Wait(); err != nil && rerr == nil {
		rerr = fmt.Errorf("git archive: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return rerr
}

func writeFrom(path string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode|0o200)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// git runs git in dir and returns its trimmed stdout. GIT_OPTIONAL_LOCKS=0
// keeps git status from refreshing the index: --base touches no file of
// the repository.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", errors.New(firstLine(msg))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// oneLine puts a build's output on one line: its first few lines.
func oneLine(out string, err error) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) > 3 {
		lines = append(lines[:3], "…")
	}
	s := strings.Join(lines, " | ")
	if s == "" {
		return err.Error()
	}
	return s
}

// basePackage returns the main package --base builds, relative to the
// module root: Options.BasePackage, or this binary's own main package.
func (h *front) basePackage() (string, error) {
	if h.opts.BasePackage != "" {
		return h.opts.BasePackage, nil
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Path == "" || !strings.HasPrefix(bi.Path, bi.Main.Path) {
		return "", fmt.Errorf("this binary does not say which package it was built from; use --base-binary PATH")
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
func (h *front) runPaired(cmd *cobra.Command, names []string, head *runner.Runner, ref string, binaries, heads []string, layouts int, opts paired.Options, f report.Format, ex *exports) error {
	o, label, err := h.pairedRun(cmd, names, head, ref, binaries, heads, layouts, opts)
	if err != nil {
		return err
	}
	return h.write(cmd, &report.Report{Program: h.program, Command: "scenarios", Paired: &o, Base: label, Terminal: terminalFor(cmd.OutOrStdout(), false)}, f, ex)
}

// pairedRun builds the base (and head's layouts) as runPaired describes,
// runs the pairs and returns their outcome and what the report calls the
// base; the temporary builds are removed before it returns.
func (h *front) pairedRun(cmd *cobra.Command, names []string, head *runner.Runner, ref string, binaries, heads []string, layouts int, opts paired.Options) (paired.Outcome, string, error) {
	ctx := cmd.Context()
	// One line redrawn on a terminal, a line per build side and per look
	// in a log: building the base and the pairs take long enough that a
	// CI log should show them too.
	progress := h.pairing(cmd)
	defer progress.done()
	if err := executables("--base-binary", binaries); err != nil {
		return paired.Outcome{}, "", err
	}
	if err := executables("--head-binary", heads); err != nil {
		return paired.Outcome{}, "", err
	}
	var b baseBuild
	if len(binaries) > 0 {
		b = baseBuild{bins: binaries, label: strings.Join(binaries, ", ")}
	} else {
		seeds := make([]int, layouts)
		for i := range seeds {
			seeds[i] = i
		}
		var err error
		if b, err = h.buildBase(ctx, ref, seeds, "base", progress); err != nil {
			return paired.Outcome{}, "", err
		}
		defer b.remove()
		if layouts > 1 && len(heads) == 0 {
			hb, err := h.buildBase(ctx, "HEAD", seeds[1:], "head", progress)
			if err != nil {
				return paired.Outcome{}, "", err
			}
			defer hb.remove()
			heads = append([]string{""}, hb.bins...)
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
	opts.Head, opts.Base = head, baseRunner(b.bins[0], head)
	if progress != nil {
		opts.Progress = progress.paired
	}
	for _, bin := range b.bins[1:] {
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
	o, err := paired.Run(ctx, names, opts)
	progress.done()
	var ce *paired.ClockError
	if errors.As(err, &ce) {
		return o, "", UsageError{err}
	}
	return o, b.label, err
}
