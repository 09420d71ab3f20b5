package harness

import (
	"bytes"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress is a bar on stderr for a command that can run past a couple of
// seconds. It is drawn only when stderr is a terminal and --quiet is not
// set, so a log, a pipe or a CI job summary never sees it, and it never
// touches stdout, where --json and --format output go. A nil *Progress
// draws nothing, so callers need no checks.
type Progress struct {
	bar *progressbar.ProgressBar
	// line holds a runner's progress line until its newline arrives.
	line []byte
}

// progressThrottle keeps a bar over bytes from redrawing on every read, more
// often than a reader can see. A bar over steps (scenarios, workloads)
// redraws at each step, a handful of times a run.
const progressThrottle = 100 * time.Millisecond

// NewProgress returns a bar on w over total steps (a count of scenarios
// or workloads), or a spinner with the elapsed time when total is -1 (one
// long call with no steps to count), labelled what; nil when quiet or when
// w is not a terminal. Call Done when the work has finished.
func NewProgress(w io.Writer, quiet bool, total int, what string) *Progress {
	if total >= 0 {
		return newProgress(w, quiet, int64(total), what, progressbar.OptionShowCount())
	}
	return newProgress(w, quiet, int64(total), what)
}

// NewProgressBytes returns a bar on w over size bytes, to read a file
// through with [Progress.Reader].
func NewProgressBytes(w io.Writer, quiet bool, size int64, what string) *Progress {
	return newProgress(w, quiet, size, what, progressbar.OptionShowBytes(true), progressbar.OptionThrottle(progressThrottle))
}

func newProgress(w io.Writer, quiet bool, total int64, what string, extra ...progressbar.Option) *Progress {
	if quiet || !isTerminal(w) {
		return nil
	}
	opts := append([]progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionSetWidth(30),
	}, extra...)
	return &Progress{bar: progressbar.NewOptions64(total, opts...)}
}

// Step marks one step done and says what it was.
func (p *Progress) Step(what string) {
	if p == nil {
		return
	}
	_ = p.bar.Add(1) // a bar that cannot draw is not worth failing the command for
	p.bar.Describe(what)
}

// Describe says what the bar is working on now.
func (p *Progress) Describe(what string) {
	if p == nil {
		return
	}
	p.bar.Describe(what)
}

// Clear erases the bar's line before the command prints to stdout, which
// may be the same terminal; the next step draws it again.
func (p *Progress) Clear() {
	if p == nil {
		return
	}
	_ = p.bar.Clear()
}

// Reader returns r read through the bar, which counts the bytes read (for a
// bar made over a file's size).
func (p *Progress) Reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	rd := progressbar.NewReader(r, p.bar)
	return &rd
}

// Done finishes the bar and clears its line, so the command's own output
// starts on a clean line.
func (p *Progress) Done() {
	if p == nil {
		return
	}
	_ = p.bar.Finish()
}

// Write takes a scenario runner's progress lines (one per scenario as it
// finishes: see runner.Runner.Progress) and makes each a step.
func (p *Progress) Write(b []byte) (int, error) {
	if p == nil {
		return len(b), nil
	}
	p.line = append(p.line, b...)
	for {
		i := bytes.IndexByte(p.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.Step(string(p.line[:i]))
		p.line = p.line[i+1:]
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
