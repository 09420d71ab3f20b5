package text

import (
	"fmt"
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// ink sums a mask's pixels as the atlas keeps them.
func ink(a *Atlas, e Entry, r image.Rectangle) (sum int) {
	mask, _ := a.Page(e.Page)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += int(mask.AlphaAt(x, y).A)
		}
	}
	return sum
}

func maskRect(e Entry) image.Rectangle {
	return image.Rectangle{Min: e.Pos, Max: e.Pos.Add(e.Bounds.Size())}
}

func TestAtlasLookup(t *testing.T) {
	var sh Shaper
	var a Atlas
	r := sh.Shape(body, "Ag ")
	A, g, space := r.Glyphs[0].ID, r.Glyphs[1].ID, r.Glyphs[2].ID

	var first, again Entry
	miss := measure(t, func() { first = a.Lookup(body, A) })
	hit := measure(t, func() { again = a.Lookup(body, A) })
	assert.Equal(t, uint64(1), miss.Get(counter.GlyphsRasterised))
	assert.Zero(t, miss.Get(counter.GlyphCacheHits))
	assert.Zero(t, hit.Get(counter.GlyphsRasterised))
	assert.Equal(t, uint64(1), hit.Get(counter.GlyphCacheHits))
	assert.Equal(t, first, again, "the position is stable")

	// 'A' stands on the baseline; 'g' hangs below it.
	assert.Negative(t, first.Bounds.Min.Y)
	assert.LessOrEqual(t, first.Bounds.Max.Y, 1)
	assert.Greater(t, a.Lookup(body, g).Bounds.Max.Y, 1)
	assert.Positive(t, ink(&a, first, maskRect(first)), "the mask is rasterised")
	assert.True(t, a.Lookup(body, space).Bounds.Empty(), "a space has nothing to draw")
	assert.Equal(t, 3, a.Len())

	assert.NotEqual(t, first, a.Lookup(Style{Size: 32}, A), "the style is part of the key")
	assert.Panics(t, func() { a.Lookup(body, 60000) })
}

func TestAtlasDeterministic(t *testing.T) {
	var sh Shaper
	var a, b Atlas
	for _, gl := range sh.Shape(Style{Size: 23.5}, "Wavy glyphs, quite deterministic").Glyphs {
		ea, eb := a.Lookup(Style{Size: 23.5}, gl.ID), b.Lookup(Style{Size: 23.5}, gl.ID)
		require.Equal(t, ea, eb)
	}
	ma, _ := a.Page(0)
	mb, _ := b.Page(0)
	assert.Equal(t, ma.Pix, mb.Pix)
}

// glyphBurst shapes n distinct labels across eight sizes and looks up their
// glyphs, as a frame that paints a lot of new text would.
func glyphBurst(sh *Shaper, a *Atlas, n int) {
	for i := range n {
		st := Style{Size: 10 + float32(i%8)}
		for _, g := range sh.Shape(st, fmt.Sprintf("%c%c%d", 'A'+i%26, 'a'+i/26%26, i)).Glyphs {
			a.Lookup(st, g.ID)
		}
	}
}

func TestTrimBringsCachesUnderLimits(t *testing.T) {
	sh := Shaper{Limit: 64}
	a := Atlas{Limit: 64}
	glyphBurst(&sh, &a, 400)
	runs, glyphs := sh.Len(), a.Len()
	require.Greater(t, runs, sh.Limit)
	require.Greater(t, glyphs, a.Limit)

	moved := measure(t, func() {
		sh.Trim()
		a.Trim()
	})
	assert.Equal(t, sh.Limit, sh.Len())
	assert.Equal(t, a.Limit, a.Len())
	assert.Equal(t, uint64(runs-sh.Limit), moved.Get(counter.ShapedRunsEvicted))
	assert.Equal(t, uint64(glyphs-a.Limit), moved.Get(counter.GlyphsEvicted))

	idle := measure(t, func() {
		sh.Trim()
		a.Trim()
	})
	assert.Zero(t, idle.Get(counter.ShapedRunsEvicted)+idle.Get(counter.GlyphsEvicted), "a trimmed cache stays put")
}

func TestAtlasTrimIsLRU(t *testing.T) {
	var sh Shaper
	a := Atlas{Limit: 2}
	r := sh.Shape(body, "abc")
	a.Lookup(body, r.Glyphs[0].ID)
	a.Lookup(body, r.Glyphs[1].ID)
	a.Lookup(body, r.Glyphs[0].ID) // b is now the least recently used
	a.Lookup(body, r.Glyphs[2].ID)
	a.Trim()
	for _, tc := range []struct {
		i          int
		rasterised uint64
	}{{0, 0}, {2, 0}, {1, 1}} {
		moved := measure(t, func() { a.Lookup(body, r.Glyphs[tc.i].ID) })
		assert.Equal(t, tc.rasterised, moved.Get(counter.GlyphsRasterised), "glyph %d", tc.i)
	}
}

func TestAtlasPacking(t *testing.T) {
	var sh Shaper
	a := Atlas{Limit: 300}
	for frame := range 12 {
		glyphBurst(&sh, &a, 100+frame*37)
		a.Trim()

		// Live masks, padding included, never overlap, and each holds its
		// own pixels.
		type placed struct {
			page int
			r    image.Rectangle
		}
		var live []placed
		for e := a.order.head; e != nil; e = e.links.next {
			if e.slot.Empty() {
				continue
			}
			mask, _ := a.Page(e.entry.Page)
			require.True(t, e.slot.In(mask.Rect))
			require.True(t, maskRect(e.entry).In(e.slot))
			for _, o := range live {
				require.False(t, o.page == e.entry.Page && o.r.Overlaps(e.slot), "frame %d: %v overlaps %v", frame, e.slot, o.r)
			}
			live = append(live, placed{e.entry.Page, e.slot})
		}
	}
	assert.Equal(t, 1, a.Pages(), "evicted space is reused")
}

func TestAtlasPageVersion(t *testing.T) {
	var sh Shaper
	a := Atlas{Limit: 1}
	g := sh.Shape(body, "xy").Glyphs
	a.Lookup(body, g[0].ID)
	_, v1 := a.Page(0)
	a.Lookup(body, g[0].ID)
	_, v2 := a.Page(0)
	assert.Equal(t, v1, v2, "a hit leaves the page as it was")
	a.Lookup(body, g[1].ID)
	_, v3 := a.Page(0)
	assert.Greater(t, v3, v2, "a new mask changes the page")
}

func TestAtlasLargeGlyph(t *testing.T) {
	var sh Shaper
	var a Atlas
	st := Style{Size: MaxSize}
	e := a.Lookup(st, sh.Shape(st, "W").Glyphs[0].ID)
	mask, _ := a.Page(e.Page)
	assert.True(t, maskRect(e).In(mask.Rect))
	assert.Positive(t, ink(&a, e, maskRect(e)))
}

func BenchmarkLookup(b *testing.B) {
	var sh Shaper
	glyphs := sh.Shape(body, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ").Glyphs
	b.Run("hit", func(b *testing.B) {
		var a Atlas
		a.Lookup(body, glyphs[0].ID)
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			a.Lookup(body, glyphs[0].ID)
		}
	})
	b.Run("miss", func(b *testing.B) {
		// Each call rasterises a glyph the atlas has just evicted, into
		// the space of another: the cost of a miss, one eviction included.
		a := Atlas{Limit: 1}
		b.ReportAllocs()
		b.ResetTimer()
		i := 0
		for b.Loop() {
			a.Lookup(body, glyphs[i%len(glyphs)].ID)
			a.Trim()
			i++
		}
	})
}
