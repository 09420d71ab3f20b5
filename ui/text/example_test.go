package text_test

import (
	"fmt"

	"github.com/perfbench/perfbench/ui/text"
)

// The numbers are the Go fonts' own metrics, computed in 26.6 fixed point:
// the same on every machine.
func ExampleShaper_Wrap() {
	var sh text.Shaper // the zero value is ready; the engine keeps one
	st := text.Style{Size: 16}
	s := "The quick brown fox jumps over the lazy dog.\nA new paragraph."
	l := sh.Wrap(st, s, 160)
	for _, ln := range l.Lines {
		fmt.Printf("%-22q width %7.3f baseline %7.3f\n", s[ln.Start:ln.End], ln.Width, ln.Baseline)
	}
	fmt.Printf("%d lines, %.3f × %.3f\n", len(l.Lines), l.Width, l.Height)
	// Output:
	// "The quick brown fox"  width 143.688 baseline  15.125
	// "jumps over the lazy"  width 139.234 baseline  33.625
	// "dog."                 width  31.781 baseline  52.125
	// "A new paragraph."     width 127.016 baseline  70.625
	// 4 lines, 143.688 × 74.000
}

func ExampleRun_OffsetAt() {
	var sh text.Shaper
	r := sh.Shape(text.Style{Size: 16}, "caret")
	x := r.CaretX(2) // before the 'r'
	fmt.Printf("x %.3f, offset %d, nearest to x+1: %d, to x+5: %d\n", x, r.OffsetAt(x), r.OffsetAt(x+1), r.OffsetAt(x+5))
	// Output:
	// x 16.906, offset 2, nearest to x+1: 2, to x+5: 3
}

func ExampleAtlas_Lookup() {
	var sh text.Shaper
	var atlas text.Atlas // independent of the Shaper; keyed by style and glyph
	st := text.Style{Size: 16}
	for _, g := range sh.Shape(st, "Hi").Glyphs {
		e := atlas.Lookup(st, g.ID)
		fmt.Printf("glyph %d at x %.3f: page %d, mask %v at %v\n", g.ID, g.X, e.Page, e.Bounds, e.Pos)
	}
	sh.Trim() // at the end of every frame
	atlas.Trim()
	fmt.Println(sh.Len(), "runs,", atlas.Len(), "glyphs")
	// Output:
	// glyph 43 at x 0.000: page 0, mask (1,-12)-(11,0) at (0,0)
	// glyph 76 at x 11.562: page 0, mask (1,-12)-(3,0) at (11,0)
	// 1 runs, 2 glyphs
}
