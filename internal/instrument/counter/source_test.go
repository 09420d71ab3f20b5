package counter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The counters as a source of named counts: every counter by its name, at
// its own index, read as Take reads them.
func TestSourceReadsEveryCounterByName(t *testing.T) {
	if !Enabled {
		t.Skip("counters compiled out")
	}
	defer Exclusive()()
	Reset()
	defer Reset()
	Add(LinesWrapped, 3)
	var src Source
	names := src.CountNames()
	assert.Len(t, names, Count)
	for _, c := range All() {
		assert.Equal(t, c.String(), names[c])
	}
	got := make([]uint64, Count)
	src.ReadCounts(got)
	s := Take()
	for _, c := range All() {
		assert.Equal(t, s.Get(c), got[c], c.String())
	}
	assert.Equal(t, uint64(3), got[LinesWrapped])
	assert.Panics(t, func() { src.ReadCounts(make([]uint64, Count-1)) })
}
