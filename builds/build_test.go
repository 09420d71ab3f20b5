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
