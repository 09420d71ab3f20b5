// Package writegrouptest is a disk for tests of what writes a group: the
// real file system failing one chosen operation with a full disk, an I/O
// error or the process's death, so a test can check what every failure
// leaves and what the next run makes of it.
package writegrouptest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// Fault is what a Disk does at the operation it fails.
type Fault int

const (
	// ENOSPC: the disk is full. A write writes half its bytes first.
	ENOSPC Fault = iota
	// EIO: the device reports an I/O error; a failed sync has written
	// the data but promises nothing.
	EIO
	// Kill: the process dies there. A write writes half its bytes;
	// nothing after it happens at all, clean-up included.
	Kill
)

func (f Fault) String() string { return [...]string{"ENOSPC", "EIO", "kill"}[f] }

// ErrKilled is what every operation returns once the process is dead.
var ErrKilled = errors.New("killed")

// Disk is the real file system failing its At-th operation (from 0) with
// Fault; At < 0 fails none. It records every operation it sees in Ops,
// "create NAME", "rename NAME" and so on, by base name.
type Disk struct {
	At    int
	Fault Fault
	Ops   []string
	dead  bool
}

var _ writegroup.Disk = (*Disk)(nil)

// op counts an operation and returns the error it fails with, or nil; a
// partial write is told by half.
func (d *Disk) op(what, path string) (err error, half bool) {
	if d.dead {
		return ErrKilled, false
	}
	d.Ops = append(d.Ops, what+" "+filepath.Base(path))
	if len(d.Ops)-1 != d.At {
		return nil, false
	}
	switch d.Fault {
	case ENOSPC:
		return syscall.ENOSPC, true
	case EIO:
		return syscall.EIO, false
	}
	d.dead = true
	return ErrKilled, true
}

func (d *Disk) Create(name string, perm fs.FileMode) (writegroup.DiskFile, error) {
	if err, _ := d.op("create", name); err != nil {
		return nil, err
	}
	f, err := writegroup.OS{}.Create(name, perm)
	if err != nil {
		return nil, err
	}
	return &file{d: d, f: f, name: name}, nil
}

func (d *Disk) Rename(from, to string) error {
	if err, _ := d.op("rename", from); err != nil {
		return err
	}
	return os.Rename(from, to)
}

func (d *Disk) Remove(name string) error {
	if err, _ := d.op("remove", name); err != nil {
		return err
	}
	return os.Remove(name)
}

func (d *Disk) MkdirAll(dir string, perm fs.FileMode) error {
	if err, _ := d.op("mkdir", dir); err != nil {
		return err
	}
	return os.MkdirAll(dir, perm)
}

func (d *Disk) SyncDir(dir string) error {
	if err, _ := d.op("syncdir", dir); err != nil {
		return err
	}
	return writegroup.OS{}.SyncDir(dir)
}

type file struct {
	d    *Disk
	f    writegroup.DiskFile
	name string
}

func (f *file) Write(p []byte) (int, error) {
	err, half := f.d.op("write", f.name)
	if err != nil {
		if !half {
			return 0, err
		}
		n, _ := f.f.Write(p[:len(p)/2])
		return n, err
	}
	return f.f.Write(p)
}

func (f *file) Chmod(m fs.FileMode) error {
	if err, _ := f.d.op("chmod", f.name); err != nil {
		return err
	}
	return f.f.Chmod(m)
}

func (f *file) Sync() error {
	if err, _ := f.d.op("sync", f.name); err != nil {
		return err
	}
	return f.f.Sync()
}

func (f *file) Close() error {
	err, _ := f.d.op("close", f.name)
	if cerr := f.f.Close(); err == nil { // the descriptor goes with the process either way
		err = cerr
	}
	return err
}
