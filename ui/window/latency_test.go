package window_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/latency"
	"github.com/perfbench/perfbench/ui/window"
)

// The vocabulary documented in docs/perf/endtoend.md is exactly what one
// input and its frame produce, in order.
func TestEndToEndVocabularyMatchesTheFrame(t *testing.T) {
	doc, err := os.ReadFile("../../docs/perf/endtoend.md")
	require.NoError(t, err)
	table := string(doc)
	begin, end := strings.Index(table, "<!-- stages:begin -->"), strings.Index(table, "<!-- stages:end -->")
	require.True(t, begin >= 0 && end > begin, "endtoend.md lost its stage markers")
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z.]+)` \\|").FindAllStringSubmatch(table[begin:end], -1) {
		documented = append(documented, m[1])
	}
	require.NotEmpty(t, documented)

	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S1, gallery.Options{}, window.Options{})
	latency.Retain(64)
	defer latency.Retain(0)
	x, y := center(w.Rect(g.TableRows[2]))
	step(w, clk, func() { w.PointerMove(x, y) })
	var got []string
	for _, r := range latency.Recent() {
		got = append(got, r.Stage)
	}
	assert.Equal(t, documented, got)
}
