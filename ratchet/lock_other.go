//go:build !unix

package ratchet

import (
	"path/filepath"

	"github.com/gofrs/flock"
)

// lockBaselines takes the exclusive lock one recording run of the ratchet
// holds for as long as it may write the baselines file. Where flock(2) on
// a directory is not available it locks a file beside the baselines
// (".baselines.yaml.lock"), which stays; the lock goes with the process.
//
// A second run does not wait: it is refused with an [*InputError].
func lockBaselines(baselines string) (unlock func(), err error) {
	l := flock.New(filepath.Join(filepath.Dir(baselines), "."+filepath.Base(baselines)+".lock"))
	ok, err := l.TryLock()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, busy(baselines)
	}
	return func() { l.Unlock() }, nil
}
