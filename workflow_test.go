//go:build actionlint

// The workflow's tests read it with actionlint, which only they need: with
// its own dependencies it is seconds of a first build, so the tests a
// developer runs (go test ./...) leave it out, and go run xtask.go ci runs
// these with -tags actionlint.

package perfbench_test

import (
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// workflow is the CI workflow the README tells a user to copy.
var workflow = filepath.Join(".github", "workflows", "perf.yml")

// lint runs actionlint's checks (syntax, expressions, known actions and
// their inputs; shellcheck and pyflakes off, since CI need not have them)
// over one workflow file.
func lint(t *testing.T, path string) []*actionlint.Error {
	t.Helper()
	l, err := actionlint.NewLinter(io.Discard, &actionlint.LinterOptions{})
	require.NoError(t, err)
	errs, err := l.LintFile(path, nil)
	require.NoError(t, err)
	return errs
}

// The workflow is valid, and every command it runs is one .ci/run runs too,
// so a workflow that would fail in a pull request fails here first.
func TestWorkflow(t *testing.T) {
	for _, e := range lint(t, workflow) {
		t.Errorf("%s", e.Error())
	}

	src, err := os.ReadFile(workflow)
	require.NoError(t, err)
	wf, errs := actionlint.Parse(src)
	require.Empty(t, errs)
	ciRun, err := os.ReadFile(filepath.Join(".ci", "run"))
	require.NoError(t, err)
	ran := func(cmd string) bool {
		for _, l := range strings.Split(string(ciRun), "\n") {
			// The command, whole, perhaps after environment assignments
			// or before a redirection.
			if strings.Contains(" "+strings.TrimSpace(l)+" ", " "+cmd+" ") {
				return true
			}
		}
		return false
	}
	var commands []string
	// In the order the file lists the jobs (a map has none): perf, reference.
	for _, id := range slices.Sorted(maps.Keys(wf.Jobs)) {
		for _, step := range wf.Jobs[id].Steps {
			run, ok := step.Exec.(*actionlint.ExecRun)
			if !ok {
				continue
			}
			for _, cmd := range strings.Split(run.Run.Value, "\n") {
				cmd = strings.TrimSpace(cmd)
				if cmd == "" || strings.HasPrefix(cmd, "#") {
					continue
				}
				commands = append(commands, cmd)
				assert.True(t, ran(cmd), "%s runs %q, which .ci/run does not", workflow, cmd)
			}
		}
	}
	assert.Equal(t, []string{"bash .ci/install", "go test -short ./...", "go run xtask.go ci", "bash .ci/perf-report", `go run ./cmd/perfbench comment "$PERF_REPORT"`, "bash .ci/bencher", "bash .ci/install", "bash .ci/reference"}, commands)
	// The revision ratchet commits a moved reference back to main: its job
	// alone may write, and only on a push to main.
	ref, ok := wf.Jobs["reference"]
	require.True(t, ok, "a reference job")
	require.NotNil(t, ref.If)
	assert.Contains(t, ref.If.Value, "github.ref == 'refs/heads/main'")
	require.NotNil(t, ref.Permissions)
	assert.Equal(t, "write", ref.Permissions.Scopes["contents"].Value.Value)
	require.NotNil(t, wf.Permissions)
	assert.Equal(t, "read", wf.Permissions.Scopes["contents"].Value.Value, "every other job reads only")
}

// The lint can fail: a workflow with a misspelt key, a bad expression and
// an unknown input of a known action is rejected.
func TestWorkflowLintCanFail(t *testing.T) {
	bad := filepath.Join(t.TempDir(), ".github", "workflows", "bad.yml")
	require.NoError(t, os.MkdirAll(filepath.Dir(bad), 0o755))
	require.NoError(t, os.WriteFile(bad, []byte(`name: bad
on: [push]
jobs:
  perf:
    runs-on: ubuntu-latest
    stepz: []
    steps:
      - uses: actions/setup-go@v5
        with:
          go-versionfile: go.mod
      - run: echo ${{ github.nope.ref }}
`), 0o644))
	errs := lint(t, bad)
	var kinds []string
	for _, e := range errs {
		kinds = append(kinds, e.Kind)
	}
	assert.Subset(t, kinds, []string{"syntax-check", "action", "expression"}, "%v", errs)
}

// The Bencher steps run only where the repository has set the
// BENCHER_API_TOKEN secret (on a push to main), and only the step that
// sends gets the token itself; the job knows only whether it is set.
func TestBencherStepsRunOnlyWithTheirSecret(t *testing.T) {
	src, err := os.ReadFile(workflow)
	require.NoError(t, err)
	wf, errs := actionlint.Parse(src)
	require.Empty(t, errs)
	env := func(e *actionlint.Env, name string) string {
		if e == nil {
			return ""
		}
		for _, v := range e.Vars {
			if v.Name.Value == name {
				return v.Value.Value
			}
		}
		return ""
	}
	steps := 0
	for id, job := range wf.Jobs {
		if id != "reference" {
			// The revision ratchet's job sends nothing to Bencher.
			assert.Equal(t, "${{ secrets.BENCHER_API_TOKEN != '' }}", env(job.Env, "BENCHER_ENABLED"), id)
		}
		for _, step := range job.Steps {
			what := ""
			switch e := step.Exec.(type) {
			case *actionlint.ExecAction:
				what = e.Uses.Value
			case *actionlint.ExecRun:
				what = e.Run.Value
			}
			token := env(step.Env, "BENCHER_API_TOKEN")
			if !strings.Contains(strings.ToLower(what), "bencher") {
				assert.Empty(t, token, "only the Bencher step gets the token: %s", what)
				continue
			}
			steps++
			require.NotNil(t, step.If, "%s has no if", what)
			assert.Contains(t, step.If.Value, "env.BENCHER_ENABLED == 'true'", what)
			assert.Contains(t, step.If.Value, "github.event_name == 'push'", what)
			if _, ok := step.Exec.(*actionlint.ExecRun); ok {
				assert.Equal(t, "${{ secrets.BENCHER_API_TOKEN }}", token)
			}
		}
	}
	assert.Equal(t, 2, steps, "the action that installs bencher and the step that runs it")
}
