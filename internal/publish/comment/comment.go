// Package comment keeps a report as one comment on a GitHub pull request,
// posted the first time and edited in place on every later push, so a
// pull request carries one current report per workflow rather than a
// new comment per push.
//
// The comment is found again by a marker, an HTML comment naming the
// workflow on the first line of its body, and by its author, the login
// the token posts as. Both must match: a person's comment that starts
// with the marker is never edited, and two workflows that both report
// keep a comment each.
//
// It speaks the GitHub REST API (issue comments: a pull request is an
// issue) with the token it is given, which in a workflow is the job's own
// (GITHUB_TOKEN, with pull-requests: write). Every request has its own
// deadline besides the caller's context, every answer is read to a bound,
// and every error from the API carries GitHub's own messages.
package comment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/publish/comment/event"
)

// DefaultAPI is the GitHub REST API's root, for a Client with no API.
const DefaultAPI = "https://api.github.com"

// ActionsBot is the login the job's own token (GITHUB_TOKEN) posts as.
// That token is an app installation's, which GET /user refuses, so
// [Client.Whoami] cannot learn it from the API and answers this instead.
const ActionsBot = "github-actions[bot]"

// DefaultRequestTimeout bounds one request, from sending it to the last
// byte of its answer. GitHub ends a request it has worked on for 10
// seconds; the rest is room for a page of large comments on a slow link.
const DefaultRequestTimeout = 30 * time.Second

// MaxAnswer is the largest answer read. A page is at most 100 comments,
// a comment at most 65,536 characters, and JSON escapes one character in
// at most 6 bytes (a "<" is \u003c): about 40 MB in the worst case, so
// any real page fits, and an answer that never ends is cut off.
const MaxAnswer = 64 << 20

// Client posts to one repository's pull requests. Only Token and Repo
// are needed; the zero values of the rest are GitHub's public API, a
// client of its own, DefaultRequestTimeout and an author learnt from the
// token.
type Client struct {
	// API is the REST API's root: GITHUB_API_URL in a workflow, which
	// differs on GitHub Enterprise; "" means DefaultAPI.
	API string
	// Token authenticates every request (the job's GITHUB_TOKEN).
	Token string
	// Repo is "owner/name" (GITHUB_REPOSITORY).
	Repo string
	// Author is the login the token posts as, the only author whose
	// comment Upsert edits; "" means Whoami's answer.
	Author string
	// HTTP sends the requests; nil means http.DefaultClient. Each
	// request has RequestTimeout on top of whatever HTTP itself sets.
	HTTP *http.Client
	// RequestTimeout bounds each request; 0 means DefaultRequestTimeout.
	RequestTimeout time.Duration
}

// repoName is GitHub's rule for owner/name: an owner of letters, digits
// and single hyphens (39 at most), a name of letters, digits, '.', '-'
// and '_' (100 at most). It keeps the name from adding path segments to
// the requests.
var repoName = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}$`)

// Check reports what is wrong with the client's settings, naming the
// environment variable each comes from in a workflow.
func (c Client) Check() error {
	if c.Token == "" {
		return errors.New("comment: no token")
	}
	if !repoName.MatchString(c.Repo) || strings.HasSuffix(c.Repo, "/.") || strings.HasSuffix(c.Repo, "/..") {
		return fmt.Errorf("comment: GITHUB_REPOSITORY %q is not a repository's owner/name", c.Repo)
	}
	_, err := c.root()
	return err
}

// root parses API. The token goes only over HTTPS, or to a loopback
// address, where nothing on the network can read it.
func (c Client) root() (*url.URL, error) {
	api := c.API
	if api == "" {
		api = DefaultAPI
	}
	u, err := url.Parse(api)
	bad := func(why string) error {
		return fmt.Errorf("comment: GITHUB_API_URL %q is not the API's root: %s", api, why)
	}
	switch {
	case err != nil:
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, bad(err.Error())
	case u.Scheme != "https" && u.Scheme != "http":
		return nil, bad("it needs https://")
	case u.Host == "":
		return nil, bad("it names no host")
	case u.User != nil || u.RawQuery != "" || u.Fragment != "":
		return nil, bad("it has a user, a query or a fragment")
	case u.Scheme == "http" && !loopback(u.Hostname()):
		return nil, bad("plain http would send the token unencrypted; use https://")
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

func loopback(host string) bool {
	return host == "localhost" || host == "127.0.0.1" || host == "::1"
}

// Marker is the hidden first line that identifies a workflow's comment.
// The name is kept on one line and cannot close the HTML comment.
func Marker(workflow string) string {
	w := strings.NewReplacer("\r", " ", "\n", " ").Replace(workflow)
	for strings.Contains(w, "--") {
		w = strings.ReplaceAll(w, "--", "- -")
	}
	return "<!-- perfbench report: " + w + " -->"
}

// Action says what Upsert did.
type Action string

const (
	// Created is a first comment: none of the author's had the marker.
	Created Action = "created"
	// Updated is an edit of the comment the marker and author found.
	Updated Action = "updated"
)

// Result is what Upsert did, and the comment's address for a reader.
type Result struct {
	Action Action
	ID     int64
	URL    string
	// Author is the login Upsert matched comments by; PostedAs is the
	// one GitHub says wrote the comment. They differ when the token is
	// not the one Author was learnt for (another app's token, say), and
	// the next push would then post again instead of editing.
	Author, PostedAs string
}

// Upsert makes body the text of workflow's comment on pull request pr:
// it edits the first comment by Author whose first line is
// Marker(workflow), or creates one when there is none. The marker is put
// on body's first line.
func (c Client) Upsert(ctx context.Context, pr int, workflow, body string) (Result, error) {
	if err := c.Check(); err != nil {
		return Result{}, err
	}
	if pr <= 0 {
		return Result{}, fmt.Errorf("comment: pull request number %d is not one", pr)
	}
	author := c.Author
	if author == "" {
		var err error
		if author, err = c.Whoami(ctx); err != nil {
			return Result{}, err
		}
	}
	marker := Marker(workflow)
	found, err := c.find(ctx, pr, marker, author)
	if err != nil {
		return Result{}, err
	}
	var out comment
	payload := map[string]string{"body": marker + "\n" + body}
	r := Result{Action: Created, Author: author}
	if found != 0 {
		r.Action = Updated
		err = c.do(ctx, http.MethodPatch, c.path("issues", "comments", strconv.FormatInt(found, 10)), payload, &out)
	} else {
		err = c.do(ctx, http.MethodPost, c.path("issues", strconv.Itoa(pr), "comments"), payload, &out)
	}
	r.ID, r.URL, r.PostedAs = out.ID, out.URL, out.User.Login
	if err != nil {
		return r, err
	}
	// A 2xx whose answer is null, or names no comment or no address,
	// wrote nothing a reader can find: "comment created: " with no URL
	// and exit 0 would say otherwise.
	if out.ID <= 0 || !strings.HasPrefix(out.URL, "https://") {
		what := map[Action]string{Created: "creating", Updated: "editing"}[r.Action]
		return r, fmt.Errorf("comment: GitHub's answer to %s the comment names none (id %d, html_url %q): it may not exist; run the job again", what, out.ID, out.URL)
	}
	return r, nil
}

// Whoami is the login the token posts as: GET /user's answer, or
// ActionsBot when GitHub refuses that request to an app installation's
// token, as it does the job's own. Any other failure is an error.
func (c Client) Whoami(ctx context.Context) (string, error) {
	var me struct {
		Login string `json:"login"`
	}
	err := c.do(ctx, http.MethodGet, "/user", nil, &me)
	var ae *APIError
	if errors.As(err, &ae) && ae.Status == http.StatusForbidden && ae.Message == integrationRefused {
		return ActionsBot, nil
	}
	if err != nil {
		return "", err
	}
	if me.Login == "" {
		return "", errors.New("comment: GET /user: the answer names no login")
	}
	return me.Login, nil
}

// integrationRefused is GitHub's message to an app installation's token
// for a request only a user's token may make.
const integrationRefused = "Resource not accessible by integration"

// CommitTime is when sha was committed (its committer date), from the
// repository's git database: the lightest request that has it.
func (c Client) CommitTime(ctx context.Context, sha string) (time.Time, error) {
	if err := c.Check(); err != nil {
		return time.Time{}, err
	}
	if !event.IsCommit(sha) {
		return time.Time{}, fmt.Errorf("comment: %q is not a commit's hash", sha)
	}
	var commit struct {
		Committer struct {
			Date time.Time `json:"date"`
		} `json:"committer"`
	}
	if err := c.do(ctx, http.MethodGet, c.path("git", "commits", sha), nil, &commit); err != nil {
		return time.Time{}, err
	}
	if commit.Committer.Date.IsZero() {
		return time.Time{}, fmt.Errorf("comment: GET %s: the answer has no committer date", c.path("git", "commits", sha))
	}
	return commit.Committer.Date, nil
}

// comment is the part of an issue comment Upsert reads.
type comment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	URL  string `json:"html_url"`
	User struct {
		Login string `json:"login"`
	} `json:"user"`
}

// pageSize is the most comments the API returns a page.
const pageSize = 100

// maxPages bounds the search at ten thousand comments, far past any real
// discussion, so that a next link that never ends cannot loop for ever.
const maxPages = 100

// find returns the id of the first comment on pr by author whose first
// line is marker, or 0. It follows the pages by their Link header's next
// address, which must stay on the API's own host.
func (c Client) find(ctx context.Context, pr int, marker, author string) (int64, error) {
	next := c.path("issues", strconv.Itoa(pr), "comments") + "?" + url.Values{"per_page": {strconv.Itoa(pageSize)}}.Encode()
	for range maxPages {
		var comments []comment
		link, err := c.get(ctx, next, &comments)
		if err != nil {
			return 0, err
		}
		for _, cm := range comments {
			first, _, _ := strings.Cut(cm.Body, "\n")
			if strings.TrimSpace(first) == marker && strings.EqualFold(cm.User.Login, author) {
				return cm.ID, nil
			}
		}
		if next, err = c.nextPage(link); err != nil || next == "" {
			return 0, err
		}
	}
	return 0, fmt.Errorf("comment: pull request #%d has more than %d pages of comments; searched no further", pr, maxPages)
}

// nextLink is one link of a Link header: <address>; rel="next".
var nextLink = regexp.MustCompile(`<([^>]*)>\s*;\s*rel="?next"?`)

// nextPage turns a Link header into the path of the next page, "" when
// there is none. The token goes with the request, so an address off the
// API's root is refused rather than followed.
func (c Client) nextPage(link string) (string, error) {
	m := nextLink.FindStringSubmatch(link)
	if m == nil {
		return "", nil
	}
	root, err := c.root()
	if err != nil {
		return "", err
	}
	u, err := url.Parse(m[1])
	if err != nil || u.Scheme != root.Scheme || u.Host != root.Host || !strings.HasPrefix(u.Path, root.Path+"/") {
		return "", fmt.Errorf("comment: the next page's address %q is not under GITHUB_API_URL %s", m[1], root)
	}
	return strings.TrimPrefix(u.Path, root.Path) + "?" + u.RawQuery, nil
}

// path is an address in the repository's part of the API.
func (c Client) path(parts ...string) string {
	return "/repos/" + c.Repo + "/" + strings.Join(parts, "/")
}

// APIError is an answer other than 2xx: the status and GitHub's messages.
type APIError struct {
	Method, Path string
	Status       int
	// Message is GitHub's message, or the status's text when it gave none.
	Message string
	// Errors are the messages of the answer's errors[], each the reason
	// for one field GitHub refused (a body over its length, say).
	Errors []string
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("comment: %s %s: %d %s", e.Method, e.Path, e.Status, e.Message)
	if len(e.Errors) > 0 {
		s += ": " + strings.Join(e.Errors, "; ")
	}
	return s
}

// IsRefused reports whether err is the API refusing the token: 401 (a
// token it does not accept), 403 (one without the permission), or 404
// (which GitHub answers for what a token may not see). A fork's pull
// request gets a read-only token, which is refused the comment.
func IsRefused(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) &&
		(ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden || ae.Status == http.StatusNotFound)
}

// Hint says what a refusal most likely means for a pull request in the
// repository itself, "" for another error.
func Hint(err error) string {
	var ae *APIError
	if !errors.As(err, &ae) {
		return ""
	}
	switch ae.Status {
	case http.StatusUnauthorized:
		return "the token is not valid: give the step env: GITHUB_TOKEN: ${{ github.token }}"
	case http.StatusForbidden:
		return "the token may not write to the pull request: give the job permissions: pull-requests: write"
	case http.StatusNotFound:
		return "GitHub found no such repository or pull request for this token: check GITHUB_REPOSITORY and the event"
	}
	return ""
}

func (c Client) get(ctx context.Context, path string, out any) (link string, err error) {
	return c.send(ctx, http.MethodGet, path, nil, out)
}

func (c Client) do(ctx context.Context, method, path string, in, out any) error {
	_, err := c.send(ctx, method, path, in, out)
	return err
}

// send makes one request with the API's headers, under its own deadline,
// decodes a 2xx answer into out and returns its Link header.
func (c Client) send(ctx context.Context, method, path string, in, out any) (string, error) {
	bare, _, _ := strings.Cut(path, "?")
	fail := func(err error) error { return fmt.Errorf("comment: %s %s: %w", method, bare, err) }
	root, err := c.root()
	if err != nil {
		return "", err
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return "", fail(err)
		}
		body = bytes.NewReader(b)
	}
	timeout := c.RequestTimeout
	if timeout <= 0 {
		timeout = DefaultRequestTimeout
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, method, root.String()+path, body)
	if err != nil {
		return "", fail(err)
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	req.Header.Set("User-Agent", "perfbench")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	// A request cut off by its own deadline says so; one cut off by the
	// caller's says the caller's reason.
	late := func(err error) error {
		switch {
		case ctx.Err() != nil:
			return fail(context.Cause(ctx))
		case rctx.Err() != nil:
			return fail(fmt.Errorf("no complete answer within %v", timeout))
		}
		return fail(err)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", late(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswer+1))
	if err != nil {
		return "", late(err)
	}
	if len(data) > MaxAnswer {
		return "", fail(fmt.Errorf("the answer is over %d MiB (MaxAnswer), more than any page of comments", MaxAnswer>>20))
	}
	if resp.StatusCode/100 != 2 {
		return "", apiError(method, bare, resp.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return "", fail(fmt.Errorf("the answer is not the JSON expected: %w", err))
	}
	return resp.Header.Get("Link"), nil
}

// apiError reads GitHub's error answer: {"message": …, "errors": […]},
// where an entry of errors is a message, or an object with a message or
// else a field and a code ("missing_field").
func apiError(method, path string, status int, data []byte) *APIError {
	e := &APIError{Method: method, Path: path, Status: status}
	var msg struct {
		Message string            `json:"message"`
		Errors  []json.RawMessage `json:"errors"`
	}
	_ = json.Unmarshal(data, &msg)
	e.Message = oneLine(msg.Message)
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	for _, raw := range msg.Errors {
		var s string
		var o struct{ Message, Field, Code string }
		switch {
		case json.Unmarshal(raw, &s) == nil && s != "":
			e.Errors = append(e.Errors, oneLine(s))
		case json.Unmarshal(raw, &o) == nil && o.Message != "":
			e.Errors = append(e.Errors, oneLine(o.Message))
		case o.Field != "" || o.Code != "":
			e.Errors = append(e.Errors, oneLine(strings.TrimPrefix(o.Field+" "+o.Code, " ")))
		}
	}
	return e
}

// oneLine keeps a message from the API on one line of a log, and short.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 300 {
		s = string(r[:300]) + "…"
	}
	return s
}
