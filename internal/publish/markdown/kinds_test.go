package markdown

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
)

// The line under a report's tally tells each kind of number apart, the
// exact ones first: a planted loop reads "Instructions: 1 failed" before
// the reader meets a table, and times that merely wobbled read "held".
func TestKindLineSaysWhichKindMoved(t *testing.T) {
	k := kindTallies{}
	k.add(band.KindTime, band.Pass, true)
	k.add(band.KindCount, band.Pass, false)
	k.add(band.Instructions(0.005).Kind, band.Fail, false)
	assert.Equal(t, "\n**Instructions**: 1 failed. **Counts**: held. **Times**: held, 1 moved.\n", k.line())
	assert.Empty(t, kindTallies{}.line(), "no numbers, no line")

	first := kindTallies{}
	first.add(band.KindTime, band.Unbaselined, false)
	first.add(band.KindTime, band.Unbaselined, false)
	first.add(band.KindCount, band.Pass, false)
	assert.Equal(t, "\n**Counts**: held. **Times**: 2 unbaselined.\n", first.line(), "nothing to hold to yet is not held")
}
