package gallery

import (
	"fmt"
	"strings"
)

// Every string in the gallery is a pure function of indices: no
// randomness, no clock, no map order. Two builds of one size are identical,
// so counts measured over them are too.

var nouns = [...]string{
	"atlas", "beacon", "cipher", "delta", "ember", "fjord", "garnet", "harbor",
	"iris", "juniper", "kestrel", "lantern", "meadow", "nimbus", "orchid", "pylon",
	"quartz", "raven", "sierra", "tundra", "umber", "vertex", "willow", "zephyr",
}

var kinds = [...]string{"layout", "paint", "style", "text", "input"}

var statuses = [...]string{"ready", "queued", "running", "held", "failed"}

// word returns a deterministic noun for i.
func word(i int) string { return nouns[(i*7+3)%len(nouns)] }

// Paragraph is the gallery's wrapping paragraph: a few sentences long
// enough to wrap onto several lines at any window width below 1600 px.
const Paragraph = "The gallery is the document every scenario drives. " +
	"It holds one of each kind of element the engine knows, a table long enough to scroll, " +
	"a virtualised list whose model is far larger than its port, and a rigid scroll whose rows all exist. " +
	"Resizing the window rewraps this paragraph, which is why it is here. " +
	"Its line breaks depend on the width, so a resize must shape and lay it out again."

// sentence returns a deterministic sentence of n words for a seed.
func sentence(seed, n int) string {
	var b strings.Builder
	for i := range n {
		w := word(seed*13 + i*5)
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	b.WriteByte('.')
	return b.String()
}

// tableCell returns the text of cell c of table body row r.
func tableCell(r, c int) string {
	switch c {
	case 0:
		return fmt.Sprintf("%03d", r+1)
	case 1:
		return fmt.Sprintf("%s-%s", word(r), word(r/len(nouns)+11))
	case 2:
		return kinds[r%len(kinds)]
	case 3:
		return fmt.Sprintf("%d KB", (r*37+11)%1000)
	default:
		return statuses[(r*3)%len(statuses)]
	}
}

// tableHeads are the big table's column headings.
var tableHeads = [5]string{"#", "Name", "Stage", "Size", "Status"}

// ListLabel is the text of the virtualised list's model row i.
func ListLabel(i int) string {
	return fmt.Sprintf("Item %05d · %s", i, word(i))
}
