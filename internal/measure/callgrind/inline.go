package callgrind

import (
	"cmp"
	"debug/dwarf"
	"debug/elf"
	"debug/gosym"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/google/pprof/profile"
)

// frame is one function at an address: its name and the file the
// address's source line is in.
type frame struct{ name, file string }

// inlineFunc returns the functions at an address, innermost first and
// the function the address is in last; nil where it knows none.
type inlineFunc func(pc uint64) []frame

// inliner returns what maps binary's addresses to the functions inlined
// there: this program's own runtime where binary is this program, built
// at fixed addresses (not position-independent, Go's default on Linux,
// where the addresses Callgrind wrote are the ones the runtime knows);
// else binary's DWARF; nil where neither reads.
func inliner(binary string) inlineFunc {
	f, err := elf.Open(binary)
	if err != nil {
		return nil
	}
	defer f.Close()
	if f.Type == elf.ET_EXEC && isSelf(binary) {
		return runtimeFrames
	}
	d, err := f.DWARF()
	if err != nil {
		return nil
	}
	table, _ := functionTable(binary)
	df := &dwarfFrames{d: d, table: table, units: map[dwarf.Offset]*unit{}, names: map[dwarf.Offset]string{}}
	df.index()
	return df.at
}

// isSelf reports whether binary is the file this program runs from.
func isSelf(binary string) bool {
	exe, err := os.Executable()
	if err != nil {
		return false
	}
	a, err := os.Stat(exe)
	if err != nil {
		return false
	}
	b, err := os.Stat(binary)
	return err == nil && os.SameFile(a, b)
}

// runtimeFrames reads the functions at pc from this program's own
// function table. CallersFrames reads a pc as a return address, the
// instruction before it, hence pc+1. Given one pc it yields only the
// innermost function there: it expands an inlined call into its callers
// only while more pcs follow (Callers gives one pc per inlined frame), so
// a second that no function holds follows. It leaves out a caller that
// is a wrapper (a deferred call's "deferwrap1"), as tracebacks do, so the
// function pc is in is named from its entry, which no inlined call holds.
func runtimeFrames(pc uint64) []frame {
	fn := runtime.FuncForPC(uintptr(pc))
	if fn == nil {
		return nil
	}
	outer := runtime.FuncForPC(fn.Entry())
	if outer == nil {
		return nil
	}
	frames := runtime.CallersFrames([]uintptr{uintptr(pc) + 1, 1})
	var out []frame
	file, _ := outer.FileLine(fn.Entry())
	for {
		f, more := frames.Next()
		if f.Func != nil {
			// The file of the line at pc, or of the inlined call there.
			file = f.File
			break
		}
		if f.Function == "" {
			break
		}
		out = append(out, frame{f.Function, f.File})
		if !more {
			break
		}
	}
	return append(out, frame{outer.Name(), file})
}

// dwarfFrames reads the functions at an address from a binary's DWARF,
// one compilation unit at a time, those a profile's addresses are in.
type dwarfFrames struct {
	d     *dwarf.Data
	cus   []cuRange    // by address
	table *gosym.Table // for the innermost frame's file; nil: ""
	units map[dwarf.Offset]*unit
	names map[dwarf.Offset]string // abstract functions' names
}

// cuRange is one range of a compilation unit's code.
type cuRange struct {
	lo, hi uint64
	cu     *dwarf.Entry
}

// index reads the ranges of every compilation unit, once: Reader.SeekPC
// reads them all again for each address it is asked.
func (df *dwarfFrames) index() {
	r := df.d.Reader()
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag == dwarf.TagCompileUnit {
			ranges, _ := df.d.Ranges(e)
			for _, rg := range ranges {
				df.cus = append(df.cus, cuRange{rg[0], rg[1], e})
			}
		}
		r.SkipChildren()
	}
	slices.SortFunc(df.cus, func(a, b cuRange) int { return cmp.Compare(a.lo, b.lo) })
}

// unit is a compilation unit's functions, by address.
type unit struct{ funcs []function }

// function is one range of a function's code and what was inlined into
// it.
type function struct {
	lo, hi  uint64
	name    string
	inlined []inlined
}

// inlined is one range of a function inlined into another, depth calls
// deep (1 inlined into the function itself), called from file.
type inlined struct {
	lo, hi   uint64
	depth    int
	name     string
	callFile string
}

func (df *dwarfFrames) at(pc uint64) []frame {
	u := &unit{}
	k, _ := slices.BinarySearchFunc(df.cus, pc, func(c cuRange, pc uint64) int { return cmp.Compare(c.lo, pc+1) })
	if k > 0 && pc < df.cus[k-1].hi {
		cu := df.cus[k-1].cu
		var ok bool
		if u, ok = df.units[cu.Offset]; !ok {
			u = df.read(cu)
			df.units[cu.Offset] = u
		}
	}
	i, found := slices.BinarySearchFunc(u.funcs, pc, func(f function, pc uint64) int {
		switch {
		case f.hi <= pc:
			return -1
		case f.lo > pc:
			return 1
		}
		return 0
	})
	var fn function
	if found {
		fn = u.funcs[i]
	}
	// The function the address is in is named from the function table,
	// as the runtime names it: DWARF names an assembly function
	// "pkg.f.abi0", and a label in one has no subprogram.
	if df.table != nil {
		if f := df.table.PCToFunc(pc); f != nil {
			fn.name = f.Name
		}
	}
	if fn.name == "" {
		return nil
	}
	var in []inlined
	for _, x := range fn.inlined {
		if x.lo <= pc && pc < x.hi {
			in = append(in, x)
		}
	}
	slices.SortFunc(in, func(a, b inlined) int { return b.depth - a.depth })
	out := make([]frame, 0, len(in)+1)
	file := ""
	if df.table != nil {
		file, _, _ = df.table.PCToLine(pc)
	}
	for _, x := range in {
		out = append(out, frame{ForPrint(x.name), file})
		file = x.callFile
	}
	return append(out, frame{ForPrint(fn.name), file})
}

// read reads compilation unit cu's functions and what was inlined into
// them.
func (df *dwarfFrames) read(cu *dwarf.Entry) *unit {
	u := &unit{}
	var files []*dwarf.LineFile
	if lr, err := df.d.LineReader(cu); err == nil && lr != nil {
		files = lr.Files()
	}
	r := df.d.Reader()
	r.Seek(cu.Offset)
	if _, err := r.Next(); err != nil || !cu.Children {
		return u
	}
	// tags holds the entries enclosing the next one, outermost first.
	var tags []dwarf.Tag
	current := -1 // u.funcs' first range of the function being read
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag == 0 {
			if len(tags) == 0 {
				break
			}
			tags = tags[:len(tags)-1]
			continue
		}
		switch e.Tag {
		case dwarf.TagSubprogram:
			current = -1
			if name, _ := e.Val(dwarf.AttrName).(string); name != "" {
				ranges, _ := df.d.Ranges(e)
				if len(ranges) > 0 {
					current = len(u.funcs)
				}
				for _, rg := range ranges {
					u.funcs = append(u.funcs, function{lo: rg[0], hi: rg[1], name: name})
				}
			}
		case dwarf.TagInlinedSubroutine:
			depth := 1
			for _, t := range tags {
				if t == dwarf.TagInlinedSubroutine {
					depth++
				}
			}
			origin, _ := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
			name := df.name(origin)
			callFile := ""
			if k, ok := e.Val(dwarf.AttrCallFile).(int64); ok && k >= 0 && int(k) < len(files) && files[k] != nil {
				callFile = files[k].Name
			}
			ranges, _ := df.d.Ranges(e)
			if current >= 0 && name != "" {
				for _, rg := range ranges {
					// Added to the function range it lies in.
					for j := current; j < len(u.funcs); j++ {
						if f := &u.funcs[j]; f.lo <= rg[0] && rg[0] < f.hi {
							f.inlined = append(f.inlined, inlined{rg[0], rg[1], depth, name, callFile})
						}
					}
				}
			}
		}
		if e.Children {
			tags = append(tags, e.Tag)
		}
	}
	slices.SortFunc(u.funcs, func(a, b function) int { return cmp.Compare(a.lo, b.lo) })
	return u
}

// name returns the name of the abstract function at off.
func (df *dwarfFrames) name(off dwarf.Offset) string {
	if n, ok := df.names[off]; ok {
		return n
	}
	r := df.d.Reader()
	r.Seek(off)
	n := ""
	if e, err := r.Next(); err == nil && e != nil {
		n, _ = e.Val(dwarf.AttrName).(string)
	}
	df.names[off] = n
	return n
}

// expand gives each of p's locations at an address the functions in
// inlined there, innermost first, before the function the address is in.
// That function's name comes from in too, from the binary's function
// table as the runtime names it, not from Callgrind, which reads the ELF
// symbols a build linked with -s has not: a base built with them and a
// head `go run` built without would name one function twice (an assembly
// function "runtime.nanotime1.abi0" and "runtime.nanotime1", a label in
// one, "aeshashbody", and the function "runtime.memhash"). Where fewer
// than half of the locations in names a function of the same name as p,
// in reads another binary than the one counted, and p is left as it is.
func expand(p *profile.Profile, in inlineFunc) {
	at := map[*profile.Location][]frame{}
	agree := 0
	for _, l := range p.Location {
		if l.Address == 0 || len(l.Line) != 1 || l.Line[0].Function == nil {
			continue
		}
		frames := in(l.Address)
		if len(frames) == 0 {
			continue
		}
		at[l] = frames
		if frames[len(frames)-1].name == l.Line[0].Function.Name {
			agree++
		}
	}
	if 2*agree <= len(at) {
		return
	}
	funcs := map[[2]string]*profile.Function{}
	for _, f := range p.Function {
		funcs[[2]string{f.Name, f.Filename}] = f
	}
	function := func(fr frame) *profile.Function {
		f, ok := funcs[[2]string{fr.name, fr.file}]
		if !ok {
			f = &profile.Function{ID: uint64(len(p.Function) + 1), Name: fr.name, SystemName: fr.name, Filename: fr.file}
			funcs[[2]string{fr.name, fr.file}] = f
			p.Function = append(p.Function, f)
		}
		return f
	}
	for _, l := range p.Location {
		frames, ok := at[l]
		if !ok {
			continue
		}
		lines := make([]profile.Line, 0, len(frames))
		for _, fr := range frames[:len(frames)-1] {
			lines = append(lines, profile.Line{Function: function(fr)})
		}
		outer := l.Line[0]
		if last := frames[len(frames)-1]; last.name != outer.Function.Name {
			outer.Function = function(last)
		}
		l.Line = append(lines, outer)
	}
	unused(p)
}

// unused drops the functions no location of p names any more.
func unused(p *profile.Profile) {
	used := map[*profile.Function]bool{}
	for _, l := range p.Location {
		for _, line := range l.Line {
			used[line.Function] = true
		}
	}
	p.Function = slices.DeleteFunc(p.Function, func(f *profile.Function) bool { return !used[f] })
	for i, f := range p.Function {
		f.ID = uint64(i + 1)
	}
}

// compact merges p's locations that name the same functions, dropping
// their addresses, and then its samples of the same stack and labels.
func compact(p *profile.Profile) {
	byLines := map[string]*profile.Location{}
	var locs []*profile.Location
	merged := map[*profile.Location]*profile.Location{}
	for _, l := range p.Location {
		var b strings.Builder
		for _, line := range l.Line {
			if line.Function != nil {
				b.WriteString(strconv.FormatUint(line.Function.ID, 10))
			}
			b.WriteByte(' ')
		}
		k := b.String()
		m, ok := byLines[k]
		if !ok {
			m = l
			m.Address = 0
			m.ID = uint64(len(locs) + 1)
			byLines[k] = m
			locs = append(locs, m)
		}
		merged[l] = m
	}
	p.Location = locs
	bySample := map[string]*profile.Sample{}
	var samples []*profile.Sample
	for _, s := range p.Sample {
		var b strings.Builder
		for i, l := range s.Location {
			s.Location[i] = merged[l]
			b.WriteString(strconv.FormatUint(s.Location[i].ID, 10))
			b.WriteByte(' ')
		}
		for _, k := range slices.Sorted(maps.Keys(s.Label)) {
			b.WriteString("\x00" + k + "=" + strings.Join(s.Label[k], "\x01"))
		}
		k := b.String()
		if m, ok := bySample[k]; ok {
			for i := range m.Value {
				m.Value[i] += s.Value[i]
			}
			continue
		}
		bySample[k] = s
		samples = append(samples, s)
	}
	p.Sample = samples
}
