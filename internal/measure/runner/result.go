package runner

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
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/scenario"
)

// ended is how a child's process ended and what it printed.
type ended struct {
	stdout   *bounded
	stderr   *tail
	waitErr  error  // what Wait returned
	timedOut string // why the watch killed it, if it did
}

// result reads the result of cmd, the process of scenario name, once it
// has ended and its output is read: a process that did not end cleanly
// or printed what does not parse is Broken, or, counted, its
// instructions not measured; counted, its profiles in the directory
// profiles are read into it.
func (r *Runner) result(name string, cmd *exec.Cmd, profiles string, e ended) (scenario.Result, error) {
	stdout, stderr, waitErr, timedOut := e.stdout, e.stderr, e.waitErr, e.timedOut
	var why string
	switch {
	case waitErr != nil && unknownTo(stderr, name):
		return scenario.NotInBuild(name), nil
	case stdout.over:
		return broken(name, fmt.Sprintf("printed more than %d MiB on stdout, where a result takes a few KB; killed", MaxOutput>>20), stderr), nil
	case timedOut != "":
		why = timedOut + ", killed"
	case waitErr != nil:
		why = exitReason(waitErr, stderr)
	}
	if why != "" && r.Instructions {
		// A count that cannot finish (Valgrind's slowness past the
		// timeout, a crash under Valgrind that the timed processes did
		// not have) says nothing of the program: its instructions are
		// not measured, and its times and counts stand.
		return notCounted(name, why, stderr), nil
	}
	if why != "" {
		return broken(name, why, stderr), nil
	}
	res, err := parseResult(stdout.buf.Bytes(), name)
	if err != nil {
		return broken(name, err.Error(), stderr), nil
	}
	if r.Instructions && res.Broken == "" {
		if err := counted(&res, profiles); err != nil {
			return broken(name, err.Error(), stderr), nil
		}
		if err := r.keepProfile(name, profiles, callgrind.Program(cmd)); err != nil {
			return broken(name, err.Error(), stderr), nil
		}
	}
	return res, nil
}

// counted fills a counted child's result from the profiles Callgrind wrote
// into dir: each label's Count is the sum of the dumps named after it (a
// label used in several stretches of the run is dumped once a stretch).
// The time numbers go, since they were taken under Valgrind. What the
// child printed gives the labels and their steps alone: a count it
// printed is not Callgrind's, so it is dropped, and each label's count a
// step must pass band.CheckTime, the check the baselines file reads it
// back with, as a time from a child does (checkNumbers).
func counted(res *scenario.Result, dir string) error {
	res.Numbers = slices.DeleteFunc(res.Numbers, func(m band.Measured) bool { return m.Band.Kind.Slowed() })
	if res.Instructions == nil {
		return errors.New("ran under Valgrind but counted no instructions: the child did not see Valgrind, or recorded no step")
	}
	for i, in := range res.Instructions {
		if in.Steps <= 0 {
			return fmt.Errorf("reported the steps labelled %q as %d steps, not a number above zero", in.Label, in.Steps)
		}
		if slices.ContainsFunc(res.Instructions[:i], func(e scenario.Instructions) bool { return e.Label == in.Label }) {
			return fmt.Errorf("reported the steps labelled %q twice", in.Label)
		}
		res.Instructions[i].Count, res.Instructions[i].Runs = 0, nil
	}
	profiles, err := callgrind.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading Callgrind's profiles: %w", err)
	}
	for _, p := range profiles {
		n, ok := p.Instructions()
		if !ok {
			return fmt.Errorf("callgrind profile %d counted no instructions (events %v)", p.Part, p.Events)
		}
		label, asked := p.Request()
		if !asked {
			if n != 0 {
				return fmt.Errorf("callgrind counted %d instructions outside every step (%s)", n, p.Trigger)
			}
			continue
		}
		j := slices.IndexFunc(res.Instructions, func(in scenario.Instructions) bool { return in.Label == label })
		if j < 0 {
			return fmt.Errorf("callgrind dumped instructions for label %q, which no step has", label)
		}
		res.Instructions[j].Count += n
	}
	if !slices.ContainsFunc(res.Instructions, func(in scenario.Instructions) bool { return in.Count > 0 }) {
		return errors.New(uninstrumented + ": the program never switched instrumentation on")
	}
	for _, in := range res.Instructions {
		if in.Count == 0 {
			return fmt.Errorf("callgrind counted no instructions for the steps labelled %q", in.Label)
		}
		if err := band.CheckTime(in.PerStep(), []float64{in.PerStep()}); err != nil {
			return fmt.Errorf("callgrind counted %s instructions a step for the steps labelled %q (%d over %d steps), %s",
				strconv.FormatFloat(in.PerStep(), 'g', -1, 64), in.Label, in.Count, in.Steps, strings.TrimPrefix(err.Why, "is "))
		}
	}
	return nil
}

// unknownTo says whether a child's stderr is its refusal of a scenario
// it does not have: scenario.UnknownError, which every revision's child
// prints, so that a base built from before the scenario was added says so.
func unknownTo(stderr *tail, name string) bool {
	return bytes.Contains(stderr.Bytes(), []byte(fmt.Sprintf("unknown scenario %q", name)))
}

// exitReason says how a child that did not exit cleanly ended.
func exitReason(err error, stderr *tail) string {
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

// parseResult reads a child's stdout: exactly one JSON scenario.Result for the
// scenario asked for, with every number declared.
func parseResult(out []byte, name string) (scenario.Result, error) {
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

// broken returns a Broken result whose reason quotes the tail of stderr.
func broken(name, why string, stderr *tail) scenario.Result {
	if t := stderr.String(); t != "" {
		why += "; stderr: " + t
	}
	return scenario.Result{Name: name, Broken: why}
}

// notCounted returns the result of a counted process that did not finish:
// its instructions not measured, saying why.
func notCounted(name, why string, stderr *tail) scenario.Result {
	res := broken(name, why, stderr)
	return scenario.Result{Name: name, NotCounted: "not measured: " + res.Broken}
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

// shownMu serialises the lines prefixed writers write, so that the
// lines of processes running at once (Runner.Jobs) do not interleave
// within a line.
var shownMu sync.Mutex

// prefixed writes whole lines to to, each led by prefix; flush writes a
// last line left without its newline.
type prefixed struct {
	to      io.Writer
	prefix  string
	partial []byte
}

func (p *prefixed) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	i := bytes.LastIndexByte(p.partial, '\n')
	if i < 0 {
		return len(b), nil
	}
	var out []byte
	for _, line := range bytes.SplitAfter(p.partial[:i+1], []byte("\n")) {
		if len(line) > 0 {
			out = append(append(out, p.prefix...), line...)
		}
	}
	p.partial = append(p.partial[:0], p.partial[i+1:]...)
	shownMu.Lock()
	defer shownMu.Unlock()
	if _, err := p.to.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

func (p *prefixed) flush() {
	if len(p.partial) > 0 {
		_, _ = p.Write([]byte("\n"))
	}
}

// tail keeps the last stderrTailBytes bytes written to it.
type tail struct{ buf []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - 4*stderrTailBytes; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tail) Bytes() []byte { return t.buf }

// String returns the last stderrTailLines lines (at most stderrTailBytes
// bytes), joined with " | " so a reason stays on one line.
func (t *tail) String() string {
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
