package ratchet

import (
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// files are a ratchet's files once opened: the baselines read and, for a
// run that records, the lock on them held and an interrupted write
// finished. Both ratchets, the judged run's ([Open]) and the revision
// ratchet's ([OpenRevision]), start here.
type files struct {
	store *baselines.Store
	// recovered is what opening did first to finish an interrupted write.
	recovered []string
	unlock    func()
}

// group names what a ratchet writes: the baselines file, which names the
// write group and holds its lock, the files each written file's directory
// is checked for (with the flag that names it), and the group's other
// members, which an interrupted write may have left pending (charts,
// files of chartExt in the charts directory).
type group struct {
	disk      writegroup.Disk
	baselines string
	dirs      []dir
	members   []string
	charts    string
	chartExt  string
}

// dir is a file whose directory must exist, and the flag that names it.
type dir struct{ path, flag string }

// open reads g's baselines file; a run that records (record) first checks
// the directories, takes the lock and finishes an interrupted write. A
// run that only checks takes no lock and writes nothing.
func open(g group, record bool) (files, error) {
	var f files
	if record {
		for _, d := range g.dirs {
			if err := writegroup.CheckDir(d.path, d.flag); err != nil {
				return files{}, err
			}
		}
		unlock, err := writegroup.Lock(g.baselines)
		if err != nil {
			return files{}, err
		}
		f.unlock = unlock
		if f.recovered, err = writegroup.Recover(g.disk, g.baselines, g.members, g.charts, g.chartExt); err != nil {
			f.close()
			return files{}, err
		}
	}
	store, err := baselines.Load(g.baselines)
	if err != nil {
		f.close()
		return files{}, err
	}
	f.store = store
	return f, nil
}

// close releases the lock, if the run holds it.
func (f *files) close() {
	if f.unlock != nil {
		f.unlock()
		f.unlock = nil
	}
}
