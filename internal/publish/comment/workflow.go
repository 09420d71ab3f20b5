package comment

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/publish/comment/event"
)

// Workflow is what a GitHub Actions step is told about its job, read
// from the environment the runner gives every step.
type Workflow struct {
	// Name is the workflow's name (GITHUB_WORKFLOW): one comment each.
	Name string
	// Client is GITHUB_API_URL, GITHUB_REPOSITORY and the token.
	Client Client
	// PR is the pull request's number, from the event that started the
	// job (GITHUB_EVENT_PATH); 0 when it was not a pull request.
	PR int
	// Head is the pull request's head commit, the event's
	// pull_request.head.sha. (GITHUB_SHA is a merge of head into base
	// that GitHub made for the run, a commit nobody pushed.)
	Head string
	// Fork says the pull request's head is in another repository (the
	// event's head.repo differs from base.repo): the job's token is then
	// read-only, and a comment is refused.
	Fork bool
	// Server is the address of GitHub's pages (GITHUB_SERVER_URL,
	// https://github.com or a GitHub Enterprise server's) and RunID the
	// workflow run's (GITHUB_RUN_ID), for the links in the heading.
	Server, RunID string
	// Summary is the job summary's file (GITHUB_STEP_SUMMARY), "" when
	// there is none.
	Summary string
}

// MaxReport is the largest report read: GitHub takes at most 65,536
// characters a comment, so a report many times that is not one.
const MaxReport = 1 << 20

// FromEnv reads a step's environment through getenv (os.Getenv); the
// token is read from tokenVar (GITHUB_TOKEN when ""), which a workflow
// sets from github.token. A job whose event is not a pull request's
// returns PR 0 and checks nothing else; for a pull request every value is
// checked, and an error names the variable that is wrong.
func FromEnv(getenv func(string) string, tokenVar string) (Workflow, error) {
	if tokenVar == "" {
		tokenVar = "GITHUB_TOKEN"
	}
	w := Workflow{
		Name:    getenv("GITHUB_WORKFLOW"),
		Client:  Client{API: getenv("GITHUB_API_URL"), Repo: getenv("GITHUB_REPOSITORY"), Token: getenv(tokenVar)},
		Summary: getenv("GITHUB_STEP_SUMMARY"),
	}
	ev, err := event.Read(getenv)
	if err != nil || ev.PR == 0 {
		return w, err
	}
	w.PR, w.Head, w.Fork = ev.PR, ev.Head, ev.Fork

	switch {
	case w.Client.Token == "":
		return w, fmt.Errorf("comment: no token in %s; give the step env: %s: ${{ github.token }}", tokenVar, tokenVar)
	case w.Client.Repo == "":
		return w, errors.New("comment: GITHUB_REPOSITORY is not set; run it in a GitHub Actions step")
	}
	if err := w.Client.Check(); err != nil {
		return w, err
	}
	w.Server = getenv("GITHUB_SERVER_URL")
	if w.Server == "" {
		w.Server = "https://github.com"
	}
	u, err := url.Parse(w.Server)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return w, fmt.Errorf("comment: GITHUB_SERVER_URL %q is not a GitHub server's address", w.Server)
	}
	w.Server = strings.TrimSuffix(u.String(), "/")
	w.RunID = getenv("GITHUB_RUN_ID")
	if !runID.MatchString(w.RunID) {
		return w, fmt.Errorf("comment: GITHUB_RUN_ID %q is not a workflow run's id; run it in a GitHub Actions step", w.RunID)
	}
	return w, nil
}

// runID is a workflow run's id: digits only.
var runID = regexp.MustCompile(`^[1-9][0-9]{0,19}$`)

// Heading is the comment's first visible line: which push it reports on
// and where its run is, since the comment is edited on every push.
func (w Workflow) Heading(committed time.Time) string {
	short := w.Head
	if len(short) > 7 {
		short = short[:7]
	}
	repo := w.Server + "/" + w.Client.Repo
	return fmt.Sprintf("Head [`%s`](%s/pull/%d/commits/%s), committed %s · [workflow run %s](%s/actions/runs/%s)",
		short, repo, w.PR, w.Head, committed.UTC().Format("2006-01-02 15:04 UTC"), w.RunID, repo, w.RunID)
}

// Post puts report on the pull request under the heading: it learns
// the token's login (unless Client.Author names it) and head's commit
// time, then creates or edits the workflow's comment.
func (w Workflow) Post(ctx context.Context, report string) (Result, error) {
	if w.PR <= 0 {
		return Result{}, fmt.Errorf("comment: pull request number %d is not one", w.PR)
	}
	c := w.Client
	if c.Author == "" {
		login, err := c.Whoami(ctx)
		if err != nil {
			return Result{}, err
		}
		c.Author = login
	}
	committed, err := c.CommitTime(ctx, w.Head)
	if err != nil {
		return Result{}, err
	}
	return c.Upsert(ctx, w.PR, w.Name, w.Heading(committed)+"\n\n"+report)
}

// SummaryNote is what the job summary says above the report when the
// comment was refused.
func SummaryNote(w Workflow, err error) string {
	return fmt.Sprintf("> **perfbench could not comment on pull request #%d**, which comes from a fork "+
		"and so gets a read-only token (%v). The report is below.\n\n", w.PR, err)
}

// AppendSummary appends text to the job summary's file, which must be a
// regular file or not yet exist.
func AppendSummary(path, text string) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("comment: the job summary GITHUB_STEP_SUMMARY %s is not a regular file (%s)", path, event.FileKind(fi.Mode()))
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("comment: the job summary GITHUB_STEP_SUMMARY: %w", err)
	}
	if _, err = io.WriteString(f, text); err != nil {
		f.Close()
		return fmt.Errorf("comment: the job summary GITHUB_STEP_SUMMARY: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("comment: the job summary GITHUB_STEP_SUMMARY: %w", err)
	}
	return nil
}

// ForkFallback puts the report in the job summary when a fork's
// read-only token was refused the comment, and says so in a warning on
// the run's page. Without a summary the report goes to the log, and the
// warning says that instead.
func ForkFallback(out io.Writer, w Workflow, err error, report string) error {
	if w.Summary == "" {
		fmt.Fprintln(out, Warning(fmt.Sprintf("perfbench comment: pull request #%d comes from a fork, whose token is read-only (%v); "+
			"GITHUB_STEP_SUMMARY is not set, so the report is in this step's log", w.PR, err)))
		fmt.Fprint(out, report)
		return nil
	}
	if werr := AppendSummary(w.Summary, SummaryNote(w, err)+report+"\n"); werr != nil {
		return fmt.Errorf("%w; the fork's read-only token was refused the comment (%v), so the report is neither in a comment nor in the job summary", werr, err)
	}
	fmt.Fprintln(out, Warning(fmt.Sprintf("perfbench comment: pull request #%d comes from a fork, whose token is read-only (%v); "+
		"the report is in the job summary instead", w.PR, err)))
	return nil
}

// Warning is a GitHub Actions workflow command: the runner shows the
// message as a warning on the run's page. It must stay one line.
func Warning(msg string) string {
	return "::warning::" + strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(msg)
}
