package gio

import "github.com/perfbench/perfbench/scenario"

var _ scenario.CountSource = (*Subject)(nil)

// countNames are a Gio subject's counts (scenario.CountSource), over the
// frames drawn since Open: the frames, the heap allocations (objects and
// bytes) of their layout and Router.Frame, the bytes of their op lists,
// and those after which the router asked for another frame.
var countNames = []string{"Frames", "Allocs", "AllocBytes", "OpsBytes", "Wakeups"}

// tally is the subject's counts over its frames up to frame upTo. It is
// brought up to date when the session reads the counts, between steps,
// rather than in every frame, so that a frame costs no instruction more.
type tally struct {
	upTo   int
	counts [5]uint64
}

// CountNames returns the names of the subject's counts.
func (s *Subject) CountNames() []string { return countNames }

// ReadCounts writes the subject's counts over every frame drawn since
// Open into dst, in the order of CountNames.
func (s *Subject) ReadCounts(dst []uint64) {
	t := &s.tally
	for _, f := range s.frames[t.upTo:] {
		t.counts[0]++
		t.counts[1] += f.Allocs
		t.counts[2] += f.Bytes
		t.counts[3] += uint64(f.OpsBytes)
		if f.Again {
			t.counts[4]++
		}
	}
	t.upTo = len(s.frames)
	copy(dst, t.counts[:])
}
