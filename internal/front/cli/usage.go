// Package cli is the command line every program with scenarios shares:
// the flag rules (Declare), completion, the help layout, the signals that
// stop a run, the usage error and the exit codes. Package harness exports
// what a program's own commands use.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// UsageError is bad input: an unknown name, a malformed file, a bad flag.
// It prints as one line and exits 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with a message formatted as fmt.Errorf
// does, for a program's own commands.
func Usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// ErrFailed reports that a band failed, a scenario broke or the docs are
// stale; what failed has already been printed.
var ErrFailed = errors.New("a band failed or a scenario broke")

// Exit codes.
const (
	ExitPass   = 0
	ExitFailed = 1
	ExitUsage  = 2
)

// Quiet reports whether the command was given --quiet, the root's flag
// that turns progress off: for a program's own commands that draw
// progress.
func Quiet(cmd *cobra.Command) bool {
	q, err := cmd.Flags().GetBool("quiet")
	return err == nil && q
}

// ExitCode prints err (unless it is ErrFailed, already reported) as one
// line naming the program and returns the exit status it means.
func ExitCode(err error, program string, stderr io.Writer) int {
	switch {
	case err == nil:
		return ExitPass
	case errors.Is(err, ErrFailed):
		return ExitFailed
	}
	fmt.Fprintf(stderr, "%s: %v\n", program, err)
	if in := (*Interrupted)(nil); errors.As(err, &in) {
		return ExitInterrupted
	}
	var ue UsageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		return ExitUsage
	}
	return ExitFailed
}

// isCobraUsage recognises cobra's own argument errors (unknown command,
// wrong number of arguments), which are usage errors too.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "unknown flag", "unknown shorthand", "invalid argument", "flag needs an argument"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
