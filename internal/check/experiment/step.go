// Package experiment holds the experiments behind `go run xtask.go noise`
// and `go run xtask.go instructions`: they build perfbench in several
// ways, run it many times, under load or not, and print how often each
// verdict came out as it should. They measure perfbench itself, so they
// live beside its other checks rather than in xtask.go, which only
// dispatches.
package experiment

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Step is one command ci or a task runs: its name in the log and its
// command line.
type Step struct {
	Name string
	Argv []string
}

// Run runs the step with the terminal's output, prints its name and
// duration, and returns its exit status.
func (s Step) Run() int {
	fmt.Printf("==> %s: %s\n", s.Name, strings.Join(s.Argv, " "))
	start := time.Now()
	cmd := exec.Command(s.Argv[0], s.Argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, io.MultiWriter(os.Stderr, &stderr)
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
		if code <= 0 {
			code = 1
		}
	case err != nil:
		fmt.Fprintf(os.Stderr, "xtask: %s: %v\n", s.Name, err)
		code = 1
	}
	if code == 0 {
		fmt.Printf("--- %s: ok (%s)\n", s.Name, since(start))
		return 0
	}
	fmt.Printf("--- %s: FAILED, exit %d (%s)\n", s.Name, code, since(start))
	if strings.Contains(stderr.String(), "unknown command") {
		fmt.Fprintf(os.Stderr, "xtask: %s: perfbench has no %q subcommand yet; this step cannot pass until it exists\n", s.Name, s.Argv[1])
	}
	return code
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func since(t time.Time) string { return time.Since(t).Round(time.Millisecond).String() }
