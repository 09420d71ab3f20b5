package main

import (
	"io"

	"github.com/perfbench/perfbench/harness"
)

// progress is a bar on stderr for a command that can run past a couple of
// seconds: harness.Progress, drawn only on a terminal and never with
// --quiet. A nil *progress draws nothing, so callers need no checks.
type progress struct{ p *harness.Progress }

// progress returns a bar over total steps (a count of scenarios or
// workloads), or a spinner with the elapsed time when total is -1; nil when
// it should not be drawn. Call done when the work has finished.
func (s *streams) progress(total int, what string) *progress {
	return wrapBar(harness.NewProgress(s.err, s.quiet, total, what))
}

// progressBytes returns a bar over size bytes, to read a file through
// with [progress.reader].
func (s *streams) progressBytes(size int64, what string) *progress {
	return wrapBar(harness.NewProgressBytes(s.err, s.quiet, size, what))
}

func wrapBar(p *harness.Progress) *progress {
	if p == nil {
		return nil
	}
	return &progress{p}
}

func (p *progress) step(what string) {
	if p != nil {
		p.p.Step(what)
	}
}

func (p *progress) describe(what string) {
	if p != nil {
		p.p.Describe(what)
	}
}

func (p *progress) clear() {
	if p != nil {
		p.p.Clear()
	}
}

func (p *progress) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return p.p.Reader(r)
}

func (p *progress) done() {
	if p != nil {
		p.p.Done()
	}
}
