package main

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/paired"
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

// buildBase builds perfbench at git revision ref: it checks the working
// tree is clean (head is this binary, which a dirty tree says nothing
// about), resolves ref, extracts that revision's tree into a temporary
// directory with git archive (nothing in the repository or its .git is
// written), and builds ./cmd/perfbench there with this binary's Go
// toolchain, once for each of seeds: seed 0 with the linker's own
// function layout, any other with -ldflags=-randlayout=SEED. Every
// failure before the binaries exist is a usage error (exit 2) and leaves
// no file behind.
func buildBase(ctx context.Context, ref string, seeds []int, progress io.Writer) (baseBuild, error) {
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
	dir, err := os.MkdirTemp("", "perfbench-base-")
	if err != nil {
		return baseBuild{}, err
	}
	b := baseBuild{dir: dir, label: fmt.Sprintf("%s (%.12s)", ref, sha)}
	src := filepath.Join(dir, "src")
	if progress != nil {
		fmt.Fprintf(progress, "base: extracting %s into a temporary directory\n", b.label)
	}
	if err := extract(ctx, top, sha, src); err != nil {
		b.remove()
		return baseBuild{}, usagef("--base %s: extracting the tree: %v", ref, err)
	}
	for _, seed := range seeds {
		bin := filepath.Join(dir, fmt.Sprintf("perfbench-%d", seed))
		args := []string{"build", "-o", bin}
		layout := "the linker's own layout"
		if seed != 0 {
			args = append(args, fmt.Sprintf("-ldflags=-randlayout=%d", seed))
			layout = fmt.Sprintf("-randlayout=%d", seed)
		}
		if progress != nil {
			fmt.Fprintf(progress, "base: building ./cmd/perfbench at %s with %s, %s\n", b.label, runtime.Version(), layout)
		}
		build := exec.CommandContext(ctx, goBin, append(args, "./cmd/perfbench")...)
		build.Dir = src
		build.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
		var out bytes.Buffer
		build.Stdout, build.Stderr = &out, &out
		if err := build.Run(); err != nil {
			b.remove()
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

// baseRunner returns a runner whose processes are the base binary's. The
// base never sees PERFBENCH_PLANT: a slowdown planted for the noise
// harness (build tag perfbench_plant) is the head's alone, so the harness
// can run one planted binary on both sides.
func baseRunner(bin string, r *runner.Runner) *runner.Runner {
	base := *r
	base.Progress = nil
	base.Command = func(name string) *exec.Cmd {
		cmd := exec.Command(bin, runner.ChildCommand, name)
		cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PERFBENCH_PLANT=") })
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

// runPaired is `perfbench scenarios --base REF` / `--base-binary PATH`.
// layouts builds each side that many times with --base (the head's
// further builds from HEAD's tree, beside this binary); binaries lists
// the base builds of --base-binary, heads the head builds of
// --head-binary (none: this binary).
func runPaired(ctx context.Context, s *streams, names []string, head *runner.Runner, ref string, binaries, heads []string, layouts int, opts paired.Options, asJSON, markdown bool) error {
	// Lines, not a bar: building the base and the rounds take long
	// enough that a CI log should show them too.
	progress := io.Writer(nil)
	if !s.quiet {
		progress = s.err
	}
	if err := executables("--base-binary", binaries); err != nil {
		return err
	}
	if err := executables("--head-binary", heads); err != nil {
		return err
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
		if b, err = buildBase(ctx, ref, seeds, progress); err != nil {
			return err
		}
		defer b.remove()
		if layouts > 1 && len(heads) == 0 {
			h, err := buildBase(ctx, "HEAD", seeds[1:], progress)
			if err != nil {
				return err
			}
			defer h.remove()
			heads = append([]string{""}, h.bins...)
		}
	}
	head.Progress = nil
	opts.Head, opts.Base, opts.Progress = head, baseRunner(b.bins[0], head), progress
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
	var ce *paired.ClockError
	if errors.As(err, &ce) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	switch {
	case asJSON:
		err = writeJSON(s, pairedJSON(b.label, o))
	case markdown:
		err = writeMarkdownPaired(s.out, b.label, o)
	default:
		err = writePairedTable(s.out, b.label, o)
	}
	if err != nil {
		return err
	}
	if o.Failed() {
		return errGateFailed
	}
	return nil
}

// writePairedTable prints one row per number: head, base, the ratio and
// its interval for a time with what the run could see, the verdict and
// what moved; then the numbers under their headings, unsure first.
func writePairedTable(w io.Writer, base string, o paired.Outcome) error {
	var b strings.Builder
	fmt.Fprintf(&b, "head: this binary; base: %s; %s\n\n", base, o.Rule())
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\tnumber\thead\tbase\tunit\thead/base\tverdict\tnote")
	for _, n := range o.Numbers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", n.Scenario, n.Name, pairedValue(n.Head), pairedValue(n.Base),
			n.Unit, pairedRatio(n), pairedVerdict(n.Verdict), join(n.Note, n.Sees()))
	}
	tw.Flush()
	for _, br := range o.Broken {
		fmt.Fprintf(&b, "broken: %s\n", strings.Join(strings.Fields(br), " "))
	}
	var headings []string
	lists := map[string][]string{}
	for _, n := range pairedListed(o) {
		_, h := n.Heading()
		if len(lists[h]) == 0 {
			headings = append(headings, h)
		}
		lists[h] = append(lists[h], n.Scenario+" "+n.Name+": "+join(n.Note, n.Sees()))
	}
	for _, h := range headings {
		fmt.Fprintf(&b, "\n%s:\n  %s\n", h, strings.Join(lists[h], "\n  "))
	}
	fmt.Fprintf(&b, "\nverdict: %s\n", o.Verdict)
	_, err := io.WriteString(w, scenarioTrimLines(b.String()))
	return err
}

// pairedListed returns the numbers a report lists under a heading, in
// the headings' order (unsure first), each heading in the run's order.
func pairedListed(o paired.Outcome) []paired.Number {
	var out []paired.Number
	for _, n := range o.Numbers {
		if _, h := n.Heading(); h != "" {
			out = append(out, n)
		}
	}
	slices.SortStableFunc(out, func(a, b paired.Number) int {
		ra, _ := a.Heading()
		rb, _ := b.Heading()
		return ra - rb
	})
	return out
}

// pairedRatio prints a time's ratio with its interval, the interval's
// level and the pairs: "1.021 [1.016, 1.025] 98.75% 60 pairs"; "—" for a
// count.
func pairedRatio(n paired.Number) string {
	if n.Kind != band.KindTime || math.IsNaN(n.Ratio) {
		return "—"
	}
	return fmt.Sprintf("%s [%s, %s] %s%% %d pairs", band.Format(n.Ratio), band.Format(n.Lo), band.Format(n.Hi),
		band.Format(100*n.Level), n.Pairs)
}

func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// pairedVerdict prints a verdict, "—" for a number listed but not judged.
func pairedVerdict(v band.Verdict) string {
	if v == band.None {
		return "—"
	}
	return v.String()
}

func pairedValue(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return band.Format(v)
}

type pairedNumberJSON struct {
	Scenario string    `json:"scenario"`
	Name     string    `json:"name"`
	Unit     string    `json:"unit"`
	Kind     band.Kind `json:"kind"`
	Head     *float64  `json:"head"`
	Base     *float64  `json:"base"`
	Ratio    *float64  `json:"ratio,omitempty"`
	Lo       *float64  `json:"lo,omitempty"`
	Hi       *float64  `json:"hi,omitempty"`
	Level    float64   `json:"level,omitempty"`
	Pairs    int       `json:"pairs,omitempty"`
	// Slower and Faster are the shift test's p-values at 1+tolerance;
	// Detectable is the smallest ratio the run could have failed.
	Slower     *float64     `json:"p_slower,omitempty"`
	Faster     *float64     `json:"p_faster,omitempty"`
	Detectable *float64     `json:"detectable,omitempty"`
	Verdict    band.Verdict `json:"verdict"`
	Move       paired.Move  `json:"move,omitempty"`
	Note       string       `json:"note,omitempty"`
}

type pairedForm struct {
	Base       string             `json:"base"`
	Tolerance  float64            `json:"tolerance"`
	Alpha      float64            `json:"alpha"`
	Times      int                `json:"times"`
	Looks      int                `json:"looks"`
	FailUnsure bool               `json:"fail_unsure,omitempty"`
	Builds     int                `json:"builds"`
	Seed       uint64             `json:"seed"`
	Verdict    band.Verdict       `json:"verdict"`
	Broken     []string           `json:"broken,omitempty"`
	Numbers    []pairedNumberJSON `json:"numbers"`
}

func pairedJSON(base string, o paired.Outcome) pairedForm {
	finite := func(v float64) *float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return &v
	}
	out := pairedForm{Base: base, Tolerance: o.Tolerance, Alpha: paired.Alpha, Times: o.Times, Looks: o.Looks, FailUnsure: o.FailUnsure,
		Builds: o.Builds, Seed: o.Seed, Verdict: o.Verdict, Broken: o.Broken, Numbers: []pairedNumberJSON{}}
	for _, n := range o.Numbers {
		out.Numbers = append(out.Numbers, pairedNumberJSON{Scenario: n.Scenario, Name: n.Name, Unit: n.Unit, Kind: n.Kind,
			Head: finite(n.Head), Base: finite(n.Base), Ratio: finite(n.Ratio), Lo: finite(n.Lo), Hi: finite(n.Hi),
			Level: n.Level, Pairs: n.Pairs, Slower: finite(n.Slower), Faster: finite(n.Faster), Detectable: finite(n.Detectable),
			Verdict: n.Verdict, Move: n.Move, Note: n.Note})
	}
	return out
}
