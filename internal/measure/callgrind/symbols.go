package callgrind

import (
	"debug/elf"
	"debug/gosym"
	"errors"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/google/pprof/profile"
)

// Symbolize names the functions of p that Callgrind could name only by
// their address ("0x0000000000c00a80") from binary's own function table,
// the Go runtime's .gopclntab, and reports how many it named. Callgrind
// reads names from the ELF symbol table, which a binary linked with -s
// has not: `go run` and `go test` link so, and a profile of such a build
// would name no function, so that no row of its where-table matches
// head's. The runtime's table is in every Go binary, stripped or not. A
// binary that is not an ELF Go executable names nothing; p keeps its
// addresses then.
//
// A location at an address (Pprof's, of a profile KeepStacks had written)
// then gets the functions Go inlined at that address, innermost first
// before the function Callgrind named, as pprof writes Go's own profiles:
// Callgrind knows symbols, and an inlined function has none, so a hash
// loop inlined into a widget's Layout reads as Layout's own instructions
// until then. They come from binary's DWARF (DW_TAG_inlined_subroutine);
// where binary is this very program, from its own runtime, which a
// binary `go run` linked without DWARF still has. Last, the locations
// of one function and inlining are merged, their addresses dropped, and
// then the samples of the same stack: a profile holds about one location
// per function and place it was inlined, not one per instruction.
//
// A generic function's name reads as Go prints it (ForPrint), the same
// whichever of the three named it.
func Symbolize(p *profile.Profile, binary string) int {
	named := name(p, binary)
	for _, f := range p.Function {
		f.Name = ForPrint(f.Name)
	}
	if slices.ContainsFunc(p.Location, func(l *profile.Location) bool { return l.Address != 0 }) {
		if in := inliner(binary); in != nil {
			expand(p, in)
		}
	}
	compact(p)
	return named
}

// name names p's functions that are addresses from binary's function
// table, and returns how many it named.
func name(p *profile.Profile, binary string) int {
	var unnamed []*profile.Function
	for _, f := range p.Function {
		if isAddress(f.Name) {
			unnamed = append(unnamed, f)
		}
	}
	if len(unnamed) == 0 {
		return 0
	}
	table, err := functionTable(binary)
	if err != nil {
		return 0
	}
	named := 0
	for _, f := range unnamed {
		pc, err := strconv.ParseUint(f.Name[2:], 16, 64)
		if err != nil {
			continue
		}
		fn := table.PCToFunc(pc)
		if fn == nil {
			continue
		}
		file, _, _ := table.PCToLine(pc)
		f.Name, f.SystemName, f.Filename = fn.Name, fn.Name, file
		named++
	}
	return named
}

// isAddress reports whether name is a function Callgrind named by its
// address alone.
func isAddress(name string) bool {
	hex, ok := strings.CutPrefix(name, "0x")
	return ok && hex != "" && strings.Trim(hex, "0123456789abcdef") == ""
}

// functionTable reads binary's Go function table.
func functionTable(binary string) (*gosym.Table, error) {
	f, err := elf.Open(binary)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	text, pcln := f.Section(".text"), f.Section(".gopclntab")
	if text == nil || pcln == nil {
		return nil, errNoTable
	}
	data, err := pcln.Data()
	if err != nil {
		return nil, err
	}
	return gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
}

var errNoTable = errors.New("no Go function table")

// Program returns the program a command that Wrap made runs under
// Valgrind, "" where cmd is not one.
func Program(cmd *exec.Cmd) string {
	for i, a := range cmd.Args {
		if strings.HasPrefix(a, "--callgrind-out-file=") && i+1 < len(cmd.Args) {
			return cmd.Args[i+1]
		}
	}
	return ""
}

// ForPrint returns a function's name as Go's runtime prints it, and
// names it in its own profiles: a generic function's type arguments, the
// shapes it was compiled for ("pkg.F[go.shape.int]"), read "[...]". The
// runtime knows inlined functions by that name alone, and one function's
// shapes are its one row.
func ForPrint(name string) string {
	i := strings.IndexByte(name, '[')
	j := strings.LastIndexByte(name, ']')
	if i < 0 || j <= i {
		return name
	}
	return name[:i] + "[...]" + name[j+1:]
}
