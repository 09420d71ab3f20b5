package gallery

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is the number of repeated control sections in a gallery. The named
// sizes are listed in Sizes; any non-negative Size builds.
type Size int

// The named sizes. Shipped is the gallery the product ships.
const (
	S0  Size = 0
	S1  Size = 1
	S2  Size = 2
	S4  Size = 4
	S8  Size = 8
	S13 Size = 13
	S26 Size = 26

	Shipped = S13
)

// Sizes are the named sizes, smallest first: the order in which "all"
// sizes are run.
var Sizes = []Size{S0, S1, S2, S4, S8, S13, S26}

// String returns the size's name, "s13" for Size(13).
func (s Size) String() string { return "s" + strconv.Itoa(int(s)) }

// Sections returns the number of repeated sections.
func (s Size) Sections() int { return int(s) }

// SizeError is returned by Parse for a name that is not one of Sizes.
type SizeError struct {
	Name string
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("gallery: unknown size %q (valid: %s)", e.Name, names())
}

// names returns the valid size names, space-separated.
func names() string {
	var b strings.Builder
	for i, s := range Sizes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// Parse returns the named size ("s0" … "s26"). Only the names in Sizes are
// accepted; anything else is a *SizeError listing them.
func Parse(name string) (Size, error) {
	for _, s := range Sizes {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, &SizeError{Name: name}
}
