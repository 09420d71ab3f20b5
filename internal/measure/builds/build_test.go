package builds

import (
	"context"
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
