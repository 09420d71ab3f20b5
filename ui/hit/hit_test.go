package hit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
)

func TestTopmostAndScrollDescent(t *testing.T) {
	defer counter.Exclusive()()
	var x Index
	before := counter.Take()
	x.Rebuild(Root, []Entry{
		{Node: 1, Rect: geom.XYWH(0, 0, 100, 100), Order: 1, Space: document.None},
		{Node: 2, Rect: geom.XYWH(10, 10, 20, 20), Order: 2, Space: document.None},
		{Node: 3, Rect: geom.XYWH(0, 200, 100, 50), Order: 3, Space: 3}, // a scroller
	})
	x.Rebuild(3, []Entry{
		{Node: 4, Rect: geom.XYWH(0, 0, 100, 20), Order: 4, Space: document.None},
		{Node: 5, Rect: geom.XYWH(0, 20, 100, 20), Order: 5, Space: document.None},
	})
	got, _ := x.At(geom.Point{X: 15, Y: 15}, nil)
	assert.Equal(t, document.ID(2), got, "the later entry is on top")
	got, _ = x.At(geom.Point{X: 50, Y: 50}, nil)
	assert.Equal(t, document.ID(1), got)
	got, path := x.At(geom.Point{X: 5, Y: 205}, nil)
	assert.Equal(t, document.ID(4), got)
	assert.Equal(t, []document.ID{3}, path)

	// Scrolling the space by 20 px moves row 5 under the same point with
	// no rebuild.
	rebuilds := counter.Load(counter.HitIndexRebuilds)
	x.SetOffset(3, geom.Point{Y: 20})
	got, _ = x.At(geom.Point{X: 5, Y: 205}, nil)
	assert.Equal(t, document.ID(5), got)
	assert.Equal(t, rebuilds, counter.Load(counter.HitIndexRebuilds))

	got, _ = x.At(geom.Point{X: 500, Y: 500}, nil)
	assert.Equal(t, document.None, got)
	d := before.Delta(counter.Take())
	assert.Equal(t, uint64(2), d.HitIndexRebuilds)
	assert.Equal(t, uint64(5), d.HitTests)
}

// Issue 33: a point past an int's range, infinite or NaN hit the band
// int(y/BandHeight) — for 1e30, +Inf and NaN, -9223372036854775808 on
// amd64 — and indexed out of range. Such a point hits nothing.
func TestAPointOfNoBandHitsNothing(t *testing.T) {
	var x Index
	x.Rebuild(Root, []Entry{{Node: 1, Rect: geom.XYWH(0, 0, 100, 100), Order: 1, Space: document.None}})
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	for _, y := range []float32{nan, inf, -inf, 1e30, -1e30, 3e9, 100} {
		got, _ := x.At(geom.Point{X: 10, Y: y}, nil)
		assert.Equal(t, document.None, got, "y = %g", y)
	}
	for _, xx := range []float32{nan, inf, -inf, 1e30} {
		got, _ := x.At(geom.Point{X: xx, Y: 10}, nil)
		assert.Equal(t, document.None, got, "x = %g", xx)
	}
	got, _ := x.At(geom.Point{X: 10, Y: 99.5}, nil)
	assert.Equal(t, document.ID(1), got)
}

// A space has at most MaxBands bands: a list's rows 10^7 px down took
// 312 500, and one element 10^9 px tall was filed in 31 million (12 GB
// and two minutes a frame of a window). Each entry is still hit where it
// lies, past the last band's top too.
func TestBandsAreBoundedWhereverTheContentLies(t *testing.T) {
	row := func(id document.ID, y float32) Entry {
		return Entry{Node: id, Rect: geom.XYWH(0, y, 100, 20), Order: int32(id), Space: document.None}
	}
	cases := []struct {
		name    string
		entries []Entry
		bands   int
		hits    map[float32]document.ID // y → what a point at x 10 hits
	}{
		{"rows far down", []Entry{row(1, 1e7), row(2, 1e7+20), row(3, 1e7+40)}, MaxBands,
			map[float32]document.ID{1e7 + 5: 1, 1e7 + 25: 2, 1e7 + 45: 3, 1e7 + 70: document.None, 100: document.None}},
		{"an element 10^9 px tall", []Entry{{Node: 1, Rect: geom.XYWH(0, 0, 100, 1e9), Order: 1, Space: document.None}, row(2, 5e8)},
			MaxBands, map[float32]document.ID{10: 1, 5e8 + 5: 2, 5e8 + 25: 1, 1e9 - 100: 1, 1e9 + 100: document.None}},
		{"rows either side of the last band's top", []Entry{row(1, 0), row(2, 2e6), row(3, 3e6)}, MaxBands,
			map[float32]document.ID{5: 1, 2e6 + 5: 2, 3e6 + 5: 3, 2.5e6: document.None}},
		{"an entry 10^30 px tall", []Entry{row(1, 0), {Node: 2, Rect: geom.XYWH(0, 2e6, 100, 1e30), Order: 2, Space: document.None}},
			MaxBands, map[float32]document.ID{5: 1, 1e6: document.None, 2e6 + 5: 2, 1e13: 2, 1e29: document.None}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var x Index
			x.Rebuild(Root, c.entries)
			assert.Len(t, x.spaces[Root].bands, c.bands)
			for y, want := range c.hits {
				got, _ := x.At(geom.Point{X: 10, Y: y}, nil)
				assert.Equal(t, want, got, "y = %g", y)
			}
		})
	}
}
