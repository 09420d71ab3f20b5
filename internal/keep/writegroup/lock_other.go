//go:build !unix

package writegroup

import (
	"path/filepath"

	"github.com/gofrs/flock"
)

// Lock takes the exclusive lock one recording run holds for as long as
// it may write the group beside anchor (the baselines file). Where flock(2) on
// a directory is not available it locks a file beside the baselines
// (".baselines.yaml.lock"), which stays; the lock goes with the process.
//
// A second run does not wait: it is refused with an [*InputError].
func Lock(anchor string) (unlock func(), err error) {
	l := flock.New(filepath.Join(filepath.Dir(anchor), "."+filepath.Base(anchor)+".lock"))
	ok, err := l.TryLock()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, busy(anchor)
	}
	return func() { l.Unlock() }, nil
}
