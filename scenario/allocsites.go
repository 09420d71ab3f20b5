package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

// AllocSitesEnv names the directory a process records its steps'
// allocation sites into, when set: the runner sets it on a process of its
// own (never a timed or counted one), since it records every allocation
// of the steps and collects garbage where their label changes.
//
// The session samples every allocation of each step's work
// (runtime.MemProfileRate 1 around it, 0 elsewhere, so nothing between
// steps is sampled) and, where the label changes and after the last step,
// collects garbage, which publishes what was sampled, and writes the
// runtime's heap profile: heap.0 before the first step, heap.N after the
// N-th stretch of steps of one label, whose label is line N of the file
// labels. The allocation sites of stretch N are heap.N less heap.N−1
// (alloc_objects, alloc_space), which package runner reads back.
const AllocSitesEnv = "PERFBENCH_ALLOC_SITES"

// sites is a session's part in recording allocation sites; the zero
// value records nothing, and costs a step two tests of an empty string.
type sites struct {
	dir    string
	n      int
	open   bool
	last   string
	labels []byte
	err    error
}

// begin decides, once before the first step, whether to record, and
// writes heap.0.
func (s *sites) begin() {
	s.dir = os.Getenv(AllocSitesEnv)
	if s.dir == "" {
		return
	}
	runtime.MemProfileRate = 0
	s.snapshot()
}

// label starts a step with label: where the label changes, the stretch
// before it is written.
func (s *sites) label(label string) {
	if s.dir == "" {
		return
	}
	if s.open && s.last != label {
		s.end()
	}
	s.open, s.last = true, label
}

// on and off bracket a step's work.
func (s *sites) on() {
	if s.dir != "" {
		runtime.MemProfileRate = 1
	}
}

func (s *sites) off() {
	if s.dir != "" {
		runtime.MemProfileRate = 0
	}
}

// end writes the open stretch's profile.
func (s *sites) end() {
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
func (s *sites) snapshot() {
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
