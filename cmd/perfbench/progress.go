package main

import (
	"github.com/perfbench/perfbench/internal/publish/progress"
)

// progress returns the display of a command that can run past a couple
// of seconds, over total steps (a count of sizes or workloads), or with
// the elapsed time alone when total is -1 (one long call with no steps to
// count), labelled what. It is nil — draws nothing — with --quiet or when
// stderr is not a terminal, so a log, a pipe or a CI job summary never
// sees it; it never touches stdout, where --json and --format output go.
// Call Done when the work has finished, Clear before printing to stdout.
func (s *streams) progress(total int, what string) *progress.Display {
	if s.quiet || !progress.IsTerminal(s.err) {
		return nil
	}
	d := progress.New(s.err, false)
	d.Count(total, what)
	return d
}
