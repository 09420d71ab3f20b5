package gallery_test

import (
	"fmt"

	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/style"
)

func Example() {
	size, err := gallery.Parse("s13")
	if err != nil {
		panic(err)
	}
	g := gallery.Build(size, gallery.DefaultOptions)
	fmt.Println(size, g.Controls(), len(g.TableRows), g.Doc.Animated())

	// A one-control update: toggle the toolbar's checkbox.
	g.Doc.SetState(g.Check, style.Checked, true)

	_, err = gallery.Parse("s3")
	fmt.Println(err)
	// Output:
	// s13 5922 240 1
	// gallery: unknown size "s3" (valid: s0 s1 s2 s4 s8 s13 s26)
}
