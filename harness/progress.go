package harness

import (
	"io"
	"os"

	"golang.org/x/term"
)

// Bar shows a command's progress over its scenarios: the runner writes it
// one line per scenario as it finishes (runner.Runner.Progress), and the
// command calls Done before it prints its report. It is drawn on stderr
// only, so --json and --format output on stdout never see it.
type Bar interface {
	io.Writer
	Done()
}

// NewBar makes the bar of a command over total scenarios, labelled what,
// on w (stderr); nil draws nothing. Options.Progress is one; nil means
// Lines.
type NewBar func(w io.Writer, quiet bool, total int, what string) Bar

// Lines is the bar a program gets by default: the runner's own lines
// ("scenario press: done in 0.52s (5 of 5 processes)"), written as they
// come when w is a terminal and quiet is not set, so a log, a pipe or a
// CI job summary sees none. It needs no terminal library beyond the check,
// which keeps a program's binary small (perfbench draws a real bar).
func Lines(w io.Writer, quiet bool, _ int, _ string) Bar {
	if quiet || !isTerminal(w) {
		return nil
	}
	return lines{w}
}

type lines struct{ io.Writer }

func (lines) Done() {}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
