package writegroup

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"syscall"
)

// Disk is every change a group makes to the file system: creating,
// writing, syncing, renaming and removing files and making directories.
// It is a seam so that a test can fail any one of them (a full disk at a
// write, an I/O error at a sync, the process killed at a rename) and check
// what the next run finds; outside tests it is always OS.
type Disk interface {
	// Create opens name for writing, truncated, with mode perm.
	Create(name string, perm fs.FileMode) (DiskFile, error)
	Rename(from, to string) error
	Remove(name string) error
	MkdirAll(dir string, perm fs.FileMode) error
	// SyncDir makes the renames and removals in dir durable.
	SyncDir(dir string) error
}

// DiskFile is a file disk.Create opened.
type DiskFile interface {
	io.Writer
	Chmod(fs.FileMode) error
	Sync() error
	Close() error
}

// OS is the real file system.
type OS struct{}

var _ Disk = OS{}

func (OS) Create(name string, perm fs.FileMode) (DiskFile, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
}
func (OS) Rename(from, to string) error                { return os.Rename(from, to) }
func (OS) Remove(name string) error                    { return os.Remove(name) }
func (OS) MkdirAll(dir string, perm fs.FileMode) error { return os.MkdirAll(dir, perm) }

func (OS) SyncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil // a directory cannot be opened for syncing there; renames are durable as they are
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	// Some file systems cannot sync a directory (EINVAL); their renames
	// are as durable as they get.
	if errors.Is(err, syscall.EINVAL) {
		return nil
	}
	return err
}

// MaxFileSize is the largest file Read reads: the ratchet's baselines,
// history and docs files, and the charts it compares. The repository's own are tens
// of kilobytes and a history of every number at HistoryLimit points is
// well under a megabyte; a file beyond this is not one the ratchet wrote,
// and reading it whole could take all the memory there is.
const MaxFileSize = 8 << 20

// Read reads the file at path whole. It reads only a regular file
// (a symbolic link is followed) of at most MaxFileSize bytes: a FIFO
// would block for ever, a device such as /dev/zero never ends, and a
// directory is not a file; each is an [*InputError] naming the file, what
// it is and what to do, and so is a file that cannot be read. A file that
// does not exist returns an error satisfying errors.Is(err,
// fs.ErrNotExist), for the caller to read as it means. what names the
// file in messages ("the baselines file"), fix says what to do.
func Read(path, what, fix string) ([]byte, error) {
	fi, err := os.Stat(path) // never opens, so a FIFO cannot block it
	if errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err != nil {
		return nil, &InputError{File: path, Msg: "cannot read " + what + ": " + unwrapPath(err) + "; " + fix, Err: err}
	}
	if err := regular(path, what, fix, fi); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &InputError{File: path, Msg: "cannot read " + what + ": " + unwrapPath(err) + "; " + fix, Err: err}
	}
	defer f.Close()
	// The file may have changed since the Stat: check what was opened.
	if fi, err = f.Stat(); err == nil {
		err = regular(path, what, fix, fi)
	}
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, &InputError{File: path, Msg: "cannot read " + what + ": " + unwrapPath(err) + "; " + fix, Err: err}
	}
	if len(data) > MaxFileSize {
		return nil, tooLarge(path, what, fix)
	}
	return data, nil
}

func regular(path, what, fix string, fi fs.FileInfo) error {
	switch m := fi.Mode(); {
	case m.IsDir():
		return &InputError{File: path, Msg: "cannot read " + what + ": is a directory; " + fix}
	case !m.IsRegular():
		return &InputError{File: path, Msg: fmt.Sprintf("cannot read %s: it is not a regular file (%s); %s", what, FileKind(m), fix)}
	case fi.Size() > MaxFileSize:
		return tooLarge(path, what, fix)
	}
	return nil
}

func tooLarge(path, what, fix string) error {
	return &InputError{File: path, Msg: fmt.Sprintf("%s is over the %d MiB the ratchet reads (MaxFileSize); it is not a file perfbench wrote: %s", what, MaxFileSize>>20, fix)}
}

// FileKind names a file mode that is not a regular file, for a refusal
// to read it ("not a regular file (a FIFO)").
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// unwrapPath drops the path an *fs.PathError repeats.
func unwrapPath(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
