package ratchet

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The baselines file, the docs file and the history file are one record:
// the docs show the baselines, and the history lists every baseline set.
// They are written as a group so that no reader, and no interrupted run,
// ever sees one without the others:
//
//  1. every new content is written to a pending file beside its target
//     (the baselines' first, then the docs', then the history's), synced,
//     and checked;
//  2. the pending files are renamed over their targets in the same order.
//
// A group of two or more files always starts with the baselines (the docs
// are rewritten alone when only their text changed, and the history only
// grows when a baseline moves). So a baselines pending file means nothing
// was renamed yet: the next run removes the group's pending files (the
// last's first, so a kill during the clean-up leaves a state it still
// reads right), and the old files stand whole. Pending files without the
// baselines' were complete and synced before the first rename: the next
// run finishes the group by renaming them.
//
// A file written alone needs no such record: it is written to a partial
// file beside its target and renamed over it; a run killed before the
// rename leaves the partial file, which the next run removes.

// pendingName returns the pending file of target.
func pendingName(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".perfbench-pending")
}

// partialName returns the file a target written alone is prepared in.
func partialName(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".perfbench-partial")
}

// betweenRenames is called between two renames of a group; a test sets it
// to kill the process there.
var betweenRenames = func() {}

// fileWrite is one file of a pair: its target and its new content; a nil
// content leaves the target as it is.
type fileWrite struct {
	path string
	data []byte
}

// writeGroup writes the files with data as described above, in the order
// given; a file with nil data is not written.
func writeGroup(files ...fileWrite) error {
	var ws []fileWrite
	for _, w := range files {
		if w.data != nil {
			ws = append(ws, w)
		}
	}
	name := pendingName
	if len(ws) == 1 {
		name = partialName
	}
	var prepared []string
	discard := func() {
		for i := len(prepared) - 1; i >= 0; i-- {
			os.Remove(prepared[i])
		}
	}
	for _, w := range ws {
		p := name(w.path)
		if err := writeSynced(p, w.path, w.data); err != nil {
			discard()
			return err
		}
		prepared = append(prepared, p)
	}
	// Check each prepared file reads back whole before any is renamed.
	for _, w := range ws {
		got, err := os.ReadFile(name(w.path))
		if err == nil && string(got) != string(w.data) {
			err = fmt.Errorf("%s: read back %d bytes of the %d written", name(w.path), len(got), len(w.data))
		}
		if err != nil {
			discard()
			return err
		}
	}
	for i, w := range ws {
		if i > 0 {
			betweenRenames()
		}
		if err := os.Rename(name(w.path), w.path); err != nil {
			if i == 0 {
				discard()
			}
			return err
		}
	}
	return nil
}

// writeSynced writes data to p with the mode of target (0644 when target
// does not exist), and syncs it.
func writeSynced(p, target string, data []byte) (err error) {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	return f.Sync()
}

// recoverGroup puts the group back in order after an interrupted run, as
// described above, removes the partial files of files written alone, and
// the randomly named temporary files older versions left
// (".performance.md.123.tmp"). It returns one line per thing it did, for
// the report.
func recoverGroup(baselines, docs, history string) ([]string, error) {
	var did []string
	targets := []string{baselines, docs, history}
	if exists(pendingName(baselines)) {
		// Never renamed: the old group is whole.
		for i := len(targets) - 1; i >= 0; i-- {
			if p := pendingName(targets[i]); exists(p) {
				if err := os.Remove(p); err != nil {
					return did, err
				}
				did = append(did, "removed "+p+", left by an interrupted run before it renamed anything")
			}
		}
	} else {
		for _, target := range targets[1:] {
			if p := pendingName(target); exists(p) {
				if err := os.Rename(p, target); err != nil {
					return did, err
				}
				did = append(did, fmt.Sprintf("completed an interrupted write: %s renamed over %s, to match %s", p, target, baselines))
			}
		}
	}
	for _, target := range targets {
		if p := partialName(target); exists(p) {
			if err := os.Remove(p); err != nil {
				return did, err
			}
			did = append(did, "removed "+p+", left by an interrupted run before it renamed it")
		}
		old, _ := filepath.Glob(filepath.Join(filepath.Dir(target), "."+globEscape(filepath.Base(target))+".*.tmp"))
		for _, p := range old {
			if err := os.Remove(p); err != nil {
				return did, err
			}
			did = append(did, "removed "+p+", a temporary file left by an interrupted run")
		}
	}
	return did, nil
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func globEscape(s string) string {
	return strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`).Replace(s)
}

// busy is the error a second recording run gets.
func busy(baselines string) error {
	return &InputError{File: baselines, Msg: "another perfbench perf is recording into this file; wait for it to finish, then run again"}
}
