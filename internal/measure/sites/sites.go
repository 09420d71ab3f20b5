// Package sites reads the profiles a scenario's process writes of where its
// steps' work went: the allocation sites (scenario.AllocSitesEnv) and the
// elements its subject did work for (scenario.WorkSitesEnv), each sample
// tagged with its step's label as an instructions profile is.
package sites

import (
	"encoding/json"
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
// (ReadAllocs), in this order: the objects and the bytes the steps
// allocated at each site, as the Go runtime's heap profile names them.
var AllocSampleTypes = []string{"alloc_objects", "alloc_space"}

// ReadAllocs reads the heap profiles a process wrote into dir under
// scenario.AllocSitesEnv into one profile of the steps' allocation
// sites: stretch N's sites are heap.N less heap.N−1, each sample tagged
// with the stretch's step label (callgrind.StepLabel, as instructions
// profiles are), with AllocSampleTypes alone.
func ReadAllocs(dir string) (*profile.Profile, error) {
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

// AllocEnv returns cmd's environment with scenario.AllocSitesEnv
// naming dir.
func AllocEnv(env []string, dir string) []string {
	if env == nil {
		env = os.Environ()
	}
	return append(slices.Clone(env), scenario.AllocSitesEnv+"="+dir)
}

// WorkCountLabel is the sample label of a work-sites profile
// (ReadWork) that names the count a sample is part of: pick one
// count's samples with -tagfocus=count=NAME.
const WorkCountLabel = "count"

// WorkElementLabel is the sample label of a work-sites profile that
// names the one element a sample's work was for ("#1003"); its frame
// names the kind of element, its classes and why it was queued.
const WorkElementLabel = "element"

// ReadWork reads the work a process's subject reported into dir
// (scenario.WorkFile) into a profile: a sample per element and reason,
// its one frame named by the element's kind and classes and why it was
// queued, "box.row (hover)" (the elements of one kind, class and reason
// are one row of a where-table: a regression's work is often spread
// over many), its element's ID as its label WorkElementLabel, its value
// how much of its count it did over the steps of a label, tagged with
// the count (WorkCountLabel) and the step label (callgrind.StepLabel).
// nil where the subject reported nothing (one that cannot say which
// elements did its work).
func ReadWork(dir string) (*profile.Profile, error) {
	data, err := os.ReadFile(filepath.Join(dir, scenario.WorkFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("work sites: %w", err)
	}
	var byLabel map[string]scenario.WorkSites
	if err := json.Unmarshal(data, &byLabel); err != nil {
		return nil, fmt.Errorf("work sites: %s: %w", scenario.WorkFile, err)
	}
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "work", Unit: "count"}},
		PeriodType: &profile.ValueType{Type: "work", Unit: "count"},
		Period:     1,
	}
	locs := map[string]*profile.Location{}
	labels := make([]string, 0, len(byLabel))
	for l := range byLabel {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	for _, label := range labels {
		for _, w := range byLabel[label] {
			group, id := w.Element, ""
			if i := strings.Index(group, "#"); i >= 0 {
				j := strings.IndexByte(group[i:], '.')
				if j < 0 {
					j = len(group) - i
				}
				group, id = group[:i]+group[i+j:], group[i:i+j]
			}
			name := group + " (" + w.Why + ")"
			loc, ok := locs[name]
			if !ok {
				f := &profile.Function{ID: uint64(len(p.Function) + 1), Name: name, SystemName: name}
				loc = &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
				p.Function = append(p.Function, f)
				p.Location = append(p.Location, loc)
				locs[name] = loc
			}
			p.Sample = append(p.Sample, &profile.Sample{Location: []*profile.Location{loc}, Value: []int64{int64(w.N)},
				Label: map[string][]string{WorkCountLabel: {w.Count}, callgrind.StepLabel: {label}, WorkElementLabel: {id}}})
		}
	}
	return p, nil
}
