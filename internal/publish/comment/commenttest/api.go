// Package commenttest is a fake of the part of GitHub's REST API that
// package comment speaks, on a loopback address, for tests: who the token
// is, a commit's date, and an issue's comments, listed in pages with a
// Link header, created and edited. It answers as GitHub does (the status,
// the message, the errors[]), checks that every request carries the
// token and the API's headers, and writes down each request it received.
package commenttest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Comment is an issue comment as the API shows it.
type Comment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	URL  string `json:"html_url"`
	User User   `json:"user"`
}

// User is a comment's author.
type User struct {
	Login string `json:"login"`
	Type  string `json:"type"`
}

// Bot is the login the job's own token posts as.
const Bot = "github-actions[bot]"

// API is the fake. Set its fields before the first request.
type API struct {
	// URL is the API's root, on 127.0.0.1.
	URL string
	// Repo is the one repository it knows, Token the one token it takes
	// (any other is answered 401 Bad credentials).
	Repo, Token string
	// Login is what GET /user answers and who posts; "" is the job's own
	// token, which GET /user refuses (403) and which posts as Bot.
	Login string
	// ReadOnly answers every write 403, as GitHub does a fork's token.
	ReadOnly bool
	// Commits are the commits GET git/commits knows, by hash, with their
	// committer dates.
	Commits map[string]time.Time
	// Answer, when set, sees every request first and returns true when
	// it has answered it.
	Answer func(w http.ResponseWriter, r *http.Request) bool

	t        testing.TB
	srv      *httptest.Server
	quit     chan struct{}
	mu       sync.Mutex
	comments map[int][]Comment
	nextID   int64
	log      strings.Builder
}

// New starts a fake for repository octo/app and token ghs_test-token; it
// stops when the test ends, ending any request still held (Hang, Drip).
func New(t testing.TB) *API {
	a := &API{Repo: "octo/app", Token: "ghs_test-token", Commits: map[string]time.Time{},
		t: t, quit: make(chan struct{}), comments: map[int][]Comment{}, nextID: 100}
	a.srv = httptest.NewServer(a)
	a.URL = a.srv.URL
	t.Cleanup(func() {
		close(a.quit)
		a.srv.Close()
	})
	return a
}

// Add puts a comment by login on issue n, as a person (or another bot)
// wrote it, and returns its id.
func (a *API) Add(n int, login, body string) int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.nextID++
	a.comments[n] = append(a.comments[n], Comment{ID: a.nextID, Body: body, User: User{Login: login, Type: "User"},
		URL: fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", a.Repo, n, a.nextID)})
	return a.nextID
}

// Comments are issue n's comments, oldest first.
func (a *API) Comments(n int) []Comment {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Comment(nil), a.comments[n]...)
}

// Transcript takes the requests received since the last call: each
// request's method and address, then the body it would post, then a
// blank line.
func (a *API) Transcript() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.log.String()
	a.log.Reset()
	return s
}

// Hang holds a request unanswered until its client gives up or the test
// ends: an API that accepted the connection and never answers.
func (a *API) Hang(_ http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-a.quit:
	}
}

// Drip answers 200 and then a byte of a JSON list a second, never
// ending it, until the client gives up or the test ends.
func (a *API) Drip(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		if _, err := io.WriteString(w, "["); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		select {
		case <-tick.C:
		case <-r.Context().Done():
			return
		case <-a.quit:
			return
		}
	}
}

// Reply answers status with v as JSON.
func Reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Message answers status with GitHub's error body.
func Message(w http.ResponseWriter, status int, msg string) {
	Reply(w, status, map[string]string{"message": msg, "documentation_url": "https://docs.github.com/rest"})
}

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	a.mu.Lock()
	fmt.Fprintf(&a.log, "%s %s\n", r.Method, r.URL.RequestURI())
	if len(body) > 0 {
		var v map[string]string
		if err := json.Unmarshal(body, &v); err != nil {
			a.t.Errorf("commenttest: %s %s: the body is not JSON: %v", r.Method, r.URL, err)
		}
		fmt.Fprintf(&a.log, "%s\n", v["body"])
	}
	a.log.WriteString("\n")
	a.mu.Unlock()
	for h, want := range map[string]string{"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"} {
		if got := r.Header.Get(h); got != want {
			a.t.Errorf("commenttest: %s %s: %s is %q, want %q", r.Method, r.URL, h, got, want)
		}
	}
	if a.Answer != nil && a.Answer(w, r) {
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+a.Token {
		Message(w, http.StatusUnauthorized, "Bad credentials")
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.serve(w, r, body)
}

func (a *API) serve(w http.ResponseWriter, r *http.Request, body []byte) {
	author := a.Login
	if author == "" {
		author = Bot
	}
	repo := "/repos/" + a.Repo + "/"
	rest, inRepo := strings.CutPrefix(r.URL.Path, repo)
	parts := strings.Split(rest, "/")
	write := r.Method == http.MethodPost || r.Method == http.MethodPatch
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/user":
		if a.Login == "" {
			Message(w, http.StatusForbidden, "Resource not accessible by integration")
			return
		}
		Reply(w, http.StatusOK, map[string]any{"login": a.Login, "id": 1, "type": "User"})
	case !inRepo:
		Message(w, http.StatusNotFound, "Not Found")
	case r.Method == http.MethodGet && len(parts) == 3 && parts[0] == "git" && parts[1] == "commits":
		date, ok := a.Commits[parts[2]]
		if !ok {
			Message(w, http.StatusNotFound, "Not Found")
			return
		}
		who := map[string]any{"name": "A Developer", "email": "dev@example.com", "date": date.UTC().Format(time.RFC3339)}
		Reply(w, http.StatusOK, map[string]any{"sha": parts[2], "author": who, "committer": who, "message": "a change"})
	case len(parts) == 3 && parts[0] == "issues" && parts[2] == "comments":
		n, err := strconv.Atoi(parts[1])
		if err != nil || n <= 0 {
			Message(w, http.StatusNotFound, "Not Found")
			return
		}
		switch {
		case r.Method == http.MethodGet:
			a.list(w, r, n)
		case r.Method == http.MethodPost && a.ReadOnly:
			Message(w, http.StatusForbidden, "Resource not accessible by integration")
		case r.Method == http.MethodPost:
			var in Comment
			if err := json.Unmarshal(body, &in); err != nil || in.Body == "" {
				Reply(w, http.StatusUnprocessableEntity, map[string]any{"message": "Validation Failed",
					"errors": []map[string]string{{"resource": "IssueComment", "field": "body", "code": "missing_field"}}})
				return
			}
			a.nextID++
			c := Comment{ID: a.nextID, Body: in.Body, User: User{Login: author, Type: "Bot"},
				URL: fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", a.Repo, n, a.nextID)}
			a.comments[n] = append(a.comments[n], c)
			Reply(w, http.StatusCreated, c)
		default:
			Message(w, http.StatusNotFound, "Not Found")
		}
	case write && len(parts) == 3 && parts[0] == "issues" && parts[1] == "comments":
		id, _ := strconv.ParseInt(parts[2], 10, 64)
		for n, cs := range a.comments {
			for i := range cs {
				if cs[i].ID != id {
					continue
				}
				// The job's token may not edit a person's comment.
				if a.ReadOnly || cs[i].User.Login != author {
					Message(w, http.StatusForbidden, "Resource not accessible by integration")
					return
				}
				var in Comment
				_ = json.Unmarshal(body, &in)
				a.comments[n][i].Body = in.Body
				Reply(w, http.StatusOK, a.comments[n][i])
				return
			}
		}
		Message(w, http.StatusNotFound, "Not Found")
	default:
		a.t.Errorf("commenttest: unexpected request %s %s", r.Method, r.URL)
		Message(w, http.StatusNotFound, "Not Found")
	}
}

// list answers a page of issue n's comments, with GitHub's Link header
// to the next and the last page when there are more.
func (a *API) list(w http.ResponseWriter, r *http.Request, n int) {
	q := r.URL.Query()
	per, page := 30, 1
	if v, err := strconv.Atoi(q.Get("per_page")); err == nil && v > 0 {
		per = min(v, 100)
	}
	if v, err := strconv.Atoi(q.Get("page")); err == nil && v > 0 {
		page = v
	}
	cs := a.comments[n]
	last := max(1, (len(cs)+per-1)/per)
	if page < last {
		at := func(p int) string {
			u := url.URL{Path: r.URL.Path, RawQuery: url.Values{"per_page": {strconv.Itoa(per)}, "page": {strconv.Itoa(p)}}.Encode()}
			return a.URL + u.String()
		}
		w.Header().Set("Link", fmt.Sprintf(`<%s>; rel="next", <%s>; rel="last"`, at(page+1), at(last)))
	}
	from, to := min((page-1)*per, len(cs)), min(page*per, len(cs))
	Reply(w, http.StatusOK, append([]Comment{}, cs[from:to]...))
}
