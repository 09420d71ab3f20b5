package monkey

import (
	"fmt"
	"strings"

	"github.com/perfbench/perfbench/internal/check/monkey/docgen"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// The documents a driver can be opened over.
const (
	DocRandom  = "random"  // a document generated from the seed
	DocGallery = "gallery" // the idle gallery at Options.Size
)

// Docs lists the document names Options.Doc accepts.
var Docs = []string{DocRandom, DocGallery}

// Options choose the document a driver is opened over. DefaultOptions is
// a generated document.
type Options struct {
	Doc  string
	Seed uint64
	// Nodes is the size of a generated document.
	Nodes int
	// Size is the gallery's size; GalleryTableRows its table's rows.
	Size             gallery.Size
	GalleryTableRows int
}

// DefaultOptions: a generated document of about 300 elements, or the
// smallest gallery with a 40-row table (every part of the gallery, at a
// size whose rebuild after every step stays cheap).
var DefaultOptions = Options{Doc: DocRandom, Nodes: 300, Size: gallery.S0, GalleryTableRows: 40}

// Open builds the document of o, opens a window over it with wo (its
// clock replaced by a virtual one, animations frozen so that a rebuild
// draws the same phase), draws it until it settles, and returns a driver
// whose choices come from o.Seed.
func Open(o Options, wo window.Options) (*Driver, error) {
	src := docgen.Seeded(o.Seed)
	var doc *document.Document
	switch o.Doc {
	case DocRandom:
		doc = docgen.Generate(src, max(o.Nodes, 1))
	case DocGallery:
		doc = gallery.Build(o.Size, gallery.Options{TableRows: o.GalleryTableRows}).Doc
	default:
		return nil, fmt.Errorf("unknown document %q (valid: %s)", o.Doc, strings.Join(Docs, ", "))
	}
	clk := &clock.Virtual{}
	wo.Clock, wo.NoAnimation = clk, true
	w := window.New(doc, wo)
	w.Quiet()
	return NewDriver(w, clk, src), nil
}
