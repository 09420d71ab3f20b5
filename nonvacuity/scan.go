package nonvacuity

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// IgnoreDirective, on the line of a call to Assert or the line above it,
// tells Scan that the call is not a check of the engine (the tests of
// Assert itself drive counters by hand). It must give a reason:
//
//	//nonvacuity:ignore drives counters by hand to test Assert itself
//
// An ignored call never counts as asserting a counter; the report lists it
// with its reason, so nothing is dropped silently.
const IgnoreDirective = "//nonvacuity:ignore"

// ScanOptions says what Scan looks for. A zero field takes its value from
// DefaultScanOptions, so the zero value scans for this module's Assert and
// counter table.
type ScanOptions struct {
	// NonvacuityPath is the import path of the package whose Assert calls
	// are looked for.
	NonvacuityPath string
	// CounterPath is the import path of the package whose selectors
	// (counter.LayoutsHeld) name the counters.
	CounterPath string
	// Skips names the skip counters, in the order the report lists them.
	Skips []string
}

// DefaultScanOptions scans for perfbench's own Assert and the Skip
// counters of its counter table (counter.Skips).
var DefaultScanOptions = ScanOptions{
	NonvacuityPath: "github.com/perfbench/perfbench/nonvacuity",
	CounterPath:    "github.com/perfbench/perfbench/internal/instrument/counter",
	Skips:          skipNames(),
}

func skipNames() []string {
	var names []string
	for _, c := range counter.Skips() {
		names = append(names, c.String())
	}
	return names
}

// Report is what Scan found. File names in it are relative to the module
// root and slash-separated.
type Report struct {
	// Module is the module path read from go.mod.
	Module string `json:"module"`
	// Files is the number of _test.go files parsed.
	Files int `json:"files"`
	// Skips lists every skip counter with the calls that assert it.
	Skips []Asserted `json:"skips"`
	// Problems are calls to Assert the scanner could not read as naming a
	// skip counter, and misplaced or unexplained ignore directives.
	Problems []Problem `json:"problems,omitempty"`
	// Ignored are calls marked with IgnoreDirective.
	Ignored []Ignored `json:"ignored,omitempty"`
}

// Asserted is one skip counter, the calls to Assert that name it, and the
// scenario numbers with a floor on it (added by [Report.Floor]).
type Asserted struct {
	Counter string `json:"counter"`
	Calls   []Call `json:"calls"`
	// Floors are the scenario numbers that fail when the counter stays at
	// zero: a floor above zero on it.
	Floors []Floor `json:"floors,omitempty"`
}

// Floor is a scenario number that reads a skip counter with a floor above
// zero, so that the scenario fails when the skip stops firing.
type Floor struct {
	Scenario string  `json:"scenario"`
	Number   string  `json:"number"`
	Floor    float64 `json:"floor"`
}

func (f Floor) String() string {
	return fmt.Sprintf("%s %s ≥ %s", f.Scenario, f.Number, strconv.FormatFloat(f.Floor, 'f', -1, 64))
}

// Floor records that a scenario number covers skip counter name with a
// floor above zero. A floor of zero covers nothing and is not recorded; a
// counter that is not a skip of the report is an error.
func (r *Report) Floor(name string, f Floor) error {
	for i := range r.Skips {
		if r.Skips[i].Counter == name {
			if f.Floor > 0 {
				r.Skips[i].Floors = append(r.Skips[i].Floors, f)
			}
			return nil
		}
	}
	return fmt.Errorf("nonvacuity: %s %s reads %s, which is not a skip counter of the scan", f.Scenario, f.Number, name)
}

// Call is where a call to Assert is.
type Call struct {
	File string `json:"file"`
	Line int    `json:"line"`
	// Func is the top-level function the call is in, usually the test.
	Func string `json:"func,omitempty"`
}

func (c Call) String() string {
	if c.Func == "" {
		return fmt.Sprintf("%s:%d", c.File, c.Line)
	}
	return fmt.Sprintf("%s:%d %s", c.File, c.Line, c.Func)
}

// Ignored is a call marked with IgnoreDirective, and why.
type Ignored struct {
	Call
	Reason string `json:"reason"`
}

// Problem is a place in a test file that the scan could not accept.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

func (p Problem) Error() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Message) }

// Missing returns the skip counters that no call asserts, in report order.
func (r Report) Missing() []string {
	var out []string
	for _, s := range r.Skips {
		if len(s.Calls) == 0 {
			out = append(out, s.Counter)
		}
	}
	return out
}

// Uncovered returns the skip counters that nothing would notice staying
// at zero: no call asserts them and no scenario has a floor on them.
func (r Report) Uncovered() []string {
	var out []string
	for _, s := range r.Skips {
		if len(s.Calls) == 0 && len(s.Floors) == 0 {
			out = append(out, s.Counter)
		}
	}
	return out
}

// OK reports whether every skip counter is covered, by an Assert call or a
// scenario floor, and nothing is amiss.
func (r Report) OK() bool { return len(r.Uncovered()) == 0 && len(r.Problems) == 0 }

// Scan scans the module rooted at moduleDir with DefaultScanOptions.
func Scan(moduleDir string) (Report, error) { return DefaultScanOptions.Scan(moduleDir) }

// Scan parses every _test.go file of the module rooted at moduleDir (which
// must hold its go.mod) and finds the calls to Assert that name a skip
// counter. It walks the whole tree except testdata, vendor, directories
// whose names start with "." or "_", and nested modules, as the go command
// does. A test file that does not parse is an error (file:line: what is
// wrong); everything else the scan cannot accept is a Problem in the
// report.
func (o ScanOptions) Scan(moduleDir string) (Report, error) {
	o = o.withDefaults()
	module, err := modulePath(moduleDir)
	if err != nil {
		return Report{}, err
	}
	s := scanner{
		opts:   o,
		ownDir: ownDir(module, o.NonvacuityPath),
		calls:  map[string][]Call{},
		isSkip: map[string]bool{},
		fset:   token.NewFileSet(),
	}
	for _, name := range o.Skips {
		s.isSkip[name] = true
	}
	err = filepath.WalkDir(moduleDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(moduleDir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		name := d.Name()
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return nil
		}
		return s.file(p, rel)
	})
	if err != nil {
		return Report{}, err
	}
	slices.SortStableFunc(s.problems, func(a, b Problem) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	r := Report{Module: module, Files: s.files, Problems: s.problems, Ignored: s.ignored}
	for _, name := range o.Skips {
		r.Skips = append(r.Skips, Asserted{Counter: name, Calls: s.calls[name]})
	}
	return r, nil
}

func (o ScanOptions) withDefaults() ScanOptions {
	if o.NonvacuityPath == "" {
		o.NonvacuityPath = DefaultScanOptions.NonvacuityPath
	}
	if o.CounterPath == "" {
		o.CounterPath = DefaultScanOptions.CounterPath
	}
	if o.Skips == nil {
		o.Skips = DefaultScanOptions.Skips
	}
	return o
}

// modulePath reads the module path from dir/go.mod.
func modulePath(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("nonvacuity: %s is not a module root: %w", dir, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || f[0] != "module" {
			continue
		}
		p := f[1]
		if strings.HasPrefix(p, `"`) || strings.HasPrefix(p, "`") {
			if p, err = strconv.Unquote(p); err != nil {
				return "", fmt.Errorf("go.mod:%d: malformed module path %s", line, f[1])
			}
		}
		return p, nil
	}
	return "", fmt.Errorf("go.mod:1: no module directive")
}

// ownDir is the slash-separated directory, relative to the module root, of
// the package at importPath, or "" when the module does not hold it.
func ownDir(module, importPath string) string {
	switch {
	case importPath == module:
		return "."
	case strings.HasPrefix(importPath, module+"/"):
		return strings.TrimPrefix(importPath, module+"/")
	}
	return ""
}

type scanner struct {
	opts     ScanOptions
	ownDir   string // where package nonvacuity itself lives in this module
	isSkip   map[string]bool
	fset     *token.FileSet
	files    int
	calls    map[string][]Call
	problems []Problem
	ignored  []Ignored
}

// names are how one file refers to the two packages.
type names struct {
	nonvacuity, counter map[string]bool // local names of the imports
	bareAssert          bool            // Assert unqualified means nonvacuity.Assert
	bareCounter         bool            // the counter package is dot-imported
}

func (s *scanner) file(p, rel string) error {
	src, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	// rel as the file name keeps positions (and parse errors) relative to
	// the module root.
	f, err := parser.ParseFile(s.fset, rel, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	s.files++

	n := names{nonvacuity: map[string]bool{}, counter: map[string]bool{}}
	if path.Dir(rel) == s.ownDir && !strings.HasSuffix(f.Name.Name, "_test") {
		n.bareAssert = true // a test inside package nonvacuity itself
	}
	for _, imp := range f.Imports {
		ip, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := path.Base(ip)
		if imp.Name != nil {
			local = imp.Name.Name
		}
		switch ip {
		case s.opts.NonvacuityPath:
			if local == "." {
				n.bareAssert = true
			} else if local != "_" {
				n.nonvacuity[local] = true
			}
		case s.opts.CounterPath:
			if local == "." {
				n.bareCounter = true
			} else if local != "_" {
				n.counter[local] = true
			}
		}
	}
	// Ignore directives, by the line of the call each covers: its own line
	// when it trails code, the next line when it stands alone.
	type directive struct {
		line   int
		reason string
		used   bool
	}
	directives := map[int]*directive{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, IgnoreDirective)
			if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				continue
			}
			pos := s.fset.Position(c.Slash)
			covers := pos.Line
			if standsAlone(src, pos.Offset) {
				covers++
			}
			directives[covers] = &directive{line: pos.Line, reason: strings.TrimSpace(rest)}
		}
	}

	canCall := len(n.nonvacuity) > 0 || n.bareAssert
	for _, decl := range f.Decls {
		fn := ""
		if d, ok := decl.(*ast.FuncDecl); ok {
			fn = d.Name.Name
		}
		ast.Inspect(decl, func(node ast.Node) bool {
			if !canCall {
				return false
			}
			call, ok := node.(*ast.CallExpr)
			if !ok || !n.isAssert(call.Fun) {
				return true
			}
			line := s.fset.Position(call.Pos()).Line
			at := Call{File: rel, Line: line, Func: fn}
			if d := directives[line]; d != nil {
				d.used = true
				if d.reason == "" {
					s.problem(rel, d.line, IgnoreDirective+" needs a reason after it")
				}
				s.ignored = append(s.ignored, Ignored{Call: at, Reason: d.reason})
				return true
			}
			s.assert(at, call, n)
			return true
		})
	}
	for _, d := range directives {
		if !d.used {
			s.problem(rel, d.line, IgnoreDirective+" is not on or just above a call to Assert")
		}
	}
	return nil
}

// standsAlone reports whether only blanks precede offset on its line.
func standsAlone(src []byte, offset int) bool {
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	return len(bytes.TrimLeft(src[start:offset], " \t")) == 0
}

// isAssert reports whether fun, the function of a call, is nonvacuity.Assert.
func (n names) isAssert(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.SelectorExpr:
		id, ok := f.X.(*ast.Ident)
		return ok && f.Sel.Name == "Assert" && n.nonvacuity[id.Name]
	case *ast.Ident:
		return n.bareAssert && f.Name == "Assert"
	}
	return false
}

// assert records one call to Assert against the counter it names.
func (s *scanner) assert(at Call, call *ast.CallExpr, n names) {
	if len(call.Args) < 2 {
		s.problem(at.File, at.Line, fmt.Sprintf("call to Assert has %d arguments; the second must name a counter", len(call.Args)))
		return
	}
	arg := ast.Unparen(call.Args[1])
	name := ""
	switch a := arg.(type) {
	case *ast.SelectorExpr:
		if id, ok := a.X.(*ast.Ident); ok && n.counter[id.Name] {
			name = a.Sel.Name
		}
	case *ast.Ident:
		if n.bareCounter {
			name = a.Name
		}
	}
	switch {
	case name == "":
		s.problem(at.File, at.Line, fmt.Sprintf("the counter argument of Assert, %s, does not name a counter of %s, so the scan cannot tell which counter it checks; write it as counter.Name", types.ExprString(arg), s.opts.CounterPath))
	case !s.isSkip[name]:
		s.problem(at.File, at.Line, fmt.Sprintf("Assert names %s, which is not a skip counter", types.ExprString(arg)))
	default:
		s.calls[name] = append(s.calls[name], at)
	}
}

func (s *scanner) problem(file string, line int, msg string) {
	s.problems = append(s.problems, Problem{File: file, Line: line, Message: msg})
}
