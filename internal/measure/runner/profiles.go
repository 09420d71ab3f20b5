package runner

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/google/pprof/profile"

	"github.com/perfbench/perfbench/internal/measure/callgrind"
)

// Profiles keeps the instructions profile of each scenario a counting
// Runner ran (Runner.Profiles): per call stack and step label, in pprof's
// format (callgrind.Pprof). Of a scenario's processes it keeps, for each
// step label, the samples of the one that counted least on that label,
// as the pool (Pool) takes each label's least count: a where-table reads
// the process whose count is judged. The zero Profiles is empty and
// ready; it is safe for the processes of a run at once.
type Profiles struct {
	mu     sync.Mutex
	byName map[string]map[string]leastOf
}

// leastOf is the profile that counted least on one step label, and its
// count there.
type leastOf struct {
	p     *profile.Profile
	count int64
}

// Keep records p as scenario name's profile on each step label where no
// process kept counted less.
func (ps *Profiles) Keep(name string, p *profile.Profile) {
	counts := map[string]int64{}
	for _, s := range p.Sample {
		counts[stepLabel(s)] += s.Value[0]
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.byName == nil {
		ps.byName = map[string]map[string]leastOf{}
	}
	if ps.byName[name] == nil {
		ps.byName[name] = map[string]leastOf{}
	}
	for label, n := range counts {
		if old, ok := ps.byName[name][label]; !ok || n < old.count {
			ps.byName[name][label] = leastOf{p, n}
		}
	}
}

// stepLabel is the step label sample s is tagged with, "" for none.
func stepLabel(s *profile.Sample) string {
	return strings.Join(s.Label[callgrind.StepLabel], ",")
}

// Get returns scenario name's profile, nil where none was kept (a nil
// Profiles keeps none): each step label's samples from the process that
// counted least on it, merged where those are several.
func (ps *Profiles) Get(name string) *profile.Profile {
	if ps == nil {
		return nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	labels := ps.byName[name]
	if len(labels) == 0 {
		return nil
	}
	var parts []*profile.Profile
	for _, label := range slices.Sorted(maps.Keys(labels)) {
		parts = append(parts, labels[label].p)
	}
	if !slices.ContainsFunc(parts, func(p *profile.Profile) bool { return p != parts[0] }) {
		return parts[0]
	}
	for i, label := range slices.Sorted(maps.Keys(labels)) {
		part := parts[i].Copy()
		part.Sample = slices.DeleteFunc(part.Sample, func(s *profile.Sample) bool { return stepLabel(s) != label })
		parts[i] = part
	}
	merged, err := profile.Merge(parts)
	if err != nil {
		// The processes of one scenario write profiles of one kind.
		panic("runner: profiles of one scenario that do not merge: " + err.Error())
	}
	merged.Comments = parts[0].Comments
	return merged
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
