package fyne

import "github.com/perfbench/perfbench/scenario"

var _ scenario.CountSource = (*Subject)(nil)

// countNames are a Fyne subject's counts (scenario.CountSource), over the
// frames drawn since Open, each the sum of a Frame field: the frames, their
// steps' heap allocations (objects and bytes), the object refreshes they
// answered and the distinct objects refreshed, the animation ticks, the
// containers and widgets laid out again, the objects painted and those
// that appeared.
var countNames = []string{"Frames", "Allocs", "AllocBytes", "Refreshes", "Refreshed", "Ticks", "Layouts", "Painted", "Appeared"}

// tally is the subject's counts over its frames up to frame upTo. It is
// brought up to date when the session reads the counts, between steps,
// rather than in every frame, so that a frame costs no instruction more.
type tally struct {
	upTo   int
	counts [9]uint64
}

// CountNames returns the names of the subject's counts.
func (s *Subject) CountNames() []string { return countNames }

// ReadCounts writes the subject's counts over every frame drawn since
// Open into dst, in the order of CountNames.
func (s *Subject) ReadCounts(dst []uint64) {
	t := &s.tally
	for _, f := range s.frames[t.upTo:] {
		for i, v := range [9]uint64{1, f.Allocs, f.Bytes, uint64(f.Refreshes), uint64(f.Refreshed),
			uint64(f.Ticks), uint64(f.Layouts), uint64(f.Painted), uint64(f.Appeared)} {
			t.counts[i] += v
		}
	}
	t.upTo = len(s.frames)
	copy(dst, t.counts[:])
}
