package callgrind

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/google/pprof/profile"
)

// Depth is how many callers Callgrind keeps apart for each function
// under KeepStacks (--separate-callers): a function's cost is kept per
// chain of its Depth callers, and that chain is the call stack its
// instructions are attributed to. Twelve reaches from an allocation's
// innermost runtime frame (mcache.refill, nextFree, mallocgc, growslice:
// five deep) through the engine function that allocated to the stage of
// the frame that called it. It does not change what Callgrind counts,
// only what keeping the contexts costs: about 1.7 times the CPU time and
// memory of a counted process (docs/where.md), which is why a run keeps
// stacks only where it has something to explain.
const Depth = 12

// KeepStacks makes cmd, wrapped by Wrap, keep each function's cost per
// call stack of Depth callers, which ReadStacks reads; without it a
// profile holds each function's own cost alone, a one-frame stack.
func KeepStacks(cmd *exec.Cmd) {
	cmd.Args = slices.Insert(cmd.Args, 1, "--separate-callers="+strconv.Itoa(Depth))
}

// Stacks is one of Callgrind's profile files read for where its
// instructions went: each call stack's own instructions (its innermost
// function's self cost in that context).
type Stacks struct {
	// Trigger is what made Callgrind dump (Profile.Trigger).
	Trigger string
	// Costs holds one entry per call stack with instructions of its own,
	// in the order the profile first names them.
	Costs []StackCost
}

// StackCost is the instructions retired in one function called through
// one chain of callers.
type StackCost struct {
	// Frames are the stack's functions, innermost first; Files the
	// source file each is in, "" where the profile names none.
	Frames, Files []string
	// Instructions are those the innermost frame retired itself, not in
	// the functions it called.
	Instructions uint64
}

// Request returns the reason the program gave for this dump, and whether
// the program asked for it.
func (s Stacks) Request() (why string, ok bool) {
	return strings.CutPrefix(s.Trigger, "Client Request: ")
}

// Total returns the instructions of every stack together: the profile's
// total.
func (s Stacks) Total() uint64 {
	var n uint64
	for _, c := range s.Costs {
		n += c.Instructions
	}
	return n
}

// ReadStacks reads one profile in Callgrind's format from r, name being
// the file's name for errors, into the instructions of each call stack:
// each cost line adds to the function named by the last fn= line, except
// the line after a calls= line, which is the cost of that call
// (inclusive), not the function's own. With --separate-callers a
// function's name is its chain of callers joined by "'" (f'caller'its
// caller); a part that is a number says which level of a recursion the
// function ran at, and is not a caller.
func ReadStacks(r io.Reader, name string) (Stacks, error) {
	var s Stacks
	fail := func(line int, msg string) (Stacks, error) {
		return Stacks{}, &SyntaxError{File: name, Line: line, Msg: msg}
	}
	names := map[string]map[string]string{"fl": {}, "fn": {}}
	var (
		positions = 1
		ir        = -1
		file, fn  string
		inCall    bool
		index     = map[string]int{}
		fileOf    = map[string]string{}
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 && !strings.HasPrefix(text, "# callgrind format") && !strings.HasPrefix(text, "version:") {
			return fail(line, "not a Callgrind profile")
		}
		if text == "" || text[0] == '#' {
			continue
		}
		if c := text[0]; c >= '0' && c <= '9' || c == '+' || c == '-' || c == '*' {
			fields := strings.Fields(text)
			if ir < 0 {
				return fail(line, "a cost line before the events line")
			}
			if inCall {
				inCall = false
				continue
			}
			if fn == "" {
				return fail(line, "a cost line before any fn= line")
			}
			k := positions + ir
			if k >= len(fields) {
				continue // trailing zero events are left out
			}
			n, err := strconv.ParseUint(fields[k], 10, 64)
			if err != nil {
				return fail(line, fmt.Sprintf("cost %q is not a count", fields[k]))
			}
			if n == 0 {
				continue
			}
			i, ok := index[fn]
			if !ok {
				i = len(s.Costs)
				index[fn] = i
				s.Costs = append(s.Costs, StackCost{Frames: frames(fn)})
			}
			s.Costs[i].Instructions += n
			continue
		}
		key, value, ok := strings.Cut(text, "=")
		if ok && !strings.Contains(key, ":") {
			switch key {
			case "fl", "fi", "fe":
				f, err := compressed(names["fl"], value)
				if err != nil {
					return fail(line, err.Error())
				}
				if key == "fl" {
					file = f
				}
			case "cfi", "cfl":
				if _, err := compressed(names["fl"], value); err != nil {
					return fail(line, err.Error())
				}
			case "fn", "cfn":
				f, err := compressed(names["fn"], value)
				if err != nil {
					return fail(line, err.Error())
				}
				if key == "fn" {
					fn = f
					if first := frames(f)[0]; fileOf[first] == "" {
						fileOf[first] = file
					}
				}
			case "calls":
				inCall = true
			}
			continue
		}
		key, value, ok = strings.Cut(text, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch key {
		case "desc":
			if t, ok := strings.CutPrefix(value, "Trigger: "); ok {
				s.Trigger = t
			}
		case "positions":
			positions = len(strings.Fields(value))
		case "events":
			ir = slices.Index(strings.Fields(value), "Ir")
			if ir < 0 {
				return fail(line, fmt.Sprintf("events %q has no Ir", value))
			}
		}
	}
	if err := sc.Err(); err != nil {
		return Stacks{}, fmt.Errorf("%s: %w", name, err)
	}
	if ir < 0 {
		return fail(line, "no events line")
	}
	// A caller's file is known once its own fn= line is read, which may
	// come after a stack that names it.
	for i := range s.Costs {
		c := &s.Costs[i]
		c.Files = make([]string, len(c.Frames))
		for j, f := range c.Frames {
			c.Files[j] = fileOf[f]
		}
	}
	return s, nil
}

// compressed resolves a name in Callgrind's name compression: "(ID) NAME"
// defines ID as NAME, "(ID)" refers to it, and a plain NAME is itself.
func compressed(table map[string]string, value string) (string, error) {
	if !strings.HasPrefix(value, "(") {
		return value, nil
	}
	id, rest, ok := strings.Cut(value[1:], ")")
	if !ok {
		return "", fmt.Errorf("name %q: no closing parenthesis", value)
	}
	rest = strings.TrimSpace(rest)
	if rest != "" {
		table[id] = rest
		return rest, nil
	}
	name, ok := table[id]
	if !ok {
		return "", fmt.Errorf("name (%s) used before it is defined", id)
	}
	return name, nil
}

// frames splits a function's context name into its frames, innermost
// first, leaving out the recursion levels.
func frames(context string) []string {
	parts := strings.Split(context, "'")
	out := parts[:0]
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") == "" && len(out) > 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// ReadStacksDir reads every profile Callgrind wrote into dir under Wrap
// for its stacks, in the order of the dumps.
func ReadStacksDir(dir string) ([]Stacks, error) {
	profiles, err := ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([]Stacks, 0, len(profiles))
	for _, p := range profiles {
		f, err := os.Open(filepath.Join(dir, p.file))
		if err != nil {
			return nil, err
		}
		s, err := ReadStacks(f, p.file)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// StepLabel is the sample label a profile from Pprof tags each sample
// with: the step label whose dump it came from (pprof -tagfocus
// step=LABEL shows one label's steps).
const StepLabel = "step"

// SampleType is the sample type of the profiles Pprof returns.
const SampleType = "instructions"

// Pprof returns the dumps the program asked for (valgrind.DumpStatsAt
// LABEL) as one profile in pprof's format: a sample per call stack and
// step label, its value the instructions the stack's innermost function
// retired itself, tagged with the label (StepLabel). Stacks of the same
// label in several dumps add up. A dump the program did not ask for (the
// one at its end) is left out: its instructions are outside every step.
func Pprof(dumps []Stacks) *profile.Profile {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: SampleType, Unit: "count"}},
		PeriodType: &profile.ValueType{Type: SampleType, Unit: "count"},
		Period:     1,
	}
	funcs := map[[2]string]*profile.Function{}
	locs := map[*profile.Function]*profile.Location{}
	location := func(name, file string) *profile.Location {
		f, ok := funcs[[2]string{name, file}]
		if !ok {
			f = &profile.Function{ID: uint64(len(p.Function) + 1), Name: name, SystemName: name, Filename: file}
			funcs[[2]string{name, file}] = f
			p.Function = append(p.Function, f)
		}
		l, ok := locs[f]
		if !ok {
			l = &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
			locs[f] = l
			p.Location = append(p.Location, l)
		}
		return l
	}
	type key struct{ label, stack string }
	samples := map[key]*profile.Sample{}
	for _, d := range dumps {
		label, ok := d.Request()
		if !ok {
			continue
		}
		for _, c := range d.Costs {
			k := key{label, strings.Join(c.Frames, "\x00")}
			s, ok := samples[k]
			if !ok {
				s = &profile.Sample{Value: []int64{0}, Label: map[string][]string{StepLabel: {label}}}
				for i, f := range c.Frames {
					s.Location = append(s.Location, location(f, c.Files[i]))
				}
				samples[k] = s
				p.Sample = append(p.Sample, s)
			}
			s.Value[0] += int64(c.Instructions)
		}
	}
	return p
}
