package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/google/pprof/profile"

	"github.com/perfbench/perfbench/internal/measure/callgrind"
)

// Profiles keeps the instructions profile of each scenario a counting
// Runner ran (Runner.Profiles): per call stack and step label, in pprof's
// format (callgrind.Pprof). Of a scenario's processes it keeps the one
// that counted least in all, as the pool takes each label's least count.
// The zero Profiles is empty and ready; it is safe for the processes of
// a run at once.
type Profiles struct {
	mu     sync.Mutex
	byName map[string]*profile.Profile
	total  map[string]int64
}

// Keep records p as scenario name's profile unless one that counted less
// is kept already.
func (ps *Profiles) Keep(name string, p *profile.Profile) {
	var total int64
	for _, s := range p.Sample {
		total += s.Value[0]
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.byName == nil {
		ps.byName, ps.total = map[string]*profile.Profile{}, map[string]int64{}
	}
	if old, ok := ps.total[name]; ok && old <= total {
		return
	}
	ps.byName[name], ps.total[name] = p, total
}

// Get returns scenario name's profile, nil where none was kept (a nil
// Profiles keeps none).
func (ps *Profiles) Get(name string) *profile.Profile {
	if ps == nil {
		return nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.byName[name]
}

// Write writes scenario name's profile to dir/NAME.SIDE.pb.gz, the name
// `go tool pprof` is given, and returns its path; "" where none is kept.
func (ps *Profiles) Write(dir, name, side string) (string, error) {
	p := ps.Get(name)
	if p == nil {
		return "", nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("%s.%s.pb.gz", name, side))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if err := p.Write(f); err != nil {
		f.Close()
		return "", err
	}
	return path, f.Close()
}

// keepProfile reads the stacks of the profiles Callgrind wrote into dir
// for scenario name, whose process ran binary, into r.Profiles.
func (r *Runner) keepProfile(name, dir, binary string) error {
	if r.Profiles == nil {
		return nil
	}
	stacks, err := callgrind.ReadStacksDir(dir)
	if err != nil {
		return fmt.Errorf("reading Callgrind's profiles for their stacks: %w", err)
	}
	p := callgrind.Pprof(stacks)
	callgrind.Symbolize(p, binary)
	r.Profiles.Keep(name, p)
	return nil
}
