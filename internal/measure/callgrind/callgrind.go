// Package callgrind runs a program under Valgrind's Callgrind and reads the
// profiles it writes: the parent's side of counting instructions, where
// package valgrind is the counted program's.
//
// Callgrind counts only where the program switched instrumentation and
// collection on (package valgrind's StartInstrumentation and
// ToggleCollect, with both off at start) and writes one
// profile file per dump; this package reads each file's trigger and total
// instructions (Parse), and where they went: each call stack's own
// instructions (ReadStacks, with the callers KeepStacks has Callgrind keep
// apart), as a profile in pprof's format (Pprof) that `go tool pprof`
// reads and diffs as it does any Go profile.
package callgrind

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// ErrNotFound says Valgrind is not installed where a run asked to count
// instructions.
var ErrNotFound = errors.New("valgrind not found (apt-get install valgrind)")

// Find returns the path of the valgrind program, or ErrNotFound.
func Find() (string, error) {
	path, err := exec.LookPath("valgrind")
	if err != nil {
		return "", ErrNotFound
	}
	return path, nil
}

// outFile is the name of the profile files in the directory given to Wrap:
// Callgrind writes the first dump to outFile.1, the next to outFile.2, and
// what it counted after the last dump to outFile itself as the program
// ends.
const outFile = "callgrind.out"

// Wrap makes cmd run under Callgrind, with valgrind the path Find
// returned, writing its profiles into dir. Collection is off at start, so
// only what the program itself switches on is counted. The environment
// gets GODEBUG=asyncpreemptoff=1, because Callgrind aborts a Go program on
// the runtime's preemption signal; GOMAXPROCS=1, because Valgrind runs
// one thread at a time and more Ps only add threads that wait for it; and
// GOGC=off, so that no collection runs before the program's own (package
// scenario collects between steps): a collection the runtime starts by
// itself marks concurrently, paced by the clock, and leaves the heap laid
// out differently from run to run, and a step that then searches the page
// allocator for room retired 77 000 instructions in one run of Gio's
// gio-type and 5 000 in another. GODEBUG also gets gcshrinkstackoff=1: a
// collection that finds a running goroutine's stack mostly unused shrinks
// it at that goroutine's next preemption, a moment the clock decides, and
// a step that copies the stack, or runs on one placed elsewhere, retires
// other instructions.
//
// GODEBUG's memprofilerate=0: the runtime samples an allocation for its
// heap profile at random intervals (512 KiB on average, drawn anew in each
// process), and each sample walks the stack, some thousands of
// instructions: a step of Gio's gio-type read 1.4% over its baseline, all
// of the rise in runtime.profilealloc, and within 0.15% of it with
// sampling off.
//
// --vgdb=no: Valgrind's gdbserver, on by default, makes three FIFOs in
// the temporary directory a process, which a process stopped by a signal
// (a timeout, Ctrl-C) leaves behind.
//
// --instr-atstart=no: the program runs uninstrumented, about four times
// slower than natively where instrumented code runs 20 to 100 times
// slower, until it switches instrumentation on around the work it counts
// (valgrind.StartInstrumentation): the set-up, the first layout and the
// result's encoding are never counted, and need not be instrumented.
//
// Call it after cmd's Path, Args and Env are set and before Start.
func Wrap(cmd *exec.Cmd, valgrind, dir string) {
	args := []string{valgrind, "--tool=callgrind", "--quiet", "--vgdb=no",
		"--collect-atstart=no", "--instr-atstart=no",
		"--callgrind-out-file=" + filepath.Join(dir, outFile),
		cmd.Path}
	cmd.Args = append(args, cmd.Args[1:]...)
	cmd.Path = valgrind
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(slices.Clone(env), "GOMAXPROCS=1", "GOGC=off", "GODEBUG="+godebug(env, "asyncpreemptoff=1,gcshrinkstackoff=1,memprofilerate=0"))
}

// InstrumentAtStart makes a command Wrap made instrument the whole
// program from its start, for a program that never switches
// instrumentation on itself (one built before it did: a base revision):
// under --instr-atstart=no such a program's steps run uninstrumented and
// count nothing. Its set-up then runs at Valgrind's instrumented speed.
func InstrumentAtStart(cmd *exec.Cmd) {
	if i := slices.Index(cmd.Args, "--instr-atstart=no"); i >= 0 {
		cmd.Args[i] = "--instr-atstart=yes"
	}
}

// godebug returns GODEBUG's value in env with setting added after what it
// already holds, so that the setting wins over an earlier one.
func godebug(env []string, setting string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], "GODEBUG="); ok && v != "" {
			return v + "," + setting
		}
	}
	return setting
}

// Profile is one of Callgrind's profile files: what it counted between two
// dumps.
type Profile struct {
	// Part is the dump's number, from 1 in the order of the dumps; the
	// profile written as the program ended has the highest.
	Part int
	// Trigger says what made Callgrind dump: "Client Request: WHY" for a
	// dump the program asked for (valgrind.DumpStatsAt(WHY)), "Program
	// termination" for the last.
	Trigger string
	// Events names what Callgrind counted ("Ir": instructions executed),
	// and Totals holds each event's total, in the same order.
	Events []string
	Totals []uint64

	// file is the profile's name in the directory ReadDir read.
	file string
}

// Request returns the reason the program gave for this dump, and whether
// the program asked for it.
func (p Profile) Request() (why string, ok bool) {
	return strings.CutPrefix(p.Trigger, "Client Request: ")
}

// Instructions returns the instructions the profile counted (event Ir).
func (p Profile) Instructions() (uint64, bool) {
	i := slices.Index(p.Events, "Ir")
	if i < 0 || i >= len(p.Totals) {
		return 0, false
	}
	return p.Totals[i], true
}

// SyntaxError is a profile that does not read as Callgrind's format.
type SyntaxError struct {
	File string
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Parse reads one profile in Callgrind's format from r; name is the file's
// name for errors. It reads the header and the totals; the cost lines
// between them are skipped.
func Parse(r io.Reader, name string) (Profile, error) {
	var p Profile
	var summary []uint64
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		fail := func(msg string) (Profile, error) {
			return Profile{}, &SyntaxError{File: name, Line: line, Msg: msg}
		}
		if line == 1 && !strings.HasPrefix(text, "# callgrind format") && !strings.HasPrefix(text, "version:") {
			return fail("not a Callgrind profile")
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		var err error
		switch key {
		case "part":
			if p.Part, err = strconv.Atoi(value); err != nil || p.Part < 0 {
				return fail(fmt.Sprintf("part %q is not a number", value))
			}
		case "desc":
			if t, ok := strings.CutPrefix(value, "Trigger: "); ok {
				p.Trigger = t
			}
		case "events":
			p.Events = strings.Fields(value)
		case "summary", "totals":
			costs, err := numbers(value)
			if err != nil {
				return fail(fmt.Sprintf("%s: %v", key, err))
			}
			if key == "summary" {
				summary = costs
			} else {
				p.Totals = costs
			}
		}
	}
	if err := sc.Err(); err != nil {
		return Profile{}, fmt.Errorf("%s: %w", name, err)
	}
	if p.Totals == nil {
		p.Totals = summary
	}
	switch {
	case p.Events == nil:
		return Profile{}, &SyntaxError{File: name, Line: line, Msg: "no events line"}
	case p.Totals == nil:
		return Profile{}, &SyntaxError{File: name, Line: line, Msg: "no totals or summary line (a profile cut short?)"}
	}
	// Callgrind leaves trailing zero events out of a cost line.
	for len(p.Totals) < len(p.Events) {
		p.Totals = append(p.Totals, 0)
	}
	return p, nil
}

func numbers(s string) ([]uint64, error) {
	var out []uint64
	for _, f := range strings.Fields(s) {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a count", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// ReadDir reads every profile Callgrind wrote into dir under Wrap, in the
// order of the dumps.
func ReadDir(dir string) ([]Profile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Profile
	for _, e := range entries {
		if e.Name() != outFile && !strings.HasPrefix(e.Name(), outFile+".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		p, err := Parse(f, e.Name())
		f.Close()
		if err != nil {
			return nil, err
		}
		p.file = e.Name()
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Profile) int { return a.Part - b.Part })
	return out, nil
}

// EndOf is the reason a process that counts several scenarios in turn
// gives the dump that closes scenario name's (valgrind.DumpStatsAt, after
// its last step): it holds blanks, which no step label does, so it cannot
// be taken for one.
func EndOf(name string) string { return "end of scenario " + name }

// Split moves the profiles that a process counting names in turn wrote
// into dir to a directory of each scenario's own, and returns those
// directories in the order of names: each scenario's dumps up to the one
// its EndOf closed, the dump written as the program ended with the last
// scenario's, and how many of names were closed, in order. A closing dump
// must count nothing, as it follows the scenario's last step with
// collection off; it is removed. Where the process ended early, the
// scenarios past closed have what it counted of them, or nothing.
func Split(dir string, names []string) (dirs []string, closed int, err error) {
	profiles, err := ReadDir(dir)
	if err != nil {
		return nil, 0, err
	}
	dirs = make([]string, len(names))
	for i := range names {
		dirs[i] = filepath.Join(dir, strconv.Itoa(i))
		if err := os.Mkdir(dirs[i], 0o755); err != nil {
			return nil, 0, err
		}
	}
	k := 0
	for _, p := range profiles {
		path := filepath.Join(dir, p.file)
		if why, ok := p.Request(); ok && k < len(names) && why == EndOf(names[k]) {
			if n, _ := p.Instructions(); n != 0 {
				return nil, 0, fmt.Errorf("callgrind counted %d instructions after the last step of %s", n, names[k])
			}
			if err := os.Remove(path); err != nil {
				return nil, 0, err
			}
			k++
			continue
		}
		to := dirs[min(k, len(names)-1)]
		if err := os.Rename(path, filepath.Join(to, p.file)); err != nil {
			return nil, 0, err
		}
	}
	return dirs, k, nil
}
