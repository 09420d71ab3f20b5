// Package event reads what a GitHub Actions job's event file says of its
// pull request, and the bounded, regular-file-only read every file the
// comment reads goes through; it imports no network code, so that a
// program's report can name the pull request's head (package harness)
// without linking an HTTP client.
package event

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// Event is what a job's event says of its pull request.
type Event struct {
	// PR is the pull request's number; 0 when the event is not a pull
	// request's.
	PR int
	// Head is the pull request's head commit (pull_request.head.sha).
	Head string
	// Fork says the head is in another repository than the base.
	Fork bool
}

// Read reads the pull request from the event file GITHUB_EVENT_PATH
// names (through getenv): the zero Event when there is none or the event
// is not a pull request's, an error naming the field when it is one but
// malformed.
func Read(getenv func(string) string) (Event, error) {
	path := getenv("GITHUB_EVENT_PATH")
	if path == "" {
		return Event{}, nil
	}
	data, err := ReadFile(path, "the event file GITHUB_EVENT_PATH", MaxEvent)
	if err != nil {
		return Event{}, err
	}
	var ev struct {
		PullRequest *struct {
			Number json.RawMessage `json:"number"`
			Head   struct {
				SHA  string `json:"sha"`
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
		return Event{}, fmt.Errorf("comment: %s (GITHUB_EVENT_PATH) is not the event JSON expected: %v", path, err)
	}
	pr := ev.PullRequest
	if pr == nil {
		return Event{}, nil
	}
	n, err := strconv.ParseInt(string(pr.Number), 10, 32)
	if err != nil || n <= 0 {
		if len(pr.Number) == 0 {
			pr.Number = json.RawMessage("(none)")
		}
		return Event{}, fmt.Errorf("comment: %s (GITHUB_EVENT_PATH): pull_request.number %s is not a pull request's number", path, pr.Number)
	}
	if !IsCommit(pr.Head.SHA) {
		return Event{PR: int(n)}, fmt.Errorf("comment: %s (GITHUB_EVENT_PATH): pull_request.head.sha %q is not a commit's hash", path, pr.Head.SHA)
	}
	// A head repository that was deleted reads as null: it was a fork.
	fork := pr.Head.Repo == nil || !strings.EqualFold(pr.Head.Repo.FullName, pr.Base.Repo.FullName)
	return Event{PR: int(n), Head: pr.Head.SHA, Fork: fork}, nil
}

// MaxEvent is the largest event file read. A pull request's event is
// tens of kilobytes, its description at most 65,536 characters.
const MaxEvent = 16 << 20

// IsCommit says whether sha is a full commit hash: SHA-1, or SHA-256 in
// a repository that uses it.
func IsCommit(sha string) bool { return commitSHA.MatchString(sha) }

var commitSHA = regexp.MustCompile(`^(?:[0-9a-f]{40}|[0-9a-f]{64})$`)

// ReadFile reads the regular file at path whole, to at most limit bytes.
// A FIFO would block for ever and a device such as /dev/zero never end,
// so anything but a regular file is refused before it is opened, and
// again after (it may have been swapped between). what names the file in
// messages.
func ReadFile(path, what string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path) // never opens, so a FIFO cannot block it
	if err != nil {
		return nil, fmt.Errorf("comment: %s: %w", what, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("comment: %s %s is not a regular file (%s)", what, path, FileKind(fi.Mode()))
	}
	// Non-blocking, so that a FIFO put in its place since cannot block.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("comment: %s: %w", what, err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("comment: %s %s is not a regular file", what, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("comment: %s: %w", what, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("comment: %s %s is over %d MiB; it is not one", what, path, limit>>20)
	}
	return data, nil
}

// FileKind names what a file that is not a regular one is, for a message.
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}
