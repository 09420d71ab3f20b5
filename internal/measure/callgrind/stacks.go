package callgrind

import (
	"bufio"
	"encoding/binary"
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
// profile holds each function's own cost alone, a one-frame stack. It
// also has Callgrind write each instruction's address with its cost
// (--dump-instr=yes): Callgrind names a function by its symbol, and a
// function Go inlined has none, so its instructions read as its caller's
// until Symbolize maps their addresses to the functions inlined there.
func KeepStacks(cmd *exec.Cmd) {
	cmd.Args = slices.Insert(cmd.Args, 1, "--separate-callers="+strconv.Itoa(Depth), "--dump-instr=yes")
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
	// Addrs, where the profile has instruction addresses (KeepStacks),
	// holds one per frame: the first is the instruction at which the
	// innermost frame retired these instructions, each next the call
	// instruction in that frame that called the frame before, the one
	// through which the most instructions went where a frame calls the
	// same function from several places; 0 where the profile names none.
	// Nil in a profile without addresses.
	Addrs []uint64
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
		instr     = -1 // the column of the instruction address
		last      []uint64
		ir        = -1
		file, fn  string
		cfn       string
		inCall    bool
		index     = map[stackKey]int{}
		fileOf    = map[string]string{}
		// sites holds, per callee and caller function, the
		// instructions that went through each call instruction.
		sites = map[[2]string]map[uint64]uint64{}
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
			var addr uint64
			if instr >= 0 {
				if err := position(fields, last); err != nil {
					return fail(line, err.Error())
				}
				addr = last[instr]
			}
			k := positions + ir
			var n uint64
			if k < len(fields) { // trailing zero events are left out
				var err error
				if n, err = strconv.ParseUint(fields[k], 10, 64); err != nil {
					return fail(line, fmt.Sprintf("cost %q is not a count", fields[k]))
				}
			}
			if inCall {
				inCall = false
				if instr >= 0 && n > 0 && fn != "" && cfn != "" {
					pair := [2]string{frames(cfn)[0], frames(fn)[0]}
					if sites[pair] == nil {
						sites[pair] = map[uint64]uint64{}
					}
					sites[pair][addr] += n
				}
				continue
			}
			if fn == "" {
				return fail(line, "a cost line before any fn= line")
			}
			if n == 0 {
				continue
			}
			i, ok := index[stackKey{fn, addr}]
			if !ok {
				i = len(s.Costs)
				index[stackKey{fn, addr}] = i
				c := StackCost{Frames: frames(fn)}
				if instr >= 0 {
					c.Addrs = make([]uint64, len(c.Frames))
					c.Addrs[0] = addr
				}
				s.Costs = append(s.Costs, c)
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
				if key == "cfn" {
					cfn = f
				} else {
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
			instr = slices.Index(strings.Fields(value), "instr")
			last = make([]uint64, positions)
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
			if j > 0 && c.Addrs != nil {
				c.Addrs[j] = heaviest(sites[[2]string{c.Frames[j-1], f}])
			}
		}
	}
	return s, nil
}

// stackKey is one call stack's instructions at one address (0 in a
// profile without addresses).
type stackKey struct {
	context string
	addr    uint64
}

// position reads a cost line's positions into last, each column's
// previous value: an address or number ("0x4a3b20", "12"), one relative
// to the column's previous ("+3", "-7"), or "*", the same again.
// Callgrind writes a call's target (the calls= line) relative to the
// same values without changing them, so only cost lines come here.
func position(fields []string, last []uint64) error {
	if len(fields) < len(last) {
		return fmt.Errorf("a cost line with %d of %d positions", len(fields), len(last))
	}
	for i := range last {
		f := fields[i]
		var err error
		var n uint64
		switch {
		case f == "*":
			continue
		case f[0] == '+':
			n, err = strconv.ParseUint(f[1:], 0, 64)
			n = last[i] + n
		case f[0] == '-':
			n, err = strconv.ParseUint(f[1:], 0, 64)
			n = last[i] - n
		default:
			n, err = strconv.ParseUint(f, 0, 64)
		}
		if err != nil {
			return fmt.Errorf("position %q is not a number", f)
		}
		last[i] = n
	}
	return nil
}

// heaviest returns the call instruction through which the most
// instructions went, the lowest address of a tie; 0 where there is none.
func heaviest(sites map[uint64]uint64) uint64 {
	var best, most uint64
	for a, n := range sites {
		if n > most || n == most && a < best {
			best, most = a, n
		}
	}
	return best
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

// Format is the comment every profile from Pprof carries: the way it was
// written. A profile kept beside baselines is diffed only against one of
// the same format: one written before inlined functions had frames of
// their own held in each function's self count what Go inlined into it,
// and a diff across the two would move every function that inlines
// another.
const Format = "perfbench instructions profile 2: inlined functions"

// Pprof returns the dumps the program asked for (valgrind.DumpStatsAt
// LABEL) as one profile in pprof's format: a sample per call stack and
// step label, its value the instructions the stack's innermost function
// retired itself, tagged with the label (StepLabel). Stacks of the same
// label in several dumps add up. A dump the program did not ask for (the
// one at its end) is left out: its instructions are outside every step.
// A stack with addresses (KeepStacks) has a location per frame and
// address, which Symbolize expands into the functions Go inlined there
// and then merges.
func Pprof(dumps []Stacks) *profile.Profile {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: SampleType, Unit: "count"}},
		PeriodType: &profile.ValueType{Type: SampleType, Unit: "count"},
		Period:     1,
		Comments:   []string{Format},
	}
	funcs := map[[2]string]*profile.Function{}
	type place struct {
		f    *profile.Function
		addr uint64
	}
	locs := map[place]*profile.Location{}
	location := func(name, file string, addr uint64) *profile.Location {
		f, ok := funcs[[2]string{name, file}]
		if !ok {
			f = &profile.Function{ID: uint64(len(p.Function) + 1), Name: name, SystemName: name, Filename: file}
			funcs[[2]string{name, file}] = f
			p.Function = append(p.Function, f)
		}
		l, ok := locs[place{f, addr}]
		if !ok {
			l = &profile.Location{ID: uint64(len(p.Location) + 1), Address: addr, Line: []profile.Line{{Function: f}}}
			locs[place{f, addr}] = l
			p.Location = append(p.Location, l)
		}
		return l
	}
	type key struct{ label, stack, addrs string }
	samples := map[key]*profile.Sample{}
	for _, d := range dumps {
		label, ok := d.Request()
		if !ok {
			continue
		}
		for _, c := range d.Costs {
			k := key{label, strings.Join(c.Frames, "\x00"), addrs(c.Addrs)}
			s, ok := samples[k]
			if !ok {
				s = &profile.Sample{Value: []int64{0}, Label: map[string][]string{StepLabel: {label}}}
				for i, f := range c.Frames {
					var addr uint64
					if c.Addrs != nil {
						addr = c.Addrs[i]
					}
					s.Location = append(s.Location, location(f, c.Files[i], addr))
				}
				samples[k] = s
				p.Sample = append(p.Sample, s)
			}
			s.Value[0] += int64(c.Instructions)
		}
	}
	return p
}

// addrs returns a stack's addresses as a key.
func addrs(a []uint64) string {
	b := make([]byte, 0, 8*len(a))
	for _, x := range a {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return string(b)
}
