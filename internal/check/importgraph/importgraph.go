// Package importgraph reads the module's import graph, for the tests that
// keep a toolkit (Gio, Fyne) out of every package but the few allowed to
// depend on it, and those that keep each package to the layers below it.
package importgraph

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// Package is one package of the graph as go list -test prints it: a test
// variant ("PKG [PKG.test]"), an external test package (PKG_test) or a
// test main (PKG.test) appears as PKG, with its own dependencies.
type Package struct {
	Path string
	// Deps are every package it depends on, directly or not; Imports
	// those it imports itself.
	Deps, Imports []string
}

// DependsOn reports whether p depends on a package whose path starts with
// prefix.
func (p Package) DependsOn(prefix string) bool { return has(p.Deps, prefix) }

// ImportsFrom reports whether p imports a package whose path starts with
// prefix itself.
func (p Package) ImportsFrom(prefix string) bool { return has(p.Imports, prefix) }

func has(paths []string, prefix string) bool {
	for _, d := range paths {
		if strings.HasPrefix(d, prefix) {
			return true
		}
	}
	return false
}

// List runs go list -test over pattern (module/...) in the default build
// and returns every package and test variant it prints.
func List(pattern string) ([]Package, error) {
	out, err := exec.Command("go", "list", "-test", "-f", `{{.ImportPath}}|{{join .Deps " "}}|{{join .Imports " "}}`, pattern).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, out)
	}
	var pkgs []Package
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 {
			return nil, fmt.Errorf("go list printed %q", line)
		}
		path := strings.TrimSuffix(strings.TrimSuffix(strings.Fields(parts[0] + " ")[0], ".test"), "_test")
		pkgs = append(pkgs, Package{Path: path, Deps: strings.Fields(parts[1]), Imports: strings.Fields(parts[2])})
	}
	return pkgs, nil
}

// Module is the path every package of this module starts with.
const Module = "github.com/perfbench/perfbench/"

// Layering reads what pkg (a path within the module, "ratchet") depends
// on, directly or not (go list -deps), and returns those packages of the
// module, pkg left out, and the ones among them that allowed (paths
// within the module) does not name: what a layering test refuses.
func Layering(pkg string, allowed []string) (deps, stray []string, err error) {
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, Module+pkg).CombinedOutput()
	if err != nil {
		return nil, nil, fmt.Errorf("go list: %v: %s", err, out)
	}
	for _, d := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(d, Module)
		if !ok || rel == pkg {
			continue
		}
		deps = append(deps, rel)
		if !slices.Contains(allowed, rel) {
			stray = append(stray, rel)
		}
	}
	return deps, stray, nil
}

// Imports returns what each package of the module imports itself within
// the module, as paths within the module; tests are left out, since a
// test may reach across the stages it checks.
func Imports() (map[string][]string, error) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, Module+"...").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, out)
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, ok := strings.CutPrefix(f[0], Module)
		if !ok {
			continue
		}
		imports[pkg] = nil
		for _, d := range f[1:] {
			if rel, ok := strings.CutPrefix(d, Module); ok {
				imports[pkg] = append(imports[pkg], rel)
			}
		}
	}
	return imports, nil
}
