package gallery

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// TestClassOfSaysWhatTheSheetSays holds the peers' reading of the class
// names to the sheet, both ways: every class the document uses, computed
// alone, lays out in a row, has a fixed size or a percentage width, and
// has a hover variant on elements that are not controls, exactly where
// ClassOf says so.
func TestClassOfSaysWhatTheSheetSays(t *testing.T) {
	g := Build(S1, DefaultOptions)
	sheet := g.Doc.Sheet
	seen, control := map[string]bool{}, map[string]bool{}
	document.Walk(g.Doc.Root(), func(n *document.Node) bool {
		for _, c := range n.Classes() {
			seen[sheet.Name(c)] = true
			control[sheet.Name(c)] = control[sheet.Name(c)] || n.Kind().Focusable()
		}
		return true
	})
	for name := range seen {
		c, ok := sheet.Lookup(name)
		if !assert.True(t, ok, name) {
			continue
		}
		var s style.Computed
		sheet.Compute(&s, nil, []style.Class{c}, 0, nil)
		var want Class
		want.Row = s.Direction == style.Row
		if s.Height.Unit == style.Px {
			want.Height = int(s.Height.V)
		}
		switch s.Width.Unit {
		case style.Px:
			want.Width = int(s.Width.V)
		case style.Percent:
			want.Weight = s.Width.V
		}
		// A control's hover is its toolkit widget's own.
		want.Hover = sheet.Has(c, style.Hover) && !control[name]
		assert.Equal(t, want, ClassOf(name), name)
	}
	for _, name := range []string{"table-row", "list", "field", "mcol-3"} {
		assert.True(t, seen[name], "the check sees the document's classes: %s", name)
	}
	assert.Equal(t, Class{}, ClassOf("no-such-class"))
}

// The palette is the sheet's colours, each channel where image/color
// reads it.
func TestPaletteIsTheSheets(t *testing.T) {
	assert.Equal(t, color.NRGBA{0xe3, 0xee, 0xfb, 0xff}, Palette.Hover)
	r, g, b, a := stripe.RGBA()
	assert.Equal(t, color.NRGBA{r, g, b, a}, Palette.Stripe)
}
