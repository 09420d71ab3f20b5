//go:build unix

package writegroup

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// Lock takes the exclusive lock one recording run holds for as long as
// it may write the group beside anchor (the baselines file): flock(2) on
// the file's directory, because the file itself is replaced by a rename and a
// lock on it would go with the old copy. A lock on the directory leaves no
// file behind and goes with the process, however it ends.
//
// A second run does not wait: it is refused with an [*InputError], because
// two runs would each record from what they read and one record would be
// lost.
func Lock(anchor string) (unlock func(), err error) {
	dir := filepath.Dir(anchor)
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, busy(anchor)
		}
		return nil, err
	}
	return func() { f.Close() }, nil // closing the descriptor releases the lock
}
