// Package childout reads what a scenario's child process printed: its
// one result on stdout, parsed and checked before anything judges or
// records it (Parse), how it ended when it did not exit cleanly
// (ExitReason, with the panic its stderr shows), the tail of its stderr a
// Broken result quotes (Tail), and its stderr's lines shown led by the
// scenario's name (Prefixed).
package childout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// stderrTail is how much of a child's stderr a Broken result quotes.
const (
	stderrTailLines = 8
	stderrTailBytes = 1200
)

// ExitReason says how a child that did not exit cleanly ended.
func ExitReason(err error, stderr *Tail) string {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return "did not finish: " + err.Error()
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by signal %v", ws.Signal())
	}
	if msg, at, ok := panicked(stderr.Bytes()); ok {
		return fmt.Sprintf("panicked (exit status %d): %s%s", ee.ExitCode(), msg, at)
	}
	return fmt.Sprintf("exited with status %d", ee.ExitCode())
}

// panicked finds a Go panic in a child's stderr: the panic's message and,
// where the trace shows it, the function that panicked (the first frame
// that is not the runtime's), so a Broken reason says what went wrong
// even when the tail of stderr is all stack.
func panicked(stderr []byte) (msg, at string, ok bool) {
	lines := strings.Split(string(stderr), "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "panic: ") })
	if start < 0 {
		return "", "", false
	}
	msg = strings.TrimPrefix(lines[start], "panic: ")
	for i := start + 1; i+1 < len(lines); i++ {
		fn := lines[i]
		if fn == "" || strings.HasPrefix(fn, "\t") || strings.HasPrefix(fn, "goroutine ") ||
			strings.HasPrefix(fn, "panic(") || strings.HasPrefix(fn, "runtime.") {
			continue
		}
		if file := strings.TrimSpace(lines[i+1]); strings.HasPrefix(lines[i+1], "\t") {
			if j := strings.LastIndex(file, " +0x"); j >= 0 {
				file = file[:j]
			}
			fn = fn[:max(strings.LastIndexByte(fn, '('), 0)]
			return msg, fmt.Sprintf(" in %s (%s)", fn, filepath.Base(file)), true
		}
	}
	return msg, "", true
}

// Parse reads a child's stdout: exactly one JSON scenario.Result for the
// scenario asked for, with every number declared.
func Parse(out []byte, name string) (scenario.Result, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	var res scenario.Result
	if err := dec.Decode(&res); err != nil {
		return scenario.Result{}, fmt.Errorf("printed output that is not a scenario result (%v): %s", err, quote(out))
	}
	if _, err := dec.Token(); err != io.EOF {
		return scenario.Result{}, fmt.Errorf("printed more than one result: %s", quote(out))
	}
	switch {
	case res.Name != name:
		return scenario.Result{}, fmt.Errorf("printed the result of scenario %q, not %q", res.Name, name)
	case len(res.Numbers) == 0 && res.Broken == "":
		return scenario.Result{}, errors.New("printed a result with no numbers")
	case res.Steps < 0:
		return scenario.Result{}, fmt.Errorf("reported %d steps, not a number ≥ 0", res.Steps)
	}
	if err := checkNumbers(res.Numbers); err != nil {
		return scenario.Result{}, err
	}
	return res, nil
}

// checkNumbers returns why a child's numbers hold a value no run measures,
// before anything judges or records them: a time fails band.CheckTime, the
// check the baselines file is read with, taking its fastest sample as the
// median (what a baseline takes of one process), so that a run never
// writes a file it cannot read back; a count is a finite number ≥ 0.
//
// A number's name and unit are labels the baselines file keys and a
// report prints: each is at most maxLabel bytes of printable UTF-8 with no
// blanks, and a name is reported once. A child that breaks this is that
// scenario Broken, quoted short, never a refusal of the user's files.
func checkNumbers(numbers []band.Measured) error {
	seen := map[string]bool{}
	for _, n := range numbers {
		if err := checkLabel("a number name", n.Name); err != nil {
			return err
		}
		if err := checkLabel("number "+n.Name+"'s unit", n.Unit); err != nil {
			return err
		}
		if seen[n.Name] {
			return fmt.Errorf("reported number %s twice", n.Name)
		}
		seen[n.Name] = true
	}
	for _, n := range numbers {
		if err := n.Implausible(); err != nil {
			return fmt.Errorf("reported %v", err)
		}
	}
	return nil
}

// maxLabel is the longest name or unit a child may report: four times
// the longest the suites declare (translation-hit-index-rebuilds), short
// enough that a reason quoting one fits a line.
const maxLabel = 120

// checkLabel returns why label, a number's name or unit as a child
// reported it, is not one, quoting at most its start.
func checkLabel(what, label string) error {
	bad := ""
	switch {
	case label == "":
		bad = "empty"
	case len(label) > maxLabel:
		bad = fmt.Sprintf("%d bytes long", len(label))
	case !utf8.ValidString(label):
		bad = "not UTF-8"
	case strings.IndexFunc(label, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) >= 0:
		bad = "not printable without blanks"
	default:
		return nil
	}
	return fmt.Errorf("reported %s %s, %s", what, excerpt(label), bad)
}

// excerpt quotes the start of s, short enough for a one-line reason.
func excerpt(s string) string {
	const n = 40
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "…"
	}
	return strconv.Quote(s)
}

// quote returns the start of a child's output for an error message.
func quote(out []byte) string {
	const max = 120
	s := strings.TrimSpace(string(out))
	if s == "" {
		return "(nothing)"
	}
	if len(s) > max {
		s = s[:max] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// shownMu serialises the lines Prefixed writers write, so that the
// lines of processes running at once (Runner.Jobs) do not interleave
// within a line.
var shownMu sync.Mutex

// Prefixed writes whole lines to to, each led by prefix; Flush writes a
// last line left without its newline.
type Prefixed struct {
	To      io.Writer
	Prefix  string
	partial []byte
}

func (p *Prefixed) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	i := bytes.LastIndexByte(p.partial, '\n')
	if i < 0 {
		return len(b), nil
	}
	var out []byte
	for _, line := range bytes.SplitAfter(p.partial[:i+1], []byte("\n")) {
		if len(line) > 0 {
			out = append(append(out, p.Prefix...), line...)
		}
	}
	p.partial = append(p.partial[:0], p.partial[i+1:]...)
	shownMu.Lock()
	defer shownMu.Unlock()
	if _, err := p.To.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

func (p *Prefixed) Flush() {
	if len(p.partial) > 0 {
		_, _ = p.Write([]byte("\n"))
	}
}

// Tail keeps the last stderrTailBytes bytes written to it.
type Tail struct{ buf []byte }

func (t *Tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - 4*stderrTailBytes; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *Tail) Bytes() []byte { return t.buf }

// String returns the last stderrTailLines lines (at most stderrTailBytes
// bytes), joined with " | " so a reason stays on one line.
func (t *Tail) String() string {
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	if len(lines) > stderrTailLines {
		lines = lines[len(lines)-stderrTailLines:]
	}
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	s := strings.Join(lines, " | ")
	if len(s) > stderrTailBytes {
		s = "…" + strings.ToValidUTF8(s[len(s)-stderrTailBytes:], "")
	}
	return s
}
