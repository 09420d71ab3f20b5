package comment_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/publish/comment"
	"github.com/perfbench/perfbench/internal/publish/comment/commenttest"
)

const head = "0123456789abcdef0123456789abcdef01234567"

func prEvent(number, headRepo string) string {
	return `{"pull_request":{"number":` + number + `,"head":{"sha":"` + head + `","repo":` + headRepo +
		`},"base":{"repo":{"full_name":"octo/app"}}}}`
}

// The environment a pull-request job's step gets, a fork's, a push's,
// and ones no runner gives.
func TestFromEnv(t *testing.T) {
	dir := t.TempDir()
	event := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	env := map[string]string{
		"GITHUB_WORKFLOW": "perf", "GITHUB_API_URL": "https://api.github.com", "GITHUB_REPOSITORY": "octo/app",
		"GITHUB_TOKEN": "ghs_x", "GITHUB_STEP_SUMMARY": "/tmp/summary.md",
		"GITHUB_SERVER_URL": "https://github.com/", "GITHUB_RUN_ID": "4521",
		"GITHUB_EVENT_PATH": event("pr.json", prEvent("7", `{"full_name":"octo/app"}`)),
	}
	getenv := func(k string) string { return env[k] }
	w, err := comment.FromEnv(getenv, "")
	require.NoError(t, err)
	assert.Equal(t, comment.Workflow{Name: "perf", Client: comment.Client{API: "https://api.github.com", Token: "ghs_x", Repo: "octo/app"},
		PR: 7, Head: head, Server: "https://github.com", RunID: "4521", Summary: "/tmp/summary.md"}, w)
	assert.Equal(t, "Head [`0123456`](https://github.com/octo/app/pull/7/commits/"+head+"), committed 2026-12-01 10:04 UTC · "+
		"[workflow run 4521](https://github.com/octo/app/actions/runs/4521)",
		w.Heading(time.Date(2026, 12, 1, 11, 4, 59, 0, time.FixedZone("CET", 3600))))

	for name, repo := range map[string]string{"fork": `{"full_name":"someone/app"}`, "deleted-fork": `null`} {
		env["GITHUB_EVENT_PATH"] = event(name+".json", prEvent("8", repo))
		w, err = comment.FromEnv(getenv, "")
		require.NoError(t, err)
		assert.True(t, w.Fork, name)
		assert.Equal(t, 8, w.PR)
	}

	env["GITHUB_EVENT_PATH"] = event("push.json", `{"ref":"refs/heads/main"}`)
	env["GITHUB_REPOSITORY"] = "not checked outside a pull request"
	w, err = comment.FromEnv(getenv, "")
	require.NoError(t, err)
	assert.Zero(t, w.PR, "a push is not a pull request")
	env["GITHUB_REPOSITORY"] = "octo/app"

	for _, tc := range []struct{ event, env, value, want string }{
		{event: `{`, want: "bad.json (GITHUB_EVENT_PATH) is not the event JSON expected: unexpected end of JSON input"},
		{event: prEvent(`"7"`, "null"), want: `pull_request.number "7" is not a pull request's number`},
		{event: prEvent("-5", "null"), want: `pull_request.number -5 is not a pull request's number`},
		{event: prEvent("0", "null"), want: `pull_request.number 0 is not a pull request's number`},
		{event: prEvent("7.5", "null"), want: `pull_request.number 7.5 is not a pull request's number`},
		{event: prEvent("99999999999", "null"), want: `pull_request.number 99999999999 is not a pull request's number`},
		{event: strings.Replace(prEvent("7", "null"), head, "HEAD", 1), want: `pull_request.head.sha "HEAD" is not a commit's hash`},
		{env: "GITHUB_EVENT_PATH", value: dir, want: "comment: the event file GITHUB_EVENT_PATH " + dir + " is not a regular file (a directory)"},
		{env: "GITHUB_TOKEN", value: "", want: "comment: no token in GITHUB_TOKEN; give the step env: GITHUB_TOKEN: ${{ github.token }}"},
		{env: "GITHUB_REPOSITORY", value: "", want: "comment: GITHUB_REPOSITORY is not set; run it in a GitHub Actions step"},
		{env: "GITHUB_REPOSITORY", value: "octo", want: `comment: GITHUB_REPOSITORY "octo" is not a repository's owner/name`},
		{env: "GITHUB_API_URL", value: "::", want: `comment: GITHUB_API_URL "::" is not the API's root: missing protocol scheme`},
		{env: "GITHUB_SERVER_URL", value: "github.com", want: `comment: GITHUB_SERVER_URL "github.com" is not a GitHub server's address`},
		{env: "GITHUB_RUN_ID", value: "", want: `comment: GITHUB_RUN_ID "" is not a workflow run's id; run it in a GitHub Actions step`},
		{env: "GITHUB_RUN_ID", value: "1/attempts/2", want: `comment: GITHUB_RUN_ID "1/attempts/2" is not a workflow run's id; run it in a GitHub Actions step`},
	} {
		env["GITHUB_EVENT_PATH"] = event("pr.json", prEvent("7", "null"))
		if tc.event != "" {
			env["GITHUB_EVENT_PATH"] = event("bad.json", tc.event)
		}
		saved, had := env[tc.env]
		if tc.env != "" {
			env[tc.env] = tc.value
		}
		_, err := comment.FromEnv(getenv, "")
		if assert.Error(t, err, tc.want) {
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n")
		}
		if had {
			env[tc.env] = saved
		}
	}
}

// ReadFile reads a regular file to its bound and refuses the rest by
// what they are, never blocking on a FIFO nor reading a device for ever.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "report.md")
	require.NoError(t, os.WriteFile(small, []byte("## perfbench: **pass**\n"), 0o644))
	b, err := comment.ReadFile(small, "the report", 1<<20)
	require.NoError(t, err)
	assert.Equal(t, "## perfbench: **pass**\n", string(b))

	big := filepath.Join(dir, "big.md")
	require.NoError(t, os.WriteFile(big, make([]byte, 1<<20+1), 0o644))
	_, err = comment.ReadFile(big, "the report", 1<<20)
	assert.EqualError(t, err, "comment: the report "+big+" is over 1 MiB; it is not one")

	_, err = comment.ReadFile(filepath.Join(dir, "missing.md"), "the report", 1<<20)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// Post learns who the token is and when head was committed, then posts
// the report under the heading; a refusal on the way is the API's error.
func TestPost(t *testing.T) {
	api := commenttest.New(t)
	api.Commits[head] = time.Date(2026, 12, 1, 10, 4, 59, 0, time.UTC)
	w := comment.Workflow{Name: "perf", Client: comment.Client{API: api.URL, Token: api.Token, Repo: api.Repo},
		PR: 7, Head: head, Server: "https://github.com", RunID: "4521"}
	r, err := w.Post(context.Background(), report1)
	require.NoError(t, err)
	assert.Equal(t, comment.Created, r.Action)
	golden(t, "post", api.Transcript())

	w.Head = strings.Repeat("f", 40)
	_, err = w.Post(context.Background(), report1)
	assert.EqualError(t, err, "comment: GET /repos/octo/app/git/commits/"+w.Head+": 404 Not Found")
	assert.True(t, comment.IsRefused(err))
}
