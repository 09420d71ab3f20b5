//go:build !race

package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The engine's hover frame is pinned at zero allocations, and it shapes,
// wraps and looks glyphs up through these calls; served from the caches,
// they must not allocate.
func TestCacheHitsDoNotAllocate(t *testing.T) {
	var sh Shaper
	var a Atlas
	var l Layout
	r := sh.Shape(body, "Save changes")
	a.Lookup(body, r.Glyphs[0].ID)
	sh.WrapInto(&l, body, paragraph, 140)

	for _, tc := range []struct {
		name string
		fn   func()
	}{
		{"Shape", func() { sh.Shape(body, "Save changes") }},
		{"Lookup", func() { a.Lookup(body, r.Glyphs[0].ID) }},
		{"WrapInto", func() { sh.WrapInto(&l, body, paragraph, 140) }},
		{"CaretX", func() { r.CaretX(4) }},
		{"OffsetAt", func() { r.OffsetAt(30) }},
		{"Trim", func() { sh.Trim(); a.Trim() }},
	} {
		assert.Zero(t, testing.AllocsPerRun(100, tc.fn), tc.name)
	}
}
