package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
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
	// gate is what the bar writes through: shut by clear and done, so that
	// nothing the bar draws — its own ticks included — lands among what
	// the command prints to stdout, which may be the same terminal.
	gate *gate
	// stop ends the ticker that redraws the bar, so its elapsed time moves
	// between steps.
	stop chan struct{}
	// line holds a runner's progress line until its newline arrives.
	line []byte
}

// gate passes writes while open and drops them, reporting success, while
// shut; once closed it stays shut.
type gate struct {
	mu     sync.Mutex
	w      io.Writer
	shut   bool
	closed bool
}

func (g *gate) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut || g.closed {
		return len(b), nil
	}
	return g.w.Write(b)
}

// set opens or shuts the gate, after running f (which may write through
// it) while it is still in its old state.
func (g *gate) set(open bool, f func()) {
	if f != nil {
		f()
	}
	g.mu.Lock()
	g.shut = !open
	g.mu.Unlock()
}

// progressTick is how often a bar redraws between steps: its elapsed
// time and estimate move although no process has finished. A variable,
// so that the tests that wait for redraws wait tenths, not seconds.
var progressTick = 500 * time.Millisecond

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
	g := &gate{w: s.err}
	opts := append([]progressbar.Option{
		progressbar.OptionSetWriter(g),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetElapsedTime(true),
		// An estimate for a bar over steps (the remaining time at the pace
		// so far); a spinner has nothing to estimate from.
		progressbar.OptionSetPredictTime(total > 0),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionSetWidth(30),
	}, extra...)
	p := &progress{bar: progressbar.NewOptions64(total, opts...), gate: g, stop: make(chan struct{})}
	go func() {
		t := time.NewTicker(progressTick)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				_ = p.bar.Add(0)
			}
		}
	}()
	return p
}

// step marks one step done and says what it was.
func (p *progress) step(what string) {
	if p == nil {
		return
	}
	p.gate.set(true, nil)
	_ = p.bar.Add(1) // a bar that cannot draw is not worth failing the command for
	p.bar.Describe(what)
}

// describe says what the bar is working on now.
func (p *progress) describe(what string) {
	if p == nil {
		return
	}
	p.gate.set(true, nil)
	p.bar.Describe(what)
}

// clear erases the bar's line before the command prints to stdout, which
// may be the same terminal, and keeps the bar silent — its ticks and a
// spinner's turns included — until the next step or describe draws it
// again.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.gate.set(false, func() { _ = p.bar.Clear() })
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
	close(p.stop)
	_ = p.bar.Finish()
	p.gate.mu.Lock()
	p.gate.closed = true
	p.gate.mu.Unlock()
}

// Write takes a scenario runner's progress lines (one per process as it
// finishes: see runner.Runner.Progress) and makes each a step: the bar
// harness's scenario commands draw (harness.Options.Progress).
func (p *progress) Write(b []byte) (int, error) {
	p.line = append(p.line, b...)
	for {
		i := bytes.IndexByte(p.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.step(progressLabel(string(p.line[:i])))
		p.line = p.line[i+1:]
	}
}

// progressLabel shortens a runner's line for the bar: "scenario
// hover-storm: process in 0.31s (2 of 5 processes)" reads "hover-storm
// 2/5", a broken one "hover-storm broken".
func progressLabel(line string) string {
	name, rest, ok := strings.Cut(strings.TrimPrefix(line, "scenario "), ": ")
	if !ok {
		return line
	}
	if strings.HasPrefix(rest, "broken") {
		return name + " broken"
	}
	var k, n int
	if i := strings.LastIndex(rest, "("); i >= 0 {
		if _, err := fmt.Sscanf(rest[i:], "(%d of %d processes)", &k, &n); err == nil {
			return fmt.Sprintf("%s %d/%d", name, k, n)
		}
	}
	return name
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
