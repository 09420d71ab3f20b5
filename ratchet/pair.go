package ratchet

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The baselines file and the docs file are one record: the docs show the
// baselines. They are written as a pair so that no reader, and no
// interrupted run, ever sees one without the other:
//
//  1. both new contents are written to pending files beside their targets
//     (the baselines' first, then the docs'), synced, and checked;
//  2. the baselines' pending file is renamed over the baselines file;
//  3. the docs' pending file is renamed over the docs file.
//
// A run killed during step 1 leaves one or both pending files and neither
// target changed: the next run removes them (the docs' first, so a kill
// during the clean-up leaves a state it still reads right). A run killed
// between 2 and 3 leaves only the docs' pending file, complete and synced
// before the first rename: the next run finishes the pair by renaming it.

// pendingName returns the pending file of target.
func pendingName(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".perfbench-pending")
}

// betweenRenames is called between the pair's two renames; a test sets it
// to kill the process there.
var betweenRenames = func() {}

// fileWrite is one file of a pair: its target and its new content; a nil
// content leaves the target as it is.
type fileWrite struct {
	path string
	data []byte
}

// writePair writes first and then second as described above. Either may
// have nil data, in which case it is not written; with both nil nothing
// happens.
func writePair(first, second fileWrite) error {
	var pending []string
	discard := func() {
		for i := len(pending) - 1; i >= 0; i-- {
			os.Remove(pending[i])
		}
	}
	for _, w := range []fileWrite{first, second} {
		if w.data == nil {
			continue
		}
		p := pendingName(w.path)
		if err := writeSynced(p, w.path, w.data); err != nil {
			discard()
			return err
		}
		pending = append(pending, p)
	}
	// Check each pending file reads back whole before either is renamed.
	for _, w := range []fileWrite{first, second} {
		if w.data == nil {
			continue
		}
		got, err := os.ReadFile(pendingName(w.path))
		if err == nil && string(got) != string(w.data) {
			err = fmt.Errorf("%s: read back %d bytes of the %d written", pendingName(w.path), len(got), len(w.data))
		}
		if err != nil {
			discard()
			return err
		}
	}
	renamed := false
	for _, w := range []fileWrite{first, second} {
		if w.data == nil {
			continue
		}
		if renamed {
			betweenRenames()
		}
		if err := os.Rename(pendingName(w.path), w.path); err != nil {
			if !renamed {
				discard()
			}
			return err
		}
		renamed = true
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

// recoverPair puts the pair back in order after an interrupted run, as
// described above, and removes the randomly named temporary files older
// versions left (".performance.md.123.tmp"). It returns one line per
// thing it did, for the report.
func recoverPair(baselines, docs string) ([]string, error) {
	var did []string
	bp, dp := pendingName(baselines), pendingName(docs)
	bOK, dOK := exists(bp), exists(dp)
	switch {
	case dOK && !bOK:
		if err := os.Rename(dp, docs); err != nil {
			return did, err
		}
		did = append(did, fmt.Sprintf("completed an interrupted write: %s renamed over %s, to match %s", dp, docs, baselines))
	case bOK:
		// Never renamed: the old pair is whole.
		for _, p := range []string{dp, bp} {
			if exists(p) {
				if err := os.Remove(p); err != nil {
					return did, err
				}
				did = append(did, "removed "+p+", left by an interrupted run before it renamed anything")
			}
		}
	}
	for _, target := range []string{baselines, docs} {
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
