package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/publish/comment/commenttest"
)

// head is the pull request's head commit in every event below, and when
// the fake API says it was committed.
const head = "0123456789abcdef0123456789abcdef01234567"

var committed = time.Date(2026, 12, 1, 10, 4, 59, 0, time.UTC)

func prEvent(n, headRepo string) string {
	return `{"pull_request":{"number":` + n + `,"head":{"sha":"` + head + `","repo":{"full_name":"` + headRepo +
		`"}},"base":{"repo":{"full_name":"octo/app"}}}}`
}

// commentStep sets up what a GitHub Actions step sees: an event file, an
// empty job summary, a report, and the fake API; it returns the report's
// path and the step's environment, which a test may change.
func commentStep(t *testing.T, api *commenttest.API, event string) (report string, env map[string]string) {
	dir := t.TempDir()
	report = filepath.Join(dir, "perf-report.md")
	ev := filepath.Join(dir, "event.json")
	require.NoError(t, os.WriteFile(report, []byte("## perfbench: **pass**\n"), 0o644))
	require.NoError(t, os.WriteFile(ev, []byte(event), 0o644))
	env = map[string]string{"GITHUB_EVENT_PATH": ev, "GITHUB_STEP_SUMMARY": filepath.Join(dir, "summary.md"),
		"GITHUB_API_URL": api.URL, "GITHUB_REPOSITORY": "octo/app", "GITHUB_WORKFLOW": "perf", "GITHUB_TOKEN": api.Token,
		"GITHUB_SERVER_URL": "https://github.com", "GITHUB_RUN_ID": "4521"}
	api.Commits[head] = committed
	old := commentEnv
	commentEnv = func(k string) string { return env[k] }
	t.Cleanup(func() { commentEnv = old })
	return report, env
}

// runComment runs perfbench comment, and fails the test when it has not
// finished within 10 seconds: a step that hangs is the failure.
func runComment(t *testing.T, args ...string) (code int, stdout, stderr string, took time.Duration) {
	t.Helper()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		code, stdout, stderr := perfbench(t, append([]string{"comment"}, args...)...)
		done <- result{code, stdout, stderr}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr, time.Since(start)
	case <-time.After(10 * time.Second):
		t.Fatalf("perfbench comment %s is still running after 10s", strings.Join(args, " "))
	}
	return
}

const marker = "<!-- perfbench report: perf -->"

// heading is the line the comment starts with under the marker.
const heading = "Head [`0123456`](https://github.com/octo/app/pull/7/commits/" + head + "), committed 2026-12-01 10:04 UTC · " +
	"[workflow run 4521](https://github.com/octo/app/actions/runs/4521)"

func TestCommentPostsWithAHeadingNamingThePush(t *testing.T) {
	api := commenttest.New(t)
	report, _ := commentStep(t, api, prEvent("7", "octo/app"))
	code, stdout, stderr, _ := runComment(t, report)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, "comment created: https://github.com/octo/app/pull/7#issuecomment-101\n", stdout)
	cs := api.Comments(7)
	require.Len(t, cs, 1)
	assert.Equal(t, marker+"\n"+heading+"\n\n## perfbench: **pass**\n", cs[0].Body)
	assert.Equal(t, commenttest.Bot, cs[0].User.Login)
}

// A person's comment that starts with the marker is theirs: the step
// posts its own, and on the next push edits its own, never theirs.
func TestCommentNeverEditsAPersonsCommentWithTheMarker(t *testing.T) {
	api := commenttest.New(t)
	api.Add(7, "octocat", marker+"\nI copied the bot's comment to ask about it.")
	report, _ := commentStep(t, api, prEvent("7", "octo/app"))

	code, stdout, stderr, _ := runComment(t, report)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, "comment created: https://github.com/octo/app/pull/7#issuecomment-102\n", stdout)
	code, stdout, stderr, _ = runComment(t, report)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, "comment updated: https://github.com/octo/app/pull/7#issuecomment-102\n", stdout)

	cs := api.Comments(7)
	require.Len(t, cs, 2)
	assert.Equal(t, marker+"\nI copied the bot's comment to ask about it.", cs[0].Body)
	assert.NotContains(t, api.Transcript(), "PATCH /repos/octo/app/issues/comments/101")
}

// A busy pull request: a first page of 100 comments of 12 KB each (1.2
// MB, past any small cut-off), and the step's own comment on the second,
// reached by the Link header's next address.
func TestCommentFindsItsOwnPastAPageOfLargeComments(t *testing.T) {
	api := commenttest.New(t)
	long := strings.Repeat("A long review comment. ", 12<<10/23)
	for range 100 {
		api.Add(7, "reviewer", long)
	}
	report, _ := commentStep(t, api, prEvent("7", "octo/app"))
	code, _, stderr, _ := runComment(t, report)
	require.Equal(t, harness.ExitPass, code, stderr)
	api.Transcript()

	code, stdout, stderr, _ := runComment(t, report)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, "comment updated: https://github.com/octo/app/pull/7#issuecomment-201\n", stdout)
	assert.Contains(t, api.Transcript(), "GET /repos/octo/app/issues/7/comments?page=2&per_page=100\n")
	assert.Len(t, api.Comments(7), 101)
}

// An API that accepts and never answers, and one that sends a byte a
// second: each ends at the step's deadline, exit 1, naming it.
func TestCommentGivesUpOnAnAPIThatDoesNotAnswer(t *testing.T) {
	// Waits out two 1 s deadlines beside the other parallel tests, none of
	// which runs comment, the one command that reads commentEnv.
	t.Parallel()
	for _, tc := range []struct {
		name, want string
		answer     func(*commenttest.API) func(http.ResponseWriter, *http.Request) bool
	}{
		{"hang", "GET /user", func(api *commenttest.API) func(http.ResponseWriter, *http.Request) bool {
			return func(w http.ResponseWriter, r *http.Request) bool { api.Hang(w, r); return true }
		}},
		{"drip", "GET /repos/octo/app/issues/7/comments", func(api *commenttest.API) func(http.ResponseWriter, *http.Request) bool {
			return func(w http.ResponseWriter, r *http.Request) bool {
				if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/comments") {
					api.Drip(w, r)
					return true
				}
				return false
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := commenttest.New(t)
			api.Answer = tc.answer(api)
			report, _ := commentStep(t, api, prEvent("7", "octo/app"))
			code, stdout, stderr, took := runComment(t, report, "--timeout", "1s")
			assert.Equal(t, harness.ExitFailed, code)
			assert.Empty(t, stdout)
			assert.Equal(t, "perfbench: comment: "+tc.want+": gave up: the step's deadline passed (--timeout 1s)\n", stderr)
			assert.Less(t, took, 3*time.Second)
		})
	}
}

// Inputs that are not what a workflow gives: each is refused in one
// line, exit 2, before any request, naming what is wrong.
func TestCommentRefusesBadInput(t *testing.T) {
	refuseBadInput(t, []badInput{
		{name: "pr-minus-5", event: prEvent("-5", "octo/app"), want: `pull_request.number -5 is not a pull request's number`},
		{name: "repo-without-slash", env: map[string]string{"GITHUB_REPOSITORY": "octo"},
			want: `comment: GITHUB_REPOSITORY "octo" is not a repository's owner/name`},
		{name: "repo-with-path", env: map[string]string{"GITHUB_REPOSITORY": "octo/app/../../user"},
			want: `comment: GITHUB_REPOSITORY "octo/app/../../user" is not a repository's owner/name`},
		{name: "bad-api-url", env: map[string]string{"GITHUB_API_URL": "ht!tp://api.github.com"},
			want: `comment: GITHUB_API_URL "ht!tp://api.github.com" is not the API's root: first path segment in URL cannot contain colon`},
		{name: "plain-http-api", env: map[string]string{"GITHUB_API_URL": "http://api.example.com"},
			want: `comment: GITHUB_API_URL "http://api.example.com" is not the API's root: plain http would send the token unencrypted; use https://`},
		{name: "bad-run-id", env: map[string]string{"GITHUB_RUN_ID": "4521/../x"},
			want: `comment: GITHUB_RUN_ID "4521/../x" is not a workflow run's id; run it in a GitHub Actions step`},
		{name: "no-head-sha", event: `{"pull_request":{"number":7,"head":{"repo":null},"base":{"repo":{"full_name":"octo/app"}}}}`,
			want: `pull_request.head.sha "" is not a commit's hash`},
	})
}

// badInput is a step's input that is wrong in one way.
type badInput struct {
	name   string
	report string // "" is a good report
	env    map[string]string
	event  string
	want   string
}

func refuseBadInput(t *testing.T, cases []badInput) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := commenttest.New(t)
			api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
				t.Errorf("no request expected, got %s %s", r.Method, r.URL)
				return false
			}
			event := tc.event
			if event == "" {
				event = prEvent("7", "octo/app")
			}
			report, env := commentStep(t, api, event)
			for k, v := range tc.env {
				env[k] = v
			}
			if tc.report != "" {
				report = tc.report
			}
			code, stdout, stderr, _ := runComment(t, report)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
		})
	}
}

// In a pull request from the repository itself the token may write, so
// a refusal is a fault of the workflow's: exit 1, with GitHub's message
// and what to fix, and nothing claimed to be in the job summary.
func TestCommentFailsWhenRefusedInTheRepositorysOwnPullRequest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(api *commenttest.API, env map[string]string)
		want  string
	}{
		{"401", func(api *commenttest.API, env map[string]string) { env["GITHUB_TOKEN"] = "ghs_expired" },
			"perfbench: comment: GET /user: 401 Bad credentials (the token is not valid: give the step env: GITHUB_TOKEN: ${{ github.token }})\n"},
		{"403", func(api *commenttest.API, _ map[string]string) { api.ReadOnly = true },
			"perfbench: comment: POST /repos/octo/app/issues/7/comments: 403 Resource not accessible by integration " +
				"(the token may not write to the pull request: give the job permissions: pull-requests: write)\n"},
		{"404", func(_ *commenttest.API, env map[string]string) { env["GITHUB_REPOSITORY"] = "octo/ap" },
			"perfbench: comment: GET /repos/octo/ap/git/commits/" + head + ": 404 Not Found " +
				"(GitHub found no such repository or pull request for this token: check GITHUB_REPOSITORY and the event)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := commenttest.New(t)
			report, env := commentStep(t, api, prEvent("7", "octo/app"))
			tc.setup(api, env)
			code, stdout, stderr, _ := runComment(t, report)
			assert.Equal(t, harness.ExitFailed, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tc.want, stderr)
			assert.NoFileExists(t, env["GITHUB_STEP_SUMMARY"])
			assert.Empty(t, api.Comments(7))
		})
	}
}

// A fork's pull request gets a read-only token whatever the workflow
// asks: the report goes to the job summary under a note, a warning on
// the run's page says so, and the step passes. Without a job summary the
// warning says the report is in the log, and it is.
func TestCommentFromAForkPutsTheReportInTheJobSummary(t *testing.T) {
	for _, tc := range []struct {
		name    string
		setup   func(api *commenttest.API)
		refusal string
	}{
		{"403", func(api *commenttest.API) { api.ReadOnly = true },
			"comment: POST /repos/octo/app/issues/7/comments: 403 Resource not accessible by integration"},
		{"404", func(api *commenttest.API) {
			api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
				if strings.HasSuffix(r.URL.Path, "/comments") {
					commenttest.Message(w, http.StatusNotFound, "Not Found")
					return true
				}
				return false
			}
		}, "comment: GET /repos/octo/app/issues/7/comments: 404 Not Found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := commenttest.New(t)
			tc.setup(api)
			report, env := commentStep(t, api, prEvent("7", "someone/app"))
			code, stdout, stderr, _ := runComment(t, report)
			require.Equal(t, harness.ExitPass, code, stderr)
			assert.Empty(t, stderr)
			assert.Equal(t, "::warning::perfbench comment: pull request #7 comes from a fork, whose token is read-only ("+tc.refusal+
				"); the report is in the job summary instead\n", stdout)
			b, err := os.ReadFile(env["GITHUB_STEP_SUMMARY"])
			require.NoError(t, err)
			assert.Equal(t, "> **perfbench could not comment on pull request #7**, which comes from a fork and so gets a read-only token ("+
				tc.refusal+"). The report is below.\n\n## perfbench: **pass**\n\n", string(b))

			env["GITHUB_STEP_SUMMARY"] = ""
			code, stdout, stderr, _ = runComment(t, report)
			require.Equal(t, harness.ExitPass, code, stderr)
			assert.Equal(t, "::warning::perfbench comment: pull request #7 comes from a fork, whose token is read-only ("+tc.refusal+
				"); GITHUB_STEP_SUMMARY is not set, so the report is in this step's log\n## perfbench: **pass**\n", stdout)
		})
	}
}

// A job summary that cannot be written is no fallback: the step fails,
// saying the report is in neither place.
func TestCommentFromAForkFailsWhenTheSummaryCannotBeWritten(t *testing.T) {
	api := commenttest.New(t)
	api.ReadOnly = true
	report, env := commentStep(t, api, prEvent("7", "someone/app"))
	env["GITHUB_STEP_SUMMARY"] = t.TempDir()
	code, stdout, stderr, _ := runComment(t, report)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Empty(t, stdout, "no warning claims the report is in the summary")
	assert.Equal(t, "perfbench: comment: the job summary GITHUB_STEP_SUMMARY "+env["GITHUB_STEP_SUMMARY"]+" is not a regular file (a directory); "+
		"the fork's read-only token was refused the comment (comment: POST /repos/octo/app/issues/7/comments: 403 Resource not accessible by integration), "+
		"so the report is neither in a comment nor in the job summary\n", stderr)
}

// GitHub's reasons for refusing a comment are in errors[], and they are
// what a reader needs: here, a report over its length limit.
func TestCommentShowsGitHubsErrors(t *testing.T) {
	api := commenttest.New(t)
	api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method != http.MethodPost {
			return false
		}
		commenttest.Reply(w, http.StatusUnprocessableEntity, map[string]any{"message": "Validation Failed",
			"errors": []map[string]string{{"resource": "IssueComment", "code": "custom", "field": "body",
				"message": "body is too long (maximum is 65536 characters)"}},
			"documentation_url": "https://docs.github.com/rest/issues/comments#create-an-issue-comment"})
		return true
	}
	report, _ := commentStep(t, api, prEvent("7", "octo/app"))
	code, stdout, stderr, _ := runComment(t, report)
	assert.Equal(t, harness.ExitFailed, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "perfbench: comment: POST /repos/octo/app/issues/7/comments: 422 Validation Failed: "+
		"body is too long (maximum is 65536 characters)\n", stderr)
}

// A token that is not the one the author was learnt for posts under
// another login; the next push could not find that comment, so the step
// says which login to give.
func TestCommentWarnsWhenPostedUnderAnotherLogin(t *testing.T) {
	api := commenttest.New(t)
	report, _ := commentStep(t, api, prEvent("7", "octo/app"))
	code, stdout, stderr, _ := runComment(t, report, "--author", "perf-app[bot]")
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Equal(t, "comment created: https://github.com/octo/app/pull/7#issuecomment-101\n"+
		"::warning::perfbench comment: GitHub posted the comment as github-actions[bot], not perf-app[bot]; "+
		"give --author github-actions[bot] so that the next push edits it instead of posting again\n", stdout)
	assert.NotContains(t, api.Transcript(), "GET /user", "--author is taken as given")
}

func TestCommentOutsideAPullRequestPostsNothing(t *testing.T) {
	api := commenttest.New(t)
	api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
		t.Errorf("no request expected, got %s %s", r.Method, r.URL)
		return false
	}
	report, _ := commentStep(t, api, `{"ref":"refs/heads/main"}`)
	code, _, stderr, _ := runComment(t, report)
	assert.Equal(t, harness.ExitPass, code)
	assert.Contains(t, stderr, "not for a pull request")
}

func TestCommentUsageErrors(t *testing.T) {
	api := commenttest.New(t)
	report, _ := commentStep(t, api, prEvent("7", "octo/app"))
	code, _, stderr, _ := runComment(t, report+".missing")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "does not exist; write the report first")
	code, _, stderr, _ = runComment(t, report, "--token-env", "NO_SUCH_TOKEN")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, "perfbench: comment: no token in NO_SUCH_TOKEN; give the step env: NO_SUCH_TOKEN: ${{ github.token }}\n", stderr)
	code, _, stderr, _ = runComment(t, report, "--timeout", "48h")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, "perfbench: --timeout 48h0m0s is out of range: want how long to give the API in all, 1s to 30m0s\n", stderr)
}
