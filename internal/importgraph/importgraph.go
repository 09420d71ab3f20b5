// Package importgraph reads the module's import graph, for the tests that
// keep a toolkit (Gio, Fyne) out of every package but the few allowed to
// depend on it.
package importgraph

import (
	"fmt"
	"os/exec"
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
