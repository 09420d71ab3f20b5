package main

import (
	"bytes"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/perfbench/perfbench/harness"
)

// progress is a bar on stderr for a command that can run past a couple of
// seconds. It is drawn only when stderr is a terminal and --quiet is not
// set, so a log, a pipe or a CI job summary never sees it, and it never
// touches stdout, where --json and --format output go. A nil *progress
// draws nothing, so callers need no checks.
type progress struct {
	bar *progressbar.ProgressBar
	// line holds a runner's progress line until its newline arrives.
	line []byte
}

// progressThrottle keeps a bar over bytes from redrawing on every read, more
// often than a reader can see. A bar over steps (scenarios, workloads)
// redraws at each step, a handful of times a run.
const progressThrottle = 100 * time.Millisecond

// progress returns a bar over total steps (a count of scenarios or
// workloads), or a spinner with the elapsed time when total is -1 (one
// long call with no steps to count), labelled what; nil when it should
// not be drawn. Call done when the work has finished.
func (s *streams) progress(total int, what string) *progress {
	if total >= 0 {
		return s.newProgress(int64(total), what, progressbar.OptionShowCount())
	}
	return s.newProgress(int64(total), what)
}

// progressBytes returns a bar over size bytes, to read a file through
// with [progress.reader].
func (s *streams) progressBytes(size int64, what string) *progress {
	return s.newProgress(size, what, progressbar.OptionShowBytes(true), progressbar.OptionThrottle(progressThrottle))
}

func (s *streams) newProgress(total int64, what string, extra ...progressbar.Option) *progress {
	if s.quiet || !isTerminal(s.err) {
		return nil
	}
	opts := append([]progressbar.Option{
		progressbar.OptionSetWriter(s.err),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionSetWidth(30),
	}, extra...)
	return &progress{bar: progressbar.NewOptions64(total, opts...)}
}

// step marks one step done and says what it was.
func (p *progress) step(what string) {
	if p == nil {
		return
	}
	_ = p.bar.Add(1) // a bar that cannot draw is not worth failing the command for
	p.bar.Describe(what)
}

// describe says what the bar is working on now.
func (p *progress) describe(what string) {
	if p == nil {
		return
	}
	p.bar.Describe(what)
}

// clear erases the bar's line before the command prints to stdout, which
// may be the same terminal; the next step draws it again.
func (p *progress) clear() {
	if p == nil {
		return
	}
	_ = p.bar.Clear()
}

// reader returns r read through the bar, which counts the bytes read (for a
// bar made over a file's size).
func (p *progress) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	rd := progressbar.NewReader(r, p.bar)
	return &rd
}

// done finishes the bar and clears its line, so the command's own output
// starts on a clean line.
func (p *progress) done() {
	if p == nil {
		return
	}
	_ = p.bar.Finish()
}

// Write takes a scenario runner's progress lines (one per scenario as it
// finishes: see runner.Runner.Progress) and makes each a step: the bar
// harness's scenario commands draw (harness.Options.Progress).
func (p *progress) Write(b []byte) (int, error) {
	p.line = append(p.line, b...)
	for {
		i := bytes.IndexByte(p.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.step(string(p.line[:i]))
		p.line = p.line[i+1:]
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// scenarioBar is the bar harness's scenario commands draw for perfbench
// (harness.Options.Progress): this command's own, over total scenarios.
func scenarioBar(w io.Writer, quiet bool, total int, what string) harness.Bar {
	s := &streams{err: w, quiet: quiet}
	if p := s.progress(total, what); p != nil {
		return p
	}
	return nil
}

// Done finishes the bar (harness.Bar).
func (p *progress) Done() { p.done() }
