package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

// commentStep sets up what a GitHub Actions step sees: an event file, a
// job summary, a report, and an API at api; it returns the report's path
// and the summary's.
func commentStep(t *testing.T, api, event string) (report, summary string) {
	dir := t.TempDir()
	report = filepath.Join(dir, "perf-report.md")
	summary = filepath.Join(dir, "summary.md")
	ev := filepath.Join(dir, "event.json")
	require.NoError(t, os.WriteFile(report, []byte("## perfbench: **pass**\n"), 0o644))
	require.NoError(t, os.WriteFile(summary, []byte("## perfbench: **pass**\n"), 0o644))
	require.NoError(t, os.WriteFile(ev, []byte(event), 0o644))
	env := map[string]string{"GITHUB_EVENT_PATH": ev, "GITHUB_STEP_SUMMARY": summary, "GITHUB_API_URL": api,
		"GITHUB_REPOSITORY": "octo/app", "GITHUB_WORKFLOW": "perf", "GITHUB_TOKEN": "ghs_x"}
	old := commentEnv
	commentEnv = func(k string) string { return env[k] }
	t.Cleanup(func() { commentEnv = old })
	return report, summary
}

const prEvent = `{"pull_request":{"number":7,"head":{"repo":{"full_name":"octo/app"}},"base":{"repo":{"full_name":"octo/app"}}}}`

func TestCommentPostsOnAPullRequest(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, r.Method+" "+r.URL.Path+" "+string(b))
		if r.Method == http.MethodGet {
			_, _ = w.Write([]byte("[]"))
			return
		}
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]any{"id": 9, "html_url": "https://github.com/octo/app/pull/7#issuecomment-9"})
	}))
	defer srv.Close()
	report, _ := commentStep(t, srv.URL, prEvent)
	code, stdout, stderr := perfbench(t, "comment", report)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, "comment created: https://github.com/octo/app/pull/7#issuecomment-9\n", stdout)
	require.Len(t, got, 2)
	assert.Equal(t, `POST /repos/octo/app/issues/7/comments {"body":"\u003c!-- perfbench report: perf --\u003e\n## perfbench: **pass**\n"}`, got[1])
}

// A fork's read-only token is refused the comment: the job summary, which
// already holds the report, says so, and the step passes.
func TestCommentFromAForkFallsBackToTheJobSummary(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			_, _ = w.Write([]byte("[]"))
			return
		}
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(`{"message":"Resource not accessible by integration"}`))
	}))
	defer srv.Close()
	report, summary := commentStep(t, srv.URL, `{"pull_request":{"number":7,"head":{"repo":{"full_name":"someone/app"}},"base":{"repo":{"full_name":"octo/app"}}}}`)
	code, stdout, stderr := perfbench(t, "comment", report)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Empty(t, stdout)
	b, err := os.ReadFile(summary)
	require.NoError(t, err)
	assert.Equal(t, "## perfbench: **pass**\n> **perfbench did not comment on pull request #7**: it comes from a fork, and a fork's pull request gets a read-only token "+
		"(comment: POST /repos/octo/app/issues/7/comments: 403 Resource not accessible by integration). The report is in this job summary instead.\n\n", string(b))
	assert.Contains(t, stderr, "did not comment on pull request #7")
}

func TestCommentOutsideAPullRequestPostsNothing(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("no request expected, got %s %s", r.Method, r.URL)
	}))
	defer srv.Close()
	report, _ := commentStep(t, srv.URL, `{"ref":"refs/heads/main"}`)
	code, _, stderr := perfbench(t, "comment", report)
	assert.Equal(t, harness.ExitPass, code)
	assert.Contains(t, stderr, "not for a pull request")
}

func TestCommentUsageErrors(t *testing.T) {
	report, _ := commentStep(t, "http://127.0.0.1:1", prEvent)
	code, _, stderr := perfbench(t, "comment", report+".missing")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "does not exist; write the report first")
	code, _, stderr = perfbench(t, "comment", report, "--token-env", "NO_SUCH_TOKEN")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, "perfbench: comment: no token in NO_SUCH_TOKEN; give the step env: NO_SUCH_TOKEN: ${{ github.token }}\n", stderr)
	assert.Equal(t, 1, strings.Count(stderr, "\n"))
}
