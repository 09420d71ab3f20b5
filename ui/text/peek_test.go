package text_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/text"
)

func TestPeekReadsWhatIsCachedAndCountsNothing(t *testing.T) {
	defer counter.Exclusive()()
	var s text.Shaper
	var a text.Atlas
	st := text.Style{Size: 16}
	_, ok := s.Peek(st, "peek")
	assert.False(t, ok, "nothing shaped yet")
	run := s.Shape(st, "peek")
	want := a.Lookup(st, run.Glyphs[0].ID)
	_, ok = a.Peek(st, run.Glyphs[1].ID+1000)
	assert.False(t, ok, "a glyph never looked up")

	before := counter.Take()
	got, ok := s.Peek(st, "peek")
	require.True(t, ok)
	assert.Same(t, run, got)
	e, ok := a.Peek(st, run.Glyphs[0].ID)
	require.True(t, ok)
	assert.Equal(t, want, e)
	assert.True(t, before.Delta(counter.Take()).IsZero(), "a peek counts nothing")
}
