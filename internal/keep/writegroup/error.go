package writegroup

import (
	"strconv"
	"strings"
)

// InputError is bad input the ratchet and its files refuse before they
// write anything: a malformed baselines file, damaged docs markers, an
// unknown or unexplained --rebaseline, a binary that may not record; and a
// file that could not be read or written (a full disk, a read-only
// checkout, a device where a file should be), which the user fixes the
// same way, by changing the input. It prints as one line, "file:line:
// what is wrong; the fix", and the CLI exits 2 for it (errors.As(err,
// new(*writegroup.InputError))). Every package over the ratchet's files
// returns this one type, so a command tells bad input by one check.
type InputError struct {
	// File is the file at fault, or "" when the fault is in the command
	// line or the binary.
	File string
	// Line is the 1-based line in File, or 0 when unknown.
	Line int
	// Msg says what is wrong and how to fix it.
	Msg string
	// Err is the error of the file system behind a file that could not
	// be read or written (a full disk, no permission), or nil.
	Err error
}

// Unwrap returns Err, so errors.Is(err, syscall.ENOSPC) finds a full disk.
func (e *InputError) Unwrap() error { return e.Err }

func (e *InputError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	// One line, whatever a message quoted.
	b.WriteString(strings.ReplaceAll(e.Msg, "\n", " "))
	return b.String()
}

// For returns e with its advice naming the commands as program has them.
// The ratchet's messages name perfbench's own ("perfbench perf",
// "perfbench reference"); a program of one's own built on the harness
// serves the same commands under its name, and its user would otherwise
// be told to run a command they do not have.
func (e *InputError) For(program string) *InputError {
	if program == "perfbench" {
		return e
	}
	c := *e
	c.Msg = strings.NewReplacer(
		"go run ./cmd/perfbench perf", program+" perf",
		"perfbench perf", program+" perf",
		"perfbench reference", program+" reference",
	).Replace(e.Msg)
	return &c
}
