package comment_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/comment"
)

var update = flag.Bool("update", false, "rewrite the golden request transcripts")

// fakeAPI is the part of GitHub's REST API a report comment uses: list an
// issue's comments (paged), create one, edit one. It checks every request
// carries the token and the API's headers, keeps the comments, and writes
// down each request as it received it.
type fakeAPI struct {
	t        *testing.T
	mu       sync.Mutex
	comments []fakeComment
	nextID   int64
	// readOnly answers every write 403, as GitHub does a fork's token.
	readOnly bool
	log      strings.Builder
}

type fakeComment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	URL  string `json:"html_url"`
}

const token = "ghs_test-token"

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	fmt.Fprintf(&f.log, "%s %s\n", r.Method, r.URL.RequestURI())
	if len(body) > 0 {
		var v map[string]string
		require.NoError(f.t, json.Unmarshal(body, &v), "a request body is JSON")
		fmt.Fprintf(&f.log, "%s\n", v["body"])
	}
	f.log.WriteString("\n")
	assert.Equal(f.t, "Bearer "+token, r.Header.Get("Authorization"))
	assert.Equal(f.t, "application/vnd.github+json", r.Header.Get("Accept"))
	assert.Equal(f.t, "2022-11-28", r.Header.Get("X-GitHub-Api-Version"))

	reply := func(status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		require.NoError(f.t, json.NewEncoder(w).Encode(v))
	}
	const list = "/repos/octo/app/issues/7/comments"
	switch {
	case r.Method == http.MethodGet && r.URL.Path == list:
		per, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		require.Positive(f.t, per)
		require.Positive(f.t, page)
		from, to := min((page-1)*per, len(f.comments)), min(page*per, len(f.comments))
		reply(http.StatusOK, f.comments[from:to])
	case f.readOnly && (r.Method == http.MethodPost || r.Method == http.MethodPatch):
		reply(http.StatusForbidden, map[string]string{"message": "Resource not accessible by integration"})
	case r.Method == http.MethodPost && r.URL.Path == list:
		assert.Equal(f.t, "application/json", r.Header.Get("Content-Type"))
		var in fakeComment
		require.NoError(f.t, json.Unmarshal(body, &in))
		f.nextID++
		in.ID, in.URL = f.nextID, fmt.Sprintf("https://github.com/octo/app/pull/7#issuecomment-%d", f.nextID)
		f.comments = append(f.comments, in)
		reply(http.StatusCreated, in)
	case r.Method == http.MethodPatch && strings.HasPrefix(r.URL.Path, "/repos/octo/app/issues/comments/"):
		id, _ := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, "/repos/octo/app/issues/comments/"), 10, 64)
		for i := range f.comments {
			if f.comments[i].ID == id {
				var in fakeComment
				require.NoError(f.t, json.Unmarshal(body, &in))
				f.comments[i].Body = in.Body
				reply(http.StatusOK, f.comments[i])
				return
			}
		}
		reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
	default:
		f.t.Errorf("unexpected request %s %s", r.Method, r.URL)
		reply(http.StatusNotFound, map[string]string{"message": "Not Found"})
	}
}

// human adds a comment as a person would write it.
func (f *fakeAPI) human(body string) {
	f.nextID++
	f.comments = append(f.comments, fakeComment{ID: f.nextID, Body: body})
}

// transcript takes the requests received since the last call.
func (f *fakeAPI) transcript() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.log.String()
	f.log.Reset()
	return s
}

func newFake(t *testing.T) (*fakeAPI, comment.Client) {
	f := &fakeAPI{t: t, nextID: 100}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, comment.Client{API: srv.URL, Token: token, Repo: "octo/app", HTTP: srv.Client()}
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
	require.NoError(t, err, "run go test ./comment -update to write it")
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
	f, c := newFake(t)
	f.human("Looks good to me.")
	f.human("Why does the bot say\n" + comment.Marker("perf") + "\nin its comments?")

	r, err := c.Upsert(context.Background(), 7, "perf", report1)
	require.NoError(t, err)
	assert.Equal(t, comment.Created, r.Action)
	assert.Equal(t, int64(103), r.ID)
	assert.Equal(t, "https://github.com/octo/app/pull/7#issuecomment-103", r.URL)
	golden(t, "first-push", f.transcript())

	r, err = c.Upsert(context.Background(), 7, "perf", report2)
	require.NoError(t, err)
	assert.Equal(t, comment.Updated, r.Action)
	assert.Equal(t, int64(103), r.ID)
	golden(t, "update", f.transcript())

	require.Len(t, f.comments, 3, "still one report comment")
	assert.Equal(t, comment.Marker("perf")+"\n"+report2, f.comments[2].Body)
	assert.Equal(t, "Looks good to me.", f.comments[0].Body)
}

// The marker is found on any page of a long discussion, and each
// workflow keeps its own comment.
func TestTheMarkerIsFoundOnALaterPageAndPerWorkflow(t *testing.T) {
	f, c := newFake(t)
	for i := range 130 {
		f.human(fmt.Sprintf("comment %d", i))
	}
	_, err := c.Upsert(context.Background(), 7, "perf", report1)
	require.NoError(t, err)
	_, err = c.Upsert(context.Background(), 7, "perf-gpu", report1)
	require.NoError(t, err)
	f.transcript()

	r, err := c.Upsert(context.Background(), 7, "perf", report2)
	require.NoError(t, err)
	assert.Equal(t, comment.Updated, r.Action)
	assert.Equal(t, int64(231), r.ID)
	got := f.transcript()
	assert.Contains(t, got, "GET /repos/octo/app/issues/7/comments?page=2&per_page=100\n")
	assert.Contains(t, got, "PATCH /repos/octo/app/issues/comments/231\n")
	require.Len(t, f.comments, 132)
	assert.Contains(t, f.comments[131].Body, "perf-gpu")
	assert.Contains(t, f.comments[131].Body, report1, "the other workflow's comment is untouched")
}

// A fork's pull request gets a read-only token: the write is answered
// 403, which IsForbidden recognises so the caller can fall back; any
// other failure is not taken for it.
func TestAReadOnlyTokenIsForbidden(t *testing.T) {
	f, c := newFake(t)
	f.readOnly = true
	_, err := c.Upsert(context.Background(), 7, "perf", report1)
	require.Error(t, err)
	assert.True(t, comment.IsForbidden(err))
	assert.EqualError(t, err, "comment: POST /repos/octo/app/issues/7/comments: 403 Resource not accessible by integration")
	golden(t, "fork", f.transcript())

	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer broken.Close()
	c.API = broken.URL
	_, err = c.Upsert(context.Background(), 7, "perf", report1)
	require.Error(t, err)
	assert.False(t, comment.IsForbidden(err))
	assert.EqualError(t, err, "comment: GET /repos/octo/app/issues/7/comments: 502 Bad Gateway")
}

func TestUpsertWithoutATokenIsMisuse(t *testing.T) {
	assert.PanicsWithValue(t, `comment: Upsert needs a token, a repository owner/name and a pull request number (repo "octo/app", pr 7)`, func() {
		_, _ = comment.Client{Repo: "octo/app"}.Upsert(context.Background(), 7, "perf", "x")
	})
}

// The environment a pull-request job's step gets, a push's, and a
// fork's.
func TestFromEnv(t *testing.T) {
	dir := t.TempDir()
	event := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	env := map[string]string{
		"GITHUB_WORKFLOW": "perf", "GITHUB_API_URL": "https://api.github.com", "GITHUB_REPOSITORY": "octo/app",
		"GITHUB_TOKEN": token, "GITHUB_STEP_SUMMARY": "/tmp/summary.md",
		"GITHUB_EVENT_PATH": event("pr.json", `{"pull_request":{"number":7,"head":{"repo":{"full_name":"octo/app"}},"base":{"repo":{"full_name":"octo/app"}}}}`),
	}
	w, err := comment.FromEnv(func(k string) string { return env[k] }, "")
	require.NoError(t, err)
	assert.Equal(t, comment.Workflow{Name: "perf", Client: comment.Client{API: "https://api.github.com", Token: token, Repo: "octo/app"},
		PR: 7, Summary: "/tmp/summary.md"}, w)

	env["GITHUB_EVENT_PATH"] = event("fork.json", `{"pull_request":{"number":8,"head":{"repo":{"full_name":"someone/app"}},"base":{"repo":{"full_name":"octo/app"}}}}`)
	w, err = comment.FromEnv(func(k string) string { return env[k] }, "")
	require.NoError(t, err)
	assert.True(t, w.Fork)
	assert.Equal(t, 8, w.PR)
	assert.Equal(t, "> **perfbench did not comment on pull request #8**: it comes from a fork, and a fork's pull request gets a read-only token "+
		"(comment: POST /repos/octo/app/issues/8/comments: 403 Resource not accessible by integration). The report is in this job summary instead.\n\n",
		comment.ForbiddenNote(w, &comment.APIError{Method: "POST", Path: "/repos/octo/app/issues/8/comments", Status: 403, Message: "Resource not accessible by integration"}))

	env["GITHUB_EVENT_PATH"] = event("push.json", `{"ref":"refs/heads/main"}`)
	w, err = comment.FromEnv(func(k string) string { return env[k] }, "")
	require.NoError(t, err)
	assert.Zero(t, w.PR, "a push is not a pull request")

	env["GITHUB_EVENT_PATH"] = event("bad.json", `{`)
	_, err = comment.FromEnv(func(k string) string { return env[k] }, "")
	assert.ErrorContains(t, err, "bad.json: the event is not JSON")
}
