package counting

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/publish/report"
)

// exports are a command's --export-FORMAT FILE flags: the report written
// in other formats to files, beside what the command prints, from the one
// run — as hyperfine's --export-json and --export-markdown are — so a CI
// job that wants a table, a job summary and a tracker's file runs its
// scenarios once.
type Exports struct {
	formats []report.Format
	paths   map[report.Format]*string
}

// addExports adds --export-F FILE to fl for each format F.
func AddExports(fl *pflag.FlagSet, formats ...report.Format) *Exports {
	e := &Exports{formats: formats, paths: map[report.Format]*string{}}
	for _, f := range formats {
		e.paths[f] = fl.String("export-"+string(f), "", "also write the "+exportWhat[f]+" report to `FILE`")
	}
	return e
}

// exportWhat names each format in a flag's help.
var exportWhat = map[report.Format]string{
	report.Markdown:        "Markdown",
	report.JSON:            "JSON",
	report.Benchfmt:        "benchfmt",
	report.BMF:             "BMF",
	report.GABTimes:        "gab (times)",
	report.GABCounts:       "gab (counts)",
	report.GABFloors:       "gab (floors)",
	report.GABInstructions: "gab (instructions)",
}

// set returns the formats given a file, in flag order.
func (e *Exports) Set() []report.Format {
	var out []report.Format
	for _, f := range e.formats {
		if *e.paths[f] != "" {
			out = append(out, f)
		}
	}
	return out
}

// check refuses, before anything is measured, an export the report of
// this mode has no form in (supports), two exports to one file, and a
// file that exists and is not a regular file (a directory, a FIFO, a
// device): it is never opened.
func (e *Exports) Check(supports func(report.Format) bool, mode string) error {
	var seen []string
	for _, f := range e.Set() {
		path := *e.paths[f]
		if !supports(f) {
			return cli.Usagef("--export-%s: %s prints no %s report", f, mode, f)
		}
		clean := filepath.Clean(path)
		if slices.Contains(seen, clean) {
			return cli.Usagef("--export-%s %s: another --export names that file too; give each its own", f, path)
		}
		seen = append(seen, clean)
		fi, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			dir := filepath.Dir(path)
			if di, err := os.Stat(dir); err != nil || !di.IsDir() {
				return cli.Usagef("--export-%s %s: the directory %s does not exist", f, path, dir)
			}
		case err != nil:
			return cli.Usagef("--export-%s %s: %v", f, path, err)
		case !fi.Mode().IsRegular():
			return cli.Usagef("--export-%s %s: not a regular file, left untouched; name a file", f, path)
		}
	}
	return nil
}

// guard refuses an export that resolves, through any spelling of its
// path or any link, to a file the run reads or records: kept are those
// files (the baselines, the history, the docs) and directories (the
// charts and the reference page's). A report written over the baselines
// file would make every later run exit 2.
func (e *Exports) Guard(kept ...string) error {
	for _, f := range e.Set() {
		path := *e.paths[f]
		at := resolve(path)
		for _, k := range kept {
			if k == "" {
				continue
			}
			rk := resolve(k)
			if at == rk || strings.HasPrefix(at, rk+string(filepath.Separator)) {
				return cli.Usagef("--export-%s %s: that is %s, which this run reads or records; name a file of its own", f, path, k)
			}
		}
	}
	return nil
}

// resolve returns path absolute, with every link resolved: the file's
// own where it exists, else its directory's.
func resolve(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// keptFiles are the files and directories a run over the baselines file
// bpath and the docs file dpath reads or records: what no export may
// name (exports.guard). The profiles kept with the instructions
// baselines sit beside the baselines file.
func KeptFiles(bpath, dpath string) []string {
	out := []string{bpath, filepath.Join(filepath.Dir(bpath), "history.yaml"), filepath.Join(filepath.Dir(bpath), "profiles")}
	if dpath != "" {
		out = append(out, dpath, filepath.Join(filepath.Dir(dpath), "perf"))
	}
	return out
}

// write writes r in each exported format to its file, each prepared
// beside its target, synced and renamed into place, so that a file is
// either the whole report or what it was before. errw gets what a format
// names beside its lines (broken scenarios).
func (e *Exports) Write(r *report.Report, errw io.Writer) error {
	for _, f := range e.Set() {
		var b bytes.Buffer
		if err := r.Write(&b, errw, f); err != nil {
			return err
		}
		if err := replaceFile(*e.paths[f], b.Bytes()); err != nil {
			return cli.Usagef("--export-%s: %v", f, err)
		}
	}
	return nil
}

// replaceFile writes data to path through a temporary file in its
// directory, synced before the rename; the temporary file is removed on
// any failure.
func replaceFile(path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
