// Package comment keeps a report as one comment on a GitHub pull request,
// posted the first time and edited in place on every later push, so a
// pull request carries one current report per workflow rather than a
// new comment per push.
//
// The comment is found again by a marker: an HTML comment, invisible in
// the rendered page, on the first line of its body, naming the workflow.
// Two workflows that both report keep a comment each; a comment whose body
// only quotes the marker further down is not taken for one.
//
// It speaks the GitHub REST API (issue comments: a pull request is an
// issue) with the token it is given, which in a workflow is the job's own
// (GITHUB_TOKEN, with pull-requests: write). A pull request from a fork
// gets a read-only token: the API answers 403, and Upsert returns an
// error that [IsForbidden] reports, so the caller can put the report where
// it can write instead (the job summary) and say so.
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
	"strconv"
	"strings"
)

// DefaultAPI is the GitHub REST API's root, for a Client with no API.
const DefaultAPI = "https://api.github.com"

// Client posts to one repository's pull requests. Only Token and Repo
// are needed; the zero values of the rest are GitHub's public API and
// http.DefaultClient.
type Client struct {
	// API is the REST API's root: GITHUB_API_URL in a workflow, which
	// differs on GitHub Enterprise; "" means DefaultAPI.
	API string
	// Token authenticates every request (the job's GITHUB_TOKEN).
	Token string
	// Repo is "owner/name" (GITHUB_REPOSITORY).
	Repo string
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
}

// Marker is the hidden first line that identifies a workflow's comment.
func Marker(workflow string) string {
	return "<!-- perfbench report: " + strings.ReplaceAll(workflow, "--", "- -") + " -->"
}

// Action says what Upsert did.
type Action string

const (
	// Created is a first comment: none with the marker was there.
	Created Action = "created"
	// Updated is an edit of the comment the marker found.
	Updated Action = "updated"
)

// Result is what Upsert did, and the comment's address for a reader.
type Result struct {
	Action Action
	ID     int64
	URL    string
}

// Upsert makes body the text of workflow's comment on pull request pr:
// it edits the comment whose first line is Marker(workflow), or creates
// one when there is none. The marker is put on body's first line.
func (c Client) Upsert(ctx context.Context, pr int, workflow, body string) (Result, error) {
	if c.Token == "" || !strings.Contains(c.Repo, "/") || pr <= 0 {
		panic(fmt.Sprintf("comment: Upsert needs a token, a repository owner/name and a pull request number (repo %q, pr %d)", c.Repo, pr))
	}
	marker := Marker(workflow)
	text := marker + "\n" + body
	found, err := c.find(ctx, pr, marker)
	if err != nil {
		return Result{}, err
	}
	var out struct {
		ID  int64  `json:"id"`
		URL string `json:"html_url"`
	}
	payload := map[string]string{"body": text}
	if found != 0 {
		err = c.do(ctx, http.MethodPatch, "/repos/"+c.Repo+"/issues/comments/"+strconv.FormatInt(found, 10), payload, &out)
		return Result{Action: Updated, ID: out.ID, URL: out.URL}, err
	}
	err = c.do(ctx, http.MethodPost, "/repos/"+c.Repo+"/issues/"+strconv.Itoa(pr)+"/comments", payload, &out)
	return Result{Action: Created, ID: out.ID, URL: out.URL}, err
}

// pageSize is the most comments the API returns a page.
const pageSize = 100

// maxPages bounds the search: a pull request with ten thousand comments
// gets a new report comment rather than a hundred more requests.
const maxPages = 100

// find returns the id of the first comment on pr whose first line is
// marker, or 0.
func (c Client) find(ctx context.Context, pr int, marker string) (int64, error) {
	for page := 1; page <= maxPages; page++ {
		var comments []struct {
			ID   int64  `json:"id"`
			Body string `json:"body"`
		}
		q := url.Values{"per_page": {strconv.Itoa(pageSize)}, "page": {strconv.Itoa(page)}}
		if err := c.do(ctx, http.MethodGet, "/repos/"+c.Repo+"/issues/"+strconv.Itoa(pr)+"/comments?"+q.Encode(), nil, &comments); err != nil {
			return 0, err
		}
		for _, cm := range comments {
			first, _, _ := strings.Cut(cm.Body, "\n")
			if strings.TrimSpace(first) == marker {
				return cm.ID, nil
			}
		}
		if len(comments) < pageSize {
			break
		}
	}
	return 0, nil
}

// APIError is an answer other than 2xx: the status and GitHub's message.
type APIError struct {
	Method, Path string
	Status       int
	Message      string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("comment: %s %s: %d %s", e.Method, e.Path, e.Status, e.Message)
}

// IsForbidden reports whether err is the API refusing the token the
// write: 403, or 404 (which GitHub answers for a resource a token may not
// see). It is what a fork's pull request gets from a read-only token.
func IsForbidden(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && (ae.Status == http.StatusForbidden || ae.Status == http.StatusNotFound)
}

// do sends one request with the API's headers and decodes a 2xx answer
// into out.
func (c Client) do(ctx context.Context, method, path string, in, out any) error {
	api := c.API
	if api == "" {
		api = DefaultAPI
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(api, "/")+path, body)
	if err != nil {
		return err
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
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("comment: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	// A comment list or a comment is small; a megabyte is far past either.
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("comment: %s %s: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		var msg struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(data, &msg)
		if msg.Message == "" {
			msg.Message = http.StatusText(resp.StatusCode)
		}
		return &APIError{Method: method, Path: strings.SplitN(path, "?", 2)[0], Status: resp.StatusCode, Message: msg.Message}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("comment: %s %s: the answer is not the JSON expected: %w", method, path, err)
	}
	return nil
}
