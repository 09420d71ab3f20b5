package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/scenario"
)

// AllocSampleTypes are the sample types of an allocation-sites profile
// (ReadAllocSites), in this order: the objects and the bytes the steps
// allocated at each site, as the Go runtime's heap profile names them.
var AllocSampleTypes = []string{"alloc_objects", "alloc_space"}

// ReadAllocSites reads the heap profiles a process wrote into dir under
// scenario.AllocSitesEnv into one profile of the steps' allocation
// sites: stretch N's sites are heap.N less heap.N−1, each sample tagged
// with the stretch's step label (callgrind.StepLabel, as instructions
// profiles are), with AllocSampleTypes alone.
func ReadAllocSites(dir string) (*profile.Profile, error) {
	data, err := os.ReadFile(filepath.Join(dir, "labels"))
	if err != nil {
		return nil, fmt.Errorf("allocation sites: %w", err)
	}
	labels := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	read := func(n int) (*profile.Profile, error) {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("heap.%d", n)))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		p, err := profile.Parse(f)
		if err != nil {
			return nil, fmt.Errorf("heap.%d: %w", n, err)
		}
		return allocsOnly(p)
	}
	prev, err := read(0)
	if err != nil {
		return nil, fmt.Errorf("allocation sites: %w", err)
	}
	var stretches []*profile.Profile
	for n, label := range labels {
		cur, err := read(n + 1)
		if err != nil {
			return nil, fmt.Errorf("allocation sites: %w", err)
		}
		neg := prev.Copy()
		neg.Scale(-1)
		d, err := profile.Merge([]*profile.Profile{cur.Copy(), neg})
		if err != nil {
			return nil, fmt.Errorf("allocation sites: heap.%d less heap.%d: %w", n+1, n, err)
		}
		d.Sample = slices.DeleteFunc(d.Sample, func(s *profile.Sample) bool { return s.Value[0] == 0 && s.Value[1] == 0 })
		for _, s := range d.Sample {
			s.Label = map[string][]string{callgrind.StepLabel: {label}}
		}
		stretches = append(stretches, d)
		prev = cur
	}
	if len(stretches) == 0 {
		return nil, errors.New("allocation sites: no step recorded")
	}
	out, err := profile.Merge(stretches)
	if err != nil {
		return nil, fmt.Errorf("allocation sites: %w", err)
	}
	return out, nil
}

// allocsOnly returns p with the sample types AllocSampleTypes alone.
func allocsOnly(p *profile.Profile) (*profile.Profile, error) {
	idx := make([]int, len(AllocSampleTypes))
	for i, t := range AllocSampleTypes {
		idx[i] = slices.IndexFunc(p.SampleType, func(v *profile.ValueType) bool { return v.Type == t })
		if idx[i] < 0 {
			return nil, fmt.Errorf("a heap profile without %s", t)
		}
	}
	types := make([]*profile.ValueType, len(idx))
	for i, k := range idx {
		types[i] = p.SampleType[k]
	}
	p.SampleType = types
	p.DefaultSampleType = AllocSampleTypes[0]
	for _, s := range p.Sample {
		v := make([]int64, len(idx))
		for i, k := range idx {
			v[i] = s.Value[k]
		}
		s.Value = v
	}
	return p, nil
}

// allocSitesEnv returns cmd's environment with scenario.AllocSitesEnv
// naming dir.
func allocSitesEnv(env []string, dir string) []string {
	if env == nil {
		env = os.Environ()
	}
	return append(slices.Clone(env), scenario.AllocSitesEnv+"="+dir)
}
