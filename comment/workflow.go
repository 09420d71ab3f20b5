package comment

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
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
	// Fork says the pull request's head is in another repository: the
	// job's token is then read-only, and a comment is refused.
	Fork bool
	// Summary is the job summary's file (GITHUB_STEP_SUMMARY), "" when
	// there is none.
	Summary string
}

// FromEnv reads a step's environment through getenv (os.Getenv); the
// token is read from tokenVar (GITHUB_TOKEN when ""), which a workflow
// sets from github.token. An event file that cannot be read or parsed is
// an error; a missing one is a job that was not a pull request.
func FromEnv(getenv func(string) string, tokenVar string) (Workflow, error) {
	if tokenVar == "" {
		tokenVar = "GITHUB_TOKEN"
	}
	w := Workflow{
		Name:    getenv("GITHUB_WORKFLOW"),
		Client:  Client{API: getenv("GITHUB_API_URL"), Repo: getenv("GITHUB_REPOSITORY"), Token: getenv(tokenVar)},
		Summary: getenv("GITHUB_STEP_SUMMARY"),
	}
	path := getenv("GITHUB_EVENT_PATH")
	if path == "" {
		return w, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return w, fmt.Errorf("comment: the event file GITHUB_EVENT_PATH: %w", err)
	}
	var ev struct {
		PullRequest *struct {
			Number int `json:"number"`
			Head   struct {
				Repo *struct {
					FullName string `json:"full_name"`
				} `json:"repo"`
			} `json:"head"`
			Base struct {
				Repo struct {
					FullName string `json:"full_name"`
				} `json:"repo"`
			} `json:"base"`
		} `json:"pull_request"`
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		return w, fmt.Errorf("comment: %s: the event is not JSON: %w", path, err)
	}
	if pr := ev.PullRequest; pr != nil {
		w.PR = pr.Number
		// A head repository that was deleted reads as null: it was a fork.
		w.Fork = pr.Head.Repo == nil || !strings.EqualFold(pr.Head.Repo.FullName, pr.Base.Repo.FullName)
	}
	return w, nil
}

// ForbiddenNote is what the job summary says in place of a comment the
// token could not post.
func ForbiddenNote(w Workflow, err error) string {
	why := "this job's token may not write to it"
	if w.Fork {
		why = "it comes from a fork, and a fork's pull request gets a read-only token"
	}
	return fmt.Sprintf("> **perfbench did not comment on pull request #%d**: %s (%v). "+
		"The report is in this job summary instead.\n\n", w.PR, why, err)
}
