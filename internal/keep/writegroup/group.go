package writegroup

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// The baselines file, the docs file, the history file and the charts are
// one record: the docs and charts show the baselines, and the history
// lists every baseline set. They are written as a group, whole or not at
// all, so that no reader and no later run ever takes half of one for the
// whole:
//
//  1. each member's new content is written to a pending file beside its
//     target, synced, and read back;
//  2. a manifest naming every member with its length and SHA-256 is
//     written beside the baselines file (to a partial file, synced, renamed
//     into place, its directory synced). From here on the group is
//     committed;
//  3. the pending files are renamed over their targets, and their
//     directories synced;
//  4. the manifest is removed.
//
// A failure before the manifest is in place (a full disk, a failed sync,
// an unwritable directory) removes every pending file and the manifest's
// partial file before it returns, and the old files stand. A failure after
// it is finished at once where the disk allows, as recovery would finish
// it; otherwise the manifest stays for the next run.
//
// Recovery, at the start of every recording run: with a manifest, the
// group is completed only when every member verifies (its pending file,
// or its target if it was already renamed, has the manifest's length and
// checksum); otherwise it is discarded (its pending files and the
// manifest removed) and the report says which member failed. Without a
// manifest no group was committed: every pending file is removed, since a
// pending file that is not listed in a manifest is one whose write failed
// or was cut short.

// pendingName returns the pending file of target.
func pendingName(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".perfbench-pending")
}

// partialName returns the file a target was prepared in by versions that
// wrote a file alone; recovery removes it.
func partialName(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".perfbench-partial")
}

// manifestName returns the manifest of a group written beside anchor.
func manifestName(anchor string) string {
	return filepath.Join(filepath.Dir(anchor), "."+filepath.Base(anchor)+".perfbench-group")
}

// manifestPartial is the file a manifest is written to before its rename.
func manifestPartial(manifest string) string { return manifest + ".partial" }

// betweenRenames is called between two renames of a group; a test sets it
// to kill the process there.
var betweenRenames = func() {}

// Member is one member of a group: its target and its new content; a
// nil Data leaves the target as it is.
type Member struct {
	Path string
	Data []byte
}

// Write writes the members with data as described above, in the order
// given, under the manifest beside anchor (the baselines file, which
// Lock and Recover are given too); a member with nil Data is not
// written. Every error is an [*InputError] naming the file and what to
// do.
func Write(d Disk, anchor string, files ...Member) error {
	manifest := manifestName(anchor)
	var ws []Member
	for _, w := range files {
		if w.Data != nil {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return nil
	}
	// made lists what this write created, to remove on failure, newest
	// last: removed newest first, the manifest goes before the pending
	// files it names, so a kill during the removal leaves an uncommitted
	// group, which the next run removes.
	var made []string
	abort := func(path string, err error) error {
		for i := len(made) - 1; i >= 0; i-- {
			d.Remove(made[i])
		}
		return WriteError(path, err)
	}
	for _, w := range ws {
		p := pendingName(w.Path)
		made = append(made, p) // before the create: one that failed may still have made the file
		if err := writeSynced(d, p, w.Path, w.Data); err != nil {
			return abort(w.Path, err)
		}
	}
	// Only a pending file that reads back whole is put in place.
	for _, w := range ws {
		got, err := os.ReadFile(pendingName(w.Path))
		if err == nil && !bytes.Equal(got, w.Data) {
			err = fmt.Errorf("read back %d bytes of the %d written", len(got), len(w.Data))
		}
		if err != nil {
			return abort(w.Path, err)
		}
	}
	text, err := manifestText(manifest, ws)
	if err != nil {
		return abort(manifest, err)
	}
	part := manifestPartial(manifest)
	made = append(made, part)
	if err := writeSynced(d, part, "", text); err != nil {
		return abort(manifest, err)
	}
	if err := d.Rename(part, manifest); err != nil {
		made = append(made, manifest) // a rename that failed may still have happened
		return abort(manifest, err)
	}
	made[len(made)-1] = manifest
	if err := d.SyncDir(filepath.Dir(manifest)); err != nil {
		return abort(manifest, err)
	}
	// Committed: from here a failure is finished, never undone.
	return finish(d, manifest, ws)
}

// finish puts a committed group's files in place and removes its
// manifest. From here a failure is finished, never undone: what the disk
// refuses is left for recovery, and the error says so.
func finish(d Disk, manifest string, ws []Member) error {
	var failed error
	// synced is a directory whose sync failed: the files are in place,
	// but a failed sync promises nothing, and a later sync that succeeds
	// does not say the earlier data reached the disk (Linux reports a
	// write-back error once), so it is told even where the write is
	// finished.
	synced := ""
	for i, w := range ws {
		if i > 0 {
			betweenRenames()
		}
		if err := d.Rename(pendingName(w.Path), w.Path); err != nil {
			failed = WriteError(w.Path, err)
			break
		}
	}
	if failed == nil {
		for _, dir := range dirsOf(ws) {
			if err := d.SyncDir(dir); err != nil {
				failed, synced = WriteError(dir, err), dir
				break
			}
		}
	}
	if failed == nil {
		if err := d.Remove(manifest); err != nil {
			failed = WriteError(manifest, err)
		} else if err := d.SyncDir(filepath.Dir(manifest)); err != nil {
			failed, synced = WriteError(manifest, err), filepath.Dir(manifest)
		}
	}
	if failed == nil {
		return nil
	}
	// Finish it as recovery would; when the disk refuses again, the
	// manifest stays and the next recording run finishes it.
	if _, err := settle(d, manifest); err == nil && !exists(manifest) {
		if synced == "" {
			return nil
		}
		var ie *InputError
		errors.As(failed, &ie)
		return &InputError{File: ie.File, Err: ie.Err, Msg: "every file of the group is in place, but syncing " + synced + " failed: " +
			unwrapPath(ie.Err) + ", so the write may not survive a crash; check the disk, then run perfbench perf --check"}
	}
	var ie *InputError
	errors.As(failed, &ie)
	return &InputError{File: ie.File, Err: ie.Err, Msg: "the write of the group was committed but not finished: " +
		unwrapPath(ie.Err) + "; " + fixFor(ie.Err) + ", then run perfbench perf again: it completes the write from " + manifest}
}

// dirsOf returns the directories of the files, each once, in order.
func dirsOf(ws []Member) []string {
	var dirs []string
	for _, w := range ws {
		if dir := filepath.Dir(w.Path); !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// WriteError is a file the group could not write, as an [*InputError]:
// what the file system said and what to do about it. A caller that makes
// a member's directory reports its failure the same way.
func WriteError(path string, err error) error {
	return &InputError{File: path, Err: err, Msg: "cannot write it: " + unwrapPath(err) + "; " + fixFor(err) +
		", then run again (nothing was changed: the files stand as they were)"}
}

// fixFor says what to do about a file system error.
func fixFor(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return "free some space on its disk"
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return "make its directory writable"
	}
	return "check the disk and the directory"
}

// writeSynced writes data to p with the mode of target (0644 when target
// does not exist or is ""), and syncs it.
func writeSynced(d Disk, p, target string, data []byte) (err error) {
	mode := fs.FileMode(0o644)
	if target != "" {
		if fi, err := os.Stat(target); err == nil {
			mode = fi.Mode().Perm()
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	f, err := d.Create(p, mode)
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

// manifestHeader and manifestEnd open and close a manifest; a manifest
// without its end line was cut short and is not trusted.
const (
	manifestHeader = "perfbench write group 1"
	manifestEnd    = "end"
)

// manifestLine is one line of a manifest: the target, relative to the
// manifest's directory, and the length and SHA-256 of its new content.
type manifestLine struct {
	target string // as the manifest resolves it
	size   int64
	sum    string
}

// manifestText returns the manifest of ws: one line a member, "size
// sha256 "target"", the targets relative to the manifest's directory so
// that a run from another directory finds them.
func manifestText(manifest string, ws []Member) ([]byte, error) {
	base, err := filepath.Abs(filepath.Dir(manifest))
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(manifestHeader + "\n")
	for _, w := range ws {
		abs, err := filepath.Abs(w.Path)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(base, abs)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(w.Data)
		fmt.Fprintf(&b, "%d %s %s\n", len(w.Data), hex.EncodeToString(sum[:]), strconv.Quote(filepath.ToSlash(rel)))
	}
	b.WriteString(manifestEnd + "\n")
	return []byte(b.String()), nil
}

// parseManifest reads a manifest written by manifestText.
func parseManifest(manifest string, data []byte) ([]manifestLine, error) {
	lines := strings.Split(string(data), "\n")
	if len(lines) < 3 || lines[0] != manifestHeader || lines[len(lines)-1] != "" || lines[len(lines)-2] != manifestEnd {
		return nil, errors.New("not a whole manifest")
	}
	var ms []manifestLine
	for i, line := range lines[1 : len(lines)-2] {
		var m manifestLine
		fields := strings.SplitN(line, " ", 3)
		if len(fields) != 3 {
			return nil, fmt.Errorf("line %d is not a member", i+2)
		}
		var err error
		if m.size, err = strconv.ParseInt(fields[0], 10, 64); err != nil || m.size < 0 {
			return nil, fmt.Errorf("line %d: bad length", i+2)
		}
		if m.sum = fields[1]; len(m.sum) != 2*sha256.Size {
			return nil, fmt.Errorf("line %d: bad checksum", i+2)
		}
		rel, err := strconv.Unquote(fields[2])
		if err != nil || rel == "" {
			return nil, fmt.Errorf("line %d: bad file name", i+2)
		}
		m.target = filepath.Join(filepath.Dir(manifest), filepath.FromSlash(rel))
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return nil, errors.New("a manifest with no member")
	}
	return ms, nil
}

// verify reports whether the file at p is a regular file of m's length and
// checksum, and if not, why.
func verify(p string, m manifestLine) (bool, string) {
	fi, err := os.Stat(p)
	if err != nil {
		return false, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return false, "not a regular file"
	}
	if fi.Size() != m.size {
		return false, fmt.Sprintf("%d bytes, the manifest says %d", fi.Size(), m.size)
	}
	f, err := os.Open(p)
	if err != nil {
		return false, unwrapPath(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, bufio.NewReader(io.LimitReader(f, m.size+1))); err != nil {
		return false, unwrapPath(err)
	}
	if hex.EncodeToString(h.Sum(nil)) != m.sum {
		return false, "its checksum is not the manifest's"
	}
	return true, ""
}

// settle completes the committed group its manifest describes when every
// member verifies, and otherwise discards it; either way it removes the
// manifest. It returns one line per thing it did.
func settle(d Disk, manifest string) ([]string, error) {
	var did []string
	data, err := Read(manifest, "the write group's manifest", "remove it")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	members, perr := parseManifest(manifest, data)
	if err != nil {
		perr = err
	}
	if perr != nil {
		// Written whole and renamed into place, a manifest is never
		// half; one that is has been damaged since, and names nothing
		// to trust. Its pending files go with the rest.
		if err := removeSynced(d, manifest); err != nil {
			return did, WriteError(manifest, err)
		}
		return append(did, fmt.Sprintf("discarded the interrupted write that %s describes: %v; the files stand as they were", manifest, perr)), nil
	}
	var rename, inPlace, bad []string
	for _, m := range members {
		p := pendingName(m.target)
		if exists(p) {
			if ok, why := verify(p, m); !ok {
				bad = append(bad, p+" ("+why+")")
				continue
			}
			rename = append(rename, m.target)
			continue
		}
		if ok, why := verify(m.target, m); !ok {
			bad = append(bad, m.target+" (no pending file, and the file itself: "+why+")")
			continue
		}
		inPlace = append(inPlace, m.target)
	}
	if len(bad) > 0 {
		// Not every member verifies: nothing more is put in place. The
		// manifest goes first, then the pending files it names.
		if err := removeSynced(d, manifest); err != nil {
			return did, WriteError(manifest, err)
		}
		for _, m := range members {
			if p := pendingName(m.target); exists(p) {
				if err := d.Remove(p); err != nil {
					return did, WriteError(p, err)
				}
			}
		}
		line := fmt.Sprintf("discarded an interrupted write of %d files, since not every one verifies: %s", len(members), strings.Join(bad, "; "))
		if len(inPlace) > 0 {
			line += "; already in place: " + strings.Join(inPlace, ", ")
		} else {
			line += "; the files stand as they were"
		}
		return append(did, line), nil
	}
	var ws []Member
	for _, target := range rename {
		if err := d.Rename(pendingName(target), target); err != nil {
			return did, WriteError(target, err)
		}
		ws = append(ws, Member{Path: target})
		did = append(did, "completed an interrupted write: "+pendingName(target)+" renamed over "+target)
	}
	for _, dir := range dirsOf(ws) {
		if err := d.SyncDir(dir); err != nil {
			return did, WriteError(dir, err)
		}
	}
	if err := removeSynced(d, manifest); err != nil {
		return did, WriteError(manifest, err)
	}
	return did, nil
}

// removeSynced removes p and syncs its directory.
func removeSynced(d Disk, p string) error {
	if err := d.Remove(p); err != nil {
		return err
	}
	return d.SyncDir(filepath.Dir(p))
}

// Recover puts the group written beside anchor back in order after an
// interrupted or failed run, as described above: it settles a committed
// group, then removes every pending file no manifest names (of anchor,
// the other targets, and every file ending in ext in dir, where dir is
// not ""), the partial files older versions wrote a file alone through,
// and the randomly named temporary files still older ones left
// (".performance.md.123.tmp"). It returns one line per thing it did, for
// the report.
func Recover(d Disk, anchor string, others []string, dir, ext string) ([]string, error) {
	var did []string
	manifest := manifestName(anchor)
	if exists(manifest) {
		var err error
		if did, err = settle(d, manifest); err != nil {
			return did, err
		}
	}
	var stale []string
	if exists(manifestPartial(manifest)) {
		stale = append(stale, manifestPartial(manifest))
	}
	targets := append([]string{anchor}, others...)
	for _, target := range targets {
		for _, p := range []string{pendingName(target), partialName(target)} {
			if exists(p) {
				stale = append(stale, p)
			}
		}
	}
	if dir != "" {
		for _, pattern := range []string{".*" + globEscape(ext) + ".perfbench-pending", ".*" + globEscape(ext) + ".perfbench-partial"} {
			ps, _ := filepath.Glob(filepath.Join(dir, pattern))
			stale = append(stale, ps...)
		}
	}
	for _, p := range stale {
		if err := d.Remove(p); err != nil {
			return did, &InputError{File: p, Err: err, Msg: "cannot remove it: " + unwrapPath(err) +
				"; it is where perfbench prepares a file and not one it left: move it away, then run again (nothing was changed)"}
		}
		did = append(did, "removed "+p+", left by a write that failed or was killed before its group was committed")
	}
	for _, target := range targets {
		old, _ := filepath.Glob(filepath.Join(filepath.Dir(target), "."+globEscape(filepath.Base(target))+".*.tmp"))
		for _, p := range old {
			if err := d.Remove(p); err != nil {
				return did, WriteError(p, err)
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
func busy(anchor string) error {
	return &InputError{File: anchor, Msg: "another perfbench perf is recording into this file; wait for it to finish, then run again"}
}

// CheckDir refuses a file whose directory does not exist: a mistyped
// flag (named in the message) would otherwise create a tree of its own.
func CheckDir(path, flag string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &InputError{File: path, Msg: fmt.Sprintf("the directory %s does not exist; create it, or point %s at a file in an existing directory", dir, flag)}
	case err != nil:
		return &InputError{File: path, Msg: err.Error()}
	case !fi.IsDir():
		return &InputError{File: path, Msg: fmt.Sprintf("%s is not a directory; point %s at a file in a directory", dir, flag)}
	}
	return nil
}
