package builds

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// pinReplaces makes the extracted tree's module files name what the
// working tree's name: a relative replace, or a go.work's relative use,
// that leads out of the repository (docs/programs.md's
// ../perfbench, a checkout beside it) names nothing beside the temporary
// directory the tree is extracted into, so it is made absolute, resolved
// as the go command resolves it in the working tree. One that stays
// inside the tree stays relative, so the base builds its own copy of what
// it names.
//
// The files are the ones the build reads: the module file (modFile,
// go.mod by default) under modDir, the module's root in the extracted
// tree src, whose relative paths are relative to the module root
// (-modfile included); and the first go.work above it in the tree, whose
// paths are relative to its own directory. realMod is the module root in
// the working tree. It returns the go.work the build reads, "" for none,
// and whether a replace of the module file was pinned to the working tree.
func pinReplaces(ctx context.Context, goBin, src, modDir, realMod, modFile string) (work string, pinned bool, err error) {
	if modFile == "" {
		modFile = "go.mod"
	}
	// real is where a directory of the extracted tree is in the working
	// tree: lexically, as the go command joins a replacement to the
	// module root it was started in.
	real := func(dir string) string {
		rel, _ := filepath.Rel(modDir, dir)
		return filepath.Join(realMod, rel)
	}
	pin := func(dir, p string) (string, bool) {
		if !relativeDir(p) {
			return "", false // a module path, or already absolute
		}
		if inside(src, filepath.Join(dir, p)) {
			return "", false
		}
		return filepath.Join(real(dir), p), true
	}
	var mod struct{ Replace []replaceJSON }
	if err := goJSON(ctx, goBin, &mod, "mod", "edit", "-json", filepath.Join(modDir, modFile)); err != nil {
		return "", false, fmt.Errorf("reading %s: %v", modFile, err)
	}
	var edits []string
	for _, r := range mod.Replace {
		if abs, ok := pin(modDir, r.New.Path); ok {
			edits = append(edits, "-replace="+r.Old.String()+"="+abs)
		}
	}
	if len(edits) > 0 {
		if err := goRun(ctx, goBin, append(append([]string{"mod", "edit"}, edits...), filepath.Join(modDir, modFile))...); err != nil {
			return "", false, fmt.Errorf("%s: %v", modFile, err)
		}
	}
	pinned = len(edits) > 0
	for dir := modDir; inside(src, dir); dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			work = filepath.Join(dir, "go.work")
			break
		}
	}
	if work == "" {
		return "", pinned, nil
	}
	var ws struct {
		Use     []struct{ DiskPath string }
		Replace []replaceJSON
	}
	if err := goJSON(ctx, goBin, &ws, "work", "edit", "-json", work); err != nil {
		return "", false, fmt.Errorf("reading go.work: %v", err)
	}
	edits = nil
	for _, u := range ws.Use {
		if abs, ok := pin(filepath.Dir(work), u.DiskPath); ok {
			edits = append(edits, "-dropuse="+u.DiskPath, "-use="+abs)
		}
	}
	for _, r := range ws.Replace {
		if abs, ok := pin(filepath.Dir(work), r.New.Path); ok {
			edits = append(edits, "-replace="+r.Old.String()+"="+abs)
		}
	}
	if len(edits) > 0 {
		if err := goRun(ctx, goBin, append(append([]string{"work", "edit"}, edits...), work)...); err != nil {
			return "", false, fmt.Errorf("go.work: %v", err)
		}
	}
	return work, pinned, nil
}

// replaceJSON is a replace directive as go mod edit -json prints it.
type replaceJSON struct{ Old, New modVersion }

// modVersion is one side of a replace: a module path or a directory, and
// a version where it names one.
type modVersion struct{ Path, Version string }

// String is the side as go mod edit -replace takes it: path or
// path@version.
func (m modVersion) String() string {
	if m.Version == "" {
		return m.Path
	}
	return m.Path + "@" + m.Version
}

// relativeDir says whether a replacement names a directory relative to
// its file, as the go command tells one from a module path: ./ or ../
// (or .\ and ..\ on Windows) before it.
func relativeDir(p string) bool {
	if p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		return true
	}
	return filepath.Separator == '\\' && (strings.HasPrefix(p, `.\`) || strings.HasPrefix(p, `..\`))
}

// inside says whether p is dir or under it.
func inside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// goJSON runs the go command and decodes its output into v.
func goJSON(ctx context.Context, goBin string, v any, args ...string) error {
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%v: %s", err, FirstLine(stderr.String()))
	}
	return json.Unmarshal(out, v)
}

// goRun runs the go command, its output the error where it fails.
func goRun(ctx context.Context, goBin string, args ...string) error {
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, FirstLine(string(out)))
	}
	return nil
}
