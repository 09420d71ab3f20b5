// Package allocsites records the allocation sites of a session's steps as
// heap profiles, one a stretch of steps of one label, for the runner to
// read back (scenario.AllocSitesEnv).
package allocsites

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

// Recorder is a session's part in recording its steps' allocation sites
// (scenario.AllocSitesEnv says how and where); the zero value records
// nothing, and costs a step two tests of an empty string.
type Recorder struct {
	dir    string
	n      int
	open   bool
	last   string
	labels []byte
	err    error
}

// Begin decides, once before the first step, whether to record (into
// dir, where it is not ""), and writes heap.0.
func (s *Recorder) Begin(dir string) {
	s.dir = dir
	if s.dir == "" {
		return
	}
	runtime.MemProfileRate = 0
	s.snapshot()
}

// Label starts a step with label: where the label changes, the stretch
// before it is written.
func (s *Recorder) Label(label string) {
	if s.dir == "" {
		return
	}
	if s.open && s.last != label {
		s.End()
	}
	s.open, s.last = true, label
}

// On and Off bracket a step's work.
func (s *Recorder) On() {
	if s.dir != "" {
		runtime.MemProfileRate = 1
	}
}

func (s *Recorder) Off() {
	if s.dir != "" {
		runtime.MemProfileRate = 0
	}
}

// End writes the open stretch's profile.
func (s *Recorder) End() {
	if s.dir == "" || !s.open {
		return
	}
	s.open = false
	s.labels = append(s.labels, s.last+"\n"...)
	s.snapshot()
	if s.err == nil {
		s.err = os.WriteFile(filepath.Join(s.dir, "labels"), s.labels, 0o644)
	}
	if s.err != nil {
		panic(fmt.Sprintf("scenario: recording allocation sites: %v", s.err))
	}
}

// snapshot collects garbage, which publishes the allocations sampled so
// far, and writes the heap profile as heap.N.
func (s *Recorder) snapshot() {
	runtime.GC()
	f, err := os.Create(filepath.Join(s.dir, fmt.Sprintf("heap.%d", s.n)))
	if err != nil {
		s.err = err
		return
	}
	s.n++
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		s.err = err
	}
	if err := f.Close(); err != nil && s.err == nil {
		s.err = err
	}
}
