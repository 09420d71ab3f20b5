package text

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

var body = Style{Size: 16}

// measure runs fn holding the process-wide counters and returns what it
// moved.
func measure(t testing.TB, fn func()) counter.Snapshot {
	t.Helper()
	if !counter.Enabled {
		t.Skip("counters are compiled out (nocounters)")
	}
	release := counter.Exclusive()
	defer release()
	before := counter.Take()
	fn()
	return before.Delta(counter.Take())
}

// kernedFamily is the Go regular face with a kern table added: the Go fonts
// carry no kerning of their own, so this is how a test proves that kerning
// from the font reaches the runs. Values are in font units (2048 per em).
func kernedFamily(t testing.TB, pairs map[[2]rune]int16) *Family {
	t.Helper()
	var buf sfnt.Buffer
	regular := Go().Regular
	type pair struct {
		key uint32
		v   int16
	}
	var ps []pair
	for rs, v := range pairs {
		a, err := regular.GlyphIndex(&buf, rs[0])
		require.NoError(t, err)
		b, err := regular.GlyphIndex(&buf, rs[1])
		require.NoError(t, err)
		ps = append(ps, pair{uint32(a)<<16 | uint32(b), v})
	}
	slices.SortFunc(ps, func(x, y pair) int { return int(int64(x.key) - int64(y.key)) })

	be := binary.BigEndian
	n := len(ps)
	search := 1
	for search*2 <= n {
		search *= 2
	}
	selector := 0
	for 1<<(selector+1) <= search {
		selector++
	}
	kern := be.AppendUint16(nil, 0)              // version
	kern = be.AppendUint16(kern, 1)              // subtables
	kern = be.AppendUint16(kern, 0)              // subtable version
	kern = be.AppendUint16(kern, uint16(14+6*n)) // subtable length
	kern = be.AppendUint16(kern, 0x0001)         // format 0, horizontal
	kern = be.AppendUint16(kern, uint16(n))
	kern = be.AppendUint16(kern, uint16(search*6))
	kern = be.AppendUint16(kern, uint16(selector))
	kern = be.AppendUint16(kern, uint16((n-search)*6))
	for _, p := range ps {
		kern = be.AppendUint32(kern, p.key)
		kern = be.AppendUint16(kern, uint16(p.v))
	}

	// One more table record shifts every table by 16 bytes, which keeps
	// them 4-aligned; the kern table goes at the end.
	ttf := goregular.TTF
	tables := int(be.Uint16(ttf[4:]))
	body := ttf[12+16*tables:]
	kernAt := (12 + 16*(tables+1) + len(body) + 3) &^ 3
	var records [][]byte
	for i := range tables {
		r := slices.Clone(ttf[12+16*i : 28+16*i])
		be.PutUint32(r[8:], be.Uint32(r[8:])+16)
		records = append(records, r)
	}
	kr := append([]byte("kern"), make([]byte, 12)...)
	be.PutUint32(kr[8:], uint32(kernAt))
	be.PutUint32(kr[12:], uint32(len(kern)))
	records = append(records, kr)
	slices.SortFunc(records, func(a, b []byte) int { return int(int64(be.Uint32(a)) - int64(be.Uint32(b))) })

	out := slices.Clone(ttf[:12])
	be.PutUint16(out[4:], uint16(tables+1))
	for _, r := range records {
		out = append(out, r...)
	}
	out = append(out, body...)
	out = append(out, make([]byte, kernAt-len(out))...)
	out = append(out, kern...)
	f, err := sfnt.Parse(out)
	require.NoError(t, err)
	return &Family{Regular: f}
}

func advances(r *Run) (sum float32) {
	for _, g := range r.Glyphs {
		sum += g.Advance
	}
	return sum
}

func TestKerning(t *testing.T) {
	// -150 units at 16 px is -150*16/2048 = -1.171875 px, exact in 26.6.
	fam := kernedFamily(t, map[[2]rune]int16{{'A', 'V'}: -150, {'T', 'o'}: -100})
	var sh Shaper
	st := Style{Family: fam, Size: 16}

	for _, tc := range []struct {
		text string
		kern float32
	}{
		{"AV", -150.0 * 16 / 2048},
		{"To", -100.0 * 16 / 2048},
		{"VA", 0}, // pairs are ordered
	} {
		t.Run(tc.text, func(t *testing.T) {
			r := sh.Shape(st, tc.text)
			assert.Equal(t, advances(r)+tc.kern, r.Width)
			assert.Equal(t, r.Glyphs[0].Advance+tc.kern, r.Glyphs[1].X, "kerning moves the second glyph")
		})
	}

	// Wrapping kerns across the words it joins: a line is as wide as its
	// text shaped whole.
	text := "AV AV To AV"
	l := sh.Wrap(st, text, 0)
	require.Len(t, l.Lines, 1)
	assert.Equal(t, sh.Shape(st, text).Width, l.Lines[0].Width)
	assert.Less(t, l.Lines[0].Width, advances(sh.Shape(st, text)))
}

func TestGoFontsHaveNoKerning(t *testing.T) {
	// Not a wish but a fact of the fonts (no kern table, no GPOS): if a
	// release of the Go fonts adds kerning, this fails and the package
	// doc's claim wants updating.
	var sh Shaper
	for _, st := range []Style{body, {Size: 16, Weight: Bold}, {Size: 16, Mono: true}} {
		r := sh.Shape(st, "AVATAR To Wa")
		assert.Equal(t, advances(r), r.Width, "%+v", st)
	}
}

func TestShapeRealAdvances(t *testing.T) {
	var sh Shaper
	prop := sh.Shape(body, "iiii")
	wide := sh.Shape(body, "WWWW")
	assert.Less(t, prop.Width, wide.Width, "proportional face")

	mono := Style{Size: 16, Mono: true}
	assert.Equal(t, sh.Shape(mono, "iiii").Width, sh.Shape(mono, "WWWW").Width, "monospaced face")

	bold := Style{Size: 16, Weight: Bold}
	assert.Greater(t, sh.Shape(bold, "Hello").Width, sh.Shape(body, "Hello").Width)
	assert.InDelta(t, 2*sh.Shape(body, "Hello").Width, sh.Shape(Style{Size: 32}, "Hello").Width, 0.1, "advances scale with size")

	r := sh.Shape(body, "Hé中")
	require.Len(t, r.Glyphs, 3, "one glyph per rune")
	assert.Equal(t, []int{0, 1, 3}, []int{r.Glyphs[0].Offset, r.Glyphs[1].Offset, r.Glyphs[2].Offset})
	assert.Equal(t, GlyphID(0), r.Glyphs[2].ID, "the Go fonts have no CJK: the missing glyph")
	assert.NotZero(t, r.Glyphs[1].ID)
	assert.Positive(t, r.Ascent)
	assert.Positive(t, r.Descent)
	assert.GreaterOrEqual(t, r.LineHeight, r.Ascent+r.Descent)
}

func TestShapeDeterministic(t *testing.T) {
	var a, b Shaper
	for _, s := range []string{"Hello, world", "The quick brown fox", ""} {
		ra, rb := a.Shape(body, s), b.Shape(body, s)
		assert.Equal(t, *ra, *rb, s)
	}
}

func TestShapeCache(t *testing.T) {
	var sh Shaper
	var first, again *Run
	miss := measure(t, func() { first = sh.Shape(body, "cached") })
	hit := measure(t, func() { again = sh.Shape(body, "cached") })

	assert.Equal(t, uint64(1), miss.Get(counter.RunsShaped))
	assert.Zero(t, miss.Get(counter.ShapedRunsCached))
	assert.Zero(t, hit.Get(counter.RunsShaped))
	assert.Equal(t, uint64(1), hit.Get(counter.ShapedRunsCached))
	assert.Same(t, first, again)
	assert.Equal(t, 1, sh.Len())

	other := measure(t, func() { sh.Shape(Style{Size: 16, Weight: Bold}, "cached") })
	assert.Equal(t, uint64(1), other.Get(counter.RunsShaped), "the style is part of the key")
}

func TestShapeCopiesKey(t *testing.T) {
	var sh Shaper
	buf := []byte("mutable")
	r := sh.Shape(body, string(buf))
	buf[0] = 'M'
	assert.Equal(t, "mutable", r.Text)
}

func TestTrimIsLRU(t *testing.T) {
	sh := Shaper{Limit: 3}
	for _, s := range []string{"a", "b", "c"} {
		sh.Shape(body, s)
	}
	sh.Shape(body, "a") // b is now the least recently used
	sh.Shape(body, "d")
	require.Equal(t, 4, sh.Len(), "the limit is soft within a frame")

	b := sh.Shape(body, "b") // and now c is
	sh.Shape(body, "a")
	moved := measure(t, sh.Trim)
	assert.Equal(t, uint64(1), moved.Get(counter.ShapedRunsEvicted))
	assert.Equal(t, 3, sh.Len())

	assert.Equal(t, "b", b.Text, "an evicted run stays valid")
	for _, tc := range []struct {
		text   string
		shaped uint64
	}{{"a", 0}, {"b", 0}, {"d", 0}, {"c", 1}} {
		moved := measure(t, func() { sh.Shape(body, tc.text) })
		assert.Equal(t, tc.shaped, moved.Get(counter.RunsShaped), tc.text)
	}
}

func TestStylePanics(t *testing.T) {
	var sh Shaper
	for _, st := range []Style{{}, {Size: -1}, {Size: MaxSize + 1}, {Size: 12, Weight: Bold + 1}} {
		assert.Panics(t, func() { sh.Shape(st, "x") }, "%+v", st)
	}
	assert.Panics(t, func() { (&Family{}).face(Regular, false) })
}

func BenchmarkShape(b *testing.B) {
	b.Run("hit", func(b *testing.B) {
		var sh Shaper
		sh.Shape(body, "Save changes")
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			sh.Shape(body, "Save changes")
		}
	})
	b.Run("miss", func(b *testing.B) {
		// Each call shapes a label the cache has just evicted: the cost
		// of a miss, one eviction included.
		sh := Shaper{Limit: 1}
		labels := make([]string, 1024)
		for i := range labels {
			labels[i] = fmt.Sprintf("Row %d", i)
		}
		b.ReportAllocs()
		b.ResetTimer()
		i := 0
		for b.Loop() {
			sh.Shape(body, labels[i%len(labels)])
			sh.Trim()
			i++
		}
	})
}
