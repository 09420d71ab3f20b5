package text

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

const paragraph = "Perfbench measures a retained-mode engine frame by frame. " +
	"Counts are properties of the design, not of the machine, so they are gated " +
	"with a ceiling and no tolerance; times carry a band that clears the spread."

// checkLayout asserts the invariants every layout keeps: the lines cover
// the text in order, each line's width is exactly its text's shaped width,
// and no line is wider than maxWidth unless it holds a single glyph.
func checkLayout(t *testing.T, sh *Shaper, st Style, text string, maxWidth float32, l Layout) {
	t.Helper()
	require.NotEmpty(t, l.Lines, "even empty text has a line")
	require.Equal(t, 0, l.Lines[0].Start)
	_, wraps := widthLimit(maxWidth)
	breaks := 0
	for i, ln := range l.Lines {
		require.LessOrEqual(t, ln.Start, ln.End, "line %d", i)
		require.LessOrEqual(t, ln.End, len(text), "line %d", i)
		content := text[ln.Start:ln.End]
		require.NotContains(t, content, "\n", "line %d", i)

		gapEnd := len(text)
		if i+1 < len(l.Lines) {
			gapEnd = l.Lines[i+1].Start
		}
		require.LessOrEqual(t, ln.End, gapEnd, "line %d", i)
		gap := text[ln.End:gapEnd]
		require.Empty(t, strings.Trim(gap, " \n"), "line %d: only break spaces and newlines lie between lines", i)
		nl := strings.Count(gap, "\n")
		require.LessOrEqual(t, nl, 1, "line %d", i)
		if i+1 == len(l.Lines) {
			require.Zero(t, nl, "a newline starts a line")
		}
		breaks += nl

		require.Equal(t, sh.Shape(st, content).Width, ln.Width, "line %d %q", i, content)
		if wraps && utf8.RuneCountInString(content) > 1 {
			require.LessOrEqual(t, ln.Width, maxWidth, "line %d %q", i, content)
		}
		require.LessOrEqual(t, ln.Width, l.Width)
		if i > 0 {
			require.Equal(t, l.LineHeight, ln.Baseline-l.Lines[i-1].Baseline)
		}
	}
	require.Equal(t, strings.Count(text, "\n"), breaks)
	require.Equal(t, float32(len(l.Lines))*l.LineHeight, l.Height)
}

func lineTexts(text string, l Layout) []string {
	var out []string
	for _, ln := range l.Lines {
		out = append(out, text[ln.Start:ln.End])
	}
	return out
}

func TestWrapParagraph(t *testing.T) {
	var sh Shaper
	wide := sh.Wrap(body, paragraph, 300)
	narrow := sh.Wrap(body, paragraph, 140)
	checkLayout(t, &sh, body, paragraph, 300, wide)
	checkLayout(t, &sh, body, paragraph, 140, narrow)

	assert.Greater(t, len(wide.Lines), 2)
	assert.Greater(t, len(narrow.Lines), len(wide.Lines))
	assert.NotEqual(t, lineTexts(paragraph, wide), lineTexts(paragraph, narrow))

	// Greedy: the word that opens each line would not have fit on the line
	// before it.
	for _, l := range []Layout{wide, narrow} {
		for i := 1; i < len(l.Lines); i++ {
			prev, next := l.Lines[i-1], l.Lines[i]
			word := next.Start + strings.IndexByte(paragraph[next.Start:]+" ", ' ')
			joined := sh.Shape(body, paragraph[prev.Start:word]).Width
			assert.Greater(t, joined, l.Width, "line %d's first word fits on line %d", i, i-1)
		}
	}

	unwrapped := sh.Wrap(body, paragraph, 0)
	assert.Len(t, unwrapped.Lines, 1)
	assert.Equal(t, unwrapped.Lines, sh.Wrap(body, paragraph, float32(math.Inf(1))).Lines)
	assert.Equal(t, sh.Shape(body, paragraph).Width, unwrapped.Width)
}

func TestWrapCases(t *testing.T) {
	var sh Shaper
	for _, tc := range []struct {
		name  string
		text  string
		width float32
		want  []string
	}{
		{"empty", "", 100, []string{""}},
		{"newline forces a break", "one\ntwo", 0, []string{"one", "two"}},
		{"blank lines", "a\n\nb\n", 0, []string{"a", "", "b", ""}},
		{"break spaces dropped", "alpha   beta", 50, []string{"alpha", "beta"}},
		{"trailing spaces dropped", "alpha   ", 1000, []string{"alpha"}},
		{"indent kept", "  alpha", 1000, []string{"  alpha"}},
		{"spaces only", "    ", 1000, []string{""}},
		{"long word broken by glyphs", "mmmmmmmmmm", 40, []string{"mmm", "mmm", "mmm", "m"}},
		{"one glyph per line", "WWW", 1, []string{"W", "W", "W"}},
		{"broken word then words", "mmmmmmm i i", 40, []string{"mmm", "mmm", "m i i"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := sh.Wrap(body, tc.text, tc.width)
			checkLayout(t, &sh, body, tc.text, tc.width, l)
			assert.Equal(t, tc.want, lineTexts(tc.text, l))
		})
	}
}

func TestWrapDeterministic(t *testing.T) {
	var a, b Shaper
	first := a.Wrap(body, paragraph, 173.5)
	assert.Equal(t, first, a.Wrap(body, paragraph, 173.5), "from the cache")
	assert.Equal(t, first, b.Wrap(body, paragraph, 173.5), "from the font")
}

func TestWrapCounts(t *testing.T) {
	var sh Shaper
	var l Layout
	cold := measure(t, func() { l = sh.Wrap(body, paragraph, 300) })
	assert.Equal(t, uint64(1), cold.Get(counter.TextMeasured))
	assert.Equal(t, uint64(len(l.Lines)), cold.Get(counter.LinesWrapped))
	words := uint64(len(strings.Fields(paragraph)))
	assert.Equal(t, words, cold.Get(counter.RunsShaped)+cold.Get(counter.ShapedRunsCached), "one Shape per word")

	// Rewrapping at another width shapes nothing: the words are cached
	// with their leading spaces whatever the width.
	rewrap := measure(t, func() { l = sh.Wrap(body, paragraph, 140) })
	assert.Equal(t, uint64(1), rewrap.Get(counter.TextMeasured))
	assert.Equal(t, uint64(len(l.Lines)), rewrap.Get(counter.LinesWrapped))
	assert.Zero(t, rewrap.Get(counter.RunsShaped))
	assert.Equal(t, words, rewrap.Get(counter.ShapedRunsCached))
}

func TestWrapIntoReuses(t *testing.T) {
	var sh Shaper
	var l Layout
	sh.WrapInto(&l, body, paragraph, 140)
	lines := &l.Lines[0]
	sh.WrapInto(&l, body, paragraph, 300)
	assert.Same(t, lines, &l.Lines[0])
	assert.Equal(t, sh.Wrap(body, paragraph, 300), l)
}

func FuzzWrap(f *testing.F) {
	for _, s := range []string{
		paragraph, "", " ", "\n", "\n\n", "  indented\n  twice", "word", "AV To Wa",
		"averyveryverylongwordthatcannotfit and short", "naïve café\tß", "\xff\xfe \xe2\x82 x",
		"中文 text", "trailing   ", "a\nb c d e f g h",
	} {
		f.Add(s, float32(60), uint8(10))
		f.Add(s, float32(0), uint8(3))
	}
	f.Add(paragraph, float32(1), uint8(40))
	f.Add(paragraph, float32(math.NaN()), uint8(0))
	f.Add(paragraph, float32(3e38), uint8(0))
	f.Fuzz(func(t *testing.T, text string, width float32, size uint8) {
		var sh Shaper
		st := Style{Size: 6 + float32(size%48), Weight: Weight(size / 48 % 2), Mono: size >= 96}
		l := sh.Wrap(st, text, width)
		checkLayout(t, &sh, st, text, width, l)
	})
}

func BenchmarkWrap(b *testing.B) {
	var sh Shaper
	var l Layout
	sh.WrapInto(&l, body, paragraph, 140)
	sh.WrapInto(&l, body, paragraph, 300)
	b.ReportAllocs()
	b.ResetTimer()
	width := float32(140)
	for b.Loop() {
		sh.WrapInto(&l, body, paragraph, width)
		width = 440 - width // alternate 140 and 300: every word a cache hit
	}
	b.ReportMetric(float64(len(strings.Fields(paragraph))), "words/op")
}
