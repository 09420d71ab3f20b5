package ratchet

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// A stale file names the lines that differ, found by their longest common
// subsequence: an added or dropped line is one change, a changed line
// another, and the lines after them are not.
func TestLineChangesNameOnlyWhatDiffers(t *testing.T) {
	lines := func(s string) []string { return strings.Split(s, "\n") }
	assert.Empty(t, lineChanges(lines("a\nb"), lines("a\nb"), 1))
	assert.Equal(t, []outcome.LineChange{{Line: 12, Was: "by hand"}}, lineChanges(lines("a\nby hand\nb\nc"), lines("a\nb\nc"), 11))
	assert.Equal(t, []outcome.LineChange{{Line: 2, Want: "new"}}, lineChanges(lines("a\nb\nc"), lines("a\nnew\nb\nc"), 1))
	assert.Equal(t, []outcome.LineChange{{Line: 3, Was: "| allocs | 648 |", Want: "| allocs | 654 |"}},
		lineChanges(lines("x\ny\n| allocs | 648 |\nz"), lines("x\ny\n| allocs | 654 |\nz"), 1))
	var many, other []string
	for i := range 20 {
		many, other = append(many, "same"), append(other, strings.Repeat("o", i+1))
	}
	assert.Len(t, lineChanges(many, other, 1), maxStaleLines, "a CI log gets the first few")
}
