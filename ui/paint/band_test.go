package paint

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/ui/geom"
)

// A space files its chunks in at most MaxLayerBands bands wherever they
// lie: one element 10^9 px tall was filed in 7.8 million, and a point
// past an int's range in none that exists. Each chunk is still found in
// the band a view of it asks for, past the last band's top too.
func TestAChunkIsFiledInBoundedBands(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	cases := []struct {
		name   string
		bounds geom.Rect
		lo, hi int
	}{
		{"a row", geom.XYWH(0, 300, 100, 20), 2, 2},
		{"a row across two bands", geom.XYWH(0, 120, 100, 20), 0, 1},
		{"an element 10^9 px tall", geom.XYWH(0, 0, 100, 1e9), 0, MaxLayerBands - 1},
		{"rows 10^7 px down", geom.XYWH(0, 1e7, 100, 20), MaxLayerBands - 1, MaxLayerBands - 1},
		{"above the content", geom.XYWH(0, -500, 100, 20), 0, 0},
		{"10^30 px down", geom.XYWH(0, 1e30, 100, 20), MaxLayerBands - 1, MaxLayerBands - 1},
		{"infinite", geom.XYWH(0, 0, 100, inf), 0, MaxLayerBands - 1},
		{"NaN", geom.XYWH(0, nan, 100, 20), 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lo, hi := bandRange(c.bounds)
			assert.Equal(t, [2]int{c.lo, c.hi}, [2]int{lo, hi})
			var sp Space
			ch := &Chunk{Bounds: c.bounds, bandHi: -1}
			sp.file(ch)
			assert.Len(t, sp.bands, c.hi+1)
			assert.Contains(t, sp.bands[c.hi], ch)
			sp.unfile(ch)
			for b := range sp.bands {
				assert.NotContains(t, sp.bands[b], ch)
			}
		})
	}
}
