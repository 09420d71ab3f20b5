package builds

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitIn runs git in dir, failing the test on an error.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %v: %s", args, out)
	return string(out)
}

// A revision a shallow clone lacks (the default checkout of a CI job holds
// one commit) is named as missing from a shallow clone, with how to deepen
// it, and under the name its caller gave it — not as an unknown revision
// of a flag the user never passed.
func TestARevisionAShallowCloneLacksSaysHowToDeepenIt(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	origin := t.TempDir()
	gitIn(t, origin, "init", "-q", "-b", "main")
	for _, f := range []string{"a", "b"} {
		require.NoError(t, os.WriteFile(filepath.Join(origin, f), []byte(f), 0o644))
		gitIn(t, origin, "add", f)
		gitIn(t, origin, "commit", "-q", "-m", f)
	}
	first := gitIn(t, origin, "rev-parse", "HEAD~1")[:40]
	clone := filepath.Join(t.TempDir(), "clone")
	gitIn(t, origin, "clone", "-q", "--depth", "1", "file://"+origin, clone)
	t.Chdir(clone)

	_, err := Build(context.Background(), Options{Ref: first, Name: "the reference revision " + first[:12] + " in perf/baselines.yaml", Seeds: []int{0}, Package: ".", Program: "p"})
	var be *Error
	require.ErrorAs(t, err, &be)
	assert.Equal(t, "the reference revision "+first[:12]+" in perf/baselines.yaml: unknown revision (git rev-parse finds no commit by that name); "+
		"this clone is shallow, so older commits are missing: git fetch --unshallow (in GitHub Actions, actions/checkout with fetch-depth: 0)", err.Error())

	gitIn(t, clone, "fetch", "-q", "--unshallow")
	_, err = Build(context.Background(), Options{Ref: "no-such-rev", Seeds: []int{0}, Package: ".", Program: "p"})
	require.ErrorAs(t, err, &be)
	assert.Equal(t, "no-such-rev: unknown revision (git rev-parse finds no commit by that name)", err.Error(), "a whole clone's unknown revision is unknown")
}

// A program whose main lives behind a build tag (a perf-only main beside
// the app's own) builds at a revision only with the tags the measured
// binary was built with: without them the go command finds no main.
func TestARevisionBuildsWithTheMeasuredBinarysTags(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	gitIn(t, repo, "init", "-q", "-b", "main")
	for name, src := range map[string]string{
		"go.mod":  "module tagged\n\ngo 1.21\n",
		"perf.go": "//go:build perf\n\npackage main\n\nfunc main() {}\n",
		"app.go":  "//go:build !perf\n\npackage main\n\nimport \"no/such/toolkit\"\n\nfunc main() { toolkit.Run() }\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), []byte(src), 0o644))
	}
	gitIn(t, repo, "add", ".")
	gitIn(t, repo, "commit", "-q", "-m", "a program with a perf-only main")
	t.Chdir(repo)

	set, err := Build(context.Background(), Options{Ref: "HEAD", Seeds: []int{0}, Package: ".", Program: "p", Tags: "perf"})
	require.NoError(t, err)
	defer set.Remove()
	require.Len(t, set.Bins, 1)
	assert.FileExists(t, set.Bins[0])

	_, err = Build(context.Background(), Options{Ref: "HEAD", Seeds: []int{0}, Package: ".", Program: "p"})
	var be *Error
	require.ErrorAs(t, err, &be, "without the tag the app's own main does not build")
	assert.Contains(t, err.Error(), "does not build")
}

// A relative replace that leads out of the repository (docs/programs.md's
// ../perfbench, a checkout beside it) is resolved against the module's
// place in the working tree, where the base is built from a temporary
// directory; one inside the tree stays relative, so the base builds its
// own copy of it. The same holds for a perf build's module file of its
// own (-modfile) and for a go.work's uses.
func TestABaseBuildsWithRelativeReplaces(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	const (
		lib   = "package lib\n\nconst Name = \"lib\"\n"
		main  = "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/inner\"\n\t\"example.com/lib\"\n)\n\nfunc main() { fmt.Println(lib.Name, inner.V) }\n"
		inner = "package inner\n\nconst V = %q\n"
		mod   = "module example.com/app\n\ngo 1.21\n\nrequire (\n\texample.com/inner v0.0.0\n\texample.com/lib v0.0.0\n)\n"
		subs  = "\nreplace example.com/inner => ./inner\n\nreplace example.com/lib => ../../lib\n"
	)
	for _, tt := range []struct {
		name    string
		files   map[string]string // under the repository
		modFile string
		tags    string
	}{
		{"go.mod", map[string]string{"app/go.mod": mod + subs, "app/main.go": main}, "", ""},
		{"a module file of its own", map[string]string{
			"app/go.mod":      "module example.com/app\n\ngo 1.21\n",
			"app/go.perf.mod": mod + subs,
			"app/app.go":      "//go:build !perf\n\npackage main\n\nfunc main() {}\n",
			"app/perf.go":     "//go:build perf\n\n" + main,
		}, "go.perf.mod", "perf"},
		{"go.work", map[string]string{
			"app/go.mod":  "module example.com/app\n\ngo 1.21\n\nrequire example.com/inner v0.0.0\n\nreplace example.com/inner => ./inner\n",
			"app/main.go": main,
			"go.work":     "go 1.21\n\nuse (\n\t./app\n\t../lib\n)\n",
		}, "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			top := t.TempDir()
			write := func(dir string, files map[string]string) {
				for name, body := range files {
					p := filepath.Join(dir, filepath.FromSlash(name))
					require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
					require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
				}
			}
			write(top, map[string]string{"lib/go.mod": "module example.com/lib\n\ngo 1.21\n", "lib/lib.go": lib})
			repo := filepath.Join(top, "repo")
			files := map[string]string{"app/inner/go.mod": "module example.com/inner\n\ngo 1.21\n", "app/inner/inner.go": fmt.Sprintf(inner, "base")}
			maps.Copy(files, tt.files)
			write(repo, files)
			gitIn(t, repo, "init", "-q", "-b", "main")
			gitIn(t, repo, "add", ".")
			gitIn(t, repo, "commit", "-q", "-m", "base")
			write(repo, map[string]string{"app/inner/inner.go": fmt.Sprintf(inner, "head")})
			gitIn(t, repo, "commit", "-q", "-am", "head")
			app := filepath.Join(repo, "app")
			t.Chdir(app)
			before := gitIn(t, repo, "status", "--porcelain")

			set, err := Build(context.Background(), Options{Ref: "HEAD~1", Seeds: []int{0}, Package: ".", Program: "p",
				ModuleRoot: app, ModFile: tt.modFile, Tags: tt.tags})
			require.NoError(t, err)
			defer set.Remove()
			out, err := exec.Command(set.Bins[0]).Output()
			require.NoError(t, err)
			assert.Equal(t, "lib base\n", string(out), "../../lib from the working tree, ./inner from the base")
			assert.Equal(t, before, gitIn(t, repo, "status", "--porcelain"), "nothing in the working tree is written")
		})
	}
}

// A base whose module file is missing, or names a replacement directory
// that is not there, is a base that does not build: bad input, with the
// go command's reason.
func TestABaseWhoseReplaceLeadsNowhereDoesNotBuild(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	for name, body := range map[string]string{
		"go.mod":  "module example.com/app\n\ngo 1.21\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ../no-such-lib\n",
		"main.go": "package main\n\nimport _ \"example.com/lib\"\n\nfunc main() {}\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), []byte(body), 0o644))
	}
	gitIn(t, repo, "init", "-q", "-b", "main")
	gitIn(t, repo, "add", ".")
	gitIn(t, repo, "commit", "-q", "-m", "base")
	t.Chdir(repo)
	var be *Error
	_, err := Build(context.Background(), Options{Ref: "HEAD", Seeds: []int{0}, Package: ".", Program: "p", ModuleRoot: repo})
	require.ErrorAs(t, err, &be)
	assert.Contains(t, err.Error(), "HEAD: the base does not build: ")
	assert.Contains(t, err.Error(), filepath.Join(filepath.Dir(repo), "no-such-lib"), "the directory named where the working tree puts it")

	_, err = Build(context.Background(), Options{Ref: "HEAD", Seeds: []int{0}, Package: ".", Program: "p", ModuleRoot: repo, ModFile: "go.perf.mod"})
	require.ErrorAs(t, err, &be)
	assert.Contains(t, err.Error(), "HEAD: the base does not build: reading go.perf.mod: ")
}

// A revision builds with the measured binary's CGO_ENABLED, whatever the
// environment's: a perf build made with CGO_ENABLED=0 compiles other
// files than the default would.
func TestARevisionBuildsWithTheMeasuredBinarysCgo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	gitIn(t, repo, "init", "-q", "-b", "main")
	for name, src := range map[string]string{
		"go.mod":   "module cgo\n\ngo 1.21\n",
		"main.go":  "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(which) }\n",
		"cgo.go":   "//go:build cgo\n\npackage main\n\nconst which = \"cgo\"\n",
		"nocgo.go": "//go:build !cgo\n\npackage main\n\nconst which = \"no cgo\"\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), []byte(src), 0o644))
	}
	gitIn(t, repo, "add", ".")
	gitIn(t, repo, "commit", "-q", "-m", "a program that says whether cgo built it")
	t.Chdir(repo)
	for env, cgo := range map[string]string{"1": "0", "0": "1"} {
		t.Setenv("CGO_ENABLED", env)
		set, err := Build(context.Background(), Options{Ref: "HEAD", Seeds: []int{0}, Package: ".", Program: "p", Cgo: cgo})
		require.NoError(t, err)
		out, err := exec.Command(set.Bins[0]).Output()
		set.Remove()
		require.NoError(t, err)
		want := map[string]string{"0": "no cgo\n", "1": "cgo\n"}[cgo]
		assert.Equal(t, want, string(out), "CGO_ENABLED=%s in the environment, %s in the binary", env, cgo)
	}
}
