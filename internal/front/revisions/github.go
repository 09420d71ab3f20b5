package revisions

import (
	"fmt"
	"os"

	"github.com/perfbench/perfbench/internal/publish/comment/event"
)

// githubEnv reads the job's environment; tests replace it.
var githubEnv = os.Getenv

// mergeNote says, for a binary built from revision in a GitHub Actions job
// for a pull request, that the revision is the merge GitHub made of the
// pull request's head into its base (GITHUB_SHA, a commit nobody pushed),
// and names the head as the pull request's comment does: " (GitHub's merge
// of pull request #12's head 5d6e7f8 into its base)". It is "" anywhere
// else, and when the event cannot be read (the comment step says why).
func mergeNote(revision string) string {
	if revision == "" || githubEnv("GITHUB_SHA") != revision {
		return ""
	}
	ev, err := event.Read(githubEnv)
	if err != nil || ev.PR == 0 || ev.Head == revision {
		return ""
	}
	return fmt.Sprintf(" (GitHub's merge of pull request #%d's head %s into its base)", ev.PR, ev.Head[:7])
}
