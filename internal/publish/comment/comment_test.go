package comment_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
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

var update = flag.Bool("update", false, "rewrite the golden request transcripts")

func client(api *commenttest.API) comment.Client {
	return comment.Client{API: api.URL, Token: api.Token, Repo: api.Repo}
}

// golden compares a transcript with testdata/name.requests; -update
// rewrites it, and a mismatch leaves the transcript beside it as .got.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".requests")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./internal/publish/comment -update to write it")
	if string(want) != got {
		require.NoError(t, os.WriteFile(path+".got", []byte(got), 0o644))
		t.Errorf("%s differs from what the fake API received; compare with: diff %s %s.got", path, path, path)
	}
}

const report1 = "## perfbench: **pass**\n\nhover-storm frame 1.012 [0.998, 1.03] × base\n"
const report2 = "## perfbench: **fail**\n\nhover-storm frame 1.187 [1.18, 1.194] × base\n"

// The first push creates the comment; a second push edits the same
// comment rather than adding another, and a person's comment that quotes
// the marker below its first line is left alone.
func TestFirstPushCreatesThenUpdatesInPlace(t *testing.T) {
	api := commenttest.New(t)
	api.Add(7, "octocat", "Looks good to me.")
	api.Add(7, "octocat", "Why does the bot say\n"+comment.Marker("perf")+"\nin its comments?")
	c := client(api)

	r, err := c.Upsert(context.Background(), 7, "perf", report1)
	require.NoError(t, err)
	assert.Equal(t, comment.Result{Action: comment.Created, ID: 103, URL: "https://github.com/octo/app/pull/7#issuecomment-103",
		Author: comment.ActionsBot, PostedAs: comment.ActionsBot}, r)
	golden(t, "first-push", api.Transcript())

	r, err = c.Upsert(context.Background(), 7, "perf", report2)
	require.NoError(t, err)
	assert.Equal(t, comment.Updated, r.Action)
	assert.Equal(t, int64(103), r.ID)
	golden(t, "update", api.Transcript())

	cs := api.Comments(7)
	require.Len(t, cs, 3, "still one report comment")
	assert.Equal(t, comment.Marker("perf")+"\n"+report2, cs[2].Body)
	assert.Equal(t, "Looks good to me.", cs[0].Body)
}

// Only the token's own comment is its: one by anyone else that starts
// with the marker is never edited, whoever may edit it.
func TestOnlyTheAuthorsCommentIsEdited(t *testing.T) {
	api := commenttest.New(t)
	api.Login = "perf-maintainer"
	api.Add(7, "octocat", comment.Marker("perf")+"\nquoting the bot")
	api.Add(7, "github-actions[bot]", comment.Marker("perf")+"\nposted by the job's token, not this one")
	c := client(api)

	r, err := c.Upsert(context.Background(), 7, "perf", report1)
	require.NoError(t, err)
	assert.Equal(t, comment.Created, r.Action)
	assert.Equal(t, "perf-maintainer", r.Author)
	r, err = c.Upsert(context.Background(), 7, "perf", report2)
	require.NoError(t, err)
	assert.Equal(t, comment.Result{Action: comment.Updated, ID: 103, URL: "https://github.com/octo/app/pull/7#issuecomment-103",
		Author: "perf-maintainer", PostedAs: "perf-maintainer"}, r)
	cs := api.Comments(7)
	assert.Equal(t, comment.Marker("perf")+"\nquoting the bot", cs[0].Body)
	assert.Equal(t, comment.Marker("perf")+"\nposted by the job's token, not this one", cs[1].Body)
}

// The marker is found on any page of a long discussion, by following
// the Link header, and each workflow keeps its own comment.
func TestTheMarkerIsFoundOnALaterPageAndPerWorkflow(t *testing.T) {
	api := commenttest.New(t)
	for i := range 130 {
		api.Add(7, "octocat", fmt.Sprintf("comment %d", i))
	}
	c := client(api)
	c.Author = commenttest.Bot
	_, err := c.Upsert(context.Background(), 7, "perf", report1)
	require.NoError(t, err)
	_, err = c.Upsert(context.Background(), 7, "perf-gpu", report1)
	require.NoError(t, err)
	api.Transcript()

	r, err := c.Upsert(context.Background(), 7, "perf", report2)
	require.NoError(t, err)
	assert.Equal(t, comment.Updated, r.Action)
	assert.Equal(t, int64(231), r.ID)
	assert.Equal(t, "GET /repos/octo/app/issues/7/comments?per_page=100\n\n"+
		"GET /repos/octo/app/issues/7/comments?page=2&per_page=100\n\n"+
		"PATCH /repos/octo/app/issues/comments/231\n"+comment.Marker("perf")+"\n"+report2+"\n\n", api.Transcript())
	cs := api.Comments(7)
	require.Len(t, cs, 132)
	assert.Contains(t, cs[131].Body, "perf-gpu")
	assert.Contains(t, cs[131].Body, report1, "the other workflow's comment is untouched")
}

// The token goes with every request, so a next page off the API's root
// is not followed.
func TestANextPageOffTheAPIIsRefused(t *testing.T) {
	api := commenttest.New(t)
	api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/comments") {
			w.Header().Set("Link", `<https://elsewhere.example/repos/octo/app/issues/7/comments?page=2>; rel="next"`)
			commenttest.Reply(w, http.StatusOK, []any{})
			return true
		}
		return false
	}
	c := client(api)
	c.Author = commenttest.Bot
	_, err := c.Upsert(context.Background(), 7, "perf", report1)
	assert.EqualError(t, err, `comment: the next page's address "https://elsewhere.example/repos/octo/app/issues/7/comments?page=2" is not under GITHUB_API_URL `+api.URL)
	assert.Empty(t, api.Comments(7))
}

// Whoami learns the login from GET /user; the job's token, which GitHub
// refuses that, is ActionsBot; any other refusal is an error.
func TestWhoami(t *testing.T) {
	api := commenttest.New(t)
	c := client(api)
	login, err := c.Whoami(context.Background())
	require.NoError(t, err)
	assert.Equal(t, comment.ActionsBot, login)

	api.Login = "octocat"
	login, err = c.Whoami(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "octocat", login)

	c.Token = "ghp_revoked"
	_, err = c.Whoami(context.Background())
	assert.EqualError(t, err, "comment: GET /user: 401 Bad credentials")

	api.Answer = func(w http.ResponseWriter, _ *http.Request) bool {
		commenttest.Message(w, http.StatusForbidden, "API rate limit exceeded for installation ID 1.")
		return true
	}
	_, err = c.Whoami(context.Background())
	assert.EqualError(t, err, "comment: GET /user: 403 API rate limit exceeded for installation ID 1.")
}

// 401, 403 and 404 are the token refused; anything else is not. Each
// error carries GitHub's message and its errors[], in any of the shapes
// GitHub gives them.
func TestRefusalsAndGitHubsMessages(t *testing.T) {
	for _, tc := range []struct {
		status  int
		body    string
		refused bool
		want    string
	}{
		{401, `{"message":"Bad credentials"}`, true, "401 Bad credentials"},
		{403, `{"message":"Resource not accessible by integration"}`, true, "403 Resource not accessible by integration"},
		{404, `{"message":"Not Found"}`, true, "404 Not Found"},
		{502, ``, false, "502 Bad Gateway"},
		{422, `{"message":"Validation Failed","errors":[{"resource":"IssueComment","code":"custom","field":"body",` +
			`"message":"body is too long (maximum is 65536 characters)"}]}`, false,
			"422 Validation Failed: body is too long (maximum is 65536 characters)"},
		{422, `{"message":"Validation Failed","errors":[{"resource":"IssueComment","field":"body","code":"missing_field"},"a plain\nreason"]}`,
			false, "422 Validation Failed: body missing_field; a plain reason"},
	} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			api := commenttest.New(t)
			api.Answer = func(w http.ResponseWriter, _ *http.Request) bool {
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
				return true
			}
			c := client(api)
			c.Author = commenttest.Bot
			_, err := c.Upsert(context.Background(), 7, "perf", report1)
			assert.EqualError(t, err, "comment: GET /repos/octo/app/issues/7/comments: "+tc.want)
			assert.Equal(t, tc.refused, comment.IsRefused(err))
			assert.Equal(t, tc.refused, comment.Hint(err) != "")
		})
	}
}

// Each request gives up on its own, whether the API never answers or
// sends a byte a second; the caller's deadline says its own reason.
func TestEachRequestHasADeadline(t *testing.T) {
	t.Parallel() // waits its deadlines out beside the other tests
	for _, name := range []string{"hang", "drip"} {
		api := commenttest.New(t)
		api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
			map[string]func(http.ResponseWriter, *http.Request){"hang": api.Hang, "drip": api.Drip}[name](w, r)
			return true
		}
		c := client(api)
		c.Author = commenttest.Bot
		c.RequestTimeout = 300 * time.Millisecond
		start := time.Now()
		_, err := c.Upsert(context.Background(), 7, "perf", report1)
		assert.EqualError(t, err, "comment: GET /repos/octo/app/issues/7/comments: no complete answer within 300ms", name)
		assert.Less(t, time.Since(start), 3*time.Second, name)
	}

	api := commenttest.New(t)
	api.Answer = func(w http.ResponseWriter, r *http.Request) bool { api.Hang(w, r); return true }
	c := client(api)
	c.Author = commenttest.Bot
	c.RequestTimeout = time.Minute
	ctx, cancel := context.WithTimeoutCause(context.Background(), 200*time.Millisecond, errors.New("the step's deadline"))
	defer cancel()
	_, err := c.Upsert(ctx, 7, "perf", report1)
	assert.EqualError(t, err, "comment: GET /repos/octo/app/issues/7/comments: the step's deadline")
}

// An answer is read to MaxAnswer and no further.
func TestAnEndlessAnswerIsCut(t *testing.T) {
	t.Parallel() // sends 66 MiB through the loopback beside the other tests
	api := commenttest.New(t)
	api.Answer = func(w http.ResponseWriter, _ *http.Request) bool {
		w.WriteHeader(http.StatusOK)
		chunk := strings.Repeat(" ", 1<<20)
		for range comment.MaxAnswer>>20 + 2 {
			if _, err := io.WriteString(w, chunk); err != nil {
				break
			}
		}
		return true
	}
	c := client(api)
	c.Author = commenttest.Bot
	_, err := c.Upsert(context.Background(), 7, "perf", report1)
	assert.EqualError(t, err, "comment: GET /repos/octo/app/issues/7/comments: the answer is over 64 MiB (MaxAnswer), more than any page of comments")
}

// Settings that would make a bad request, or send the token where it
// should not go, are refused before any is made.
func TestCheck(t *testing.T) {
	ok := comment.Client{Token: "t", Repo: "octo/app"}
	require.NoError(t, ok.Check())
	for _, tc := range []struct {
		api, repo, want string
	}{
		{"", "octo", `comment: GITHUB_REPOSITORY "octo" is not a repository's owner/name`},
		{"", "octo/app/issues", `comment: GITHUB_REPOSITORY "octo/app/issues" is not a repository's owner/name`},
		{"", "octo/..", `comment: GITHUB_REPOSITORY "octo/.." is not a repository's owner/name`},
		{"", "-octo/app", `comment: GITHUB_REPOSITORY "-octo/app" is not a repository's owner/name`},
		{"ht!tp://x", "octo/app", `comment: GITHUB_API_URL "ht!tp://x" is not the API's root: first path segment in URL cannot contain colon`},
		{"api.github.com", "octo/app", `comment: GITHUB_API_URL "api.github.com" is not the API's root: it needs https://`},
		{"https://", "octo/app", `comment: GITHUB_API_URL "https://" is not the API's root: it names no host`},
		{"https://ghe.example/api/v3?x=1", "octo/app", `comment: GITHUB_API_URL "https://ghe.example/api/v3?x=1" is not the API's root: it has a user, a query or a fragment`},
		{"http://ghe.example/api/v3", "octo/app", `comment: GITHUB_API_URL "http://ghe.example/api/v3" is not the API's root: plain http would send the token unencrypted; use https://`},
	} {
		c := ok
		c.API, c.Repo = tc.api, tc.repo
		assert.EqualError(t, c.Check(), tc.want)
	}
	assert.EqualError(t, comment.Client{Repo: "octo/app"}.Check(), "comment: no token")
	_, err := ok.Upsert(context.Background(), -5, "perf", "x")
	assert.EqualError(t, err, "comment: pull request number -5 is not one")
	for _, api := range []string{"https://ghe.example/api/v3/", "http://127.0.0.1:8080", "http://[::1]:8080"} {
		c := ok
		c.API = api
		assert.NoError(t, c.Check(), api)
	}
}

func TestMarkerStaysOneHTMLComment(t *testing.T) {
	assert.Equal(t, "<!-- perfbench report: perf -->", comment.Marker("perf"))
	assert.Equal(t, "<!-- perfbench report: a - -> b - - - c d -->", comment.Marker("a --> b --- c\nd"))
}

// An odd answer to the write is an error, never "comment created: " with
// no address and exit 0: null, no id, no html_url.
func TestAnOddAnswerToTheWriteIsAnError(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer any
	}{
		{"null", nil},
		{"no html_url", map[string]any{"id": 12, "user": map[string]any{"login": commenttest.Bot}}},
		{"no id", map[string]any{"html_url": "https://github.com/octo/app/pull/7#issuecomment-12"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			api := commenttest.New(t)
			api.Answer = func(w http.ResponseWriter, r *http.Request) bool {
				if r.Method == http.MethodPost {
					commenttest.Reply(w, http.StatusCreated, tt.answer)
					return true
				}
				return false
			}
			c := client(api)
			c.Author = commenttest.Bot
			_, err := c.Upsert(context.Background(), 7, "perf", report1)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "comment: GitHub's answer to creating the comment names none")
		})
	}
}
