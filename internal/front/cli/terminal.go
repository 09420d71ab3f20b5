package cli

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"

	"github.com/perfbench/perfbench/internal/publish/progress"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

// terminalFor lays a judged table out for where out goes: on a terminal
// its width and colour, unless NO_COLOR is set (https://no-color.org) or
// TERM is dumb; anywhere else — a file, a pipe, a CI log — the default
// width and no colour. COLUMNS, when set, is the width either way, so a
// script can ask for 80.
func TerminalFor(out io.Writer, wide bool) terminal.Terminal {
	t := terminal.Terminal{Wide: wide}
	if f, ok := out.(*os.File); ok && progress.IsTerminal(out) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			t.Width = w
		}
		_, noColor := os.LookupEnv("NO_COLOR")
		t.Color = !noColor && os.Getenv("TERM") != "dumb"
	}
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c > 0 {
		t.Width = c
	}
	return t
}
