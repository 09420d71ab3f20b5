// Package builds makes the builds a paired run compares: the program at
// a git revision, extracted into a temporary directory with git archive
// (nothing in the repository or its .git is written) and built with this
// binary's Go toolchain, once for each function layout the run spreads
// its pairs over (-ldflags=-randlayout=SEED). Every failure before the
// binaries exist leaves no file behind, and a directory a killed run left
// is removed by the next ([Build]).
package builds

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
	"strings"
)

// Error is a build that could not be made from what it was given: a
// dirty tree, an unknown revision, a base that does not build. It is bad
// input (exit 2).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// silent is the Progress that tells nothing.
type silent struct{}

func (silent) Building(string, string, []string) {}
func (silent) Step(string)                       {}
func (silent) Write(b []byte) (int, error)       { return len(b), nil }

// Set is a revision's builds ready to run: its binaries, one per layout,
// and the temporary directory to remove afterwards ("" for builds made
// elsewhere).
type Set struct {
	Bins []string
	Dir  string
	// Label is what a report calls the revision: "main (0a1b2c3d4e5f)".
	Label string
}

// Remove removes the set's directory, its binaries with it.
func (b Set) Remove() {
	if b.Dir != "" {
		os.RemoveAll(b.Dir)
	}
}

// Progress is told what a build does, as it does it.
type Progress interface {
	// Building says what one side's builds are: the package, the revision
	// and the toolchain, and each build's layout.
	Building(side, what string, layouts []string)
	// Step is one line of what a build is doing now.
	Step(line string)
	// Write gets the lines that say what was cleaned up.
	io.Writer
}

// Options say what Build builds.
type Options struct {
	// Ref is the git revision (a branch, a tag, a commit).
	Ref string
	// Name is how messages name the revision and where it came from
	// ("--base main", "the reference 0a1b2c3d4e5f in perf/baselines.yaml");
	// "" is Ref.
	Name string
	// Binary is the flag that hands in builds made elsewhere instead,
	// which a message names as the way out of a revision that cannot be
	// built here; "" is --base-binary.
	Binary string
	// Seeds are the builds' layouts: 0 the linker's own, any other
	// -ldflags=-randlayout=SEED.
	Seeds []int
	// Side names the builds in progress lines ("base", "head").
	Side string
	// Package is the main package, relative to the module root
	// ("./cmd/perfbench").
	Package string
	// Program names the binaries.
	Program string
	// ModuleRoot is the module's directory in the working tree, where
	// the base is built in the extracted tree too; "" is the tree's top.
	ModuleRoot string
	// Tags are the build tags (go build -tags) of the binary measured
	// beside these builds, so that both sides compile the same files: a
	// program whose scenarios live behind a tag (a perf-only main beside
	// the app's own) has none without it.
	Tags string
	// Cgo is the CGO_ENABLED ("0" or "1") of the binary measured beside
	// these builds, for the same reason as Tags: a perf build made with
	// CGO_ENABLED=0 (docs/programs.md) compiles other files of some
	// packages than the environment's default would, and a program's
	// toolkit may not build with cgo where its headers are missing. ""
	// leaves the environment's.
	Cgo string
	// ModFile is the module file the program is built with, relative to
	// the module root (go build -modfile), where a perf build keeps its
	// requirements out of the program's own go.mod; "" is go.mod.
	ModFile string
	// Dirty builds the revision from a working tree with uncommitted
	// changes too: the revision is built for itself (perf trying the
	// reference it is about to record), not as the base of this binary,
	// which a dirty tree would not match.
	Dirty bool
	// Progress is told what happens; nil tells nothing.
	Progress Progress
}

// Build builds the program at git revision o.Ref: it checks the working
// tree is clean (head is this binary, which a dirty tree says nothing
// about), resolves the revision, extracts its tree into a temporary
// directory with git archive (nothing in the repository or its .git is
// written), and builds the program's main package there (o.Package, in
// the module at the same place in the tree as o.ModuleRoot, with
// o.ModFile) with this binary's Go toolchain, once for each of o.Seeds.
// A relative replace that leads out of the tree is resolved against the
// working tree, as the go command resolves it there (pinReplaces). Every failure before
// the binaries exist is an [*Error] (bad input: exit 2) and leaves no
// file behind; a cancelled ctx is ctx's error.
func Build(ctx context.Context, o Options) (Set, error) {
	ref, seeds, side, progress := o.Ref, o.Seeds, o.Side, o.Progress
	name := o.Name
	if name == "" {
		name = ref
	}
	if progress == nil {
		progress = silent{}
	}
	binFlag := o.Binary
	if binFlag == "" {
		binFlag = "--base-binary"
	}
	top, sha, err := revision(ctx, ref, name, binFlag, o.Dirty)
	if err != nil {
		return Set{}, err
	}
	goBin, err := sameToolchain(ctx)
	if err != nil {
		return Set{}, errorf("%s: %v", name, err)
	}
	pkg := o.Package
	mod, realMod := moduleIn(top, o.ModuleRoot)
	dir, gotmp, err := newBaseDir(progress)
	if err != nil {
		return Set{}, errorf("%s: cannot make a temporary directory to build in: %v; point TMPDIR at a writable directory", name, err)
	}
	b := Set{Dir: dir, Label: fmt.Sprintf("%s (%.12s)", ref, sha)}
	src := filepath.Join(dir, "src")
	layouts := layoutNames(seeds)
	progress.Building(side, fmt.Sprintf("%s at %s with %s", pkg, b.Label, runtime.Version()), layouts)
	progress.Step(fmt.Sprintf("%s: extracting %s into a temporary directory", side, b.Label))
	if err := extract(ctx, top, sha, src); err != nil {
		b.Remove()
		if ctx.Err() != nil {
			return Set{}, ctx.Err()
		}
		return Set{}, errorf("%s: extracting the tree: %v", name, err)
	}
	modDir := filepath.Join(src, mod)
	work, pinned, err := pinReplaces(ctx, goBin, src, modDir, realMod, o.ModFile)
	if err != nil {
		b.Remove()
		if ctx.Err() != nil {
			return Set{}, ctx.Err()
		}
		return Set{}, errorf("%s: the base does not build: %v", name, err)
	}
	if work == "" || o.ModFile != "" {
		// Not a go.work of the user's environment or above the temporary
		// directory: one that uses the working tree's module would build
		// head in the base's place. -modfile is refused in a workspace.
		work = "off"
	}
	for i, seed := range seeds {
		bin := filepath.Join(dir, fmt.Sprintf("%s-%d", o.Program, seed))
		args := buildArgs(o, modDir, bin, seed, pinned && work == "off")
		progress.Step(fmt.Sprintf("%s: building %s, %d of %d (%s)", side, b.Label, i+1, len(seeds), layouts[i]))
		build := exec.CommandContext(ctx, goBin, append(args, pkg)...)
		build.Dir = modDir
		// The go command's own temporary files go inside dir, so that
		// removing dir removes them, a build killed midway included.
		build.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=", "GOTMPDIR="+gotmp, "GOWORK="+work)
		if o.Cgo != "" {
			build.Env = append(build.Env, "CGO_ENABLED="+o.Cgo)
		}
		ownGroup(build)
		var out bytes.Buffer
		build.Stdout, build.Stderr = &out, &out
		if err := build.Run(); err != nil {
			b.Remove()
			if ctx.Err() != nil {
				return Set{}, ctx.Err()
			}
			return Set{}, errorf("%s: the base does not build: %s", name, oneLine(out.String(), err))
		}
		b.Bins = append(b.Bins, bin)
	}
	return b, nil
}

// revision finds ref in the repository around the working directory:
// the repository's top and ref's commit, refusing a working tree with
// uncommitted changes unless dirty allows them. name and binFlag are what
// its errors name: the revision as the user gave it, the flag that takes
// a build made elsewhere.
func revision(ctx context.Context, ref, name, binFlag string, dirty bool) (top, sha string, err error) {
	top, err = Git(ctx, "", "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", errorf("%s: not inside a git repository (%v); use %s PATH", name, err, binFlag)
	}
	if changes, err := Git(ctx, top, "status", "--porcelain", "--untracked-files=no"); err != nil {
		return "", "", errorf("%s: git status: %v", name, err)
	} else if changes != "" && !dirty {
		return "", "", errorf("%s: the working tree has uncommitted changes (%s); commit or stash them so head is a revision too, or use %s PATH",
			name, strings.Join(strings.Fields(FirstLine(changes)), " "), binFlag)
	}
	sha, err = Git(ctx, top, "rev-parse", "--verify", "--quiet", ref+"^{commit}")
	if err != nil || sha == "" {
		return "", "", errorf("%s: unknown revision (git rev-parse finds no commit by that name)%s", name, shallow(ctx, top))
	}
	return top, sha, nil
}

// moduleIn is the module's place in the repository at top, relative to
// it ("." without root), and the module's root as given: the base is
// built in the same module of the extracted tree. git names the top by
// its real path; the root may be reached through a symbolic link.
func moduleIn(top, root string) (mod, realMod string) {
	if root == "" {
		return ".", top
	}
	resolved, err := filepath.EvalSymlinks(root)
	if err != nil {
		resolved = root
	}
	if rel, err := filepath.Rel(top, resolved); err == nil && inside(top, resolved) {
		return rel, root
	}
	return ".", top
}

// layoutNames says which code layout each seed's build has.
func layoutNames(seeds []int) []string {
	layouts := make([]string, len(seeds))
	for i, seed := range seeds {
		layouts[i] = "the linker's own layout"
		if seed != 0 {
			layouts[i] = fmt.Sprintf("-randlayout=%d", seed)
		}
	}
	return layouts
}

// buildArgs are the go build arguments of the build of seed into bin,
// in the extracted module modDir; addSums lets the go command add the
// sums the extracted go.sum lacks.
func buildArgs(o Options, modDir, bin string, seed int, addSums bool) []string {
	args := []string{"build", "-o", bin}
	if o.Tags != "" {
		args = append(args, "-tags="+o.Tags)
	}
	if o.ModFile != "" {
		args = append(args, "-modfile="+filepath.Join(modDir, o.ModFile))
	}
	if addSums {
		// The revision builds against the working tree's copy of a
		// replaced module, whose requirements may have moved since
		// (perfbench updated beside the program): its go.sum may lack
		// their sums. -mod=mod lets the go command add them, to the
		// extracted copy only (a workspace refuses it).
		args = append(args, "-mod=mod")
	}
	if seed != 0 {
		args = append(args, fmt.Sprintf("-ldflags=-randlayout=%d", seed))
	}
	return args
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

// shallow says, for a revision git does not find, that the clone is
// shallow where it is: the default checkout of a CI job holds one commit,
// so an older one is missing, not unknown.
func shallow(ctx context.Context, top string) string {
	if out, err := Git(ctx, top, "rev-parse", "--is-shallow-repository"); err == nil && out == "true" {
		return "; this clone is shallow, so older commits are missing: git fetch --unshallow (in GitHub Actions, actions/checkout with fetch-depth: 0)"
	}
	return ""
}

// Git runs git in dir and returns its trimmed stdout, or its stderr's
// first line as the error. GIT_OPTIONAL_LOCKS=0
// keeps git status from refreshing the index: --base touches no file of
// the repository.
func Git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", errors.New(FirstLine(msg))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// FirstLine returns the first line of s, trimmed.
func FirstLine(s string) string {
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
